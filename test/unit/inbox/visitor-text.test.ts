import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { lineColumns, mailText, quotedLines, terminalText, textLines, wrappedLine } from '../../../lambdas/inbox/visitor-text.js';

/* A visitor's text as the owner reads it (docs/api.md §2, §14): lines, escapes, quoting. */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** The characters of a line that take a column: its grapheme clusters, but the invisible format characters. */
const visibleLength = (line: string) => [...graphemes.segment(line)].filter(({ segment }) => !/^\p{Cf}+$/u.test(segment)).length;
const anything = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 400 }));

/** The flag of England: a black flag, the tag characters of `gbeng`, and a cancel tag (an RGI emoji tag sequence). */
const ENGLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
/** `Ign` in tag characters: text that shows nothing. */
const TAGGED_ASCII = '\u{E0049}\u{E0067}\u{E006E}';
/** Format characters that text needs: ZWNJ in a Persian word, ZWJ in a family emoji, the tags of two flags. */
const KEPT_FORMAT = `می\u200Cخواهم 👩\u200D👩\u200D👧 ${ENGLAND} \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}`;
/** Every flag emoji made of tag characters, which the property checks leave aside. */
const FLAGS = new RegExp(String.raw`\p{RGI_Emoji_Tag_Sequence}`, 'gv');
/**
 * What a terminal line never holds: controls, lone surrogates, separators, and what shows nothing:
 * format characters but ZWNJ and ZWJ, and unassigned default-ignorable code points.
 */
const NOT_ON_A_TERMINAL = new RegExp(String.raw`[[\p{Cc}\p{Cs}\p{Cf}\u2028\u2029[\p{Default_Ignorable_Code_Point}&&\p{Cn}]]--[\u200C\u200D]]`, 'v');
/** What a mail line never holds: the same but the bidi controls. */
const NOT_IN_A_MAIL = new RegExp(`[${NOT_ON_A_TERMINAL.source.slice(1, -1)}--\\p{Bidi_Control}]`, 'v');

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

  it('shows every format character as an escape, but ZWNJ, ZWJ and the tag characters of a flag', () => {
    expect(terminalText(`x${TAGGED_ASCII}y`)).toBe('x\\u{E0049}\\u{E0067}\\u{E006E}y');
    // Tags, the language tag, and unassigned code points of the block, which show as nothing too; past it, as tofu.
    expect(terminalText('\u{E0000}\u{E0001}\u{E007F}\u{E0080}\u2065\u{E1000}')).toBe('\\u{E0000}\\u{E0001}\\u{E007F}\\u{E0080}\\u2065\u{E1000}');
    expect(terminalText('a\u200Bb\u2060c\uFEFFd\u00ADe\u180Ef\u{1D173}')).toBe('a\\u200Bb\\u2060c\\uFEFFd\\u00ADe\\u180Ef\\u{1D173}');
    expect(terminalText(KEPT_FORMAT)).toBe(KEPT_FORMAT);
    // Tag characters a flag is not made of are escaped, after a flag too.
    expect(terminalText(`${ENGLAND}\u{E0041}`)).toBe(`${ENGLAND}\\u{E0041}`);
    expect(terminalText('\u{1F3F4}\u{E0041}\u{E007F}')).toBe('\u{1F3F4}\\u{E0041}\\u{E007F}');
  });

  it('leaves no control for a terminal to act on, nor an invisible character but those text needs, whatever it is given', () => {
    fc.assert(
      fc.property(anything, (text) => {
        expect(terminalText(text).replaceAll(FLAGS, '')).not.toMatch(NOT_ON_A_TERMINAL);
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

  it('shows every format character but the bidi controls, ZWNJ, ZWJ and a flag’s tags as an escape, as on a terminal', () => {
    expect(mailText(`x${TAGGED_ASCII}y\u200B\uFEFF`)).toBe('x\\u{E0049}\\u{E0067}\\u{E006E}y\\u200B\\uFEFF');
    expect(mailText(KEPT_FORMAT)).toBe(KEPT_FORMAT);
    expect(mailText(`${ENGLAND}\u{E0041}`)).toBe(`${ENGLAND}\\u{E0041}`);
  });

  it('leaves no control and no invisible character but those text needs, whatever it is given', () => {
    fc.assert(
      fc.property(anything, (text) => {
        expect(mailText(text).replaceAll(FLAGS, '')).not.toMatch(NOT_IN_A_MAIL);
      }),
      { numRuns: 500 },
    );
  });
});

describe('wrappedLine', () => {
  it('cuts after the last space that fits, at the width when there is none, never inside a character', () => {
    expect(wrappedLine('aaa bbb ccc', 8)).toEqual(['aaa bbb ', 'ccc']);
    expect(wrappedLine('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrappedLine('👩‍👩‍👧‍👦'.repeat(5), 4)).toEqual(['👩‍👩‍👧‍👦👩‍👩‍👧‍👦', '👩‍👩‍👧‍👦👩‍👩‍👧‍👦', '👩‍👩‍👧‍👦']);
    expect(wrappedLine('', 4)).toEqual(['']);
  });

  it('never starts a line with the punctuation that closes a French sentence, nor cuts at a no-break space', () => {
    expect(wrappedLine('aaa bbb ? ccc', 8)).toEqual(['aaa ', 'bbb ? ', 'ccc']);
    expect(wrappedLine('aaa bbb ! ccc', 8)).toEqual(['aaa ', 'bbb ! ', 'ccc']);
    expect(wrappedLine('aaa bbb » ccc', 8)).toEqual(['aaa ', 'bbb » ', 'ccc']);
    expect(wrappedLine('aaa bbb\u202f? ccc', 8)).toEqual(['aaa ', 'bbb\u202f? ', 'ccc']);
    expect(wrappedLine('aaa bbb\u00a0: ccc', 8)).toEqual(['aaa ', 'bbb\u00a0: ', 'ccc']);
    // Without a space it may be cut at, the width still holds.
    expect(wrappedLine('aaaaaaa ?', 8)).toEqual(['aaaaaaa ', '?']);
    // A cut at an earlier space leaves the rest to be cut again, a character of no width before it (the review's case).
    const pieces = wrappedLine(`\u200f ${'a'.repeat(73)} ?中`, 76);
    expect(pieces.join('')).toBe(`\u200f ${'a'.repeat(73)} ?中`);
    for (const piece of pieces) expect(lineColumns(piece)).toBeLessThanOrEqual(76);
  });

  it('counts a wide character as two columns', () => {
    expect(wrappedLine('中文中文中', 4)).toEqual(['中文', '中文', '中']);
  });

  it('gives pieces that join into the line, each at most the width', () => {
    // Text dense in what the cuts turn on: spaces, no-break ones, closing punctuation, wide and zero-width characters.
    const breaks = fc.array(fc.constantFrom('a', 'bbbbbbbb', ' ', ' ', '?', ':', '»', '\u00a0', '\u202f', '\u200f', '中'), { maxLength: 200 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(anything, breaks), fc.integer({ min: 2, max: 24 }), (line, width) => {
        const pieces = wrappedLine(line, width);
        expect(pieces.join('')).toBe(line);
        for (const piece of pieces) expect(lineColumns(piece)).toBeLessThanOrEqual(width);
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
