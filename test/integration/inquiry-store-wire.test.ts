import { beforeAll, expect, it } from '@jest/globals';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureInquiryTable } from '../../bin/local/emulators.js';
import { DynamoInquiryStore } from '../../lambdas/intake/inquiry-store.js';
import { describeWithMoto, useMoto } from '../support/moto-server.js';

/*
 * The contact function's conditional put of an inquiry on DynamoDB's own wire (moto), where the
 * item a failed condition found comes back in the error (ReturnValuesOnConditionCheckFailure,
 * ALL_OLD), which dynalite never returns: the SDK's repeat of the very put that stored an inquiry
 * finds it its own, another request's finds it stored (docs/api.md §11).
 */

const TABLE = 'inquiries-on-the-wire';
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'An analytical engine, if you please.' };
const entry = (requestId: string) => ({ id: 'the-inquiry', requestId, receivedAt: new Date('2030-01-01T12:00:00Z'), inquiry: INQUIRY, heldFor: [] });

describeWithMoto()('DynamoInquiryStore on DynamoDB’s wire (moto)', () => {
  const moto = useMoto();
  let store: DynamoInquiryStore;
  beforeAll(async () => {
    const client = new DynamoDBClient({ endpoint: moto().endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    await ensureInquiryTable(client, TABLE);
    store = new DynamoInquiryStore(client, TABLE);
  });

  it('stores an inquiry once; its own request’s repeated put finds it stored by itself, another request’s finds it', async () => {
    expect(await store.accept(entry('request-1'))).toEqual({ kind: 'stored' });
    expect(await store.accept(entry('request-1'))).toEqual({ kind: 'stored' });
    expect(await store.accept(entry('request-2'))).toEqual({ kind: 'found' });
  });
});
