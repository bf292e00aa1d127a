import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createProbe } from '../../../bin/verify/http-probe.js';
import { sendTestInquiry, TEST_ADDRESS } from '../../../bin/verify/send-test.js';
import type { InquiryRecord } from '../../../lambdas/inbox/inquiry-record.js';
import { PROBLEM, send, startFakeFrontDoor, type FakeFrontDoor } from '../../support/fake-front-door.js';

/* `npm run verify -- --send-test` (docs/verify.md): one marked inquiry, then the inbox until it is sent. */

let door: FakeFrontDoor;
beforeEach(async () => {
  await door?.close();
  door = await startFakeFrontDoor();
  door.breakPath('POST /api/contact', (_request, response) => send(response, 202, 'application/json; charset=utf-8', JSON.stringify({ status: 'accepted', id: 'test-1' })));
});
afterAll(() => door?.close());

/** An inbox that shows the inquiry in each of these states, one per read, then the last for ever. */
function inboxShowing(...states: Array<Partial<InquiryRecord> | undefined>) {
  let reads = 0;
  return {
    reads: () => reads,
    list: async (): Promise<InquiryRecord[]> => {
      const shown = states[Math.min(reads++, states.length - 1)];
      return shown === undefined ? [] : [{ id: 'test-1', requestId: 'r', receivedAt: '2026-11-25T12:00:00Z', state: 'pending', attempts: 0, retryFrom: 0, ...shown }];
    },
  };
}

const sendTest = (inbox: ReturnType<typeof inboxShowing>, timeoutMs = 10_000) =>
  sendTestInquiry({ probe: createProbe(door.fetch), base: door.base, inbox, timeoutMs, pollMs: 1_000, sleep: async () => undefined });

describe('sendTestInquiry', () => {
  it('posts one inquiry marked as a test, then waits until the inbox says sent', async () => {
    const inbox = inboxShowing(undefined, { state: 'pending' }, { state: 'sending' }, { state: 'sent' });

    const result = await sendTest(inbox);

    expect(result).toMatchObject({ status: 'ok', name: 'test inquiry (--send-test)', detail: expect.stringMatching(/^test-1 sent .* look for "mark [a-z]{8}" in your mailbox$/) });
    expect(inbox.reads()).toBe(4);
    expect(door.received.filter((route) => route.startsWith('POST'))).toEqual(['POST /api/contact']);
  });

  it('marks the inquiry as a test in its name and text, from a reserved address, with letters of its own each run', async () => {
    await sendTest(inboxShowing({ state: 'sent' }));
    await sendTest(inboxShowing({ state: 'sent' }));

    const bodies = door.posted.map((body) => JSON.parse(body) as unknown);
    expect(bodies).toEqual([
      { name: 'npm run verify', email: TEST_ADDRESS, message: expect.stringMatching(/^A test inquiry sent by npm run verify --send-test \(mark [a-z]{8}\): nothing to answer\.$/) },
      expect.objectContaining({ email: TEST_ADDRESS }),
    ]);
    expect((bodies[0] as { message: string }).message).not.toBe((bodies[1] as { message: string }).message);
  });

  it('fails when it is never sent, with the error SES gave meanwhile', async () => {
    const result = await sendTest(inboxShowing({ state: 'pending', lastError: 'MessageRejected' }), 3_000);

    expect(result).toMatchObject({ status: 'FAIL', detail: 'test-1 not sent after 3 s: SES answered MessageRejected', fix: expect.stringContaining('SES refused it') });
  });

  it('fails at once on a failed or unknown inquiry', async () => {
    expect(await sendTest(inboxShowing({ state: 'failed', lastError: 'MessageRejected' }))).toMatchObject({ status: 'FAIL', detail: 'test-1 failed (SES answered MessageRejected)' });
  });

  it('warns of an inquiry held as suspected spam, with the command that sends it now', async () => {
    const result = await sendTest(inboxShowing({ state: 'held', heldFor: [{ signal: 'flood', detail: '20 mails this hour already' }] }));

    expect(result).toMatchObject({ status: 'warn', detail: 'test-1 held as suspected spam: flood: 20 mails this hour already', fix: expect.stringContaining('npm run redeliver -- test-1') });
  });

  it('fails a post that is not accepted, saying who refused it, and warns of one over the hour\'s limit', async () => {
    door.breakPath('POST /api/contact', (_request, response) => send(response, 403, PROBLEM, '{"code":"forbidden"}'));
    expect(await sendTest(inboxShowing())).toMatchObject({ status: 'FAIL', detail: expect.stringContaining("the API refused the front door's secret") });

    door.breakPath('POST /api/contact', (_request, response) => send(response, 429, PROBLEM, '{"code":"rate_limited"}'));
    expect(await sendTest(inboxShowing())).toMatchObject({ status: 'warn', detail: '429 rate_limited: not sent' });
  });
});
