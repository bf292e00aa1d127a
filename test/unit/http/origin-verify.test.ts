import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../../lambdas/config.js';
import {
  formatAcceptedOriginValues,
  originValueDigest,
  originVerifier,
  parseAcceptedOriginValues,
  readOriginVerifier,
} from '../../../lambdas/http/origin-verify.js';
import { configErrorOf } from '../../support/config-error.js';

/* What a function accepts as X-Origin-Verify (docs/api.md §10): digests only, a retired value until its time. */

const CURRENT = 'the-value-the-front-door-sends-now-0123456789';
const NEXT = 'the-value-it-will-send-after-the-next-rotation';
const PREVIOUS = 'the-value-it-sent-before-the-last-rotation-01';
const ROTATED_AT = Date.parse('2026-12-01T10:00:00.000Z');
const UNTIL = new Date(ROTATED_AT + 3_600_000);

const verifier = originVerifier(
  parseAcceptedOriginValues(
    formatAcceptedOriginValues([
      { digestHex: originValueDigest(CURRENT) },
      { digestHex: originValueDigest(NEXT) },
      { digestHex: originValueDigest(PREVIOUS), until: UNTIL },
    ]),
  ),
);

describe('the front door’s header, as the functions check it', () => {
  it.each([
    ['the current value', CURRENT],
    ['the next value, before any edge sends it', NEXT],
  ])('accepts %s at any time', (_title, value) => {
    expect(verifier.accepts(value, ROTATED_AT)).toBe(true);
    expect(verifier.accepts(value, UNTIL.getTime() + 86_400_000)).toBe(true);
  });

  it('accepts the previous value up to the last millisecond of its window, and refuses it from its end on', () => {
    expect(verifier.accepts(PREVIOUS, ROTATED_AT)).toBe(true);
    expect(verifier.accepts(PREVIOUS, UNTIL.getTime() - 1)).toBe(true);
    expect(verifier.accepts(PREVIOUS, UNTIL.getTime())).toBe(false);
    expect(verifier.accepts(PREVIOUS, UNTIL.getTime() + 1)).toBe(false);
  });

  it.each([
    ['no header', undefined],
    ['an empty one', ''],
    ['another case', CURRENT.toUpperCase()],
    ['a prefix', CURRENT.slice(0, -1)],
    ['a byte more', `${CURRENT}x`],
    ['the digest itself, which is all a function holds', originValueDigest(CURRENT)],
  ])('refuses %s', (_title, value) => {
    expect(verifier.accepts(value, ROTATED_AT)).toBe(false);
  });
});

describe('ORIGIN_VERIFY_DIGESTS', () => {
  it('is the digests separated by spaces, a retired one with the time it is refused from', () => {
    const text = formatAcceptedOriginValues([{ digestHex: originValueDigest(CURRENT) }, { digestHex: originValueDigest(PREVIOUS), until: UNTIL }]);

    expect(text).toBe(`${originValueDigest(CURRENT)} ${originValueDigest(PREVIOUS)}@2026-12-01T11:00:00.000Z`);
    expect(parseAcceptedOriginValues(text)).toEqual([
      { digest: Buffer.from(originValueDigest(CURRENT), 'hex') },
      { digest: Buffer.from(originValueDigest(PREVIOUS), 'hex'), untilMs: UNTIL.getTime() },
    ]);
  });

  it.each([
    ['empty', ''],
    ['a value rather than its digest', CURRENT],
    ['an upper-case digest', originValueDigest(CURRENT).toUpperCase()],
    ['a short digest', originValueDigest(CURRENT).slice(1)],
    ['two spaces', `${originValueDigest(CURRENT)}  ${originValueDigest(NEXT)}`],
    ['a time that is not UTC ISO 8601', `${originValueDigest(CURRENT)}@2026-12-01 11:00`],
  ])('stops a function’s start when %s, with one line that shows no value', (_title, text) => {
    const error = configErrorOf(() => parseAcceptedOriginValues(text));

    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^ORIGIN_VERIFY_DIGESTS must list SHA-256 digests/);
    expect(error.message).not.toContain(CURRENT);
  });

  it('is no front door when unset or empty: functions then trust the platform’s address', () => {
    expect(readOriginVerifier({})).toBeUndefined();
    expect(readOriginVerifier({ ORIGIN_VERIFY_DIGESTS: '' })).toBeUndefined();
    expect(readOriginVerifier({ ORIGIN_VERIFY_DIGESTS: originValueDigest(CURRENT) })?.accepts(CURRENT)).toBe(true);
    expect(() => readOriginVerifier({ ORIGIN_VERIFY_DIGESTS: CURRENT })).toThrow(ConfigError);
  });

  it('refuses to write what is not a digest', () => {
    expect(() => formatAcceptedOriginValues([{ digestHex: CURRENT }])).toThrow('an accepted origin value is a SHA-256 in lower-case hexadecimal');
  });
});
