import { describe, expect, it } from '@jest/globals';
import type { RateLimits } from '../../../lambdas/inquiry/limits.js';
import { contactReply } from '../../../lambdas/contact/contact-replies.js';
import type { RateLimitStatus } from '../../../lambdas/intake/rate-limiter.js';
import type { ContactOutcome } from '../../../lambdas/intake/submit-inquiry.js';
import type { FieldError } from '../../../lambdas/inquiry/field-errors.js';

const LIMITS: RateLimits = { ip: 5, email: 3, windowSeconds: 3600 };
const REQUEST_ID = '5d1f3c0a-9b7e-4f2d-8c6a-1e0b9a8d7c65';
const STATUS: RateLimitStatus = { scope: 'email', remaining: 2, resetSeconds: 2700 };
const POLICY = '"ip";q=5;w=3600, "email";q=3;w=3600';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
const ERRORS: FieldError[] = [
  { field: 'email', code: 'invalid_email', message: 'email must be an e-mail address such as name@example.com.', userMessage: 'Enter an e-mail address such as name@example.com.' },
  { field: 'extra', code: 'unknown_field', message: 'extra is not a field of this form.', userMessage: 'extra is not a field of this form.' },
];

const bodyOf = (outcome: ContactOutcome) => JSON.parse(contactReply(outcome, REQUEST_ID, LIMITS).body ?? '') as Record<string, unknown>;

const INQUIRY_ID = '7c2e1f0a-3b4d-8e5f-a6b7-c8d9e0f1a2b3';

describe('contactReply: 202 for an accepted inquiry', () => {
  const reply = contactReply({ kind: 'accepted', inquiryId: INQUIRY_ID, rateLimit: STATUS, heldFor: [] }, REQUEST_ID, LIMITS);

  it('answers accepted with the inquiry’s id, and logs it as accepted', () => {
    expect(reply.statusCode).toBe(202);
    expect(JSON.parse(reply.body ?? '')).toEqual({ status: 'accepted', id: INQUIRY_ID });
    expect(reply.outcome).toBe('accepted');
  });

  it('has the JSON content type, no-store and the RateLimit fields', () => {
    expect(reply.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'RateLimit-Policy': POLICY,
      RateLimit: '"email";r=2;t=2700',
    });
  });
});

describe('contactReply: problem details', () => {
  it.each([
    ['malformed JSON', 400, 'Bad Request', 'malformed_json', { kind: 'rejected', reason: 'malformed_json', rateLimit: STATUS }],
    ['a body too large', 413, 'Content Too Large', 'payload_too_large', { kind: 'rejected', reason: 'payload_too_large', rateLimit: STATUS }],
    ['another media type', 415, 'Unsupported Media Type', 'unsupported_media_type', { kind: 'rejected', reason: 'unsupported_media_type', rateLimit: STATUS }],
    ['schema violations', 422, 'Unprocessable Content', 'validation_failed', { kind: 'invalid', errors: ERRORS, rateLimit: STATUS }],
    ['a limit reached', 429, 'Too Many Requests', 'rate_limited', { kind: 'rate_limited', rateLimit: { scope: 'ip', remaining: 0, resetSeconds: 2700 } }],
    ['a failed counter store', 503, 'Service Unavailable', 'temporarily_unavailable', { kind: 'unavailable', dependency: 'counter_store', errorName: 'InternalServerError' }],
    ['a failed inquiry store', 503, 'Service Unavailable', 'temporarily_unavailable', { kind: 'unavailable', dependency: 'inquiry_store', errorName: 'InternalServerError' }],
  ] as const)('answers %s with %i %s, code %s', (_case, status, title, code, outcome) => {
    const reply = contactReply(outcome, REQUEST_ID, LIMITS);
    const body = JSON.parse(reply.body ?? '') as Record<string, unknown>;

    expect(reply.statusCode).toBe(status);
    expect(reply.headers['Content-Type']).toBe(PROBLEM_TYPE);
    expect(reply.headers['Cache-Control']).toBe('no-store');
    expect(body).toMatchObject({ type: 'about:blank', title, status, code, requestId: REQUEST_ID });
    expect(body.detail).toEqual(expect.stringMatching(/^[A-Z][^\n]*[.]$/));
  });

  it.each([
    ['a 400', { kind: 'rejected', reason: 'malformed_json', rateLimit: STATUS }, []],
    ['a 422', { kind: 'invalid', errors: ERRORS, rateLimit: STATUS }, ['errors']],
    ['a 429', { kind: 'rate_limited', rateLimit: { ...STATUS, remaining: 0 } }, ['scope']],
    ['a 503', { kind: 'unavailable', dependency: 'inquiry_store', errorName: 'InternalServerError' }, []],
  ] as const)('gives %s only the standard members and %j', (_case, outcome, extensions) => {
    expect(Object.keys(bodyOf(outcome)).sort()).toEqual(
      ['type', 'title', 'status', 'detail', 'code', 'requestId', ...extensions].sort(),
    );
  });

  it('lists the validation errors as they came, field, code and message', () => {
    expect(bodyOf({ kind: 'invalid', errors: ERRORS, rateLimit: STATUS }).errors).toEqual(ERRORS);
  });
});

describe('contactReply: rate limit fields (docs/api.md §4)', () => {
  it.each([
    ['a 413', { kind: 'rejected', reason: 'payload_too_large', rateLimit: { scope: 'ip', remaining: 4, resetSeconds: 60 } }, '"ip";r=4;t=60'],
    ['a 415', { kind: 'rejected', reason: 'unsupported_media_type', rateLimit: { scope: 'ip', remaining: 3, resetSeconds: 1 } }, '"ip";r=3;t=1'],
    ['a 400', { kind: 'rejected', reason: 'malformed_json', rateLimit: { scope: 'ip', remaining: 0, resetSeconds: 3600 } }, '"ip";r=0;t=3600'],
    ['a 422', { kind: 'invalid', errors: ERRORS, rateLimit: { scope: 'ip', remaining: 2, resetSeconds: 59 } }, '"ip";r=2;t=59'],
    ['a 202', { kind: 'accepted', inquiryId: INQUIRY_ID, rateLimit: { scope: 'email', remaining: 0, resetSeconds: 5 }, heldFor: [] }, '"email";r=0;t=5'],
  ] as const)('carries RateLimit-Policy and RateLimit on %s', (_case, outcome, rateLimit) => {
    const reply = contactReply(outcome, REQUEST_ID, LIMITS);

    expect(reply.headers['RateLimit-Policy']).toBe(POLICY);
    expect(reply.headers.RateLimit).toBe(rateLimit);
    expect(reply.headers['Retry-After']).toBeUndefined();
  });

  it('publishes the configured limits in RateLimit-Policy', () => {
    const reply = contactReply({ kind: 'accepted', inquiryId: INQUIRY_ID, rateLimit: STATUS, heldFor: [] }, REQUEST_ID, { ip: 10, email: 4, windowSeconds: 3600 });

    expect(reply.headers['RateLimit-Policy']).toBe('"ip";q=10;w=3600, "email";q=4;w=3600');
  });

  it.each([
    ['ip', 1],
    ['ip', 3600],
    ['email', 754],
  ] as const)('answers 429 for scope %s with Retry-After %i, the scope, and r=0 for the refusing scope', (scope, seconds) => {
    const reply = contactReply({ kind: 'rate_limited', rateLimit: { scope, remaining: 0, resetSeconds: seconds } }, REQUEST_ID, LIMITS);

    expect(reply.statusCode).toBe(429);
    expect(reply.headers['Retry-After']).toBe(String(seconds));
    expect(reply.headers.RateLimit).toBe(`"${scope}";r=0;t=${seconds}`);
    expect(reply.headers['RateLimit-Policy']).toBe(POLICY);
    expect(JSON.parse(reply.body ?? '')).toMatchObject({ scope, status: 429 });
  });

  it.each([['counter_store'], ['inquiry_store']] as const)(
    'answers 503 (%s) with Retry-After from 1 to 300 and no RateLimit fields',
    (dependency) => {
      const reply = contactReply({ kind: 'unavailable', dependency, errorName: 'ThrottlingException' }, REQUEST_ID, LIMITS);
      const retryAfter = Number(reply.headers['Retry-After']);

      expect(reply.statusCode).toBe(503);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(reply.headers).not.toHaveProperty('RateLimit');
      expect(reply.headers).not.toHaveProperty('RateLimit-Policy');
    },
  );

  it.each([
    ['counter_store', 'counter_store_failed'],
    ['inquiry_store', 'inquiry_store_failed'],
  ] as const)('logs a 503 of the %s as %s, with the error’s name', (dependency, outcome) => {
    expect(contactReply({ kind: 'unavailable', dependency, errorName: 'InternalServerError' }, REQUEST_ID, LIMITS)).toMatchObject({
      outcome,
      errorName: 'InternalServerError',
    });
  });

  it('keeps the AWS error name out of a 503 body', () => {
    const reply = contactReply({ kind: 'unavailable', dependency: 'inquiry_store', errorName: 'ProvisionedThroughputExceededException' }, REQUEST_ID, LIMITS);

    expect(reply.body).not.toContain('ProvisionedThroughput');
  });
});
