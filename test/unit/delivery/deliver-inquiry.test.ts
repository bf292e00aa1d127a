import { describe, expect, it } from '@jest/globals';
import { deliverInquiry, sweep } from '../../../lambdas/delivery/deliver-inquiry.js';
import type { Delivery, Mailer } from '../../../lambdas/delivery/mailer.js';
import { schedule, START, UNIT, worker } from '../../support/delivery-worker.js';

const sure = (errorName: string): Delivery => ({ kind: 'not_sent', errorName });
const unsure = (errorName: string): Delivery => ({ kind: 'unknown', errorName });

describe('deliverInquiry: one attempt (docs/api.md §14)', () => {
  it('sends a pending inquiry once, composed from what was stored, and records it sent', async () => {
    const w = worker();
    w.store.add({ id: 'inquiry-1', retryFrom: START, text: { name: 'Ada', email: 'ada@example.com', message: 'An analytical engine, please.', company: 'Babbage & Co' } });

    expect(await w.deliver('inquiry-1')).toBe('sent');

    expect(w.mailer.taken).toHaveLength(1);
    expect(w.mailer.taken[0]).toMatchObject({ replyTo: 'ada@example.com', subject: 'Project inquiry from Ada (Babbage & Co)' });
    expect(w.mailer.taken[0]?.text).toContain('Inquiry id: inquiry-1');
    expect(w.mailer.taken[0]?.text).toContain('Received: 2030-01-01 12:00 UTC');
    expect(w.store.items.get('inquiry-1')).toMatchObject({ state: 'sent', attempts: 1, sentAt: new Date(START * 1000).toISOString() });
    expect(w.store.items.get('inquiry-1')).not.toHaveProperty('queue');
    expect(w.reports).toEqual([{ inquiryId: 'inquiry-1', outcome: 'sent', attempt: 1 }]);
  });

  it('gives the contact page it was sent from, as stored, in the mail sent without a Reply-To too', async () => {
    const w = worker();
    w.store.add({ id: 'french', sentFrom: 'https://example.com/fr/contact/' });
    w.mailer.answer = (email) => (email.replyTo === undefined ? undefined : { kind: 'not_sent', errorName: 'BadRequestException', refusal: 'reply_to' });

    expect(await w.deliver('french')).toBe('sent');

    const sentFrom = (mail: { readonly text: string }) => mail.text.match(/^Sent from: .*$/m)?.[0];
    expect(w.mailer.handed.map(sentFrom)).toEqual(['Sent from: https://example.com/fr/contact/', 'Sent from: https://example.com/fr/contact/']);
  });

  it.each([
    [30, 30],
    [1, 1],
    [365, 365],
  ])('keeps a delivered inquiry’s text for its retention of %i days, and lets TTL take it then', async (retentionDays, days) => {
    const w = worker({ retentionDays });
    w.store.add({ id: 'kept' });

    await w.deliver('kept');

    expect(w.store.items.get('kept')).toMatchObject({ text: expect.any(Object), expiresAt: START + days * 86_400 });
  });

  it('erases the text as soon as it is sent with a retention of 0, and keeps the state a day', async () => {
    const w = worker({ retentionDays: 0 });
    w.store.add({ id: 'erased' });

    await w.deliver('erased');

    expect(w.store.items.get('erased')).toMatchObject({ state: 'sent', expiresAt: START + 86_400 });
    expect(w.store.items.get('erased')).not.toHaveProperty('text');
  });

  it.each([
    ['throttled', 'TooManyRequestsException'],
    ['paused for the account', 'SendingPausedException'],
    ['over its daily quota', 'LimitExceededException'],
    ['refusing connections', 'ECONNREFUSED'],
  ])('puts an inquiry back to pending, due one unit later, when SES surely did not take it (%s)', async (_case, errorName) => {
    const w = worker();
    w.store.add({ id: 'again' });
    w.mailer.script.push(sure(errorName));

    expect(await w.deliver('again')).toBe('retry_scheduled');

    expect(w.mailer.taken).toEqual([]);
    expect(w.store.items.get('again')).toMatchObject({ state: 'pending', queue: 'pending', dueAt: START + UNIT, lastError: errorName, attempts: 1 });
    expect(w.reports).toEqual([{ inquiryId: 'again', outcome: 'retry_scheduled', attempt: 1, errorName }]);
  });

  it('never sends again by itself when SES may have taken it: unknown, the owner is told', async () => {
    const w = worker();
    w.store.add({ id: 'maybe' });
    w.mailer.script.push(unsure('TimeoutError'));

    expect(await w.deliver('maybe')).toBe('unknown');
    w.at(10 * UNIT);
    expect(await w.deliver('maybe')).toBe('not_claimed');
    expect(await sweep(w.dependencies)).toEqual([]);

    expect(w.mailer.taken).toHaveLength(1);
    expect(w.store.items.get('maybe')).toMatchObject({ state: 'unknown', lastError: 'TimeoutError' });
    expect(w.store.items.get('maybe')).not.toHaveProperty('queue');
    expect(w.store.items.get('maybe')).not.toHaveProperty('expiresAt');
  });

  it('claims nothing that is not yet due, already being sent, or settled', async () => {
    const w = worker();
    w.store.add({ id: 'later', dueAt: START + 30 });
    w.store.add({ id: 'busy', state: 'sending', queue: 'sending', attemptId: 'someone-else', dueAt: START + 60 });
    w.store.add({ id: 'done', state: 'sent' });

    for (const id of ['later', 'busy', 'done']) expect(await w.deliver(id)).toBe('not_claimed');

    expect(w.mailer.taken).toEqual([]);
    expect(w.reports.map((report) => report.outcome)).toEqual(['not_claimed', 'not_claimed', 'not_claimed']);
  });

  it('sends once when the same event comes twice, or two workers take it at once', async () => {
    const w = worker();
    w.store.add({ id: 'twice' });

    const outcomes = await Promise.all([w.deliver('twice'), w.deliver('twice'), deliverInquiry({ id: 'twice', attempts: 0 }, w.dependencies)]);

    expect(outcomes.sort()).toEqual(['not_claimed', 'not_claimed', 'sent']);
    expect(w.mailer.taken).toHaveLength(1);
  });

  it('gives up, keeping the inquiry, once an attempt fails after the retry period, not a second before', async () => {
    const w = worker();
    w.store.add({ id: 'late', retryFrom: START, attempts: 40 });
    w.at(schedule.periodSeconds - 1);
    w.mailer.script.push(sure('SendingPausedException'), sure('SendingPausedException'));

    expect(await w.deliver('late')).toBe('retry_scheduled');
    w.at(w.store.items.get('late')!.dueAt! - START);
    expect(await w.deliver('late')).toBe('given_up');

    expect(w.store.items.get('late')).toMatchObject({ state: 'failed', lastError: 'SendingPausedException' });
    expect(w.store.items.get('late')).not.toHaveProperty('expiresAt');
    expect(w.reports.at(-1)).toMatchObject({ outcome: 'given_up', errorName: 'SendingPausedException' });
  });

  it('marks an inquiry whose text is gone failed instead of sending an empty mail', async () => {
    const w = worker();
    w.store.add({ id: 'empty' });
    const { text: _text, ...withoutText } = w.store.items.get('empty')!;
    w.store.items.set('empty', withoutText);

    expect(await w.deliver('empty')).toBe('given_up');

    expect(w.mailer.taken).toEqual([]);
    expect(w.store.items.get('empty')).toMatchObject({ state: 'failed', lastError: 'TextErased' });
  });
});

describe('deliverInquiry: a Reply-To SES refuses (docs/api.md §14)', () => {
  const refused: Delivery = { kind: 'not_sent', errorName: 'BadRequestException', refusal: 'reply_to' };

  it('sends the inquiry at once without one, saying so in the mail, the address still in its text', async () => {
    const w = worker();
    w.store.add({ id: 'odd-address', text: { name: 'Ada', email: 'a..b@example.com', message: 'An analytical engine, please.' } });
    w.mailer.script.push(refused);

    expect(await w.deliver('odd-address')).toBe('sent');

    expect(w.mailer.handed.map((mail) => mail.replyTo)).toEqual(['a..b@example.com', undefined]);
    const [mail] = w.mailer.taken;
    expect(mail).not.toHaveProperty('replyTo');
    expect(mail?.text).toMatch(/^No Reply-To: SES refused the visitor's address as one \(BadRequestException\)/);
    expect(mail?.text).toContain('E-mail:\n> a..b@example.com\n');
    expect(w.store.items.get('odd-address')).toMatchObject({ state: 'sent', attempts: 1 });
    expect(w.reports).toEqual([{ inquiryId: 'odd-address', outcome: 'sent', attempt: 1, errorName: 'BadRequestException', withoutReplyTo: true }]);
  });

  it.each<[string, Delivery, string]>([
    ['refused again', sure('MessageRejected'), 'retry_scheduled'],
    ['of an outcome unknown', unsure('TimeoutError'), 'unknown'],
  ])('settles the attempt by the second send when it is %s, and tries the Reply-To again next time', async (_case, second, outcome) => {
    const w = worker();
    w.store.add({ id: 'twice' });
    w.mailer.script.push(refused, second);

    expect(await w.deliver('twice')).toBe(outcome);

    expect(w.mailer.handed).toHaveLength(2);
    expect(w.store.items.get('twice')).toMatchObject({ lastError: (second as { errorName: string }).errorName });
  });

  it('sends nothing twice for any other refusal: the content, the account, throttling', async () => {
    for (const refusal of ['content', 'account', undefined] as const) {
      const w = worker();
      w.store.add({ id: 'once' });
      w.mailer.script.push({ kind: 'not_sent', errorName: 'Refused', ...(refusal === undefined ? {} : { refusal }) });

      expect(await w.deliver('once')).toBe('retry_scheduled');
      expect(w.mailer.handed).toHaveLength(1);
    }
  });
});

describe('deliverInquiry: retried until it can be delivered', () => {
  it('tries again at growing delays, capped at an hour, for at least three days, then gives up', async () => {
    const w = worker();
    w.store.add({ id: 'outage', retryFrom: START });
    const attemptsAt: number[] = [];
    for (let tries = 0; tries < 200 && w.store.state('outage') === 'pending'; tries++) {
      const dueAt = w.store.items.get('outage')!.dueAt!;
      w.at(dueAt - START);
      attemptsAt.push(dueAt - START);
      w.mailer.script.push(sure('ServiceUnavailable'));
      await w.deliver('outage');
    }

    const delays = attemptsAt.slice(1).map((time, index) => time - attemptsAt[index]!);
    expect(delays.slice(0, 8)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(Math.max(...delays)).toBe(3600);
    expect(attemptsAt.at(-1)).toBeGreaterThanOrEqual(3 * 86_400);
    expect(attemptsAt.at(-2)).toBeLessThan(3 * 86_400);
    expect(w.store.state('outage')).toBe('failed');
    expect(w.mailer.taken).toEqual([]);
  });

  it('sends once SES takes it again: 5xx, then throttling, then fine', async () => {
    const w = worker();
    w.store.add({ id: 'flaky' });
    w.mailer.script.push(sure('InternalFailure'), sure('TooManyRequestsException'));

    for (let round = 0; round < 3; round++) {
      w.at(w.store.items.get('flaky')!.dueAt! - START);
      await w.deliver('flaky');
    }

    expect(w.mailer.taken).toHaveLength(1);
    expect(w.store.items.get('flaky')).toMatchObject({ state: 'sent', attempts: 3 });
    expect(w.reports.map((report) => report.outcome)).toEqual(['retry_scheduled', 'retry_scheduled', 'sent']);
  });
});

describe('sweep', () => {
  it('takes the pending inquiries that are due, oldest first, and leaves the rest', async () => {
    const w = worker();
    w.store.add({ id: 'due-later', dueAt: START - 10 });
    w.store.add({ id: 'due-first', dueAt: START - 60 });
    w.store.add({ id: 'not-yet', dueAt: START + 60 });

    expect(await sweep(w.dependencies)).toEqual(['sent', 'sent']);

    expect(w.store.claims.map((claim) => claim.id)).toEqual(['due-first', 'due-later']);
    expect(w.store.state('not-yet')).toBe('pending');
  });

  it('ends a claim that ran out (its worker stopped between sending and recording) as unknown, and never sends it again', async () => {
    const w = worker();
    w.store.add({ id: 'stopped', state: 'sending', queue: 'sending', attemptId: 'crashed', attempts: 1, dueAt: START - 1 });
    w.store.add({ id: 'in-flight', state: 'sending', queue: 'sending', attemptId: 'alive', attempts: 1, dueAt: START + 30 });

    expect(await sweep(w.dependencies)).toEqual(['unknown']);

    expect(w.store.items.get('stopped')).toMatchObject({ state: 'unknown', lastError: 'ClaimExpired' });
    expect(w.store.state('in-flight')).toBe('sending');
    expect(w.mailer.taken).toEqual([]);
    expect(w.reports).toEqual([{ inquiryId: 'stopped', outcome: 'unknown', attempt: 1, errorName: 'ClaimExpired' }]);
  });

  it('still records as sent a send whose claim ran out before it was settled', async () => {
    const w = worker();
    w.store.add({ id: 'slow' });
    const slowMailer: Mailer = {
      send: async (email) => {
        // The sweep runs while this send is still under way, long after the claim ran out.
        w.at(schedule.leaseSeconds + 1);
        await sweep({ ...w.dependencies, mailer: w.mailer });
        w.mailer.taken.push(email);
        return { kind: 'sent' };
      },
    };

    expect(await deliverInquiry({ id: 'slow', attempts: 0 }, { ...w.dependencies, mailer: slowMailer })).toBe('sent');

    expect(w.store.state('slow')).toBe('sent');
    expect(w.mailer.taken).toHaveLength(1);
  });
});

describe('deliverInquiry: a claim that ran out before the attempt recorded its outcome', () => {
  it('reports the attempt as not claimed, and counts nothing for it', async () => {
    const w = worker({ maxMailsPerHour: 1 });
    w.store.add({ id: 'first' });
    await w.deliver('first');
    w.store.add({ id: 'late' });
    const settle = w.store.settle.bind(w.store);
    // The sweep ends the claim while the flood check runs.
    w.store.settle = async (id, attemptId, settlement) => (id === 'late' && settlement.state === 'held' ? false : settle(id, attemptId, settlement));

    expect(await w.deliver('late')).toBe('not_claimed');
    expect(w.reports.at(-1)).toMatchObject({ inquiryId: 'late', outcome: 'not_claimed' });
  });
});

describe('deliverInquiry: the flood signal (docs/api.md §15)', () => {
  const mailAll = async (w: ReturnType<typeof worker>, count: number, prefix: string) => {
    const outcomes = [];
    for (let i = 0; i < count; i++) {
      w.store.add({ id: `${prefix}-${i}` });
      outcomes.push(await w.deliver(`${prefix}-${i}`));
    }
    return outcomes;
  };

  it('mails maxMailsPerHour inquiries in a UTC hour, and holds the next for the digest, its reason given', async () => {
    const w = worker({ maxMailsPerHour: 3 });

    expect(await mailAll(w, 4, 'flood')).toEqual(['sent', 'sent', 'sent', 'held']);

    expect(w.mailer.taken).toHaveLength(3);
    expect(w.store.items.get('flood-3')).toMatchObject({
      state: 'held',
      queue: 'held',
      dueAt: START,
      heldFor: [{ signal: 'flood', limit: 3 }],
    });
    expect(w.reports.at(-1)).toEqual({ inquiryId: 'flood-3', outcome: 'held', attempt: 1 });
  });

  it('mails again in the next UTC hour', async () => {
    const w = worker({ maxMailsPerHour: 2 });
    w.at(59 * 60 + 59);
    expect(await mailAll(w, 3, 'late')).toEqual(['sent', 'sent', 'held']);
    w.at(60 * 60);
    expect(await mailAll(w, 1, 'next')).toEqual(['sent']);
  });

  it('counts an inquiry once however often it is tried in the hour', async () => {
    const w = worker({ maxMailsPerHour: 2 });
    w.store.add({ id: 'retried' });
    w.mailer.script.push({ kind: 'unknown', errorName: 'TimeoutError' });
    expect(await w.deliver('retried')).toBe('unknown');
    // The owner sends it again on purpose: a second attempt in the hour, on the place it holds.
    w.store.add({ ...w.store.items.get('retried')!, state: 'pending', queue: 'pending', dueAt: START });

    expect(await w.deliver('retried')).toBe('sent');
    expect(await mailAll(w, 2, 'other')).toEqual(['sent', 'held']);
  });

  it('gives the place of a send SES surely refused to the next inquiry: only mails count', async () => {
    const w = worker({ maxMailsPerHour: 1 });
    w.store.add({ id: 'refused' });
    w.mailer.script.push({ kind: 'not_sent', errorName: 'Throttling' });

    expect(await w.deliver('refused')).toBe('retry_scheduled');
    expect(await mailAll(w, 2, 'next')).toEqual(['sent', 'held']);
  });

  it('never holds back what the owner sends on purpose, even in a flood', async () => {
    const w = worker({ maxMailsPerHour: 1 });
    await mailAll(w, 1, 'first');
    w.store.add({ id: 'released', released: true });

    expect(await w.deliver('released')).toBe('sent');
  });

  it('is off at 0: every inquiry is mailed', async () => {
    const w = worker({ maxMailsPerHour: 0 });
    expect(await mailAll(w, 25, 'any')).toEqual(Array(25).fill('sent'));
    expect(w.counters.calls).toEqual([]);
  });

  it('mails all the same, and says so, when the hour’s count cannot be read: a failed check holds nothing back', async () => {
    const w = worker({ maxMailsPerHour: 3 });
    w.counters.failIncrement = () => Object.assign(new Error('down'), { name: 'AccessDeniedException' });
    w.store.add({ id: 'unsure' });

    expect(await w.deliver('unsure')).toBe('sent');

    expect(w.mailer.taken).toHaveLength(1);
    expect(w.floodCheckFailures).toEqual(['unsure: AccessDeniedException']);
  });
});
