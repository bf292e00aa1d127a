import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { scanTable } from '../support/local-tables.js';
import { createHash } from 'node:crypto';
import { keyedRateKeys } from '../../lambdas/intake/client-keys.js';
import { LOCAL_COUNTER_TABLE } from '../../bin/local-tables.js';
import { postContact } from '../support/http-client.js';
import { newClient } from '../support/fresh-clients.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { awayFromWindowEdge } from '../support/rate-window.js';

/*
 * What whoever reads the counter table learns (docs/api.md §4, §15): keys made under each
 * deployment's secret, never an address, a message nor a plain hash of one. Two local servers share one table, as two
 * deployments of one secret and the next would: the first makes its secret at start, the second
 * is given one.
 */

const CONFIGURED_SECRET = 'a-configured-secret-of-at-least-32-chars';
const EMAIL = 'Ada+site@Example.com';
let fresh: LocalServer;
let configured: LocalServer;

beforeAll(async () => {
  fresh = await startLocalServer();
  configured = await startLocalServer({ AWS_ENDPOINT_URL_DYNAMODB: fresh.dynamoUrl, COUNTER_KEY_SECRET: CONFIGURED_SECRET });
}, 60_000);
// Both posts to one server must fall in one window.
beforeEach(() => awayFromWindowEdge(), 20_000);
afterAll(async () => {
  await configured?.stop();
  await fresh?.stop();
});

const inquiry = { name: 'Ada Lovelace', email: EMAIL, message: 'I would like an analytical engine programmed.' };

const counterItems = () => scanTable(fresh.dynamoUrl, LOCAL_COUNTER_TABLE);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

it('names the outside endpoint it was given, behind the address its DynamoDB line gives', () => {
  expect(configured.output()).toContain(`\nDynamoDB   ${configured.dynamoUrl}  (your ${fresh.dynamoUrl} (AWS_ENDPOINT_URL_DYNAMODB) behind it, which keeps the inquiries; `);
});

describe('the counter table (docs/api.md §4)', () => {
  it('holds keyed hashes only: one key per address within a run, another under another secret', async () => {
    const client = newClient();
    for (const server of [fresh, fresh, configured]) {
      expect((await postContact(server.apiUrl, inquiry, { from: client })).status).toBe(202);
    }

    const all = await counterItems();
    // Beside them, the hour's count of mails (the flood signal), once the worker has mailed one: keyed by the hour alone, it names no one.
    const isMailCount = (item: Record<string, unknown>) => (item.pk as { S: string }).S.startsWith('mailed#');
    for (const item of all.filter(isMailCount)) expect((item.pk as { S: string }).S).toMatch(/^mailed#\d+$/);
    const items = all.filter((item) => !isMailCount(item));
    const ids = items.map((item) => (item.pk as { S: string }).S);
    // The fresh secret's ip, email and text counters at 2, the configured secret's at 1: six counters.
    expect(items.map((item) => (item.ids as { SS: string[] }).SS.length).sort()).toEqual([1, 1, 1, 2, 2, 2]);
    const keys = keyedRateKeys(CONFIGURED_SECRET);
    expect(ids.filter((id) => id.endsWith(`#${keys.ip(client)}`))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith(`#${keys.email(EMAIL)}`))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith(`#${keys.text(inquiry.message)}`))).toHaveLength(1);

    const table = JSON.stringify(items).toLowerCase();
    for (const identity of [client, 'ada@example.com', EMAIL.toLowerCase(), inquiry.message.toLowerCase()]) {
      expect(table).not.toContain(identity);
      for (const plain of [identity, `ip:${identity}`, `email:${identity}`, `text:${identity}`]) expect(table).not.toContain(sha256(plain));
    }
  });
});
