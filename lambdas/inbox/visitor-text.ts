/**
 * A visitor's text as the owner reads it, in a mail or on a terminal (docs/api.md §2, §14, §15):
 * whatever is stored, accepted under today's rules or older ones, none of it can act on the
 * reader's screen, and every line of it is marked as the visitor's, so that it cannot pass for a
 * line of the service.
 */
import type { InquiryText } from './inquiry-record.js';

/**
 * Every line break of Unicode's line breaking rules (UAX #14, its mandatory breaks): CR LF, LF,
 * CR alone, VT, FF, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. A mail client or a terminal may
 * start a new line at any of them, so each starts a new quoted line.
 */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/u;

/** The lines of a text, split at every kind of line break: no line holds one. */
export function textLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/**
 * What a visitor's text may not show the owner as it is, wherever the owner reads it: characters
 * that act on a screen instead of showing, C0 and C1 controls and DEL (`\p{Cc}`, a tab aside, which
 * becomes spaces), an unpaired surrogate (`\p{Cs}`) and the line and paragraph separators; and
 * characters that show nothing, and so can hide text or split a word unseen: format characters
 * (`\p{Cf}`: the tag characters U+E0020 to U+E007F, which spell out ASCII invisibly to any program
 * the owner pastes the text into, U+200B, U+2060, U+FEFF, U+00AD, the bidi controls and marks), and
 * the unassigned code points Unicode reserves to show as nothing (default ignorable: U+E0000,
 * U+E0080, U+2065, …), which a newer sender may already use. ZWNJ and ZWJ (U+200C, U+200D) stay:
 * Persian and Indic scripts and emoji sequences need them; so do the tag characters of a flag (the
 * RGI emoji tag sequences: England, Scotland, Wales). A `v`-flag class, written as a string:
 * TypeScript's target reads no `v` literal.
 */
const HIDDEN = String.raw`[\p{Cc}\p{Cs}\p{Cf}\u2028\u2029[\p{Default_Ignorable_Code_Point}&&\p{Cn}]]--[\t\u200C\u200D]`;

/** A flag emoji, kept whole ahead of the tag characters it is made of. */
const FLAG = String.raw`(\p{RGI_Emoji_Tag_Sequence})`;

/** On a terminal, every one of them, bidi controls included. */
const TERMINAL_CONTROLS = new RegExp(`${FLAG}|[${HIDDEN}]`, 'gv');
/**
 * In a mail, bidi controls stay: each line is a paragraph of its own for the bidi algorithm (a
 * line feed ends every embedding and override), so they reorder no more than their line, after its `> `.
 */
const MAIL_CONTROLS = new RegExp(`${FLAG}|[${HIDDEN}--\\p{Bidi_Control}]`, 'gv');

/** `\u001B`, `\u{E0041}`: a character as an escape that shows what it was and does nothing; a flag as it is. */
function escaped(character: string, flag: string | undefined): string {
  if (flag !== undefined) return flag;
  const codePoint = character.codePointAt(0) ?? 0;
  const hex = codePoint.toString(16).toUpperCase();
  return codePoint > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * East Asian wide and fullwidth characters and emoji, which take two columns of a terminal or a
 * monospaced mail (as wcwidth counts them; the blocks of UAX #11's Wide and Fullwidth classes).
 */
const WIDE =
  /^(?:[\u1100-\u115F\u231A\u231B\u2329\u232A\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE10-\uFE19\uFE30-\uFE6F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F000}-\u{1FAFF}\u{20000}-\u{3FFFD}]|\p{Extended_Pictographic})/u;

/** A character that takes no column: a format character alone (a bidi control, a zero-width space or joiner). */
const INVISIBLE = /^\p{Cf}+$/u;

/** How many columns a character (a grapheme cluster) takes: two when wide, none when invisible, one otherwise. */
function columns(character: string): number {
  return WIDE.test(character) ? 2 : INVISIBLE.test(character) ? 0 : 1;
}

/** How many columns a line takes in a terminal or a monospaced mail: what wrappedLine keeps within its width. */
export function lineColumns(line: string): number {
  return charactersColumns([...graphemes.segment(line)].map(({ segment }) => segment));
}

/** How many columns characters (grapheme clusters) take, side by side. */
function charactersColumns(characters: readonly string[]): number {
  return characters.reduce((sum, character) => sum + columns(character), 0);
}

const TAB_STOP = 8;

/** Tabs as the spaces up to the next tab stop, counted from the start of the line, as a terminal shows them. */
function expandedTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let column = 0;
  let expanded = '';
  for (const { segment } of graphemes.segment(line)) {
    const text = segment === '\t' ? ' '.repeat(TAB_STOP - (column % TAB_STOP)) : segment;
    column += segment === '\t' ? text.length : columns(segment);
    expanded += text;
  }
  return expanded;
}

/**
 * Combining marks past the eighth on one character: written scripts stack a few (Vietnamese two,
 * Hebrew with points and cantillation four or five); dozens ("Zalgo" text) paint over the lines
 * above and below, the service's among them.
 */
const PILED_MARKS = /(?<=\p{M}{8})\p{M}/gu;

/** One line of text for a terminal: tabs as spaces, every other control character, line break and format character (bidi controls included) as an escape. */
export function terminalText(text: string): string {
  return expandedTabs(text.replace(TERMINAL_CONTROLS, escaped));
}

/**
 * One line of text for a mail: tabs as spaces, every other control character, line break and
 * format character but the bidi controls as an escape, and so is every combining mark past the
 * eighth on a character.
 */
export function mailText(text: string): string {
  return expandedTabs(text.replace(MAIL_CONTROLS, escaped).replace(PILED_MARKS, (mark) => escaped(mark, undefined)));
}

/**
 * White space a line may be cut after (UAX #14): not a no-break space (U+00A0, U+2007, U+202F,
 * which French writes before `?` and `:` so that they stay with their word), nor one before a
 * character no line starts with.
 */
const BREAKING_SPACE = /^(?![\u00a0\u2007\u202f])\s$/u;

/** Punctuation that closes what comes before it, which UAX #14 forbids a line to start with (its CL, CP, EX, IS and closing QU). */
const NO_BREAK_BEFORE = /^[!?:;,.)\]}»›”’]/u;

/**
 * A line cut into pieces of at most `width` columns, each after the last breaking white space
 * that fits, or at `width` when a piece has none, never inside a character (a grapheme cluster):
 * joined again, the pieces are the line.
 */
export function wrappedLine(line: string, width: number): string[] {
  const characters = [...graphemes.segment(line)].map(({ segment }) => segment);
  const pieces: string[] = [];
  let piece: string[] = [];
  let used = 0;
  for (const character of characters) {
    const wide = columns(character);
    // Again while the rest and this character still do not fit: a cut at an earlier space may leave too much.
    while (used + wide > width && piece.length > 0) {
      // The last white space that fits ends the piece, so that the next one starts with a word, not a `?`.
      const space = piece.findLastIndex((candidate, index) => BREAKING_SPACE.test(candidate) && !NO_BREAK_BEFORE.test(piece[index + 1] ?? character));
      const cut = space > 0 ? space + 1 : piece.length;
      pieces.push(piece.slice(0, cut).join(''));
      piece = piece.slice(cut);
      used = charactersColumns(piece);
    }
    piece.push(character);
    used += wide;
  }
  pieces.push(piece.join(''));
  return pieces;
}

/** How a quoted line reads: `> ` then the visitor's text, or `>` alone for an empty line. */
function quote(text: string): string {
  return text === '' ? '>' : `> ${text}`;
}

export interface QuoteOptions {
  /** The longest line, `> ` included. */
  readonly width: number;
  /** How a line of the visitor's shows its controls: mailText or terminalText. */
  readonly visible: (line: string) => string;
}

/**
 * A visitor's text as lines that each start with `> `: split at every line break, each line's
 * controls made visible, and each cut to `width` so that no mail client or terminal wraps it into
 * a line that starts with the visitor's text instead of the mark.
 */
export function quotedLines(text: string, { width, visible }: QuoteOptions): string[] {
  return textLines(text).flatMap((line) => wrappedLine(visible(line), width - 2).map(quote));
}

/** The labels of the inquiry's own fields, in the language the owner reads them in. */
export interface FieldLabels {
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly project_url: string;
  readonly message: string;
}

/** How a language labels a value: its fields' labels, and what ends a label (`:`, French's ` :`). */
export interface Labelling {
  readonly fields: FieldLabels;
  readonly colon: string;
}

/**
 * What a visitor sent, as the owner reads it in a mail or on a terminal: each field's label, the
 * service's (or the owner's, for a field of the owner's), on a line of its own, and its value
 * quoted beneath; the optional fields only when given.
 */
export function visitorFields(inquiry: InquiryText, options: QuoteOptions, { fields, colon }: Labelling): string[] {
  const field = (label: string, value: string | undefined) => (value === undefined || value === '' ? [] : [`${label}${colon}`, ...quotedLines(value, options)]);
  return [
    ...field(fields.name, inquiry.name),
    ...field(fields.email, inquiry.email),
    ...field(fields.company, inquiry.company),
    ...field(fields.project_url, inquiry.project_url),
    // The owner's labels, checked at synth as one printable line, shown as a visitor's would be all the same.
    ...(inquiry.extra ?? []).flatMap(({ label, value }) => field(options.visible(label), value)),
    '',
    ...field(fields.message, inquiry.message),
  ];
}
