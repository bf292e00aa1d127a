import { describe, expect, it } from '@jest/globals';
import type { RateLimits } from '../../../lambdas/inquiry/limits.js';
import type { CounterSlot, CounterStore, CountResult } from '../../../lambdas/counters/counter-store.js';
import { RateLimiter, type Admission } from '../../../lambdas/intake/rate-limiter.js';
import { awsError, FakeCounterStore } from '../../support/fake-counter-store.js';

const DEFAULT_LIMITS: RateLimits = { ip: 5, email: 3, windowSeconds: 3600 };
const NOON = new Date('2030-01-01T12:00:00.000Z');
const ONE_PM_SECONDS = Date.parse('2030-01-01T13:00:00.000Z') / 1000;

function limiterWith(options: { limits?: RateLimits; now?: Date; store?: FakeCounterStore } = {}) {
  const store = options.store ?? new FakeCounterStore();
  const clock = { now: options.now ?? NOON };
  const giveBackFailures: string[] = [];
  const limiter = new RateLimiter({
    store,
    limits: options.limits ?? DEFAULT_LIMITS,
    now: () => clock.now,
    onGiveBackFailure: (errorName) => giveBackFailures.push(errorName),
  });
  return { limiter, store, clock, giveBackFailures };
}

let requests = 0;
/** A request id no other request of this file has. */
const requestId = () => `request-${++requests}`;

/** Admits `times` requests and returns the last answer. */
async function admitTimes(limiter: RateLimiter, times: number, keys: (i: number) => { ip: string; email?: string }) {
  let last: Admission | undefined;
  for (let i = 0; i < times; i++) last = await limiter.admit(requestId(), keys(i));
  return last;
}

describe('RateLimiter: limits per scope (docs/api.md §4)', () => {
  it('admits 5 requests from one IP in a window and refuses the 6th with scope ip', async () => {
    const { limiter } = limiterWith();
    const remaining: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const admission = await limiter.admit(requestId(), { ip: 'ip-a' });
      remaining.push(admission.kind === 'admitted' ? admission.status.remaining : admission.kind);
    }

    const sixth = await limiter.admit(requestId(), { ip: 'ip-a' });

    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect(sixth).toEqual({ kind: 'refused', status: { scope: 'ip', remaining: 0, resetSeconds: 3600 } });
  });

  it('admits 3 requests for one e-mail in a window, from any IP, and refuses the 4th with scope email', async () => {
    const { limiter } = limiterWith();
    const admitted = await admitTimes(limiter, 3, (i) => ({ ip: `ip-${i}`, email: 'mail-a' }));

    const fourth = await limiter.admit(requestId(), { ip: 'ip-fresh', email: 'mail-a' });

    expect(admitted?.kind).toBe('admitted');
    expect(fourth).toEqual({ kind: 'refused', status: { scope: 'email', remaining: 0, resetSeconds: 3600 } });
  });

  it('keeps different keys apart', async () => {
    const { limiter } = limiterWith();
    await admitTimes(limiter, 5, () => ({ ip: 'ip-a', email: undefined }));

    expect((await limiter.admit(requestId(), { ip: 'ip-b' })).kind).toBe('admitted');
  });

  it('follows configured limits', async () => {
    const { limiter, store } = limiterWith({ limits: { ip: 2, email: 1, windowSeconds: 3600 } });

    const answers = [
      await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' }),
      await limiter.admit(requestId(), { ip: 'ip-b', email: 'mail-a' }),
      await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-b' }),
      await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-c' }),
    ];

    expect(answers.map((answer) => (answer.kind === 'refused' ? `refused:${answer.status.scope}` : answer.kind))).toEqual([
      'admitted',
      'refused:email',
      'admitted',
      'refused:ip',
    ]);
    expect(new Set(store.callsOf('increment', 'ip').map((slot) => slot.limit))).toEqual(new Set([2]));
    expect(new Set(store.callsOf('increment', 'email').map((slot) => slot.limit))).toEqual(new Set([1]));
  });

  it('counts in fixed UTC clock hours: a new hour starts afresh, with counters that expire at its end', async () => {
    const { limiter, store, clock } = limiterWith({ now: new Date('2030-01-01T12:59:59.999Z') });
    await admitTimes(limiter, 5, () => ({ ip: 'ip-a' }));
    expect((await limiter.admit(requestId(), { ip: 'ip-a' })).kind).toBe('refused');

    clock.now = new Date('2030-01-01T13:00:00.000Z');
    const nextHour = await limiter.admit(requestId(), { ip: 'ip-a' });

    expect(nextHour).toMatchObject({ kind: 'admitted', status: { scope: 'ip', remaining: 4, resetSeconds: 3600 } });
    const [first] = store.callsOf('increment');
    const last = store.callsOf('increment').at(-1);
    expect(first?.expiresAt).toBe(ONE_PM_SECONDS);
    expect(last?.expiresAt).toBe(ONE_PM_SECONDS + 3600);
    expect(first?.id).not.toBe(last?.id);
  });
});

describe('RateLimiter: a request over either limit is counted in neither', () => {
  it('gives the e-mail counter back when the IP is over its limit', async () => {
    const { limiter, store } = limiterWith();
    await admitTimes(limiter, 5, (i) => ({ ip: 'ip-a', email: `mail-${i}` }));

    const refused = await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-new' });

    expect(refused).toMatchObject({ kind: 'refused', status: { scope: 'ip', remaining: 0 } });
    const newEmailSlot = store.callsOf('increment', 'email').at(-1);
    expect(store.callsOf('giveBack')).toEqual([newEmailSlot]);
    expect(store.counts.get(newEmailSlot?.id ?? '')).toBe(0);
  });

  it('gives the IP counter back when the e-mail is over its limit', async () => {
    const { limiter, store } = limiterWith();
    await admitTimes(limiter, 3, (i) => ({ ip: `ip-${i}`, email: 'mail-a' }));

    const refused = await limiter.admit(requestId(), { ip: 'ip-new', email: 'mail-a' });

    expect(refused).toMatchObject({ kind: 'refused', status: { scope: 'email', remaining: 0 } });
    const newIpSlot = store.callsOf('increment', 'ip').at(-1);
    expect(store.callsOf('giveBack')).toEqual([newIpSlot]);
    expect(store.counts.get(newIpSlot?.id ?? '')).toBe(0);
  });

  it('lets an IP that was refused for its e-mail send another e-mail up to its own limit', async () => {
    const { limiter } = limiterWith();
    await admitTimes(limiter, 3, (i) => ({ ip: `ip-${i}`, email: 'mail-a' }));
    await admitTimes(limiter, 10, () => ({ ip: 'ip-x', email: 'mail-a' }));

    const admitted = await admitTimes(limiter, 5, (i) => ({ ip: 'ip-x', email: `other-${i}` }));

    expect(admitted).toMatchObject({ kind: 'admitted', status: { scope: 'ip', remaining: 0 } });
  });
});

describe('RateLimiter: a failing store fails closed', () => {
  it.each([
    ['the IP counter', 'ip', 'email'],
    ['the e-mail counter', 'email', 'ip'],
  ] as const)('answers unavailable when %s fails, and gives the other back', async (_title, failing, other) => {
    const store = new FakeCounterStore();
    store.failIncrement = (slot) => (slot.id.startsWith(`${failing}#`) ? awsError('ProvisionedThroughputExceededException') : undefined);
    const { limiter } = limiterWith({ store });

    const answer = await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' });

    expect(answer).toEqual({ kind: 'unavailable', errorName: 'ProvisionedThroughputExceededException' });
    expect(store.callsOf('giveBack').map((slot) => slot.id).sort()).toEqual(store.callsOf('increment').map((slot) => slot.id).sort());
    expect(store.countOf(other)).toBe(0);
  });

  it('answers unavailable when both counters fail, and gives both back: a failed call may have been applied', async () => {
    const store = new FakeCounterStore();
    store.failIncrement = () => awsError('InternalServerError');
    const { limiter } = limiterWith({ store });

    expect(await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' })).toEqual({ kind: 'unavailable', errorName: 'InternalServerError' });
    expect(store.callsOf('giveBack')).toEqual(store.callsOf('increment'));
  });

  it('gives back under the id it counted with, so a repeated call never counts one request twice', async () => {
    const store = new FakeCounterStore();
    const { limiter } = limiterWith({ store });
    // An increment applied, whose answer was lost: the store failed after counting.
    store.failIncrement = (slot) => {
      if (!slot.id.startsWith('ip#')) return undefined;
      store.ids.set(slot.id, new Set(['request-lost']));
      return awsError('TimeoutError');
    };

    expect((await limiter.admit('request-lost', { ip: 'ip-a', email: 'mail-a' })).kind).toBe('unavailable');
    expect(store.countOf('ip')).toBe(0);
    expect(store.countOf('email')).toBe(0);
  });

  it('answers unavailable when the only counter (IP) fails', async () => {
    const store = new FakeCounterStore();
    store.failIncrement = () => awsError('TimeoutError');
    const { limiter } = limiterWith({ store });

    expect(await limiter.admit(requestId(), { ip: 'ip-a' })).toEqual({ kind: 'unavailable', errorName: 'TimeoutError' });
  });

  it('names a thrown non-Error UnknownError', async () => {
    const store = new FakeCounterStore();
    store.increment = () => Promise.reject('just a string');
    const { limiter } = limiterWith({ store });

    expect(await limiter.admit(requestId(), { ip: 'ip-a' })).toEqual({ kind: 'unavailable', errorName: 'UnknownError' });
  });

  it('refuses for the IP when the IP is over its limit, even if the e-mail counter failed', async () => {
    const store = new FakeCounterStore();
    const { limiter } = limiterWith({ store });
    await admitTimes(limiter, 5, () => ({ ip: 'ip-a' }));
    store.failIncrement = (slot) => (slot.id.startsWith('email#') ? awsError('InternalServerError') : undefined);

    expect(await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' })).toMatchObject({ kind: 'refused', status: { scope: 'ip' } });
  });

  it('answers unavailable when the IP counter failed, even if the e-mail is over its limit', async () => {
    const store = new FakeCounterStore();
    const { limiter } = limiterWith({ store });
    await admitTimes(limiter, 3, (i) => ({ ip: `ip-${i}`, email: 'mail-a' }));
    store.failIncrement = (slot) => (slot.id.startsWith('ip#') ? awsError('InternalServerError') : undefined);

    expect(await limiter.admit(requestId(), { ip: 'ip-new', email: 'mail-a' })).toEqual({ kind: 'unavailable', errorName: 'InternalServerError' });
  });

  it('asks both counters before either answers (one round trip)', async () => {
    const pending: Array<() => void> = [];
    const asked: string[] = [];
    const slowStore: CounterStore = {
      increment: (slot: CounterSlot) =>
        new Promise<CountResult>((resolve) => {
          asked.push(slot.id.split('#')[0] ?? '');
          pending.push(() => resolve({ counted: true, count: 1 }));
        }),
      giveBack: async () => undefined,
    };
    const limiter = new RateLimiter({ store: slowStore, limits: DEFAULT_LIMITS, now: () => NOON });

    const admission = limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' });
    await Promise.resolve();

    expect(asked.sort()).toEqual(['email', 'ip']);
    pending.forEach((resolve) => resolve());
    expect((await admission).kind).toBe('admitted');
  });
});

describe('RateLimiter: resetSeconds runs to the end of the UTC hour', () => {
  it.each([
    ['2030-01-01T12:00:00.000Z', 3600],
    ['2030-01-01T12:00:00.001Z', 3600],
    ['2030-01-01T12:00:01.000Z', 3599],
    ['2030-01-01T12:30:00.000Z', 1800],
    ['2030-01-01T12:59:00.000Z', 60],
    ['2030-01-01T12:59:59.000Z', 1],
    ['2030-01-01T12:59:59.999Z', 1],
    ['2030-06-30T23:59:30.000Z', 30],
  ])('at %s it is %i', async (now, seconds) => {
    const { limiter } = limiterWith({ now: new Date(now) });

    const admitted = await limiter.admit(requestId(), { ip: 'ip-a' });
    await admitTimes(limiter, 4, () => ({ ip: 'ip-a' }));
    const refused = await limiter.admit(requestId(), { ip: 'ip-a' });

    expect(admitted).toMatchObject({ kind: 'admitted', status: { resetSeconds: seconds } });
    expect(refused).toMatchObject({ kind: 'refused', status: { resetSeconds: seconds } });
  });

  it('names the window by its UTC start, whatever the local time zone would say', async () => {
    const { limiter, store } = limiterWith({ now: new Date('2030-01-01T12:34:56.000Z') });

    await limiter.admit(requestId(), { ip: 'ip-a' });

    expect(store.callsOf('increment')[0]?.expiresAt).toBe(ONE_PM_SECONDS);
  });
});

describe('RateLimiter: the status an admission reports', () => {
  it.each([
    ['ip alone when no e-mail key is given', { ip: 5, email: 3 }, 0, 0, false, { scope: 'ip', remaining: 4 }],
    ['the e-mail scope when it has fewer left', { ip: 5, email: 3 }, 0, 0, true, { scope: 'email', remaining: 2 }],
    ['the ip scope when it has fewer left', { ip: 5, email: 3 }, 3, 0, true, { scope: 'ip', remaining: 1 }],
    ['ip on a tie', { ip: 3, email: 3 }, 0, 0, true, { scope: 'ip', remaining: 2 }],
    ['ip on a tie at zero', { ip: 3, email: 3 }, 2, 2, true, { scope: 'ip', remaining: 0 }],
  ] as const)('is %s', async (_title, limits, earlierByIp, earlierByEmail, withEmail, status) => {
    const { limiter } = limiterWith({ limits: { ...limits, windowSeconds: 3600 } });
    await admitTimes(limiter, earlierByIp, (i) => ({ ip: 'ip-a', email: `other-${i}` }));
    await admitTimes(limiter, earlierByEmail, (i) => ({ ip: `other-${i}`, email: 'mail-a' }));

    const admission = await limiter.admit(requestId(), withEmail ? { ip: 'ip-a', email: 'mail-a' } : { ip: 'ip-a' });

    expect(admission).toMatchObject({ kind: 'admitted', status: { ...status, resetSeconds: 3600 } });
  });
});

describe('RateLimiter: giving back an admission', () => {
  it('takes back both counters, so the same request can be admitted again', async () => {
    const { limiter, store } = limiterWith({ limits: { ip: 1, email: 1, windowSeconds: 3600 } });
    const admission = await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' });
    if (admission.kind !== 'admitted') throw new Error(`expected an admission, got ${admission.kind}`);

    await admission.giveBack();

    expect(store.countOf('ip')).toBe(0);
    expect(store.countOf('email')).toBe(0);
    expect((await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' })).kind).toBe('admitted');
  });

  it('takes back only the IP counter when no e-mail was counted', async () => {
    const { limiter, store } = limiterWith();
    const admission = await limiter.admit(requestId(), { ip: 'ip-a' });
    if (admission.kind !== 'admitted') throw new Error(`expected an admission, got ${admission.kind}`);

    await admission.giveBack();

    expect(store.callsOf('giveBack').map((slot) => slot.id.split('#')[0])).toEqual(['ip']);
  });

  it('reports a counter it could not give back by error name, and does not throw', async () => {
    const { limiter, store, giveBackFailures } = limiterWith();
    store.failGiveBack = (slot) => (slot.id.startsWith('email#') ? awsError('ThrottlingException') : undefined);
    const admission = await limiter.admit(requestId(), { ip: 'ip-a', email: 'mail-a' });
    if (admission.kind !== 'admitted') throw new Error(`expected an admission, got ${admission.kind}`);

    await expect(admission.giveBack()).resolves.toBeUndefined();

    expect(giveBackFailures).toEqual(['ThrottlingException']);
    expect(store.countOf('ip')).toBe(0);
  });
});
