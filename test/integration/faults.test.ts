import { afterEach, describe, expect, it } from '@jest/globals';
import { CONTACT_TIMEOUT_SECONDS } from '../../lambdas/contact/time-budget.js';
import { postContact } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { type LocalServer, settledEmails, startLocalServer } from '../support/local-server.js';
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

function expectUnavailable(response: { status: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.status).toBe(503);
  expect(response.json()).toMatchObject({ code: 'temporarily_unavailable', title: 'Service Unavailable' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(response.headers['ratelimit']).toBeUndefined();
}

/** The server's JSON log lines. */
const logLines = (local: LocalServer) => jsonLines(local.output());

describe('when the mail service is unreachable (docs/api.md §14: the visitor never waits for it)', () => {
  it('accepts every inquiry at once, within the limits, and the worker logs each retry without personal data', async () => {
    server = await startLocalServer({ AWS_ENDPOINT_URL_SESV2: await closedPortUrl() });

    const statuses: number[] = [];
    // A text of its own each: the same one a third time would be held for the digest (docs/api.md §15).
    const texts = ['small', 'second', 'third', 'fourth', 'fifth', 'sixth'].map((which) => `A compiler for a ${which} project, if you have the time.`);
    for (const message of texts) statuses.push((await postContact(server.apiUrl, { ...inquiry, message }, { from: '127.0.9.1' })).status);

    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
    await waitFor(() => logLines(server!).filter((line) => line.outcome === 'retry_scheduled').length >= 3);
    const retries = logLines(server).filter((line) => line.outcome === 'retry_scheduled');
    expect(retries[0]).toMatchObject({ message: 'delivery', attempt: 1, errorName: expect.any(String), DeliveryRetries: 1 });
    expect(server.output()).not.toContain('grace@example.com');
    expect(server.output()).not.toContain('127.0.9.1');
    expect(server.output()).not.toContain('compiler');
  });
});

describe('when the counter store is unreachable', () => {
  it('fails closed: 503 for every POST, whatever its body, and nothing delivered', async () => {
    const endpoint = await closedPortUrl();
    server = await startLocalServer({ AWS_ENDPOINT_URL_DYNAMODB: endpoint });

    // Said at start, in words: the connection's own failure (asked directly, not through the stream's stand-in), never an error's class name.
    expect(server.output()).toMatch(new RegExp(`^Warning: the tables could not be created at ${endpoint} \\(no answer from it \\(ECONNREFUSED\\)\\); POSTs answer 503 until it can\\.$`, 'm'));
    expectUnavailable(await postContact(server.apiUrl, inquiry));
    expectUnavailable(await postContact(server.apiUrl, { name: '' }));
    expectUnavailable(await postContact(server.apiUrl, 'not json'));

    expect(await settledEmails(server, 500)).toEqual([]);
    expect(logLines(server).filter((line) => line.outcome === 'counter_store_failed')).toHaveLength(3);
  });
});

describe('when a dependency accepts connections but never answers', () => {
  // The SDK gives up within its budget, so the handler's own 503 comes well before the function's
  // timeout and middy's last-resort answer (outcome timed_out).
  it('answers 503 within the function budget when the counter store hangs, and stores nothing', async () => {
    const hole = await blackHole();
    cleanups.push(hole.close);
    server = await startLocalServer({ AWS_ENDPOINT_URL_DYNAMODB: hole.url });

    const started = Date.now();
    expectUnavailable(await postContact(server.apiUrl, inquiry));
    expect(Date.now() - started).toBeLessThan(CONTACT_TIMEOUT_SECONDS * 1000);
    expect(logLines(server).filter((line) => line.message === 'request')).toEqual([
      expect.objectContaining({ outcome: 'counter_store_failed', errorName: 'TimeoutError' }),
    ]);
    expect(await settledEmails(server, 500)).toEqual([]);
  }, 30_000);

  it('answers 202 at once when the mail service hangs: the worker waits for it, not the visitor', async () => {
    const hole = await blackHole();
    cleanups.push(hole.close);
    server = await startLocalServer({ AWS_ENDPOINT_URL_SESV2: hole.url });

    expect((await postContact(server.apiUrl, inquiry)).status).toBe(202);
    // The answer came while the send still hung: the worker has not given up on it yet.
    expect(logLines(server).filter((line) => line.message === 'delivery')).toEqual([]);
    await waitFor(() => logLines(server!).some((line) => line.message === 'delivery' && line.outcome === 'unknown'));
    expect(logLines(server).find((line) => line.outcome === 'unknown')).toMatchObject({ errorName: 'TimeoutError', DeliveryUnknown: 1 });
  }, 30_000);
});

/** Resolves once `condition` holds, checking every 50 ms for up to 15 s. */
async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
