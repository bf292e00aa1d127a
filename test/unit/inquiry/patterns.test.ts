import { describe, expect, it } from '@jest/globals';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../lambdas/inquiry/idempotency-key.js';
import { RATE_LIMIT_FIELD_PATTERN } from '../../../lambdas/inquiry/limits.js';
import {
  EMAIL_PATTERN,
  END,
  NO_CONTROL_PATTERN,
  NOT_BLANK_PATTERN,
  ONE_LINE_PATTERN,
  OPTIONAL_URL_PATTERN,
  TEXT_PATTERN,
} from '../../../lambdas/inquiry/patterns.js';
import { PATTERN_SWEEPS, SWEPT_CODE_POINTS, sweptText, type PatternSweep } from '../../support/pattern-sweeps.js';

/*
 * docs/api.md §3: every published pattern means the same with the `u` flag, without it, and in
 * Python's `re` (test/interop checks Python), and what the rules first written with `\p{…}` meant.
 */

/** The patterns as first written, for the `u` flag only: what the portable ones must still mean. */
const AS_FIRST_WRITTEN = new Map([
  // Invisible characters and bidi controls and marks are blank since issue 39's attack review.
  [NOT_BLANK_PATTERN, '[^\\s\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2064\\u3164\\uFE00-\\uFE0F\\uFFA0\\u202A-\\u202E\\u2066-\\u2069\\u061C]'],
  [NO_CONTROL_PATTERN, '^[^\\p{Cc}\\p{Cs}]*$'],
  [ONE_LINE_PATTERN, '^[^\\p{Cc}\\p{Cs}\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029]*$'],
  [TEXT_PATTERN, '^(?:[^\\p{Cc}\\p{Cs}]|[\\t\\r\\n])*$'],
  [OPTIONAL_URL_PATTERN, '^(?:https?://[^\\s\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F/?#]+(?:[/?#][^\\s\\u202A-\\u202E\\u2066-\\u2069\\u061C\\u200E\\u200F]*)?)?$'],
  [
    EMAIL_PATTERN,
    "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$",
  ],
  [IDEMPOTENCY_KEY_PATTERN, '^(?:"(?:[ !#-\\[\\]-~]|\\\\["\\\\]){1,255}"|[!#-~](?:[ -~]{0,253}[!-~])?)$'],
  [RATE_LIMIT_FIELD_PATTERN, '^"(?:ip|email)";r=\\d+;t=\\d+$'],
]);

const SWEEPS = [...PATTERN_SWEEPS.values()].flat();
const title = ({ pattern, before, after }: PatternSweep) => `${pattern.slice(0, 40)}… between ${JSON.stringify(before)} and ${JSON.stringify(after)}`;

/** The swept code points on which two regular expressions disagree. */
function disagreements(one: RegExp, other: RegExp, sweep: PatternSweep): number[] {
  return SWEPT_CODE_POINTS.filter((codePoint) => {
    const text = sweptText(sweep, codePoint);
    return one.test(text) !== other.test(text);
  });
}

/** What in a pattern's source is outside the subset of lambdas/inquiry/patterns.ts, outside classes and in them. */
function outsideTheSubset(pattern: string): string[] {
  const found: string[] = [];
  const source = pattern.replaceAll(END, '');
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!;
    if (character === '\\') {
      const escaped = source[++index]!;
      if (/[pPsSdDwWbBkc]/.test(escaped)) found.push(`\\${escaped}`);
    } else if (inClass) {
      if (character === ']') inClass = false;
    } else if (character === '[') inClass = true;
    else if (character === '$' || character === '.') found.push(character);
    else if (source.startsWith('(?<', index)) found.push('(?<');
  }
  return found;
}

/**
 * The changes on purpose: `=?`, which starts an RFC 2047 encoded word, in one-line fields (issue
 * 29) and in an e-mail's local part; a sweep that puts its missing half beside the swept code
 * point disagrees with the first pattern there, and only there.
 */
function encodedWordStartIn({ pattern, before, after }: PatternSweep): number[] {
  if (pattern !== ONE_LINE_PATTERN && pattern !== EMAIL_PATTERN) return [];
  if (after.startsWith('?')) return [0x3d];
  if (before.endsWith('=') && pattern === EMAIL_PATTERN) return [0x3f];
  return [];
}

describe('every published pattern', () => {
  it('is one the sweeps probe', () => {
    expect([...PATTERN_SWEEPS.keys()].sort()).toEqual([...AS_FIRST_WRITTEN.keys()].sort());
  });

  it.each([...PATTERN_SWEEPS.keys()])('keeps to the subset: %s', (pattern) => {
    expect(outsideTheSubset(pattern)).toEqual([]);
  });

  it('is checked for the subset by a check that can fail', () => {
    expect(outsideTheSubset('^[^\\p{Cc}]\\S.x$')).toEqual(['\\p', '\\S', '.', '$']);
    expect(outsideTheSubset(`^[.$\\s](?<=a)${END}`)).toEqual(['\\s', '(?<']);
  });

  it.each(SWEEPS.map((sweep) => [title(sweep), sweep] as const))('means the same with and without the u flag: %s', (_title, sweep) => {
    expect(disagreements(new RegExp(sweep.pattern, 'u'), new RegExp(sweep.pattern), sweep)).toEqual([]);
  });

  it.each(SWEEPS.map((sweep) => [title(sweep), sweep] as const))('means what it meant when first written: %s', (_title, sweep) => {
    const firstWritten = new RegExp(AS_FIRST_WRITTEN.get(sweep.pattern)!, 'u');

    expect(disagreements(new RegExp(sweep.pattern, 'u'), firstWritten, sweep)).toEqual(encodedWordStartIn(sweep));
  });
});
