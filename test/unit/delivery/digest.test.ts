import { describe, expect, it } from '@jest/globals';
import { sendDigest, type DigestReport } from '../../../lambdas/delivery/digest.js';
import type { InquiryEmail } from '../../../lambdas/delivery/inquiry-email.js';
import type { Delivery } from '../../../lambdas/delivery/mailer.js';
import { DIGEST_LIMIT, DIGEST_MAIL_BYTES, DIGEST_SEND_INTERVAL_MS, DIGEST_SENDS, worstEncodedBytes } from '../../../lambdas/delivery/time-budget.js';
import type { HeldReason } from '../../../lambdas/inbox/held-reasons.js';
import type { InquiryText } from '../../../lambdas/inbox/inquiry-record.js';
import { START, schedule, worker } from '../../support/delivery-worker.js';
import { MAIL_LANGUAGES } from '../../../lambdas/mail-words/mail-language.js';
import type { MailWords } from '../../../lambdas/mail-words/mail-words.js';
import { MAIL_WORDS } from '../../../lambdas/mail-words/words-by-language.js';

/* The daily digest of held inquiries (docs/api.md §15), over the in-memory store and a scripted mailer. */

const TOO_FAST: HeldReason = { signal: 'too_fast', token: 'early', seconds: 1, minimum: 3 };
const LINKS: HeldReason = { signal: 'link_stuffing', links: 8, limit: 5, inOwnFields: false };
/** SES's answer to a message its virus scan refuses. */
const REJECTED: Delivery = { kind: 'not_sent', errorName: 'MessageRejected', refusal: 'content' };
const POISON = 'POISON-PILL';

/** The worker with an inbox the owner's commands reach at `inboxEndpoint`, as local mode's, when given; its mails in `timeZone` and `words`' language. */
function digestWorker(inboxEndpoint?: string, timeZone?: string, words?: MailWords) {
  const w = worker({ ...(timeZone === undefined ? {} : { timeZone }), ...(words === undefined ? {} : { words }) });
  const dependencies = inboxEndpoint === undefined ? w.dependencies : { ...w.dependencies, inboxEndpoint };
  const digests: DigestReport[] = [];
  const hold = (id: string, heldFor: readonly HeldReason[] = [TOO_FAST], receivedAt = '2030-01-01T11:00:00.000Z', text?: InquiryText) =>
    w.store.add({
      id,
      state: 'held',
      queue: 'held',
      heldFor,
      receivedAt,
      dueAt: Math.floor(Date.parse(receivedAt) / 1000),
      ...(text === undefined ? {} : { text }),
    });
  return { ...w, digests, hold, digest: () => sendDigest(dependencies, (report) => digests.push(report)) };
}

/** The inquiry ids a mail carries, in order. */
const idsIn = (mail: InquiryEmail | undefined) => [...(mail?.text ?? '').matchAll(/^Inquiry id: (\S+)$/gm)].map((match) => match[1]);

/** SES refusing every mail that holds the poison, as its virus scan would. */
function refusingPoison(w: ReturnType<typeof digestWorker>) {
  w.mailer.answer = (email) => (email.text.includes(POISON) ? REJECTED : undefined);
}

const poisoned = (id: string): InquiryText => ({ name: 'Mallory', email: 'mallory@example.com', message: `A message, ${id}, that carries ${POISON} in it.` });

describe('sendDigest', () => {
  it('sends nothing when nothing is held', async () => {
    const w = digestWorker();
    w.store.add({ id: 'pending-one' });

    expect(await w.digest()).toBe('empty');

    expect(w.mailer.taken).toEqual([]);
    expect(w.digests).toEqual([{ outcome: 'empty', inquiries: 0 }]);
  });

  it('mails every held inquiry once, in full with its reasons, oldest first, without a Reply-To', async () => {
    const w = digestWorker();
    w.hold('newer', [LINKS], '2030-01-01T11:30:00.000Z');
    w.hold('older', [TOO_FAST, LINKS], '2030-01-01T10:00:00.000Z');

    expect(await w.digest()).toBe('sent');

    expect(w.mailer.taken).toHaveLength(1);
    const [mail] = w.mailer.taken;
    expect(mail?.replyTo).toBeUndefined();
    expect(mail?.subject).toBe('Digest: 2 held inquiries, 2030-01-01');
    const text = mail?.text ?? '';
    expect(text).toContain('npm run redeliver -- --again <inquiry id>');
    expect(idsIn(mail)).toEqual(['older', 'newer']);
    expect(text).toContain('=== 1 of 2 ===\nHeld: too fast: sent 1.0 s after the form was shown, sooner than 3 s; link stuffing: 8 links in the message, more than 5\n');
    expect(text).toContain('Message:\n> An analytical engine, if you please.\n');
    expect(w.digests).toEqual([{ outcome: 'sent', inquiries: 2, mails: 1 }]);
  });

  it('words a reason an earlier version stored in English words as it was stored, and one it holds nothing of as none', async () => {
    const w = digestWorker(undefined, undefined, MAIL_WORDS.fr);
    w.hold('worded', [{ signal: 'too_fast', detail: 'sent 1 s after the form was shown, sooner than 3 s' }]);
    w.hold('bare', []);

    expect(await w.digest()).toBe('sent');

    const text = w.mailer.taken[0]?.text ?? '';
    expect(text).toContain('=== 1 sur 2 ===\nRetenue\u00a0: trop rapide\u00a0: sent 1 s after the form was shown, sooner than 3 s\n');
    expect(text).toContain('=== 2 sur 2 ===\nRetenue\u00a0: aucune raison enregistrée\n');
  });

  it('dates the digest, and each inquiry in it, in the owner’s time zone', async () => {
    // Noon in UTC is the next day's 01:00 in Auckland's summer time.
    const w = digestWorker(undefined, 'Pacific/Auckland');
    w.hold('late', [TOO_FAST], '2030-01-01T11:00:00.000Z');

    expect(await w.digest()).toBe('sent');

    const [mail] = w.mailer.taken;
    expect(mail?.subject).toBe('Digest: 1 held inquiry, 2030-01-02');
    expect(mail?.text).toContain('Received: 2030-01-02 00:00 Pacific/Auckland (2030-01-01T11:00:00.000Z)\n');
  });

  it('gives each the contact page it was sent from, as its own mail would', async () => {
    const w = digestWorker();
    const french = w.hold('french');
    w.store.items.set('french', { ...french, sentFrom: 'https://example.com/fr/contact/' });
    w.hold('unnamed', [TOO_FAST], '2030-01-01T11:30:00.000Z');

    await w.digest();

    const text = w.mailer.taken[0]?.text ?? '';
    expect(text).toContain('UTC (2030-01-01T11:00:00.000Z)\nSent from: https://example.com/fr/contact/\nInquiry id: french\n');
    expect(text.match(/^Sent from: /gm)).toHaveLength(1);
  });

  it('mails them in the order they came, within one second too, and one put back in the queue where it came', async () => {
    const w = digestWorker();
    w.hold('second', [LINKS], '2030-01-01T10:00:00.900Z');
    w.hold('first', [LINKS], '2030-01-01T10:00:00.100Z');
    w.hold('third', [LINKS], '2030-01-01T10:05:00.000Z');
    // Put back after a digest that could not be sent: due again now, behind the others in the queue.
    w.store.items.set('first', { ...w.store.items.get('first')!, dueAt: Date.parse('2030-01-01T10:10:00.000Z') / 1000 });

    expect(await w.digest()).toBe('sent');

    expect(idsIn(w.mailer.taken[0])).toEqual(['first', 'second', 'third']);
  });

  it('tells how to have one mailed alone, with the --endpoint of an inbox that is not AWS’s (local mode’s)', async () => {
    const deployed = digestWorker();
    deployed.hold('one');
    await deployed.digest();
    const local = digestWorker('http://127.0.0.1:8006');
    local.hold('one');
    await local.digest();

    const hint = '\nTo have one mailed to you on its own, with the visitor as Reply-To: npm run redeliver -- ';
    expect(deployed.mailer.taken[0]?.text).toContain(`${hint}--again <inquiry id>\n`);
    expect(local.mailer.taken[0]?.text).toContain(`${hint}--endpoint http://127.0.0.1:8006 --again <inquiry id>\n`);
  });

  it('marks each sent in the digest, kept for the retention period with its reasons; the next digest is empty', async () => {
    const w = digestWorker();
    w.hold('one');

    await w.digest();

    expect(w.store.items.get('one')).toMatchObject({ state: 'sent', sentIn: 'digest', heldFor: [TOO_FAST], expiresAt: START + 30 * 86_400 });
    expect(w.store.items.get('one')?.queue).toBeUndefined();
    expect(await w.digest()).toBe('empty');
    expect(w.mailer.taken).toHaveLength(1);
  });

  it('leaves out what the owner released meanwhile: no inquiry is in a digest and a mail of its own', async () => {
    const w = digestWorker();
    w.hold('released');
    w.hold('kept');
    w.store.add({ ...w.store.items.get('released')!, state: 'pending', queue: 'pending', released: true });

    await w.digest();

    expect(idsIn(w.mailer.taken[0])).toEqual(['kept']);
    expect(w.store.state('released')).toBe('pending');
  });

  it('puts everything back in the held queue when SES could not be asked, or throttled', async () => {
    const w = digestWorker();
    w.hold('one');
    w.mailer.script.push({ kind: 'not_sent', errorName: 'TooManyRequestsException' });

    expect(await w.digest()).toBe('not_sent');

    expect(w.store.items.get('one')).toMatchObject({ state: 'held', queue: 'held', heldFor: [TOO_FAST], lastError: 'TooManyRequestsException' });
    expect(w.digests).toEqual([{ outcome: 'not_sent', inquiries: 1, mails: 0, held: 1, errorName: 'TooManyRequestsException' }]);
    expect(await w.digest()).toBe('sent');
    expect(w.mailer.taken).toHaveLength(1);
  });

  it('marks everything unknown, never resent by itself, when SES may have taken the digest', async () => {
    const w = digestWorker();
    w.hold('one');
    w.hold('two');
    w.mailer.script.push({ kind: 'unknown', errorName: 'TimeoutError' });

    expect(await w.digest()).toBe('unknown');

    expect([w.store.state('one'), w.store.state('two')]).toEqual(['unknown', 'unknown']);
    expect(w.digests).toEqual([{ outcome: 'unknown', inquiries: 2, mails: 0, unknown: 2, errorName: 'TimeoutError' }]);
    expect(await w.digest()).toBe('empty');
  });

  it('gives up on a held inquiry whose text is gone, and mails the rest', async () => {
    const w = digestWorker();
    w.hold('erased');
    const { text: _text, ...withoutText } = w.store.items.get('erased')!;
    w.store.items.set('erased', withoutText);
    w.hold('kept');

    expect(await w.digest()).toBe('sent');

    expect(w.store.items.get('erased')).toMatchObject({ state: 'failed', lastError: 'TextErased' });
    expect(w.reports).toEqual([{ inquiryId: 'erased', outcome: 'given_up', attempt: 1, errorName: 'TextErased' }]);
    expect(w.mailer.taken[0]?.subject).toBe('Digest: 1 held inquiry, 2030-01-01');
  });

  it('carries at most DIGEST_LIMIT inquiries; the rest wait for the next digest', async () => {
    const w = digestWorker();
    for (let i = 0; i < DIGEST_LIMIT + 2; i++) w.hold(`held-${String(i).padStart(4, '0')}`);

    await w.digest();
    await w.digest();

    expect(w.digests.map((digest) => digest.inquiries)).toEqual([DIGEST_LIMIT, 2]);
    expect([...w.store.items.values()].every((item) => item.state === 'sent')).toBe(true);
  });

  it('mails the rest when a claim fails, and puts one whose answer was lost back in the held queue', async () => {
    const w = digestWorker();
    for (const id of ['a', 'lost', 'b']) w.hold(id);
    const claim = w.store.claim.bind(w.store);
    // The claim of `lost` is applied, and its answer lost.
    w.store.claim = async (...args) => {
      const claimed = await claim(...args);
      if (args[1].id === 'lost') throw Object.assign(new Error('timeout'), { name: 'TimeoutError' });
      return claimed;
    };

    expect(await w.digest()).toBe('sent');

    expect(idsIn(w.mailer.taken[0])).toEqual(['a', 'b']);
    expect(w.store.items.get('lost')).toMatchObject({ state: 'held', queue: 'held' });
  });

  it('settles the rest when a settlement fails, tries it once more, and says how many were left', async () => {
    const w = digestWorker();
    for (const id of ['a', 'flaky', 'stuck']) w.hold(id);
    const settle = w.store.settle.bind(w.store);
    let flakyFailed = false;
    w.store.settle = async (id, attemptId, settlement) => {
      if (id === 'stuck' || (id === 'flaky' && !flakyFailed)) {
        flakyFailed ||= id === 'flaky';
        throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
      }
      return settle(id, attemptId, settlement);
    };

    expect(await w.digest()).toBe('sent');

    expect([w.store.state('a'), w.store.state('flaky'), w.store.state('stuck')]).toEqual(['sent', 'sent', 'sending']);
    expect(w.digests).toEqual([{ outcome: 'sent', inquiries: 3, mails: 1, unsettled: 1 }]);
  });

  it('leaves nothing to a second run of the same schedule: two digests never share an inquiry', async () => {
    const w = digestWorker();
    for (let i = 0; i < 30; i++) w.hold(`held-${i}`);

    await Promise.all([w.digest(), w.digest()]);

    const ids = w.mailer.taken.flatMap(idsIn);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('sendDigest: one inquiry SES will never take (docs/api.md §15)', () => {
  it('mails the others in this digest, halving the refused mail, and gives up the one SES refuses alone', async () => {
    const w = digestWorker();
    for (const id of ['a', 'b', 'c']) w.hold(id);
    w.hold('poison', [LINKS], '2030-01-01T11:00:00.000Z', poisoned('poison'));
    refusingPoison(w);

    expect(await w.digest()).toBe('sent');

    // [a b c poison] refused; [a b] taken; [c poison] refused; [c] taken; [poison] refused alone.
    expect(w.mailer.handed.map(idsIn)).toEqual([['a', 'b', 'c', 'poison'], ['a', 'b'], ['c', 'poison'], ['c'], ['poison']]);
    expect(w.mailer.taken.map(idsIn)).toEqual([['a', 'b'], ['c']]);
    expect(w.mailer.taken.map((mail) => mail.subject)).toEqual(['Digest: 2 of 4 held inquiries, 2030-01-01', 'Digest: 1 of 4 held inquiries, 2030-01-01']);
    expect(['a', 'b', 'c'].map((id) => w.store.items.get(id))).toEqual(['a', 'b', 'c'].map(() => expect.objectContaining({ state: 'sent', sentIn: 'digest' })));
    expect(w.store.items.get('poison')).toMatchObject({ state: 'failed', lastError: 'MessageRejected', failedIn: 'digest', text: poisoned('poison') });
    expect(w.store.items.get('poison')).not.toHaveProperty('queue');
    expect(w.reports).toEqual([{ inquiryId: 'poison', outcome: 'given_up', attempt: 1, errorName: 'MessageRejected' }]);
    expect(w.digests).toEqual([{ outcome: 'sent', inquiries: 4, mails: 2, failed: 1, errorName: 'MessageRejected' }]);
    expect(await w.digest()).toBe('empty');
  });

  it('waits at least a second between sends, as the SES sandbox takes one message a second', async () => {
    const w = digestWorker();
    for (const id of ['a', 'b', 'c']) w.hold(id);
    w.hold('poison', [LINKS], '2030-01-01T11:00:00.000Z', poisoned('poison'));
    refusingPoison(w);

    await w.digest();

    expect(w.waits).toHaveLength(w.mailer.handed.length - 1);
    for (const wait of w.waits) {
      expect(wait).toBeGreaterThan(DIGEST_SEND_INTERVAL_MS - 100);
      expect(wait).toBeLessThanOrEqual(DIGEST_SEND_INTERVAL_MS);
    }
  });

  it('finds several among many, each alone, and mails every other', async () => {
    const w = digestWorker();
    const ids = Array.from({ length: 60 }, (_, i) => `held-${String(i).padStart(2, '0')}`);
    const poisons = new Set(['held-07', 'held-08', 'held-41']);
    for (const id of ids) w.hold(id, [TOO_FAST], '2030-01-01T11:00:00.000Z', poisons.has(id) ? poisoned(id) : undefined);
    refusingPoison(w);

    expect(await w.digest()).toBe('sent');

    expect(w.mailer.taken.flatMap(idsIn).sort()).toEqual(ids.filter((id) => !poisons.has(id)));
    expect(ids.filter((id) => w.store.state(id) === 'failed')).toEqual([...poisons]);
    expect(w.mailer.handed.length).toBeLessThanOrEqual(DIGEST_SENDS);
  });

  it('fails nothing while SES takes no mail at all (an unverified identity is MessageRejected too): all wait', async () => {
    const w = digestWorker();
    for (const id of ['a', 'b', 'c']) w.hold(id);
    w.mailer.answer = () => REJECTED;

    expect(await w.digest()).toBe('not_sent');

    expect(['a', 'b', 'c'].map((id) => w.store.items.get(id))).toEqual(
      ['a', 'b', 'c'].map(() => expect.objectContaining({ state: 'held', queue: 'held', lastError: 'MessageRejected' })),
    );
    expect(w.reports).toEqual([]);
    expect(w.digests).toEqual([{ outcome: 'not_sent', inquiries: 3, mails: 0, held: 3, errorName: 'MessageRejected' }]);
  });

  it('gives up one refused alone with no other mail once its retry period is over, as an inquiry mailed alone is', async () => {
    const w = digestWorker();
    w.hold('poison', [LINKS], '2030-01-01T11:00:00.000Z', poisoned('poison'));
    w.store.items.set('poison', { ...w.store.items.get('poison')!, retryFrom: START - schedule.periodSeconds });
    w.hold('young', [LINKS], '2030-01-01T11:00:00.000Z', poisoned('young'));
    refusingPoison(w);

    expect(await w.digest()).toBe('not_sent');

    expect(w.store.items.get('poison')).toMatchObject({ state: 'failed', lastError: 'MessageRejected', failedIn: 'digest' });
    expect(w.store.items.get('young')).toMatchObject({ state: 'held', lastError: 'MessageRejected' });
  });

  it('stops at a refusal of the account, or at an answer that never came; what is left waits, nothing is failed', async () => {
    const paused = digestWorker();
    paused.hold('one');
    paused.mailer.answer = () => ({ kind: 'not_sent', errorName: 'SendingPausedException', refusal: 'account' });

    expect(await paused.digest()).toBe('not_sent');
    expect(paused.mailer.handed).toHaveLength(1);
    expect(paused.store.items.get('one')).toMatchObject({ state: 'held', lastError: 'SendingPausedException' });

    const late = digestWorker();
    for (const id of ['a', 'b', 'c']) late.hold(id);
    late.hold('poison', [LINKS], '2030-01-01T11:00:00.000Z', poisoned('poison'));
    late.mailer.script.push(REJECTED, { kind: 'unknown', errorName: 'TimeoutError' });

    expect(await late.digest()).toBe('unknown');
    expect(late.mailer.handed.map(idsIn)).toEqual([['a', 'b', 'c', 'poison'], ['a', 'b']]);
    expect(['a', 'b', 'c', 'poison'].map((id) => late.store.state(id))).toEqual(['unknown', 'unknown', 'held', 'held']);
    expect(late.digests).toEqual([{ outcome: 'unknown', inquiries: 4, mails: 0, held: 2, unknown: 2, errorName: 'TimeoutError' }]);
  });

  it('makes at most DIGEST_SENDS sends; the inquiries of the mails still to send wait for the next digest', async () => {
    const w = digestWorker();
    const ids = Array.from({ length: 200 }, (_, i) => `held-${String(i).padStart(3, '0')}`);
    // Every fourth one poisoned: far more than one digest can find.
    for (const [index, id] of ids.entries()) w.hold(id, [TOO_FAST], '2030-01-01T11:00:00.000Z', index % 4 === 0 ? poisoned(id) : undefined);
    refusingPoison(w);

    expect(await w.digest()).toBe('not_sent');

    expect(w.mailer.handed).toHaveLength(DIGEST_SENDS);
    const states = ids.map((id) => w.store.state(id));
    expect(states.filter((state) => state === 'sending')).toEqual([]);
    expect(states.filter((state) => state === 'held').length).toBeGreaterThan(0);
    // Nothing sent twice, and each sent one is in the store as sent.
    const sent = w.mailer.taken.flatMap(idsIn);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.sort()).toEqual(ids.filter((id) => w.store.state(id) === 'sent'));
  });
});

describe('sendDigest: the size of its mails (docs/api.md §15)', () => {
  /** 4-byte characters that take one column each, so that a line holds as many bytes as it can. */
  const WIDEST_BYTES = '\u{10000}';
  const maximal = (n: number): InquiryText => ({
    name: WIDEST_BYTES.repeat(120),
    email: `${String(n).padStart(64, 'a')}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}`,
    message: WIDEST_BYTES.repeat(5000),
    company: WIDEST_BYTES.repeat(120),
    project_url: `https://${WIDEST_BYTES.repeat(2040)}`,
  });

  /** Every reason at once, each at its longest: the longest Held line a digest writes. */
  const EVERY_REASON: readonly HeldReason[] = [
    { signal: 'repeated_text', limit: 1000 },
    { signal: 'too_fast', token: 'early', seconds: 3599.9, minimum: 3600 },
    { signal: 'throwaway_address', domain: `${'x'.repeat(63)}.${'y'.repeat(63)}.${'z'.repeat(63)}.example` },
    { signal: 'link_stuffing', links: 10_000, limit: 1000, inOwnFields: true },
    { signal: 'flood', limit: 1000 },
  ];

  it.each(MAIL_LANGUAGES.map((language) => [language]))(`mails ${DIGEST_LIMIT} maximal inquiries of 4-byte characters in mails of at most DIGEST_MAIL_BYTES in %s, each one once, the opening at its longest (local mode's endpoint)`, async (language) => {
    const w = digestWorker('http://[fd00:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535', undefined, MAIL_WORDS[language]);
    for (let i = 0; i < DIGEST_LIMIT; i++) w.hold(`held-${String(i).padStart(3, '0')}`, EVERY_REASON, '2030-01-01T11:00:00.000Z', maximal(i));

    expect(await w.digest()).toBe('sent');

    const sizes = w.mailer.taken.map((mail) => Buffer.byteLength(mail.subject) + Buffer.byteLength(mail.text));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(DIGEST_MAIL_BYTES);
    // Packed, not scattered: each mail but the last is nearly full.
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(14 * 1024 * 1024);
    expect(w.mailer.taken.length).toBeLessThanOrEqual(Math.ceil(sizes.reduce((sum, size) => sum + size, 0) / (DIGEST_MAIL_BYTES * 0.95)));
    const ids = w.mailer.taken.flatMap((mail) => [...mail.text.matchAll(new RegExp(`^${MAIL_WORDS[language].inquiryId}${MAIL_WORDS[language].colon} (\\S+)$`, 'gm'))].map((match) => match[1]));
    expect(ids).toHaveLength(DIGEST_LIMIT);
    expect(new Set(ids).size).toBe(DIGEST_LIMIT);
    // With sends to spare for finding what SES refuses among them.
    expect(w.mailer.taken.length).toBeLessThanOrEqual(DIGEST_SENDS - 20);
  }, 60_000);

  it('keeps a mail of DIGEST_MAIL_BYTES, MIME-encoded at its worst, under the 10 MB where SES starts to throttle bandwidth, and SES v2’s 40 MB', () => {
    expect(worstEncodedBytes(DIGEST_MAIL_BYTES)).toBeLessThan(10 * 1000 * 1000);
    // Quoted-printable of non-ASCII bytes: "=XX" per byte, 25 bytes to a 76-character line and its soft break.
    const encoded = Buffer.alloc(DIGEST_MAIL_BYTES, 0xf0).toString('hex').toUpperCase().replace(/(..)/g, '=$1');
    const lines = encoded.match(/.{1,75}/g) ?? [];
    expect(lines.join('=\r\n').length).toBeLessThanOrEqual(worstEncodedBytes(DIGEST_MAIL_BYTES));
  });
});
