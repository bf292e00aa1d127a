import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mailText, quotedLines, terminalText, textLines, wrappedLine } from '../../../lambdas/inbox/visitor-text.js';

/* A visitor's text as the owner reads it (docs/api.md §2, §14): lines, escapes, quoting. */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** The characters of a line that take a column: its grapheme clusters, but the invisible format characters. */
const visibleLength = (line: string) => [...graphemes.segment(line)].filter(({ segment }) => !/^\p{Cf}+$/u.test(segment)).length;
const anything = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 400 }));

describe('textLines', () => {
  it('splits at every mandatory line break of Unicode, CR LF as one', () => {
    expect(textLines('a\r\nb\rc\nd\ve\ff\u0085g\u2028h\u2029i')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    expect(textLines('\r\n\r')).toEqual(['', '', '']);
  });
});

describe('terminalText', () => {
  it('shows every C0 and C1 control, DEL, bidi control and line separator as an escape, a tab as spaces to the next stop', () => {
    expect(terminalText('\u001b[31mred\u0007')).toBe('\\u001B[31mred\\u0007');
    expect(terminalText('\u009b2J \u007f \u0000')).toBe('\\u009B2J \\u007F \\u0000');
    expect(terminalText('\u202Eevil\u2066\u200F\u061C')).toBe('\\u202Eevil\\u2066\\u200F\\u061C');
    expect(terminalText('a\rb\nc\u2028d')).toBe('a\\u000Db\\u000Ac\\u2028d');
    expect(terminalText('ab\tc')).toBe('ab      c');
    expect(terminalText('\uD800 alone')).toBe('\\uD800 alone');
  });

  it('leaves no control for a terminal to act on, whatever it is given', () => {
    fc.assert(
      fc.property(anything, (text) => {
        expect(terminalText(text)).not.toMatch(/[\p{Cc}\p{Cs}\p{Bidi_Control}\u2028\u2029]/u);
      }),
      { numRuns: 500 },
    );
  });
});

describe('mailText', () => {
  it('shows the combining marks past the eighth on one character as escapes, and keeps those of written scripts', () => {
    expect(mailText(`a${'\u0337'.repeat(12)}b`)).toBe(`a${'\u0337'.repeat(8)}${'\\u0337'.repeat(4)}b`);
    expect(mailText('tiếng Việt, בְּרֵאשִׁ֖ית')).toBe('tiếng Việt, בְּרֵאשִׁ֖ית');
  });

  it('shows controls as escapes, a tab as spaces, and keeps bidi controls, which end with their line', () => {
    expect(mailText('\u001b[31m\u0085\u2028 \u202Etxet\t!')).toBe('\\u001B[31m\\u0085\\u2028 \u202Etxet     !');
  });
});

describe('wrappedLine', () => {
  it('cuts after the last space that fits, at the width when there is none, never inside a character', () => {
    expect(wrappedLine('aaa bbb ccc', 8)).toEqual(['aaa bbb ', 'ccc']);
    expect(wrappedLine('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrappedLine('👩‍👩‍👧‍👦'.repeat(5), 4)).toEqual(['👩‍👩‍👧‍👦👩‍👩‍👧‍👦', '👩‍👩‍👧‍👦👩‍👩‍👧‍👦', '👩‍👩‍👧‍👦']);
    expect(wrappedLine('', 4)).toEqual(['']);
  });

  it('counts a wide character as two columns', () => {
    expect(wrappedLine('中文中文中', 4)).toEqual(['中文', '中文', '中']);
  });

  it('gives pieces that join into the line, each at most the width', () => {
    fc.assert(
      fc.property(anything, fc.integer({ min: 2, max: 80 }), (line, width) => {
        const pieces = wrappedLine(line, width);
        expect(pieces.join('')).toBe(line);
        for (const piece of pieces) expect(visibleLength(piece)).toBeLessThanOrEqual(width);
      }),
      { numRuns: 500 },
    );
  });
});

describe('quotedLines', () => {
  it('marks every line it makes as the visitor’s, at most the width, and loses no visible text', () => {
    fc.assert(
      fc.property(anything, (text) => {
        const lines = quotedLines(text, { width: 40, visible: mailText });
        for (const line of lines) {
          expect(line === '>' || line.startsWith('> ')).toBe(true);
          expect(visibleLength(line)).toBeLessThanOrEqual(40);
          expect(line).not.toMatch(/[\n\r\u2028\u2029\u0085\v\f]/u);
        }
        expect(lines.map((line) => line.slice(2)).join('')).toBe(textLines(text).map(mailText).join(''));
      }),
      { numRuns: 500 },
    );
  });
});
