import { describe, expect, it } from '@jest/globals';
import type { RateLimits } from '../../../lambdas/inquiry/limits.js';
import { keyedRateKeys } from '../../../lambdas/intake/client-keys.js';
import { RateLimiter } from '../../../lambdas/intake/rate-limiter.js';
import { submitInquiry, type ContactOutcome, type ReadBody } from '../../../lambdas/intake/submit-inquiry.js';
import { validateInquiry } from '../../../lambdas/intake/validation.js';
import { awsError, FakeCounterStore } from '../../support/fake-counter-store.js';
import { FakeInquiryStore } from '../../support/fake-inquiry-store.js';
import { spamDependencies } from '../../support/spam-dependencies.js';

const INQUIRY = {
  name: 'Ada Lovelace',
  email: 'Ada+site@Example.com',
  message: 'I would like an analytical engine programmed.',
  company: 'Babbage & Co',
};
const NOW = new Date('2030-01-01T12:15:00.000Z');
const RESET_SECONDS = 45 * 60;
const SOURCE_IP = '203.0.113.7';
const REQUEST_ID = '0b0e5f4e-6f1a-4a39-9d1e-6d2c6f0f8a11';
const KEYS = keyedRateKeys('a-test-secret-of-at-least-32-characters');

let submissions = 0;

function service(limits: RateLimits = { ip: 5, email: 3, windowSeconds: 3600 }) {
  const store = new FakeCounterStore();
  const inquiries = new FakeInquiryStore();
  const dependencies = {
    validate: validateInquiry,
    keys: KEYS,
    limiter: new RateLimiter({ store, limits, now: () => NOW }),
    inquiries,
    spam: spamDependencies(store),
    now: () => NOW,
  };
  const submit = (body: ReadBody, clientIp = SOURCE_IP, requestId = `request-${++submissions}`, inquiryId = requestId) =>
    submitInquiry({ requestId, inquiryId, clientIp, body }, dependencies);
  return { store, inquiries, submit };
}

const fields = (body: Record<string, unknown>): ReadBody => ({ kind: 'fields', fields: body });
const VALID = fields(INQUIRY);

/** Every kind of body the cheap local checks refuse, with the outcome it gets when nothing else is wrong. */
const REFUSED_BODIES: ReadonlyArray<readonly [string, ReadBody, Record<string, unknown>]> = [
  ['too large (413)', { kind: 'rejected', reason: 'payload_too_large' }, { kind: 'rejected', reason: 'payload_too_large' }],
  ['of another media type (415)', { kind: 'rejected', reason: 'unsupported_media_type' }, { kind: 'rejected', reason: 'unsupported_media_type' }],
  ['not a JSON object (400)', { kind: 'rejected', reason: 'malformed_json' }, { kind: 'rejected', reason: 'malformed_json' }],
  [
    'schema-invalid (422)',
    fields({ ...INQUIRY, email: 'me@gmail' }),
    { kind: 'invalid', errors: [{ field: 'email', code: 'invalid_email', message: expect.any(String) }] },
  ],
  [
    'a filled-in honeypot (422)',
    fields({ ...INQUIRY, _gotcha: 'I am a robot' }),
    { kind: 'invalid', errors: [{ field: '_gotcha', code: 'honeypot', message: expect.any(String) }] },
  ],
];

describe('submitInquiry: a valid inquiry', () => {
  it('is stored, as sent, under its id, and reports the scope closest to its limit', async () => {
    const { submit, inquiries } = service();

    const outcome = await submit(VALID, SOURCE_IP, REQUEST_ID);

    expect(outcome).toEqual({
      kind: 'accepted',
      inquiryId: REQUEST_ID,
      rateLimit: { scope: 'email', remaining: 2, resetSeconds: RESET_SECONDS },
      heldFor: [],
    });
    expect([...inquiries.stored.values()]).toEqual([{ id: REQUEST_ID, requestId: REQUEST_ID, receivedAt: NOW, inquiry: INQUIRY, heldFor: [] }]);
  });

  it('is stored under the id it is given (an Idempotency-Key’s), beside the request that brought it', async () => {
    const { submit, inquiries } = service();

    const outcome = await submit(VALID, SOURCE_IP, REQUEST_ID, 'keyed-inquiry-id');

    expect(outcome).toMatchObject({ kind: 'accepted', inquiryId: 'keyed-inquiry-id' });
    expect(inquiries.stored.get('keyed-inquiry-id')).toMatchObject({ id: 'keyed-inquiry-id', requestId: REQUEST_ID });
  });

  it('is found, not stored again, under an id stored before (the same form post again): answered alike, holding nothing, its text counted once', async () => {
    const { submit, inquiries, store } = service();
    const stuffed = fields({ ...INQUIRY, message: `Visit ${['a', 'b', 'c', 'd', 'e', 'f'].map((host) => `https://${host}.example`).join(' ')} now.` });
    const first = await submit(stuffed, SOURCE_IP, 'request-a', 'form-id');
    const texts = () => [...store.counts].filter(([id]) => !id.startsWith('ip#') && !id.startsWith('email#'));
    const textsAfterFirst = texts();

    const again = await submit(stuffed, '198.51.100.9', 'request-b', 'form-id');

    expect(first).toMatchObject({ kind: 'accepted', heldFor: [expect.objectContaining({ signal: 'link_stuffing' })] });
    expect(again).toEqual({ kind: 'accepted', inquiryId: 'form-id', rateLimit: expect.any(Object), heldFor: [], again: true });
    expect([...inquiries.stored.values()].map((entry) => entry.requestId)).toEqual(['request-a']);
    expect(textsAfterFirst).not.toEqual([]);
    expect(texts()).toEqual(textsAfterFirst);
    // Each post counts towards the limits, as every post does.
    expect(store.countOf('email')).toBe(2);
  });

  it('is stored with every line break a line feed: CRLF and a lone CR alike', async () => {
    const { submit, inquiries } = service();

    await submit(fields({ ...INQUIRY, message: 'First line,\r\nsecond line,\rthird line,\n\r\nend\r' }), SOURCE_IP, REQUEST_ID);

    expect(inquiries.stored.get(REQUEST_ID)?.inquiry).toEqual({ ...INQUIRY, message: 'First line,\nsecond line,\nthird line,\n\nend\n' });
  });

  it('is judged as sent: a message of 20 characters with CRLF passes, though stored shorter', async () => {
    const { submit, inquiries } = service();
    const message = `${'a'.repeat(9)}\r\n${'b'.repeat(9)}`;

    expect((await submit(fields({ ...INQUIRY, message }), SOURCE_IP, REQUEST_ID)).kind).toBe('accepted');
    expect(inquiries.stored.get(REQUEST_ID)?.inquiry.message).toHaveLength(19);
  });

  it('is counted by hashed keys, never by the raw address or text', async () => {
    const { submit, store } = service();

    await submit(VALID);

    const ids = store.callsOf('increment').map((slot) => slot.id);
    expect(ids).toHaveLength(3);
    expect(ids.find((id) => id.startsWith('ip#'))).toContain(KEYS.ip(SOURCE_IP));
    expect(ids.find((id) => id.startsWith('email#'))).toContain(KEYS.email(INQUIRY.email));
    expect(ids.find((id) => id.startsWith('text#'))).toContain(KEYS.text(INQUIRY.message));
    for (const id of ids) {
      expect(id).not.toContain(SOURCE_IP);
      expect(id.toLowerCase()).not.toContain('example.com');
      expect(id.toLowerCase()).not.toContain('engine');
    }
  });
});

describe('submitInquiry: bodies refused by the local checks', () => {
  it.each(REFUSED_BODIES)('answers a body %s with its own outcome, counted by IP only, nothing stored', async (_title, body, expected) => {
    const { submit, inquiries, store } = service();

    const outcome = await submit(body);

    expect(outcome).toMatchObject({ ...expected, rateLimit: { scope: 'ip', remaining: 4, resetSeconds: RESET_SECONDS } });
    expect(inquiries.stored.size).toBe(0);
    expect(store.callsOf('increment', 'email')).toEqual([]);
    expect(store.countOf('ip')).toBe(1);
  });

  it('counts every POST not refused with 429 against its IP', async () => {
    const { submit, inquiries } = service();
    for (const [, body] of REFUSED_BODIES) await submit(body);

    expect(await submit(VALID)).toEqual({ kind: 'rate_limited', rateLimit: { scope: 'ip', remaining: 0, resetSeconds: RESET_SECONDS } });
    expect(inquiries.stored.size).toBe(0);
  });

  it('answers 422, not 429, for a schema-invalid body whose e-mail is over its limit (the e-mail counter is not asked)', async () => {
    const { submit, store } = service();
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await submit(VALID, ip);

    const outcome = await submit(fields({ ...INQUIRY, _gotcha: 'x' }), '198.51.100.4');

    expect(outcome.kind).toBe('invalid');
    expect(store.callsOf('increment', 'email')).toHaveLength(3);
  });

  it('does not need the e-mail counter for a body refused before the schema', async () => {
    const { submit, store } = service();
    store.failIncrement = (slot) => (slot.id.startsWith('email#') ? awsError('InternalServerError') : undefined);

    expect((await submit({ kind: 'rejected', reason: 'malformed_json' })).kind).toBe('rejected');
    expect((await submit(fields({ ...INQUIRY, name: '' }))).kind).toBe('invalid');
  });
});

/** Every kind of body, the valid one included. */
const ANY_BODIES: ReadonlyArray<readonly [string, ReadBody]> = [
  ...REFUSED_BODIES.map(([title, body]) => [title, body] as const),
  ['valid', VALID],
];

describe('submitInquiry: the per-IP verdict outranks everything else (docs/api.md §2 order)', () => {
  it.each(ANY_BODIES)(
    'answers 429 for a body %s from an IP over its limit',
    async (_title, body) => {
      const { submit, inquiries } = service();
      for (let i = 0; i < 5; i++) await submit(fields({ ...INQUIRY, email: `visitor${i}@example.com` }));
      inquiries.stored.clear();

      const outcome = await submit(body);

      expect(outcome).toEqual({ kind: 'rate_limited', rateLimit: { scope: 'ip', remaining: 0, resetSeconds: RESET_SECONDS } });
      expect(inquiries.stored.size).toBe(0);
    },
  );

  it.each(ANY_BODIES)(
    'answers 503 for a body %s when the counter store fails',
    async (_title, body) => {
      const { submit, inquiries, store } = service();
      store.failIncrement = () => awsError('ProvisionedThroughputExceededException');

      const outcome = await submit(body);

      expect(outcome).toEqual({
        kind: 'unavailable',
        dependency: 'counter_store',
        errorName: 'ProvisionedThroughputExceededException',
      });
      expect(inquiries.stored.size).toBe(0);
    },
  );

  it('counts the clients of one IPv6 /64 together', async () => {
    const { submit } = service();
    for (let i = 1; i <= 5; i++) await submit({ kind: 'rejected', reason: 'malformed_json' }, `2001:db8:1:2::${i}`);

    expect((await submit(VALID, '2001:DB8:1:2:FFFF::1')).kind).toBe('rate_limited');
    expect((await submit(VALID, '2001:db8:1:3::1')).kind).toBe('accepted');
  });
});

describe('submitInquiry: the per-e-mail limit', () => {
  it('refuses the 4th valid inquiry for one e-mail, whatever its case or +tag, from any IP', async () => {
    const { submit, inquiries } = service();
    const spellings = ['ada@example.com', 'Ada+site@Example.com', 'ADA@EXAMPLE.COM', 'ada+again@example.com'];

    const outcomes: ContactOutcome[] = [];
    for (const [i, email] of spellings.entries()) outcomes.push(await submit(fields({ ...INQUIRY, email }), `198.51.100.${i + 1}`));

    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['accepted', 'accepted', 'accepted', 'rate_limited']);
    expect(outcomes[3]).toEqual({ kind: 'rate_limited', rateLimit: { scope: 'email', remaining: 0, resetSeconds: RESET_SECONDS } });
    expect(inquiries.stored.size).toBe(3);
  });

  it('does not count the IP of a request refused for its e-mail', async () => {
    const { submit, store } = service();
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await submit(VALID, ip);

    await submit(VALID, SOURCE_IP);

    expect(store.counts.get(store.callsOf('increment', 'ip').at(-1)?.id ?? '')).toBe(0);
  });
});

describe('submitInquiry: the inquiry store fails', () => {
  it('answers 503 naming the store error, and gives both counters back', async () => {
    const { submit, inquiries, store } = service();
    inquiries.failure = 'ProvisionedThroughputExceededException';

    const outcome = await submit(VALID);

    expect(outcome).toEqual({ kind: 'unavailable', dependency: 'inquiry_store', errorName: 'ProvisionedThroughputExceededException' });
    expect(inquiries.stored.size).toBe(0);
    expect(store.countOf('ip')).toBe(0);
    expect(store.countOf('email')).toBe(0);
  });

  it('lets an immediate retry through even at a limit of one', async () => {
    const { submit, inquiries, store } = service({ ip: 1, email: 1, windowSeconds: 3600 });
    inquiries.failure = 'InternalServerError';
    expect((await submit(VALID)).kind).toBe('unavailable');

    inquiries.failure = undefined;
    const retry = await submit(VALID);

    expect(retry).toMatchObject({ kind: 'accepted', rateLimit: { scope: 'ip', remaining: 0, resetSeconds: RESET_SECONDS } });
    expect(inquiries.stored.size).toBe(1);
    expect(store.countOf('ip')).toBe(1);
    expect(store.countOf('email')).toBe(1);
  });
});
