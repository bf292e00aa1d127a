import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { postContact, type HttpResponse } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { deliveredEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { awayFromWindowEdge } from '../support/rate-window.js';

/*
 * A burst of several hundred requests at once from many loopback addresses (all of 127.0.0.0/8
 * is this machine). Two groups that cannot disturb each other's counters: many requests per
 * address with e-mails used once (the per-IP limit decides), and many requests per e-mail from
 * addresses used once (the per-e-mail limit decides).
 */

const IP_LIMIT = 5;
const EMAIL_LIMIT = 3;
const ADDRESSES = 30;
const REQUESTS_PER_ADDRESS = 8;
const EMAILS = 20;
const REQUESTS_PER_EMAIL = 6;

let server: LocalServer;
beforeAll(async () => {
  // The rate limits under load, not the spam signals (spam-campaign.test.ts): every inquiry has one
  // text, and they are more than an hour's mails, which those signals would hold for the digest.
  server = await startLocalServer({
    RATE_LIMIT_IP: String(IP_LIMIT),
    RATE_LIMIT_EMAIL: String(EMAIL_LIMIT),
    SPAM_REPEAT_LIMIT: '0',
    MAX_MAILS_PER_HOUR: '0',
  });
}, 30_000);
afterAll(() => server.stop());
// Tests here count to a limit: none may straddle the turn of an hour.
beforeEach(() => awayFromWindowEdge(), 20_000);

const message = 'A burst of inquiries, each one of them a real one.';

interface Sent {
  readonly address: string;
  readonly email: string;
  readonly response: HttpResponse;
}

describe('a burst from many addresses', () => {
  it('accepts exactly the limit per address and per e-mail, and delivers each accepted inquiry once', async () => {
    // Busy addresses, each sending many inquiries with an e-mail of its own, and shared e-mails,
    // each sent from many addresses once: two disjoint parts of 127.0.0.0/8.
    const busyAddresses = Array.from({ length: ADDRESSES }, (_, a) => `127.1.${a}.1`);
    const sharedEmails = Array.from({ length: EMAILS }, (_, e) => `shared-${e}@example.com`);
    const requests: Array<{ address: string; email: string; body: unknown }> = [];
    busyAddresses.forEach((address, a) => {
      for (let r = 0; r < REQUESTS_PER_ADDRESS; r++) {
        const email = `once-${a}-${r}@example.com`;
        // Every fourth one is invalid: a 422 still counts against its address.
        const body = r % 4 === 3 ? { name: 'Burst', email, message: 'too short' } : { name: 'Burst', email, message };
        requests.push({ address, email, body });
      }
    });
    sharedEmails.forEach((email, e) => {
      for (let r = 0; r < REQUESTS_PER_EMAIL; r++) {
        requests.push({ address: `127.2.${e}.${r + 1}`, email, body: { name: 'Burst', email, message } });
      }
    });

    const started = Date.now();
    const sent: Sent[] = await Promise.all(
      requests.map(async ({ address, email, body }) => ({
        address,
        email,
        response: await postContact(server.apiUrl, body, { from: address }),
      })),
    );
    expect(Date.now() - started).toBeLessThan(30_000);

    expect(new Set(sent.map(({ response }) => response.status))).toEqual(new Set([202, 422, 429]));
    for (const busyAddress of busyAddresses) {
      const fromAddress = sent.filter(({ address }) => address === busyAddress);
      const counted = fromAddress.filter(({ response }) => response.status !== 429);
      expect(counted).toHaveLength(IP_LIMIT);
      for (const { response } of fromAddress.filter(({ response }) => response.status === 429)) {
        expect(response.json()).toMatchObject({ scope: 'ip' });
      }
    }
    for (const sharedEmail of sharedEmails) {
      const forEmail = sent.filter(({ email }) => email === sharedEmail);
      expect(forEmail.filter(({ response }) => response.status === 202)).toHaveLength(EMAIL_LIMIT);
      expect(forEmail.filter(({ response }) => response.status === 429)).toHaveLength(REQUESTS_PER_EMAIL - EMAIL_LIMIT);
    }

    const acceptedIds = sent
      .filter(({ response }) => response.status === 202)
      .map(({ response }) => response.json<{ id: string }>().id);
    const deliveredIds = (await deliveredEmails(server, acceptedIds.length)).map((email) => /Inquiry id: (\S+)/.exec(email.body.text ?? '')?.[1]);
    expect(deliveredIds.sort()).toEqual(acceptedIds.sort());

    // Served concurrently in one process, each log line still names its own request only.
    const logLines = jsonLines(server.output()).filter((line) => line.message === 'request');
    expect(logLines).toHaveLength(requests.length);
    expect(new Set(logLines.map((line) => line.requestId)).size).toBe(requests.length);
    const deliveredLineIds = logLines.filter((line) => line.outcome === 'accepted').map((line) => line.requestId as string);
    expect(deliveredLineIds.sort()).toEqual(acceptedIds.sort());
  }, 60_000);
});
