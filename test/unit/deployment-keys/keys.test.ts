import { describe, expect, it } from '@jest/globals';
import { keyedRateKeys } from '../../../lambdas/intake/client-keys.js';
import {
  firstDeploymentKeys,
  newKeyValue,
  parseDeploymentKeys,
  PREVIOUS_ORIGIN_VERIFY_SECONDS,
  rotateDeploymentKeys,
  type DeploymentKeys,
} from '../../../lambdas/deployment-keys/keys.js';
import { originValueDigest, readOriginVerifier } from '../../../lambdas/http/origin-verify.js';
import { formTokens } from '../../../lambdas/inquiry/form-token.js';

/* The deployment's keys (docs/api.md §10): each value on its own, so that one leaked gives away none of the others. */

const SEED = 'TheValueSecretsManagerGeneratedAtTheFirstDeploy1';
const BASE_URL = 'https://example.com';
const FIRST = firstDeploymentKeys(SEED);
const ROTATED_AT = new Date('2026-12-01T10:00:00.000Z');
const AT_ROTATION = { now: ROTATED_AT, previousSeconds: PREVIOUS_ORIGIN_VERIFY_SECONDS };
const windowEnd = ROTATED_AT.getTime() + PREVIOUS_ORIGIN_VERIFY_SECONDS * 1000;

/** What a function accepts, from the digests the stack gives it. */
const functionsOf = (keys: DeploymentKeys) => readOriginVerifier({ ORIGIN_VERIFY_DIGESTS: keys.originVerifyDigests })!;

describe('the first keys', () => {
  it('keep the value the secret was created with as the header, so that a stack made before keeps answering while it updates', () => {
    expect(FIRST.originVerify).toBe(SEED);
    expect(functionsOf(FIRST).accepts(SEED)).toBe(true);
  });

  it('are five values, the four secret ones each of 256 random bits and all different', () => {
    const values = [FIRST.originVerify, FIRST.originVerifyNext, FIRST.counterKey, FIRST.formTokenKey];
    expect(new Set(values).size).toBe(4);
    for (const value of values.slice(1)) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newKeyValue()).not.toBe(newKeyValue());
  });

  it('give the functions the digests of the current and the next header, never a value that passes the front door', () => {
    expect(FIRST.originVerifyDigests).toBe(`${originValueDigest(SEED)} ${originValueDigest(FIRST.originVerifyNext)}`);
    for (const value of [FIRST.originVerify, FIRST.originVerifyNext, FIRST.counterKey, FIRST.formTokenKey]) {
      expect(FIRST.originVerifyDigests).not.toContain(value);
    }
    expect(functionsOf(FIRST).accepts(originValueDigest(SEED))).toBe(false);
  });
});

describe('the header value, whoever learns it (docs/api.md §10)', () => {
  const header = FIRST.originVerify;
  const tokens = formTokens(FIRST.formTokenKey, BASE_URL);
  const counters = keyedRateKeys(FIRST.counterKey);

  it('mints no form token the deployment reads as its own', () => {
    const minted = formTokens(header, BASE_URL).issue(new Date(Date.now() - 60_000));
    expect(tokens.read(minted, new Date())).toEqual({ kind: 'forged' });
  });

  it('reproduces no counter key: neither of an address, nor of an e-mail address, nor of a text', () => {
    const guessed = keyedRateKeys(header);
    expect(guessed.ip('198.51.100.10')).not.toBe(counters.ip('198.51.100.10'));
    expect(guessed.email('ada@example.com')).not.toBe(counters.email('ada@example.com'));
    expect(guessed.text('An analytical engine, please.')).not.toBe(counters.text('An analytical engine, please.'));
  });

  it('is not derived from either key, nor they from it: a rotation of the header leaves both as they were', () => {
    const rotated = rotateDeploymentKeys(FIRST, ['originVerify'], AT_ROTATION);
    expect(rotated.counterKey).toBe(FIRST.counterKey);
    expect(rotated.formTokenKey).toBe(FIRST.formTokenKey);
  });
});

describe('a rotation of the header', () => {
  const rotated = rotateDeploymentKeys(FIRST, ['originVerify'], AT_ROTATION);
  const functions = functionsOf(rotated);

  it('sends the value the functions already accepted as the next one, and makes a new next one', () => {
    expect(rotated.originVerify).toBe(FIRST.originVerifyNext);
    expect(functionsOf(FIRST).accepts(rotated.originVerify)).toBe(true);
    expect(rotated.originVerifyNext).not.toBe(FIRST.originVerifyNext);
    expect(rotated.originVerifyNext).not.toBe(FIRST.originVerify);
  });

  it('accepts the previous value for the window it is given from the rotation, to the millisecond, and never after', () => {
    expect(functions.accepts(FIRST.originVerify, ROTATED_AT.getTime())).toBe(true);
    expect(functions.accepts(FIRST.originVerify, windowEnd - 1)).toBe(true);
    expect(functions.accepts(FIRST.originVerify, windowEnd)).toBe(false);
    expect(functions.accepts(rotated.originVerify, windowEnd)).toBe(true);
    expect(functions.accepts(rotated.originVerifyNext, windowEnd)).toBe(true);
  });

  it('with a window of 0, refuses the previous value from the rotation on', () => {
    const atOnce = rotateDeploymentKeys(FIRST, ['originVerify'], { now: ROTATED_AT, previousSeconds: 0 });
    expect(functionsOf(atOnce).accepts(FIRST.originVerify, ROTATED_AT.getTime() - 1)).toBe(true);
    expect(functionsOf(atOnce).accepts(FIRST.originVerify, ROTATED_AT.getTime())).toBe(false);
  });

  it('a second time, drops the value two rotations old at once: a leaked value is gone after rotating twice', () => {
    const twice = rotateDeploymentKeys(rotated, ['originVerify'], { ...AT_ROTATION, now: new Date(ROTATED_AT.getTime() + 60_000) });
    expect(functionsOf(twice).accepts(FIRST.originVerify, ROTATED_AT.getTime() + 60_000)).toBe(false);
    expect(functionsOf(twice).accepts(rotated.originVerify, ROTATED_AT.getTime() + 60_000)).toBe(true);
  });
});

describe('a rotation of a key', () => {
  it.each([
    ['counterKey', 'formTokenKey'],
    ['formTokenKey', 'counterKey'],
  ] as const)('of %s replaces it alone, the header and its window included', (rotatedKey, kept) => {
    const header = rotateDeploymentKeys(FIRST, ['originVerify'], AT_ROTATION);
    const after = rotateDeploymentKeys(header, [rotatedKey], { ...AT_ROTATION, now: new Date(ROTATED_AT.getTime() + 1000) });

    expect(after[rotatedKey]).not.toBe(header[rotatedKey]);
    expect(after[kept]).toBe(header[kept]);
    expect(after.originVerify).toBe(header.originVerify);
    expect(after.originVerifyNext).toBe(header.originVerifyNext);
    expect(after.originVerifyDigests).toBe(header.originVerifyDigests);
  });
});

describe('parseDeploymentKeys', () => {
  it('reads the keys a version holds', () => {
    expect(parseDeploymentKeys(JSON.stringify(FIRST))).toEqual(FIRST);
  });

  it.each([
    ['the single value a secret is created with', SEED],
    ['JSON of another shape', '{"password":"x"}'],
    ['a field left empty', JSON.stringify({ ...FIRST, counterKey: '' })],
    ['a field of another type', JSON.stringify({ ...FIRST, formTokenKey: 7 })],
    ['null', 'null'],
  ])('is nothing for %s', (_title, text) => {
    expect(parseDeploymentKeys(text)).toBeUndefined();
  });

  it('refuses, at deploy, digests no function could read', () => {
    expect(() => parseDeploymentKeys(JSON.stringify({ ...FIRST, originVerifyDigests: 'not digests' }))).toThrow(/ORIGIN_VERIFY_DIGESTS must list/);
  });
});
