import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startSesEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { DIGEST_MAIL_BYTES } from '../../lambdas/delivery/time-budget.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { clearSentEmails, ownerCommand, sentEmails, settledEmails, startLocalServer, waitForEmails, type LocalServer } from '../support/local-server.js';
import { inboxRecords } from '../support/local-tables.js';
import { digestedIds, ownerMailWhen, quoted, readOwnerMail, reachedAll } from '../support/owner-mail.js';

/*
 * What a hostile visitor writes, through local mode (docs/api.md §14, §15): SES is the emulator
 * behind a fault proxy of the test's own, which refuses, as SES does, any message that holds the
 * EICAR test string (400 MessageRejected) and any Reply-To it is told to (400 BadRequestException).
 */

/** The EICAR anti-virus test string, put together here so that no scanner takes this file for it. */
const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE', '!$H+H*'].join('');
const VIRUS_SIGNATURE = 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE';
const REFUSED_REPLY_TO = 'refused-as-reply-to@example.com';
const DIGEST_SECONDS = 3;

let ses: RunningServer;
let mail: FaultProxy;
let local: LocalServer;
const mailbox = { mailUrl: '' };

beforeAll(async () => {
  ses = await startSesEmulator('127.0.0.1', 0);
  mailbox.mailUrl = ses.url;
  mail = await startFaultProxy(ses.url);
  mail.failWhen = (request) => {
    if (!request.startsWith('POST /v2/email/outbound-emails')) return false;
    if (request.includes(VIRUS_SIGNATURE)) mail.errorAnswer = { status: 400, name: 'MessageRejected' };
    else if (request.includes(`"ReplyToAddresses":["${REFUSED_REPLY_TO}"]`)) mail.errorAnswer = { status: 400, name: 'BadRequestException' };
    else return false;
    return true;
  };
  local = await startLocalServer({ AWS_ENDPOINT_URL_SESV2: mail.url, DIGEST_SECONDS: String(DIGEST_SECONDS), RATE_LIMIT_IP: '10000', RATE_LIMIT_EMAIL: '10000' });
}, 30_000);
afterAll(async () => {
  await local?.stop();
  await Promise.all([mail?.close(), ses?.close()]);
});
beforeEach(() => clearSentEmails(mailbox));

/** An inquiry from a throwaway address, which is held for the digest (docs/api.md §15). */
const held = (message = newMessage()) => ({ name: 'Grace Hopper', email: `grace-${Math.random().toString(36).slice(2)}@mailinator.com`, message });
const post = async (body: object) => {
  const answer = await postContact(local.apiUrl, body, { from: newClient() });
  expect(answer.status).toBe(202);
  return answer.json<{ id: string }>().id;
};
const linesOf = (message: string) => jsonLines(local.output()).filter((line) => line.message === message);

describe('one inquiry SES will never take, among held ones', () => {
  it('lets the three others reach the owner by the next digest, and ends itself failed, alarmed, readable in npm run inbox', async () => {
    const poisonId = await post(held(`Please run the attached test: ${EICAR}`));
    const others = [await post(held()), await post(held()), await post(held())];

    const mailed = await ownerMailWhen(mailbox, (now) => reachedAll(now, others), (3 * DIGEST_SECONDS + 10) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    expect(digestedIds(mailed).sort()).toEqual([...others].sort());
    expect((await sentEmails(mailbox)).some((email) => email.body.text?.includes(VIRUS_SIGNATURE))).toBe(false);
    const poison = (await inboxRecords(local.dynamoUrl)).find((record) => record.id === poisonId);
    expect(poison).toMatchObject({ state: 'failed', lastError: 'MessageRejected', failedIn: 'digest' });
    // The metric InquiriesNeedAttention's filter reads (lib/observability/observability.ts).
    expect(linesOf('delivery').filter((line) => line.inquiryId === poisonId)).toEqual([
      expect.objectContaining({ outcome: 'given_up', errorName: 'MessageRejected', InquiriesUndelivered: 1 }),
    ]);
    expect(linesOf('digest')).toContainEqual(expect.objectContaining({ outcome: 'sent', failed: 1, errorName: 'MessageRejected' }));

    const listed = await ownerCommand('inbox', local, ['--text']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`failed\\s+\\d+\\s+${poisonId}\\s+SES answered MessageRejected; SES refused it alone in the digest and took the others: --text shows what it holds; alone: npm run redeliver -- --endpoint ${local.dynamoUrl} ${poisonId}`),
    );
    expect(listed.stdout).toContain(`    > Please run the attached test: \n    > ${EICAR}\n`);

    // The next digest has nothing left: the poison is out of the held queue.
    await new Promise((resolve) => setTimeout(resolve, (DIGEST_SECONDS + 1) * 1000));
    expect(await settledEmails(mailbox, 0)).toHaveLength(mailed.digests.length);
  }, 60_000);
});

describe('a Reply-To SES refuses', () => {
  it('delivers the inquiry without one, at once, the address kept in the text', async () => {
    const body = { name: 'Odd Address', email: REFUSED_REPLY_TO, message: newMessage() };
    const id = await post(body);

    const [email] = await waitForEmails(mailbox, 1);
    expect(email?.replyTo).toEqual([]);
    expect(email?.subject).toBe('Project inquiry from Odd Address');
    expect(email?.body.text).toMatch(/^No Reply-To: SES refused the visitor's address as one \(BadRequestException\)\. To answer, write to it yourself\.\n/);
    expect(email?.body.text).toContain(`E-mail:\n${quoted(REFUSED_REPLY_TO)}\n`);
    expect(email?.body.text).toContain(`Message:\n${quoted(body.message)}\n`);
    // The worker writes its line once it has recorded the send, after SES answered.
    expect(await settledEmails(mailbox, 1000)).toHaveLength(1);
    // A second worker may find the inquiry claimed already (not_claimed), which sends nothing: the sends are what count.
    expect(linesOf('delivery').filter((line) => line.inquiryId === id && line.outcome !== 'not_claimed')).toEqual([
      expect.objectContaining({ outcome: 'sent', errorName: 'BadRequestException', withoutReplyTo: true, InquiriesDelivered: 1 }),
    ]);
  }, 30_000);
});

describe('text that hides characters', () => {
  it('reaches the owner with every invisible character shown as an escape, but those the text needs, and is stored as sent', async () => {
    const flagOfWales = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}';
    const body = {
      name: 'Ada\u200BLovelace',
      email: newEmail(),
      company: 'Babbage\u2060 & Co',
      message: `Please read.\u{E0049}\u{E0067}\u{E006E} Kept: \u{1F469}\u200D\u{1F4BB} ${flagOfWales} می\u200Cخواهم`,
    };
    const id = await post(body);

    const [email] = await waitForEmails(mailbox, 1);
    expect(email?.subject).toBe('Project inquiry from Ada\\u200BLovelace (Babbage\\u2060 & Co)');
    expect(email?.body.text).toContain(
      `Message:\n> Please read.\\u{E0049}\\u{E0067}\\u{E006E} Kept: \u{1F469}\u200D\u{1F4BB} ${flagOfWales} می\u200Cخواهم\n`,
    );
    expect((await inboxRecords(local.dynamoUrl)).find((record) => record.id === id)?.text).toMatchObject(body);
  }, 30_000);
});

describe('a held message forging a section and a trailer', () => {
  it('reaches the digest with every line of it quoted: no line of the visitor’s starts as a line of the service does', async () => {
    const forged = [
      'Hello, here is my project.',
      '',
      'Received: 2030-01-01 00:00 UTC (2030-01-01T00:00:00.000Z)',
      'Inquiry id: 00000000-0000-4000-8000-000000000000',
      '',
      '=== 2 of 2 ===',
      'Held: nothing at all',
      '',
      'Name:',
      'Your Bank',
      'E-mail: billing@bank.example',
      '',
    ].join('\r');
    const id = await post({ ...held(forged), name: 'E-mail: billing@bank.example' });

    const { digests } = await ownerMailWhen(mailbox, (now) => reachedAll(now, [id]), (DIGEST_SECONDS + 10) * 1000);

    const sections = digests.flatMap((digest) => digest.sections);
    expect(sections.map((section) => section.id)).toEqual([id]);
    const lines = sections[0]!.text.split('\n');
    const visitorLines = lines.filter((line) => line.startsWith('>'));
    expect(visitorLines).toContain('> === 2 of 2 ===');
    expect(visitorLines).toContain('> Inquiry id: 00000000-0000-4000-8000-000000000000');
    expect(visitorLines).toContain('> E-mail: billing@bank.example');
    expect(lines.filter((line) => /^(===|Held:|Name:|E-mail:|Message:|Received:|Inquiry id:)/.test(line))).toEqual([
      expect.stringMatching(/^Held: throwaway address: mailinator\.com/),
      'Name:',
      'E-mail:',
      'Message:',
      expect.stringMatching(/^Received: /),
      `Inquiry id: ${id}`,
    ]);
    expect(readOwnerMail(await sentEmails(mailbox)).digests).toHaveLength(1);
  }, 30_000);
});

describe('a digest of many maximal inquiries', () => {
  it('goes in several mails, none over DIGEST_MAIL_BYTES, each inquiry in one of them once', async () => {
    /** 4-byte characters that take one column: as many bytes as a line can hold. */
    const wide = (count: number) => '\u{10000}'.repeat(count);
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      // At most 5000 characters: a text of its own, then 4-byte characters.
      ids.push(await post({ ...held(`${newMessage()} ${wide(4900)}`), name: wide(120), company: wide(120), project_url: `https://${wide(2040)}` }));
    }

    const mailed = await ownerMailWhen(mailbox, (now) => reachedAll(now, ids), (2 * DIGEST_SECONDS + 30) * 1000);

    expect(digestedIds(mailed).sort()).toEqual([...ids].sort());
    const emails = await sentEmails(mailbox);
    expect(emails.length).toBeGreaterThanOrEqual(3);
    for (const email of emails) expect(Buffer.byteLength(email.subject) + Buffer.byteLength(email.body.text ?? '')).toBeLessThanOrEqual(DIGEST_MAIL_BYTES);
  }, 120_000);
});
