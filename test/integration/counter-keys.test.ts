import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { scanTable } from '../support/local-tables.js';
import { createHash } from 'node:crypto';
import { keyedRateKeys, textIdentity } from '../../lambdas/contact/client-keys.js';
import { LOCAL_COUNTER_TABLE } from '../../bin/local/settings.js';
import { postContact } from '../support/http-client.js';
import { newClient } from '../support/fresh-clients.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { awayFromWindowEdge } from '../support/rate-window.js';

/*
 * What whoever reads the counter table learns (docs/api.md §4): keys made under each deployment's
 * secret, never an address nor a plain hash of one. Two local servers share one table, as two
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

describe('the counter table (docs/api.md §4)', () => {
  it('holds keyed hashes only: one key per address within a run, another under another secret', async () => {
    const client = newClient();
    for (const server of [fresh, fresh, configured]) {
      expect((await postContact(server.apiUrl, inquiry, { from: client })).status).toBe(202);
    }

    const items = await counterItems();
    const ids = items.map((item) => (item.pk as { S: string }).S);
    // The fresh secret's ip, email and text counters at 2, the configured secret's at 1: six counters
    // of requests, beside the one of the hour's mails (docs/api.md §15), which the workers fill as they send.
    const ofRequests = items.filter((item) => !(item.pk as { S: string }).S.startsWith('mailed#'));
    expect(ofRequests.map((item) => (item.ids as { SS: string[] }).SS.length).sort()).toEqual([1, 1, 1, 2, 2, 2]);
    const keys = keyedRateKeys(CONFIGURED_SECRET);
    expect(ids.filter((id) => id.endsWith(`#${keys.ip(client)}`))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith(`#${keys.email(EMAIL)}`))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith(`#${keys.text(inquiry.message)}`))).toHaveLength(1);

    const table = JSON.stringify(items).toLowerCase();
    for (const identity of [client, 'ada@example.com', EMAIL.toLowerCase()]) {
      expect(table).not.toContain(identity);
      for (const plain of [identity, `ip:${identity}`, `email:${identity}`]) expect(table).not.toContain(sha256(plain));
    }
    // The repeated-text counter's key (docs/api.md §15) is as keyed: neither the text nor its plain hash.
    const text = textIdentity(inquiry.message);
    expect(table).not.toContain(text);
    for (const plain of [text, `text:${text}`]) expect(table).not.toContain(sha256(plain));
  });
});
