/**
 * The patterns of the contact form's rules (docs/api.md §2), each written once here and published
 * in the schema and the OpenAPI document. JSON Schema names ECMA-262's dialect, but the tools that
 * read our documents compile a pattern three ways: with the `u` flag (Ajv by default, browsers,
 * this service), without it (Ajv's `unicodeRegExp: false`, Spectral), and as Python's `re` (the
 * `jsonschema` and `openapi-spec-validator` packages). So every pattern keeps to a subset that means
 * the same in all three (docs/api.md §3, "Which regular expressions"):
 * - classes of explicit `\uXXXX` ranges: never `\p{…}` (Python has none, and without `u` it is the
 *   letters `p{…}`), nor `\s`, `\S`, `\d`, `\w`, `.` (each dialect has its own idea of them);
 * - a surrogate only as half of a PAIR: without `u` a string is UTF-16 code units, with it and in
 *   Python code points, where a pair is one astral character and a lone surrogate one code point;
 * - `^`, and END instead of `$`, which in Python also matches before a final line feed;
 * - `(?:…)`, `|`, quantifiers, and the lookaheads `(?=…)` and `(?!…)`.
 * test/unit/inquiry/patterns.test.ts sweeps each pattern code point by code point with and without
 * `u`; test/interop does the same in Python, and runs the project's corpus of inquiries everywhere.
 */

/** Control characters, general category Cc. */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F';

/** Every surrogate code unit (category Cs): in a class, so that one is only ever matched as part of a PAIR. */
const SURROGATES = '\\uD800-\\uDFFF';

/** A high surrogate followed by a low one: one character, whichever way a dialect counts it. */
const PAIR = '[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]';

/** ECMAScript's `\s`: WhiteSpace (tab, VT, FF, space, U+FEFF and category Zs) and LineTerminator (LF, CR, U+2028, U+2029). */
const WHITESPACE = '\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF';

/** The bidi embeddings, overrides and isolates, which can make a line read backwards. */
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';

/** The bidi marks (LRM, RLM, ALM): invisible, they move the punctuation and digits around them. */
const BIDI_MARKS = '\\u061C\\u200E\\u200F';

/**
 * Characters that show nothing of their own: the soft hyphen, joiners, the Hangul fillers, the
 * Mongolian and variation selectors, zero-width spaces and invisible operators. A value of only
 * these (and whitespace) reads as empty in the owner's mail (`Project inquiry from ㅤ`).
 */
const INVISIBLE = '\\u00AD\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200D\\u2060-\\u2064\\u3164\\uFE00-\\uFE0F\\uFFA0';

/** The line and paragraph separators: line breaks to many readers of a subject line. */
const SEPARATORS = '\\u2028\\u2029';

/** The end of the input in every dialect: no character follows (`[\s\S]` is any character in each). */
export const END = '(?![\\s\\S])';

/** A whole value of characters none of which is in `excluded` (class ranges), or matches one of `also`. */
function only(excluded: string, ...also: string[]): string {
  return `^(?:${[`[^${excluded}${SURROGATES}]`, PAIR, ...also].join('|')})*${END}`;
}

/** RFC 5322 §3.2.3 `atext`: the characters of an unquoted local part, between its dots. */
const ATEXT = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]";

/** A DNS label of letters, digits and inner hyphens, at most 63 characters (RFC 1035 §2.3.1, §2.3.4). */
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';

/**
 * An address SES takes as a Reply-To (docs/api.md §2, "The e-mail pattern"): a dot-atom local part
 * (RFC 5322 §3.2.3: no leading, trailing or double dot) of at most 64 characters (RFC 5321
 * §4.5.3.1.1) and without `=?`, which starts an RFC 2047 encoded word that some mail programs
 * decode even in an address, then a domain of at least two labels; ASCII only.
 */
export const EMAIL_PATTERN = `^(?=[^@]{1,64}@)(?![^@]*=\\?)${ATEXT}+(?:\\.${ATEXT}+)*@${LABEL}(?:\\.${LABEL})+${END}`;

/**
 * `""` (not given) or an http(s) URL with a host and no whitespace, and no bidi control or mark,
 * which would show the owner a link that reads otherwise than it goes.
 */
export const OPTIONAL_URL_PATTERN = `^(?:https?://[^${WHITESPACE}${BIDI_CONTROLS}${BIDI_MARKS}/?#]+(?:[/?#][^${WHITESPACE}${BIDI_CONTROLS}${BIDI_MARKS}]*)?)?${END}`;

/** At least one character that shows: not whitespace, nor invisible, nor a bidi control or mark. */
export const NOT_BLANK_PATTERN = `[^${WHITESPACE}${INVISIBLE}${BIDI_CONTROLS}${BIDI_MARKS}]`;

/** No control character and no unpaired surrogate. */
export const NO_CONTROL_PATTERN = only(CONTROLS);

/**
 * One line of plain text, as a name that lands in a subject line must be: no control character,
 * no unpaired surrogate, no bidi control, no line or paragraph separator, and no `=?`, which
 * starts an RFC 2047 encoded word that the owner's mail program would decode into any of them.
 */
export const ONE_LINE_PATTERN = only(`${CONTROLS}${BIDI_CONTROLS}${SEPARATORS}=`, '=(?!\\?)');

/** Like NO_CONTROL_PATTERN, but tab, LF and CR may shape a multi-line message. */
export const TEXT_PATTERN = only(CONTROLS, '[\\u0009\\u000A\\u000D]');
