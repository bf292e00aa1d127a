import { afterEach, describe, expect, it } from '@jest/globals';
import { CONTACT_TIMEOUT_SECONDS } from '../../lambdas/contact/time-budget.js';
import { postContact } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { sentEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { blackHole, closedPortUrl } from '../support/unreachable.js';

const inquiry = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'A compiler for a small project, if you have the time.',
};

let server: LocalServer | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function expectUnavailable(response: { status: number; headers: Record<string, unknown>; json(): unknown }, code = 'temporarily_unavailable') {
  expect(response.status).toBe(503);
  expect(response.json()).toMatchObject({ code, title: 'Service Unavailable' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(response.headers['ratelimit']).toBeUndefined();
}

/** The server's JSON log lines. */
const logLines = (local: LocalServer) => jsonLines(local.output());

describe('when the mail service is unreachable', () => {
  it('answers 503, gives the counters back, and logs the failure without personal data', async () => {
    server = await startLocalServer({ AWS_ENDPOINT_URL_SESV2: await closedPortUrl() });

    // Twice the per-IP limit, from one address with one e-mail: never a 429 for our failure.
    for (let attempt = 0; attempt < 10; attempt++) {
      expectUnavailable(await postContact(server.apiUrl, inquiry, { from: '127.0.9.1' }));
    }

    const failures = logLines(server).filter((line) => line.outcome === 'delivery_failed');
    expect(failures).toHaveLength(10);
    expect(failures[0]).toMatchObject({ status: 503, errorName: expect.any(String) });
    expect(server.output()).not.toContain('grace@example.com');
    expect(server.output()).not.toContain('127.0.9.1');
    expect(server.output()).not.toContain('compiler');
  });
});

describe('when the counter store is unreachable', () => {
  it('fails closed: 503 for every POST, whatever its body, and nothing delivered', async () => {
    server = await startLocalServer({ AWS_ENDPOINT_URL_DYNAMODB: await closedPortUrl() });

    expectUnavailable(await postContact(server.apiUrl, inquiry));
    expectUnavailable(await postContact(server.apiUrl, { name: '' }));
    expectUnavailable(await postContact(server.apiUrl, 'not json'));

    expect(await sentEmails(server)).toEqual([]);
    expect(logLines(server).filter((line) => line.outcome === 'counter_store_failed')).toHaveLength(3);
  });
});

describe('when a dependency accepts connections but never answers', () => {
  // The SDK gives up within its budget, so the handler's own 503 comes well before the function's
  // timeout and middy's last-resort answer (outcome timed_out). A mail service that took the
  // request and never answered may have sent it: delivery_unknown (docs/api.md §11).
  it.each([
    ['the mail service', 'AWS_ENDPOINT_URL_SESV2', 'delivery_unknown'],
    ['the counter store', 'AWS_ENDPOINT_URL_DYNAMODB', 'counter_store_failed'],
  ])('answers 503 within the function budget when %s hangs', async (_dependency, endpointSetting, outcome) => {
    const hole = await blackHole();
    cleanups.push(hole.close);
    server = await startLocalServer({ [endpointSetting]: hole.url });

    const started = Date.now();
    expectUnavailable(await postContact(server.apiUrl, inquiry), outcome === 'delivery_unknown' ? 'delivery_unknown' : 'temporarily_unavailable');
    expect(Date.now() - started).toBeLessThan(CONTACT_TIMEOUT_SECONDS * 1000);
    expect(logLines(server).filter((line) => line.message === 'request')).toEqual([
      expect.objectContaining({ outcome, errorName: 'TimeoutError' }),
    ]);
    // With the mail service hanging there is no mailbox to look in; with the store hanging there is.
    if (endpointSetting === 'AWS_ENDPOINT_URL_DYNAMODB') expect(await sentEmails(server)).toEqual([]);
  }, 30_000);
});
