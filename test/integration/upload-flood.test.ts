import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postContact, send } from '../support/http-client.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { residentBytes, residentPeak } from '../support/process-memory.js';

/*
 * Local mode reads a body only as far as the service needs it (docs/api.md §2, §10): uploads far
 * over the contact function's limit are refused with the contract's 413 as soon as it is passed,
 * cost the server no memory, and leave the other visitors served.
 */

const UPLOAD_BYTES = 9 * 1024 * 1024;
const UPLOADS = 30;
/** What the flood may add to the server's resident memory; buffering it would take hundreds of MB. */
const MAX_GROWTH_BYTES = 64 * 1024 * 1024;

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer();
}, 30_000);
afterAll(() => server?.stop());

const inquiry = () => ({ name: 'Ada Lovelace', email: newEmail(), message: newMessage() });

describe('a flood of uploads over the limit', () => {
  it('answers each the contract’s 413 without holding it, and another visitor’s inquiry is taken meanwhile', async () => {
    // Every module a 202 and a 413 load, loaded before the measure.
    expect((await postContact(server.apiUrl, inquiry(), { from: newClient() })).status).toBe(202);
    expect((await postContact(server.apiUrl, { ...inquiry(), message: 'x'.repeat(70_000) }, { from: newClient() })).status).toBe(413);
    const before = residentBytes(server.pid);
    const sampler = residentPeak(server.pid);

    const upload = Buffer.alloc(UPLOAD_BYTES, 'x');
    const flood = Array.from({ length: UPLOADS }, () => postContact(server.apiUrl, upload, { from: newClient() }));
    const visitor = postContact(server.apiUrl, inquiry(), { from: newClient() });
    const [answers, visitorAnswer] = await Promise.all([Promise.all(flood), visitor]);
    const peak = sampler.stop();

    expect(visitorAnswer.status).toBe(202);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(answer.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
    }
    expect(peak - before).toBeLessThan(MAX_GROWTH_BYTES);
  }, 60_000);

  it('refuses a body Lambda could not be invoked with on a route without a limit of its own, as API Gateway does', async () => {
    // An unknown path: the fallback, which reads no body and has no limit of its own.
    const answer = await send(`${server.apiUrl}/nowhere`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(5 * 1024 * 1024, ' '),
      from: newClient(),
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toBe('Request Entity Too Large');
  });
});
