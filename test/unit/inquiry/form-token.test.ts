import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { FORM_TOKEN_MAX_AGE_SECONDS, formTokens, tokenToServeAgain } from '../../../lambdas/inquiry/form-token.js';

/* The form's token (docs/api.md §15): when the form was shown, signed under the deployment's secret. */

const SECRET = 'a-test-secret-of-at-least-32-characters';
const BASE_URL = 'https://example.com';
const tokens = formTokens(SECRET, BASE_URL);
const SHOWN = new Date('2030-01-01T12:00:00.000Z');
const after = (seconds: number) => new Date(SHOWN.getTime() + seconds * 1000);

describe('a token this deployment issued', () => {
  const token = tokens.issue(SHOWN);

  it('reads as valid, with the time since the form was shown, to the millisecond', () => {
    expect(tokens.read(token, SHOWN)).toEqual({ kind: 'valid', ageSeconds: 0 });
    expect(tokens.read(token, after(2.999))).toEqual({ kind: 'valid', ageSeconds: 2.999 });
    expect(tokens.read(token, after(3))).toEqual({ kind: 'valid', ageSeconds: 3 });
  });

  it('holds up to 24 hours, and is expired a second later', () => {
    expect(tokens.read(token, after(FORM_TOKEN_MAX_AGE_SECONDS))).toEqual({ kind: 'valid', ageSeconds: FORM_TOKEN_MAX_AGE_SECONDS });
    expect(tokens.read(token, after(FORM_TOKEN_MAX_AGE_SECONDS + 0.001))).toEqual({ kind: 'expired', ageSeconds: FORM_TOKEN_MAX_AGE_SECONDS + 0.001 });
  });

  it('reads as shown just now when a clock behind the issuer’s reads it', () => {
    expect(tokens.read(token, after(-2))).toEqual({ kind: 'valid', ageSeconds: 0 });
  });

  it('holds no visitor data: the time in epoch milliseconds and a MAC', () => {
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    expect(token.split('.')[0]).toBe(String(SHOWN.getTime()));
  });
});

describe('a token that is not this deployment’s', () => {
  const token = tokens.issue(SHOWN);
  const [seconds = '', mac = ''] = token.split('.');

  it('is missing when none was posted', () => {
    expect(tokens.read(undefined, SHOWN)).toEqual({ kind: 'missing' });
    expect(tokens.read('', SHOWN)).toEqual({ kind: 'missing' });
  });

  it('is forged with its time moved, earlier or to a far future, under the same MAC', () => {
    expect(tokens.read(`${Number(seconds) - 60_000}.${mac}`, after(1))).toEqual({ kind: 'forged' });
    expect(tokens.read(`${Number(seconds) + 86_400_000 * 365}.${mac}`, after(86_400 * 365 + 10))).toEqual({ kind: 'forged' });
  });

  it('is forged when issued by another deployment: another secret, or another origin under the same one', () => {
    expect(tokens.read(formTokens(`${SECRET}-other`, BASE_URL).issue(SHOWN), after(10))).toEqual({ kind: 'forged' });
    expect(tokens.read(formTokens(SECRET, 'https://other.example').issue(SHOWN), after(10))).toEqual({ kind: 'forged' });
  });

  it('is forged when signed with the secret itself rather than the key derived from it', () => {
    const naive = createHmac('sha256', SECRET).update(seconds).digest().subarray(0, 16).toString('base64url');
    expect(tokens.read(`${seconds}.${naive}`, after(10))).toEqual({ kind: 'forged' });
  });

  it('is forged in another spelling of the same MAC bytes (base64url’s unused last bits)', () => {
    const last = mac.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[(alphabet.indexOf(last) & ~0b1111) | ((alphabet.indexOf(last) + 1) & 0b1111)] ?? last;
    expect(Buffer.from(`${mac.slice(0, -1)}${twin}`, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(tokens.read(`${seconds}.${mac.slice(0, -1)}${twin}`, after(10))).toEqual({ kind: 'forged' });
  });

  it('is forged whatever else is posted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (posted) => {
        fc.pre(posted !== '' && posted !== token);
        expect(tokens.read(posted, after(10)).kind).toBe('forged');
      }),
    );
  });
});

describe('tokenToServeAgain: the token of a form served again after a refused post', () => {
  it('keeps a valid posted token, so that the visitor’s time counts from the first showing', () => {
    const posted = tokens.issue(SHOWN);
    expect(tokenToServeAgain(tokens, posted, after(5))).toBe(posted);
  });

  it('gives a fresh one for a missing, forged or expired token', () => {
    const fresh = tokens.issue(after(FORM_TOKEN_MAX_AGE_SECONDS + 1));
    expect(tokenToServeAgain(tokens, undefined, after(FORM_TOKEN_MAX_AGE_SECONDS + 1))).toBe(fresh);
    expect(tokenToServeAgain(tokens, 'forged', after(FORM_TOKEN_MAX_AGE_SECONDS + 1))).toBe(fresh);
    expect(tokenToServeAgain(tokens, tokens.issue(SHOWN), after(FORM_TOKEN_MAX_AGE_SECONDS + 1))).toBe(fresh);
  });
});
