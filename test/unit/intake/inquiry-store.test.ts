import { beforeAll, describe, expect, it } from '@jest/globals';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoInquiryStore } from '../../../lambdas/intake/inquiry-store.js';
import { inboxEmulator } from '../../support/inbox-emulator.js';
import { closedPortUrl } from '../../support/unreachable.js';

/* The contact function's put of an accepted inquiry, against dynalite's inquiry table (docs/api.md §14). */

const TABLE = 'inquiries-under-test';
const inbox = inboxEmulator(TABLE);
let store: DynamoInquiryStore;
beforeAll(() => {
  store = new DynamoInquiryStore(inbox.client(), TABLE);
});

const RECEIVED = new Date('2030-01-01T12:15:30.250Z');
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'An analytical engine, if you please.', company: '', project_url: 'https://example.org' };

describe('DynamoInquiryStore against the emulator', () => {
  it('stores a pending inquiry, in the queue from the moment it arrived, with its text and no expiry', async () => {
    expect(await store.accept({ id: 'stored-1', requestId: 'request-1', receivedAt: RECEIVED, inquiry: INQUIRY, heldFor: [] })).toEqual({ kind: 'stored' });

    const received = Math.floor(RECEIVED.getTime() / 1000);
    expect(await inbox.itemOf('stored-1')).toEqual({
      pk: 'inquiry#stored-1',
      id: 'stored-1',
      requestId: 'request-1',
      receivedAt: RECEIVED.toISOString(),
      state: 'pending',
      attempts: 0,
      queue: 'pending',
      dueAt: received,
      retryFrom: received,
      // An empty optional field is not given: it is not stored.
      text: { name: INQUIRY.name, email: INQUIRY.email, message: INQUIRY.message, project_url: INQUIRY.project_url },
    });
  });

  it('keeps the address of the contact page it was sent from, when its post named one', async () => {
    const sentFrom = 'https://example.com/fr/contact/';
    await store.accept({ id: 'french-1', requestId: 'request-1', receivedAt: RECEIVED, inquiry: INQUIRY, heldFor: [], sentFrom });

    expect(await inbox.itemOf('french-1')).toMatchObject({ sentFrom });
  });

  it('stores a held inquiry in the held queue with its reasons: the stream hands the worker none of it', async () => {
    const heldFor = [
      { signal: 'too_fast', token: 'early', seconds: 1, minimum: 3 },
      { signal: 'link_stuffing', links: 6, limit: 5, inOwnFields: false },
    ] as const;
    expect(await store.accept({ id: 'held-1', requestId: 'request-1', receivedAt: RECEIVED, inquiry: INQUIRY, heldFor })).toEqual({ kind: 'stored' });

    expect(await inbox.itemOf('held-1')).toMatchObject({ state: 'held', queue: 'held', dueAt: Math.floor(RECEIVED.getTime() / 1000), heldFor });
  });

  it('finds an inquiry already stored under its id (a retried put, a keyed inquiry again) and never overwrites it', async () => {
    await store.accept({ id: 'stored-2', requestId: 'request-1', receivedAt: RECEIVED, inquiry: INQUIRY, heldFor: [] });
    const first = await inbox.itemOf('stored-2');

    expect(await store.accept({ id: 'stored-2', requestId: 'request-2', receivedAt: new Date(), inquiry: { ...INQUIRY, name: 'Eve' }, heldFor: [] })).toEqual({
      kind: 'found',
    });

    expect(await inbox.itemOf('stored-2')).toEqual(first);
  });

  it('says the put failed, by the error’s name, when the table cannot be reached', async () => {
    const unreachable = new DynamoDBClient({
      endpoint: await closedPortUrl(),
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    });

    const acceptance = await new DynamoInquiryStore(unreachable, TABLE).accept({ id: 'lost', requestId: 'r', receivedAt: RECEIVED, inquiry: INQUIRY, heldFor: [] });

    expect(acceptance).toMatchObject({ kind: 'failed', errorName: expect.any(String) });
    unreachable.destroy();
  });
});
