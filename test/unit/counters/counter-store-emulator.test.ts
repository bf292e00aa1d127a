import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { ensureCounterTable, startDynamoEmulator, type RunningServer } from '../../../bin/local/emulators.js';
import { DynamoCounterStore } from '../../../lambdas/counters/counter-store.js';

/* The counter store's expressions against dynalite, local mode's DynamoDB: repeats change nothing. */

const TABLE = 'counters-under-test';
let emulator: RunningServer;
let client: DynamoDBClient;
let store: DynamoCounterStore;
let slots = 0;
const newSlot = (limit = 3) => ({ id: `ip#0#key-${++slots}`, limit, expiresAt: 1893502800 });

beforeAll(async () => {
  emulator = await startDynamoEmulator('127.0.0.1');
  client = new DynamoDBClient({
    endpoint: emulator.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await ensureCounterTable(client, TABLE);
  store = new DynamoCounterStore(client, TABLE);
});
afterAll(async () => {
  client.destroy();
  await emulator.close();
});

async function itemOf(id: string) {
  return (await client.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: id } } }))).Item;
}

describe('DynamoCounterStore against the emulator', () => {
  it('counts a repeated increment of one request once, even at the limit', async () => {
    const slot = newSlot(2);
    expect(await store.increment(slot, 'a')).toEqual({ counted: true, count: 1 });
    expect(await store.increment(slot, 'a')).toEqual({ counted: true, count: 1 });
    expect(await store.increment(slot, 'b')).toEqual({ counted: true, count: 2 });
    expect(await store.increment(slot, 'c')).toEqual({ counted: false });
    expect(await store.increment(slot, 'b')).toEqual({ counted: true, count: 2 });
  });

  it('lets no more than the limit through when many requests race', async () => {
    const slot = newSlot(3);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => store.increment(slot, `r${i}`)));
    expect(results.filter((result) => result.counted)).toHaveLength(3);
  });

  it('gives back only its own request, harmlessly twice, and makes no item where there is none', async () => {
    const slot = newSlot(3);
    await store.increment(slot, 'a');
    await store.increment(slot, 'b');

    await store.giveBack(slot, 'a');
    await store.giveBack(slot, 'a');
    await store.giveBack({ ...slot, id: 'ip#0#absent' }, 'a');

    expect(await itemOf(slot.id)).toEqual({ pk: { S: slot.id }, ids: { SS: ['b'] }, expiresAt: { N: '1893502800' } });
    expect(await itemOf('ip#0#absent')).toBeUndefined();
    await store.giveBack(slot, 'b');
    expect(await store.increment(slot, 'c')).toEqual({ counted: true, count: 1 });
  });
});
