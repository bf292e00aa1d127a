import { describe, expect, it } from '@jest/globals';
import { sendDigest, type DigestReport } from '../../../lambdas/delivery/digest.js';
import { DIGEST_LIMIT } from '../../../lambdas/delivery/time-budget.js';
import type { HeldReason } from '../../../lambdas/inbox/held-reasons.js';
import { START, worker } from '../../support/delivery-worker.js';

/* The daily digest of held inquiries (docs/api.md §15), over the in-memory store and a scripted mailer. */

const TOO_FAST: HeldReason = { signal: 'too_fast', detail: 'sent 1 s after the form was shown, sooner than 3 s' };
const LINKS: HeldReason = { signal: 'link_stuffing', detail: '8 links in the message, more than 5' };

function digestWorker() {
  const w = worker();
  const digests: DigestReport[] = [];
  const hold = (id: string, heldFor: readonly HeldReason[] = [TOO_FAST], receivedAt = '2030-01-01T11:00:00.000Z') =>
    w.store.add({ id, state: 'held', queue: 'held', heldFor, receivedAt, dueAt: Math.floor(Date.parse(receivedAt) / 1000) });
  return { ...w, digests, hold, digest: () => sendDigest(w.dependencies, (report) => digests.push(report)) };
}

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
    expect(text).toContain('npm run redeliver -- <inquiry id>');
    expect(text.indexOf('Inquiry id: older')).toBeLessThan(text.indexOf('Inquiry id: newer'));
    expect(text).toContain('=== 1 of 2 ===\nHeld: too fast: sent 1 s after the form was shown, sooner than 3 s; link stuffing: 8 links in the message, more than 5');
    expect(text).toContain('Message:\nAn analytical engine, if you please.');
    expect(text.match(/Inquiry id: /g)).toHaveLength(2);
    expect(w.digests).toEqual([{ outcome: 'sent', inquiries: 2 }]);
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

    expect(w.mailer.taken[0]?.text).not.toContain('Inquiry id: released');
    expect(w.mailer.taken[0]?.text).toContain('Inquiry id: kept');
    expect(w.store.state('released')).toBe('pending');
  });

  it('puts everything back in the held queue when SES surely did not take the digest', async () => {
    const w = digestWorker();
    w.hold('one');
    w.mailer.script.push({ kind: 'not_sent', errorName: 'TooManyRequestsException' });

    expect(await w.digest()).toBe('not_sent');

    expect(w.store.items.get('one')).toMatchObject({ state: 'held', queue: 'held', heldFor: [TOO_FAST], lastError: 'TooManyRequestsException' });
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
    expect(w.digests).toEqual([{ outcome: 'unknown', inquiries: 2, errorName: 'TimeoutError' }]);
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

    expect(w.mailer.taken[0]?.text.match(/Inquiry id: \S+/g)).toEqual(['Inquiry id: a', 'Inquiry id: b']);
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
    expect(w.digests).toEqual([{ outcome: 'sent', inquiries: 3, unsettled: 1 }]);
  });

  it('leaves nothing to a second run of the same schedule: two digests never share an inquiry', async () => {
    const w = digestWorker();
    for (let i = 0; i < 30; i++) w.hold(`held-${i}`);

    await Promise.all([w.digest(), w.digest()]);

    const ids = w.mailer.taken.flatMap((mail) => mail.text.match(/Inquiry id: \S+/g) ?? []);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
