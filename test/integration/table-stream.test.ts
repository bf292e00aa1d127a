import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { startTableStream } from '../../bin/local/table-stream.js';

/*
 * Local mode's stand-in of the inquiry table's stream as npm start stops (docs/api.md §7): it goes
 * on handing on the records of writes already made for a while, so that inquiries stored a moment
 * before a stop are delivered, then hands on no more, so that the stop is bounded.
 */

const TABLE = 'inquiries';
let dynamo: RunningServer;
beforeAll(async () => {
  // The stand-in reads each written item with the SDK's defaults, as npm start sets them.
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  dynamo = await startDynamoEmulator('127.0.0.1');
  const setup = new DynamoDBClient({ endpoint: dynamo.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await setup.send(
    new CreateTableCommand({ TableName: TABLE, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST' }),
  );
  setup.destroy();
}, 30_000);
afterAll(() => dynamo?.close());

/** A stream whose consumer takes `consumeMs` a record, five items written through it, and what it consumed. */
async function fiveWritesThen(consumeMs: number, stopDrainMs: number) {
  const consumed: string[] = [];
  const stream = await startTableStream({
    target: dynamo.url,
    host: '127.0.0.1',
    port: 0,
    tableName: TABLE,
    keyAttribute: 'pk',
    filter: {},
    consume: async (event) => {
      await new Promise((resolve) => setTimeout(resolve, consumeMs));
      consumed.push(...event.Records.map((record) => String(record.dynamodb?.Keys?.pk?.S)));
    },
    stopDrainMs,
  });
  const writer = new DynamoDBClient({ endpoint: stream.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const keys = Array.from({ length: 5 }, (_, n) => `${consumeMs}-${stopDrainMs}-${n}`);
  for (const pk of keys) await writer.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: pk } } }));
  writer.destroy();
  return { consumed, keys, stream };
}

describe('the table stream’s stop', () => {
  it('hands on every record of the writes made before it, within its drain time', async () => {
    const { consumed, keys, stream } = await fiveWritesThen(100, 5000);
    await stream.close();

    expect(consumed).toEqual(keys);
  });

  it('hands on no more once its drain time is past, and ends after the record under way', async () => {
    const { consumed, stream } = await fiveWritesThen(400, 300);
    const started = Date.now();
    await stream.close();

    // The first is under way at the stop; past 300 ms, one more at most has started.
    expect(consumed.length).toBeGreaterThanOrEqual(1);
    expect(consumed.length).toBeLessThan(5);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
