import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { scanTable } from '../support/local-tables.js';
import { startDynamoEmulator, startSesEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { LOCAL_COUNTER_TABLE } from '../../bin/local/settings.js';
import { ANSWER_DETAILS } from '../../lambdas/inquiry/answer-details.js';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../support/fault-proxy.js';
import { newClient, newEmail } from '../support/fresh-clients.js';
import { postContact, type HttpResponse } from '../support/http-client.js';
import { clearSentEmails, sentEmails, startLocalServer, type LocalServer } from '../support/local-server.js';

/*
 * docs/api.md §4 and §11 through local mode, with the real emulators behind a fault proxy of the
 * tests' own: every request reaches the emulator at once, only its answer is late, lost or cut.
 */

const inquiry = (email: string) => ({ name: 'Grace Hopper', email, message: 'A compiler for a small project, if you have the time.' });
const problemOf = (response: HttpResponse) => response.json<{ code: string; detail: string; requestId: string }>();

/** How many counters hold a request (each counts by request id): 2 when both kept it, 0 when given back. */
async function countersHolding(dynamo: RunningServer, requestId: string): Promise<number> {
  const items = await scanTable(dynamo.url, LOCAL_COUNTER_TABLE);
  return items.filter((item) => item.ids?.SS?.includes(requestId)).length;
}

describe('a mail service that takes the message but whose answer is late, lost or cut', () => {
  let ses: RunningServer;
  let dynamo: RunningServer;
  let proxy: FaultProxy;
  let local: LocalServer;
  const mailbox = () => sentEmails({ mailUrl: ses.url });

  beforeAll(async () => {
    [ses, dynamo] = await Promise.all([startSesEmulator('127.0.0.1', 0), startDynamoEmulator('127.0.0.1')]);
    proxy = await startFaultProxy(ses.url, { lateMs: 2500 });
    local = await startLocalServer({ AWS_ENDPOINT_URL_SESV2: proxy.url, AWS_ENDPOINT_URL_DYNAMODB: dynamo.url });
  }, 30_000);
  afterAll(async () => {
    await local?.stop();
    await Promise.all([proxy?.close(), ses?.close(), dynamo?.close()]);
  });
  beforeEach(async () => {
    proxy.mode = 'pass';
    await clearSentEmails({ mailUrl: ses.url });
  });

  it('answering after the timeout: one mail per POST, never two; 503 saying it may have arrived; counters kept, so the limit holds', async () => {
    proxy.mode = 'late';
    const [from, email] = [newClient(), newEmail()];
    const before = proxy.requests();

    const answers: HttpResponse[] = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push(await postContact(local.apiUrl, inquiry(email), { from }));

    for (const answer of answers.slice(0, 3)) {
      expect(answer.status).toBe(503);
      expect(problemOf(answer)).toMatchObject({ code: 'delivery_unknown', detail: ANSWER_DETAILS.delivery_unknown });
      expect(await countersHolding(dynamo, problemOf(answer).requestId)).toBe(2);
    }
    expect(answers[3]?.status).toBe(429);
    expect(answers[3]?.json()).toMatchObject({ code: 'rate_limited', scope: 'email' });
    expect(proxy.requests() - before).toBe(3);
    expect(await mailbox()).toHaveLength(3);
  }, 30_000);

  it.each<[string, FaultMode]>([
    ['never answering', 'silent'],
    ['resetting the connection mid-answer', 'reset'],
  ])('%s: one mail, one SendEmail, 503 saying it may have arrived, counters kept', async (_title, mode) => {
    proxy.mode = mode;
    const before = proxy.requests();

    const answer = await postContact(local.apiUrl, inquiry(newEmail()), { from: newClient() });

    expect(answer.status).toBe(503);
    expect(problemOf(answer)).toMatchObject({ code: 'delivery_unknown', detail: ANSWER_DETAILS.delivery_unknown });
    expect(proxy.requests() - before).toBe(1);
    expect(await mailbox()).toHaveLength(1);
    expect(await countersHolding(dynamo, problemOf(answer).requestId)).toBe(2);
  }, 30_000);
});

describe('a counter store that applies every update but whose answer is late, lost or cut', () => {
  let dynamo: RunningServer;
  let proxy: FaultProxy;
  let local: LocalServer;

  beforeAll(async () => {
    dynamo = await startDynamoEmulator('127.0.0.1');
    proxy = await startFaultProxy(dynamo.url, { lateMs: 1200 });
    local = await startLocalServer({ AWS_ENDPOINT_URL_DYNAMODB: proxy.url });
  }, 30_000);
  afterAll(async () => {
    await local?.stop();
    await Promise.all([proxy?.close(), dynamo?.close()]);
  });
  beforeEach(async () => {
    proxy.mode = 'pass';
    await clearSentEmails(local);
  });

  it.each<[string, FaultMode]>([
    ['answering after the timeout', 'late'],
    ['never answering', 'silent'],
    ['resetting the connection mid-answer', 'reset'],
  ])('%s: 503 and nothing sent, no count left behind, and the next POST counts from zero', async (_title, mode) => {
    const [from, email] = [newClient(), newEmail()];
    proxy.mode = mode;

    const failed = await postContact(local.apiUrl, inquiry(email), { from });

    expect(failed.status).toBe(503);
    expect(problemOf(failed).code).toBe('temporarily_unavailable');
    proxy.mode = 'pass';
    expect(await countersHolding(dynamo, problemOf(failed).requestId)).toBe(0);
    expect(await sentEmails(local)).toEqual([]);

    const next = await postContact(local.apiUrl, inquiry(email), { from });
    expect(next.status).toBe(202);
    expect(next.headers['ratelimit']).toMatch(/^"email";r=2;t=\d+$/);
    expect(await sentEmails(local)).toHaveLength(1);
  }, 30_000);
});
