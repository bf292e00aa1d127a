import { IDEMPOTENCY_KEY_PATTERN } from '../../lambdas/inquiry/idempotency-key.js';
import { RATE_LIMIT_FIELD_PATTERN } from '../../lambdas/inquiry/limits.js';
import {
  EMAIL_PATTERN,
  NO_CONTROL_PATTERN,
  NOT_BLANK_PATTERN,
  ONE_LINE_PATTERN,
  OPTIONAL_URL_PATTERN,
  TEXT_PATTERN,
} from '../../lambdas/inquiry/patterns.js';

/** One way to probe a pattern: each swept code point in turn, between `before` and `after`. */
export interface PatternSweep {
  readonly pattern: string;
  readonly before: string;
  readonly after: string;
}

/** A pattern's verdicts over the swept code points, in a few numbers: the first verdict, and the code points where it flips. */
export interface SweepVerdicts {
  readonly first: boolean;
  readonly flipsAt: readonly number[];
}

/**
 * The code points a sweep tries: every one of the BMP, where every range of the patterns lies,
 * and every surrogate; then every 257th astral one from U+10000, and U+10FFFF. No pattern names an
 * astral range, and the constructs that would set astral code points apart (Python's wider `\d`
 * or `\w`, say) are outside the subset, which patterns.test.ts checks.
 * test/interop/read_with_python.py tries the same ones.
 */
export const SWEPT_CODE_POINTS: readonly number[] = [
  ...Array.from({ length: 0x10000 }, (_, codePoint) => codePoint),
  ...Array.from({ length: Math.ceil((0x10ffff - 0x10000) / 257) }, (_, index) => 0x10000 + index * 257),
  0x10ffff,
];

/** For each pattern, the frames where one code point decides its verdict: at a value's start, end or middle. */
const FRAMES: ReadonlyArray<readonly [pattern: string, frames: ReadonlyArray<readonly [before: string, after: string]>]> = [
  [NOT_BLANK_PATTERN, [['', '']]],
  [
    NO_CONTROL_PATTERN,
    [
      ['', 'a'],
      ['a', ''],
      // Beside half an emoji, which only its other half pairs with.
      ['\uD83D', ''],
      ['', '\uDE00'],
    ],
  ],
  [
    ONE_LINE_PATTERN,
    [
      ['', 'a'],
      ['a', ''],
      ['a', '?'],
    ],
  ],
  [
    TEXT_PATTERN,
    [
      ['', 'a'],
      ['a', ''],
    ],
  ],
  [
    OPTIONAL_URL_PATTERN,
    [
      ['https://a', 'b/'],
      ['https://a/', ''],
    ],
  ],
  [
    EMAIL_PATTERN,
    [
      ['a', 'b@x.com'],
      ['a@b', 'c.com'],
      ['a@b.com', ''],
      // Either half of `=?`, which starts an encoded word.
      ['a=', 'b@x.com'],
      ['a', '?b@x.com'],
    ],
  ],
  [
    IDEMPOTENCY_KEY_PATTERN,
    [
      ['a', ''],
      ['"', '"'],
    ],
  ],
  [
    RATE_LIMIT_FIELD_PATTERN,
    [
      ['"ip";r=', ';t=1'],
      ['"ip";r=1;t=1', ''],
    ],
  ],
];

/** Every published pattern and its sweeps; the interop test fails on a published pattern missing here. */
export const PATTERN_SWEEPS: ReadonlyMap<string, readonly PatternSweep[]> = new Map(
  FRAMES.map(([pattern, frames]) => [pattern, frames.map(([before, after]) => ({ pattern, before, after }))]),
);

/** The text a sweep tries for one code point: a lone surrogate is one UTF-16 code unit. */
export function sweptText({ before, after }: PatternSweep, codePoint: number): string {
  return `${before}${String.fromCodePoint(codePoint)}${after}`;
}

/** What `matches` says of each swept text. */
export function sweepVerdicts(matches: (text: string) => boolean, sweep: PatternSweep): SweepVerdicts {
  const verdicts = SWEPT_CODE_POINTS.map((codePoint) => matches(sweptText(sweep, codePoint)));
  const flipsAt = SWEPT_CODE_POINTS.filter((_, index) => index > 0 && verdicts[index] !== verdicts[index - 1]);
  return { first: verdicts[0]!, flipsAt };
}
