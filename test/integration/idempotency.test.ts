import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { scanTable } from '../support/local-tables.js';
import { LOCAL_COUNTER_TABLE, LOCAL_INQUIRY_TABLE } from '../../bin/local-tables.js';
import { jsonLines } from '../support/json-lines.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact, type HttpResponse } from '../support/http-client.js';
import { clearSentEmails, type LocalServer, settledEmails, startLocalServer, waitForEmails } from '../support/local-server.js';

/* `Idempotency-Key` on POST /api/contact (docs/api.md §11), through local mode and its emulators. */

let local: LocalServer;
let keys = 0;
const newKey = () => `"retry-${Date.now()}-${++keys}"`;
// A text of its own each: the same one a third time would be held for the digest (docs/api.md §15).
const inquiry = (email = newEmail()) => ({ name: 'Grace Hopper', email, message: newMessage() });
const post = (body: unknown, key?: string, from = newClient()) =>
  postContact(local.apiUrl, body, { from, headers: key === undefined ? {} : { 'Idempotency-Key': key } });
const idOf = (response: HttpResponse) => response.json<{ id?: string; requestId?: string }>();

const scan = (table: string) => scanTable(local.dynamoUrl, table);
/** The request that stored an inquiry, as its log line tells (a keyed inquiry's id is not its request's). */
const requestIdOf = (inquiryId: string | undefined) =>
  String(jsonLines(local.output()).find((line) => line.outcome === 'accepted' && line.inquiryId === inquiryId)?.requestId);

beforeAll(async () => {
  local = await startLocalServer();
}, 30_000);
afterAll(async () => {
  await local?.stop();
});
beforeEach(async () => {
  await clearSentEmails(local);
});

describe('Idempotency-Key', () => {
  it('replays the first answer to a repeat (same status and id, Idempotency-Replayed), sending and counting nothing', async () => {
    const [key, body, from] = [newKey(), inquiry(), newClient()];

    const first = await post(body, key, from);
    const again = await post(body, key, from);

    expect(first.status).toBe(202);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(again.status).toBe(202);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(idOf(again).id).toBe(idOf(first).id);
    await waitForEmails(local, 1);
    expect(await settledEmails(local)).toHaveLength(1);
    // Counted once, by the first request: its IP, its e-mail and its text (docs/api.md §15).
    const counted = (await scan(LOCAL_COUNTER_TABLE)).filter((item) => item.ids?.SS?.includes(requestIdOf(idOf(first).id)));
    expect(counted.map((item) => item.pk?.S?.split('#')[0]).sort()).toEqual(['email', 'ip', 'text']);
    expect(counted.map((item) => item.ids?.SS)).toEqual([[requestIdOf(idOf(first).id)], [requestIdOf(idOf(first).id)], [requestIdOf(idOf(first).id)]]);
  });

  it('replays a final refusal too (a 422), and takes a bare key as the same key as its quoted form', async () => {
    const first = await post({ name: '' }, '"bare-or-quoted-1"');
    const again = await post({ name: '' }, 'bare-or-quoted-1');

    expect(first.status).toBe(422);
    expect(again.status).toBe(422);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(idOf(again).requestId).toBe(idOf(first).requestId);
  });

  it('answers the same key with a different body 422 idempotency_key_reused', async () => {
    const key = newKey();
    expect((await post(inquiry(), key)).status).toBe(202);

    const reused = await post(inquiry(), key);

    expect(reused.status).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await settledEmails(local)).toHaveLength(1);
  });

  it('stores and sends exactly one inquiry for concurrent duplicates; the others are told it is in progress, or replayed', async () => {
    const [key, body, from] = [newKey(), inquiry(), newClient()];

    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, key, from)));

    await waitForEmails(local, 1);
    expect(await settledEmails(local)).toHaveLength(1);
    const stored = (await scan(LOCAL_INQUIRY_TABLE)).filter((item) => item.text?.M?.email?.S === body.email);
    expect(stored).toHaveLength(1);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 202).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 202 || status === 409)).toBe(true);
    for (const conflict of answers.filter((answer) => answer.status === 409)) {
      expect(conflict.json()).toMatchObject({ code: 'request_in_progress', title: 'Conflict' });
      expect(Number(conflict.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers.filter((answer) => answer.status === 202 && answer.headers['idempotency-replayed'] === undefined)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'cl\u00e9'],
    ['an unterminated quote', '"abc'],
  ])('answers a key that is %s 400 invalid_idempotency_key, sending nothing', async (_title, key) => {
    const answer = await post(inquiry(), key);

    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_idempotency_key' });
    expect(await settledEmails(local, 500)).toEqual([]);
  });

  it('without the header, remembers nothing: only the inquiries are stored', async () => {
    const remembered = async () => (await scan(LOCAL_INQUIRY_TABLE)).filter((item) => item.pk?.S?.startsWith('contact#')).length;
    const before = await remembered();

    expect((await post(inquiry())).status).toBe(202);
    expect((await post(inquiry())).headers['idempotency-replayed']).toBeUndefined();

    expect(await remembered()).toBe(before);
  });
});
