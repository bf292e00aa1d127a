import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { scanTable } from '../support/local-tables.js';
import { startDynamoEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { LOCAL_COUNTER_TABLE } from '../../bin/local-tables.js';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../support/fault-proxy.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact, type HttpResponse } from '../support/http-client.js';
import { clearSentEmails, type LocalServer, settledEmails, startLocalServer, waitForEmails } from '../support/local-server.js';

/*
 * docs/api.md §4 through local mode, with dynalite behind a fault proxy of the tests' own: every
 * request reaches the emulator at once, only its answer is late, lost or cut. The mail service's
 * faults are the delivery worker's (test/integration/inbox.test.ts).
 */

// A text of its own each: the same one a third time would be held for the digest (docs/api.md §15).
const inquiry = (email: string) => ({ name: 'Grace Hopper', email, message: newMessage() });
const problemOf = (response: HttpResponse) => response.json<{ code: string; detail: string; requestId: string }>();

/** How many counters hold a request (each counts by request id): 3 when the IP, e-mail and text counters kept it, 0 when given back. */
async function countersHolding(dynamo: RunningServer, requestId: string): Promise<number> {
  const items = await scanTable(dynamo.url, LOCAL_COUNTER_TABLE);
  return items.filter((item) => item.ids?.SS?.includes(requestId)).length;
}

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
    expect(await settledEmails(local, 500)).toEqual([]);

    const next = await postContact(local.apiUrl, inquiry(email), { from });
    expect(next.status).toBe(202);
    expect(next.headers['ratelimit']).toMatch(/^"email";r=2;t=\d+$/);
    expect(await waitForEmails(local, 1)).toHaveLength(1);
  }, 30_000);
});
