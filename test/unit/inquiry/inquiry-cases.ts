import type { FieldErrorCode } from '../../../lambdas/inquiry/field-errors.js';

/**
 * The boundary cases of docs/api.md §2's field table, with the errors the server must name for
 * each (none: the body is valid). contact/validation.test.ts checks the exact errors; schema.test.ts
 * checks that an independent 2020-12 validator reaches the same verdict on every one of them.
 */

export const VALID_INQUIRY = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would like an analytical engine programmed.',
} as const;

export type ExpectedError = readonly [field: string, code: FieldErrorCode];

export interface InquiryCase {
  readonly title: string;
  readonly body: Readonly<Record<string, unknown>>;
  /** In the order the answer must list them; empty when the body is valid. */
  readonly errors: readonly ExpectedError[];
}

/** An emoji outside the BMP: one code point, two UTF-16 code units. */
export const EMOJI = '😀';
/** Woman technologist: three code points (woman, ZWJ, laptop), one grapheme. */
export const ZWJ_SEQUENCE = '👩‍💻';

/** The bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which can reverse how a line reads. */
export const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
/** The line and paragraph separators: line breaks to many readers of a subject line. */
export const SEPARATORS = ['\u2028', '\u2029'];

/** Names that must pass: every script, joiners that shape them, marks that are not controls. */
export const NAMES_OF_THE_WORLD: ReadonlyArray<readonly [title: string, name: string]> = [
  ['Persian with a ZWNJ', 'نیک\u200Cنام'],
  ['Arabic', 'محمد عبد الله'],
  ['Hebrew', 'שרה כהן'],
  ['Devanagari', 'अदिति शर्मा'],
  ['Chinese', '李小龍'],
  ['Japanese', 'やまだ たろう'],
  ['Korean', '김민준'],
  ['Cyrillic', 'Дмитрий Иванов'],
  ['Greek', 'Ελένη Παπαδοπούλου'],
  ['Thai', 'สมชาย ใจดี'],
  ['Amharic', 'አበበ ቢቂላ'],
  ['combining accents', 'Zoe\u0308 Ngo\u0302'],
  ['a ZWJ emoji sequence', `Ada ${ZWJ_SEQUENCE}`],
  ['a family emoji (ZWJ)', '👨‍👩‍👧‍👦 Lovelace'],
  ['a flag', 'Ada 🇬🇧'],
  ['left-to-right and right-to-left marks (not controls)', 'Ada\u200E \u200FLovelace'],
  ['a word joiner', 'Ada\u2060Lovelace'],
];

/**
 * Names made of the letters `c`, `p`, `C`, `{` and `}`: a pattern written `[^\p{Cc}]` means "none of
 * the letters p{Cc}" to a regex engine without the `u` flag, which refused them all.
 */
export const NAMES_WITH_C_AND_P = ['Alice Carter', 'Pablo Picasso', 'Cc Cs', 'p{Cc}', '{curly}'];

/** RFC 2047 encoded words, which a mail program decodes in a subject line into whatever they encode. */
export const ENCODED_WORDS = [
  '=?utf-8?b?QWRhCkJjYzogeEBleGFtcGxlLmNvbQ==?=',
  '=?UTF-8?Q?Ada=0ABcc:_x@example.com?=',
  '=?iso-8859-1?q?Ada?=',
  '=?utf-8*en?B?QWRh?=',
  'Ada =?utf-8?q?=E2=80=AE?= Lovelace',
];

/** One-line values with `=` or `?` that start no encoded word. */
export const NEAR_ENCODED_WORDS = ['Ada=', 'Ada?=', '= ?', 'x=y', 'Who? =)', '?= ?'];

/** `count` code points, each `unit`. */
const hex = (character: string): string => (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');

const codePoints = (count: number, unit = 'a'): string => unit.repeat(count);

/** The longest local part an address may have (RFC 5321 §4.5.3.1.1). */
const LONGEST_LOCAL_PART = 'a'.repeat(64);

/** An address of exactly `length` characters: the longest local part, at a domain of 63-character labels. */
const emailOfLength = (length: number): string => {
  let domain = 'com';
  while (LONGEST_LOCAL_PART.length + 1 + domain.length < length) {
    const room = length - LONGEST_LOCAL_PART.length - 1 - domain.length - 1;
    if (room < 1) throw new Error(`No address of ${length} characters is built this way`);
    domain = `${'b'.repeat(Math.min(63, room))}.${domain}`;
  }
  return `${LONGEST_LOCAL_PART}@${domain}`;
};

/** An https URL of exactly `length` code points, padded with `unit` in its path. */
const urlOfLength = (length: number, unit = 'a'): string =>
  `https://example.com/${unit.repeat(length - 'https://example.com/'.length)}`;

const valid = (title: string, fields: Record<string, unknown>): InquiryCase => ({
  title,
  body: { ...VALID_INQUIRY, ...fields },
  errors: [],
});

const invalid = (title: string, fields: Record<string, unknown>, ...errors: ExpectedError[]): InquiryCase => ({
  title,
  body: { ...VALID_INQUIRY, ...fields },
  errors,
});

const missing = (field: keyof typeof VALID_INQUIRY): InquiryCase => {
  const { [field]: _omitted, ...rest } = VALID_INQUIRY;
  return { title: `${field} missing`, body: rest, errors: [[field, 'required']] };
};

const NON_STRINGS: ReadonlyArray<readonly [string, unknown]> = [
  ['a number', 42],
  ['null', null],
  ['a boolean', true],
  ['an array', ['Ada']],
  ['an object', { value: 'Ada' }],
];

const typeCases = (field: string): InquiryCase[] =>
  NON_STRINGS.map(([what, value]) => invalid(`${field} as ${what}`, { [field]: value }, [field, 'invalid_type']));

export const NAME_CASES: readonly InquiryCase[] = [
  missing('name'),
  ...typeCases('name'),
  invalid('name of 0 characters', { name: '' }, ['name', 'too_short']),
  valid('name of 1 character', { name: 'A' }),
  valid('name of 1 emoji', { name: EMOJI }),
  valid('name of 120 characters', { name: codePoints(120) }),
  invalid('name of 121 characters', { name: codePoints(121) }, ['name', 'too_long']),
  valid('name of 120 emoji (240 UTF-16 units)', { name: codePoints(120, EMOJI) }),
  invalid('name of 121 emoji', { name: codePoints(121, EMOJI) }, ['name', 'too_long']),
  valid('name of 40 ZWJ sequences (120 code points)', { name: codePoints(40, ZWJ_SEQUENCE) }),
  invalid('name of 40 ZWJ sequences and a letter (121 code points)', { name: `A${codePoints(40, ZWJ_SEQUENCE)}` }, [
    'name',
    'too_long',
  ]),
  valid('name kept with surrounding spaces', { name: '  Ada  ' }),
  invalid('name of a zero-width space (not \\s, but nothing shows)', { name: '\u200B' }, ['name', 'blank']),
  valid('name with a non-breaking space inside', { name: 'Ada\u00A0Lovelace' }),
  valid('name with U+00A0 right after the C1 block', { name: '\u00A0x' }),
  invalid('name of one space', { name: ' ' }, ['name', 'blank']),
  invalid('name of Unicode spaces', { name: '\u00A0\u2003\u3000\uFEFF' }, ['name', 'blank']),
  invalid('name of a tab (blank before invalid_characters)', { name: '\t' }, ['name', 'blank']),
  invalid('name of spaces and LF (blank first)', { name: ' \n ' }, ['name', 'blank']),
  invalid('name with LF', { name: 'Ada\nLovelace' }, ['name', 'invalid_characters']),
  invalid('name with CR', { name: 'Ada\rLovelace' }, ['name', 'invalid_characters']),
  invalid('name with CRLF (header injection)', { name: 'Ada\r\nBcc: x@example.com' }, ['name', 'invalid_characters']),
  invalid('name with a tab', { name: 'Ada\tLovelace' }, ['name', 'invalid_characters']),
  invalid('name with NUL', { name: 'Ada\u0000' }, ['name', 'invalid_characters']),
  invalid('name with U+001F', { name: 'Ada\u001F' }, ['name', 'invalid_characters']),
  invalid('name with DEL U+007F', { name: 'Ada\u007F' }, ['name', 'invalid_characters']),
  invalid('name with U+0080', { name: 'Ada\u0080' }, ['name', 'invalid_characters']),
  invalid('name with NEL U+0085', { name: 'Ada\u0085Lovelace' }, ['name', 'invalid_characters']),
  invalid('name with U+009F', { name: 'Ada\u009F' }, ['name', 'invalid_characters']),
  invalid('name of a lone high surrogate', { name: '\uD800' }, ['name', 'invalid_characters']),
  invalid('name of a lone low surrogate', { name: '\uDC00' }, ['name', 'invalid_characters']),
  invalid('name ending in half an emoji', { name: 'Ada\uD83D' }, ['name', 'invalid_characters']),
  invalid('name with an emoji\u2019s halves swapped', { name: 'Ada\uDE00\uD83D' }, ['name', 'invalid_characters']),
  invalid('name starting with a lone low surrogate', { name: '\uDE00Ada' }, ['name', 'invalid_characters']),
  invalid('name of 119 emoji and a lone high surrogate (120 characters)', { name: `${codePoints(119, EMOJI)}\uD83D` }, [
    'name',
    'invalid_characters',
  ]),
  invalid('name of 120 emoji and a lone high surrogate (too_long first)', { name: `${codePoints(120, EMOJI)}\uD83D` }, ['name', 'too_long']),
  ...NAMES_WITH_C_AND_P.map((name) => valid(`name ${JSON.stringify(name)} (the letters of \\p{Cc} without the u flag)`, { name })),
  valid('name of 60 é in NFD (120 code points)', { name: codePoints(60, 'e\u0301') }),
  invalid('name of 61 é in NFD (122 code points: never normalised)', { name: codePoints(61, 'e\u0301') }, ['name', 'too_long']),
  valid('name of 120 é in NFC', { name: codePoints(120, '\u00E9') }),
  ...ENCODED_WORDS.map((word) => invalid(`name ${word}`, { name: word }, ['name', 'invalid_characters'])),
  invalid('name with =? alone', { name: 'Ada =? Lovelace' }, ['name', 'invalid_characters']),
  invalid('name of a NEL alone (white space to Python\u2019s \\s, not to ECMAScript\u2019s)', { name: '\u0085' }, ['name', 'invalid_characters']),
  invalid('name of U+001C alone (white space to Python\u2019s \\s, not to ECMAScript\u2019s)', { name: '\u001C' }, ['name', 'invalid_characters']),
  invalid('name of U+FEFF alone (white space to ECMAScript\u2019s \\s, not to Python\u2019s)', { name: '\uFEFF' }, ['name', 'blank']),
  invalid('name with an encoded word split by spaces', { name: 'Ada =?utf-8?q?Bcc: ?= x' }, ['name', 'invalid_characters']),
  ...NEAR_ENCODED_WORDS.map((name) => valid(`name ${JSON.stringify(name)} (no =?)`, { name })),
  ...NAMES_OF_THE_WORLD.map(([title, name]) => valid(`name in ${title}`, { name })),
  ...BIDI_CONTROLS.map((control) =>
    invalid(`name with the bidi control U+${hex(control)}`, { name: `Ada${control}ecalevoL` }, ['name', 'invalid_characters']),
  ),
  ...SEPARATORS.map((separator) =>
    invalid(`name with U+${hex(separator)}`, { name: `Ada${separator}Lovelace` }, ['name', 'invalid_characters']),
  ),
  invalid('name of a right-to-left override alone (nothing shows: blank first)', { name: '\u202E' }, ['name', 'blank']),
  invalid('name of Hangul fillers (nothing shows)', { name: '\u3164\u3164' }, ['name', 'blank']),
  invalid('name of a zero-width space, a soft hyphen and a right-to-left mark', { name: '\u200B\u00AD\u200F' }, ['name', 'blank']),
  valid('name with a zero-width joiner among letters', { name: 'Ada\u200DLovelace' }),
  invalid('message of 25 halfwidth Hangul fillers', { message: codePoints(25, '\uFFA0') }, ['message', 'blank']),
  invalid('name of a line separator alone (\\s: blank first)', { name: '\u2028' }, ['name', 'blank']),
  invalid('name of 121 spaces (too_long before blank)', { name: codePoints(121, ' ') }, ['name', 'too_long']),
  invalid('name of 121 characters with LF (too_long first)', { name: `${codePoints(120)}\n` }, ['name', 'too_long']),
];

export const EMAIL_CASES: readonly InquiryCase[] = [
  missing('email'),
  ...typeCases('email'),
  valid('email shortest form', { email: 'a@b.co' }),
  valid('email with +tag and capitals', { email: 'Ada.Lovelace+site@Example.COM' }),
  valid('email with every special local character', { email: "!#$%&'*+/=^?_`{|}~-@example.com" }),
  valid('email with subdomains', { email: 'ada@mail.sub.example.co.uk' }),
  valid('email with a punycode domain', { email: 'ada@xn--bcher-kva.example' }),
  valid('email with a hyphen inside a label', { email: 'ada@my-host.example' }),
  valid('email with a 63-character label', { email: `ada@${codePoints(63, 'b')}.com` }),
  invalid('email with a 64-character label', { email: `ada@${codePoints(64, 'b')}.com` }, ['email', 'invalid_email']),
  valid('email of 254 characters', { email: emailOfLength(254) }),
  invalid('email of 255 characters', { email: emailOfLength(255) }, ['email', 'too_long']),
  invalid('email of 255 characters without @ (too_long first)', { email: codePoints(255) }, ['email', 'too_long']),
  invalid('email empty', { email: '' }, ['email', 'invalid_email']),
  invalid('email without a dot in the domain', { email: 'me@gmail' }, ['email', 'invalid_email']),
  invalid('email without @', { email: 'ada.example.com' }, ['email', 'invalid_email']),
  invalid('email without local part', { email: '@example.com' }, ['email', 'invalid_email']),
  invalid('email with two @', { email: 'ada@lovelace@example.com' }, ['email', 'invalid_email']),
  invalid('email domain starting with a dot', { email: 'ada@.example.com' }, ['email', 'invalid_email']),
  invalid('email domain with two dots', { email: 'ada@example..com' }, ['email', 'invalid_email']),
  invalid('email domain ending with a dot', { email: 'ada@example.com.' }, ['email', 'invalid_email']),
  invalid('email label starting with a hyphen', { email: 'ada@-example.com' }, ['email', 'invalid_email']),
  invalid('email label ending with a hyphen', { email: 'ada@example-.com' }, ['email', 'invalid_email']),
  invalid('email domain with an underscore', { email: 'ada@exa_mple.com' }, ['email', 'invalid_email']),
  invalid('email with a space', { email: 'ada lovelace@example.com' }, ['email', 'invalid_email']),
  invalid('email with a trailing space', { email: 'ada@example.com ' }, ['email', 'invalid_email']),
  invalid('email with a quoted local part', { email: '"ada"@example.com' }, ['email', 'invalid_email']),
  invalid('email with a non-ASCII local part', { email: 'adä@example.com' }, ['email', 'invalid_email']),
  invalid('email with a non-ASCII domain', { email: 'ada@bücher.example' }, ['email', 'invalid_email']),
  invalid('email with a trailing LF', { email: 'ada@example.com\n' }, ['email', 'invalid_email']),
  invalid('email with CRLF and a header (injection)', { email: 'ada@example.com\r\nBcc: x@example.com' }, [
    'email',
    'invalid_email',
  ]),
  invalid('email with CR in the local part', { email: 'ada\r@example.com' }, ['email', 'invalid_email']),
  invalid('email with a lone surrogate', { email: 'ada\uD800@example.com' }, ['email', 'invalid_email']),
  valid('email with a dot inside the local part', { email: 'a.b@x.com' }),
  valid('email with an apostrophe', { email: "o'brien@x.com" }),
  valid('email with a 64-character local part', { email: `${LONGEST_LOCAL_PART}@x.com` }),
  valid('email with a 64-character local part of dotted words', { email: `${'abcdefg.'.repeat(7)}abcdefg@x.com` }),
  invalid('email with a 65-character local part', { email: `a${LONGEST_LOCAL_PART}@x.com` }, ['email', 'invalid_email']),
  invalid('email with a 200-character local part', { email: `${'a'.repeat(200)}@x.com` }, ['email', 'invalid_email']),
  invalid('email with a 65-character local part of dotted words', { email: `${'abcdefg.'.repeat(8)}a@x.com` }, ['email', 'invalid_email']),
  invalid('email with an encoded word for a local part', { email: '=?utf-8?q?boss=40example.org=3e?=@evil.example' }, ['email', 'invalid_email']),
  invalid('email with =? inside the local part', { email: 'ada=?x@example.com' }, ['email', 'invalid_email']),
  invalid('email with =? ending the local part', { email: 'ada=?@example.com' }, ['email', 'invalid_email']),
  invalid('email with =? after a dot', { email: 'ada.=?b@example.com' }, ['email', 'invalid_email']),
  valid('email with = and ? apart', { email: 'a=b?c@example.com' }),
  valid('email with ?= (which ends an encoded word, and starts none)', { email: 'a?=b@example.com' }),
  valid('email with = and ? parted by a dot', { email: 'a=.?b@example.com' }),
  valid('email of = alone', { email: '=@example.com' }),
  invalid('email with a leading dot', { email: '.a@x.com' }, ['email', 'invalid_email']),
  invalid('email with a trailing dot in the local part', { email: 'a.@x.com' }, ['email', 'invalid_email']),
  invalid('email with two dots in a row', { email: 'a..b@x.com' }, ['email', 'invalid_email']),
  invalid('email of a dot for a local part', { email: '.@x.com' }, ['email', 'invalid_email']),
  invalid('email with a 64-character local part and a trailing LF', { email: `${LONGEST_LOCAL_PART}@x.com\n` }, [
    'email',
    'invalid_email',
  ]),
];

export const MESSAGE_CASES: readonly InquiryCase[] = [
  missing('message'),
  ...typeCases('message'),
  invalid('message of 0 characters', { message: '' }, ['message', 'too_short']),
  invalid('message of 19 characters', { message: codePoints(19) }, ['message', 'too_short']),
  valid('message of 20 characters', { message: codePoints(20) }),
  valid('message of 5000 characters', { message: codePoints(5000) }),
  invalid('message of 5001 characters', { message: codePoints(5001) }, ['message', 'too_long']),
  invalid('message of 19 emoji (38 UTF-16 units)', { message: codePoints(19, EMOJI) }, ['message', 'too_short']),
  valid('message of 20 emoji', { message: codePoints(20, EMOJI) }),
  valid('message of 5000 emoji (10000 UTF-16 units)', { message: codePoints(5000, EMOJI) }),
  invalid('message of 5001 emoji', { message: codePoints(5001, EMOJI) }, ['message', 'too_long']),
  valid('message with tab, CR and LF', { message: 'First line,\r\nsecond line\n\tindented.' }),
  valid('message with lone CRs', { message: 'First line,\rsecond line,\r\rthird line.' }),
  valid('message with CRLF right before an emoji', { message: `${codePoints(20)}\r\n${EMOJI}` }),
  invalid('message with an emoji split by a CR', { message: `${codePoints(20)}\uD83D\r\uDE00` }, ['message', 'invalid_characters']),
  invalid('message with an emoji split by CRLF', { message: `${codePoints(20)}\uD83D\r\n\uDE00` }, ['message', 'invalid_characters']),
  invalid('message ending in a lone high surrogate after a CR', { message: `${codePoints(20)}\r\uD83D` }, ['message', 'invalid_characters']),
  invalid('message of 20 line separators U+2028 (white space to ECMAScript, so blank)', { message: codePoints(20, '\u2028') }, ['message', 'blank']),
  valid('message with encoded words (only one-line fields refuse them)', { message: `${ENCODED_WORDS[0]} and more text` }),
  invalid('message with U+2028 right after the C1 block (allowed) and a NEL (not)', { message: `${codePoints(20)}\u2028\u0085` }, [
    'message',
    'invalid_characters',
  ]),
  valid('message of spaces around text', { message: `${codePoints(19, ' ')}x` }),
  invalid('message of 20 spaces', { message: codePoints(20, ' ') }, ['message', 'blank']),
  invalid('message of 25 line breaks', { message: codePoints(25, '\n') }, ['message', 'blank']),
  invalid('message of tabs, CRs, LFs and spaces', { message: codePoints(5, '\t\r\n ') }, ['message', 'blank']),
  invalid('message with NUL', { message: `${codePoints(20)}\u0000` }, ['message', 'invalid_characters']),
  invalid('message with a vertical tab', { message: `${codePoints(20)}\u000B` }, ['message', 'invalid_characters']),
  invalid('message with a form feed', { message: `${codePoints(20)}\u000C` }, ['message', 'invalid_characters']),
  invalid('message with ESC', { message: `${codePoints(20)}\u001B[31m` }, ['message', 'invalid_characters']),
  invalid('message with DEL', { message: `${codePoints(20)}\u007F` }, ['message', 'invalid_characters']),
  invalid('message with NEL U+0085', { message: `${codePoints(20)}\u0085` }, ['message', 'invalid_characters']),
  invalid('message with a lone high surrogate', { message: `${codePoints(20)}\uD800` }, ['message', 'invalid_characters']),
  invalid('message with a lone low surrogate', { message: `\uDC00${codePoints(20)}` }, ['message', 'invalid_characters']),
  invalid('message of spaces and a vertical tab (VT is \\s: blank before invalid_characters)', { message: `${codePoints(20, ' ')}\u000B` }, [
    'message',
    'blank',
  ]),
  invalid('message of 19 NULs (too_short first)', { message: codePoints(19, '\u0000') }, ['message', 'too_short']),
  invalid('message of 5001 spaces (too_long first)', { message: codePoints(5001, ' ') }, ['message', 'too_long']),
];

export const COMPANY_CASES: readonly InquiryCase[] = [
  valid('company omitted', {}),
  ...typeCases('company'),
  valid('company "" (not given)', { company: '' }),
  valid('company of 1 character', { company: 'X' }),
  valid('company of 120 characters', { company: codePoints(120) }),
  invalid('company of 121 characters', { company: codePoints(121) }, ['company', 'too_long']),
  valid('company of 120 emoji', { company: codePoints(120, EMOJI) }),
  invalid('company of 121 emoji', { company: codePoints(121, EMOJI) }, ['company', 'too_long']),
  valid('company of spaces (no blank rule)', { company: '   ' }),
  invalid('company with LF', { company: 'Babbage\n& Co' }, ['company', 'invalid_characters']),
  invalid('company with CR', { company: 'Babbage\r& Co' }, ['company', 'invalid_characters']),
  invalid('company with a tab', { company: 'Babbage\t& Co' }, ['company', 'invalid_characters']),
  invalid('company with U+009F', { company: 'Babbage\u009F' }, ['company', 'invalid_characters']),
  invalid('company of a lone surrogate', { company: '\uDBFF' }, ['company', 'invalid_characters']),
  invalid('company ending in a lone high surrogate', { company: 'Babbage\uD83D' }, ['company', 'invalid_characters']),
  ...ENCODED_WORDS.map((word) => invalid(`company ${word}`, { company: word }, ['company', 'invalid_characters'])),
  ...NEAR_ENCODED_WORDS.map((company) => valid(`company ${JSON.stringify(company)} (no =?)`, { company })),
  ...NAMES_WITH_C_AND_P.map((company) => valid(`company ${JSON.stringify(company)}`, { company })),
  valid('name ending in = and company starting with ? (the subject holds " (" between them, no =?)', { name: 'Ada =', company: '?utf-8?q?x?=' }),
  ...NAMES_OF_THE_WORLD.map(([title, company]) => valid(`company in ${title}`, { company })),
  ...[...BIDI_CONTROLS, ...SEPARATORS].map((control) =>
    invalid(`company with U+${hex(control)}`, { company: `Babbage${control} & Co` }, ['company', 'invalid_characters']),
  ),
  invalid('company of 121 characters with LF (too_long first)', { company: `${codePoints(120)}\n` }, [
    'company',
    'too_long',
  ]),
];

export const PROJECT_URL_CASES: readonly InquiryCase[] = [
  valid('project_url omitted', {}),
  ...typeCases('project_url'),
  valid('project_url "" (not given)', { project_url: '' }),
  valid('project_url https', { project_url: 'https://example.com' }),
  valid('project_url http with port, path, query and fragment', { project_url: 'http://localhost:3000/a/b?x=1&y=2#top' }),
  valid('project_url with a query right after the host', { project_url: 'https://example.com?q=1' }),
  valid('project_url with a fragment right after the host', { project_url: 'https://example.com#top' }),
  valid('project_url with an IPv6 host', { project_url: 'https://[2001:db8::1]:8443/' }),
  valid('project_url with a non-ASCII host', { project_url: 'https://bücher.example/' }),
  valid('project_url of one host character', { project_url: 'http://x' }),
  valid('project_url of 2048 characters', { project_url: urlOfLength(2048) }),
  invalid('project_url of 2049 characters', { project_url: urlOfLength(2049) }, ['project_url', 'too_long']),
  valid('project_url of 2048 code points (emoji)', { project_url: urlOfLength(2048, EMOJI) }),
  invalid('project_url of 2049 code points (emoji)', { project_url: urlOfLength(2049, EMOJI) }, ['project_url', 'too_long']),
  invalid('project_url of 2049 characters with a space (too_long first)', { project_url: `${urlOfLength(2048)} ` }, [
    'project_url',
    'too_long',
  ]),
  invalid('project_url with an upper-case scheme', { project_url: 'HTTPS://example.com' }, ['project_url', 'invalid_url']),
  invalid('project_url ftp', { project_url: 'ftp://example.com' }, ['project_url', 'invalid_url']),
  invalid('project_url mailto', { project_url: 'mailto:ada@example.com' }, ['project_url', 'invalid_url']),
  invalid('project_url javascript', { project_url: 'javascript:alert(1)' }, ['project_url', 'invalid_url']),
  invalid('project_url without a scheme', { project_url: 'example.com' }, ['project_url', 'invalid_url']),
  invalid('project_url scheme-relative', { project_url: '//example.com' }, ['project_url', 'invalid_url']),
  invalid('project_url without a host', { project_url: 'https://' }, ['project_url', 'invalid_url']),
  invalid('project_url with an empty host and a path', { project_url: 'https:///path' }, ['project_url', 'invalid_url']),
  invalid('project_url with a space in the host', { project_url: 'https://exa mple.com' }, ['project_url', 'invalid_url']),
  invalid('project_url with a space in the path', { project_url: 'https://example.com/a b' }, ['project_url', 'invalid_url']),
  invalid('project_url with a leading space', { project_url: ' https://example.com' }, ['project_url', 'invalid_url']),
  invalid('project_url with a trailing LF (a control character)', { project_url: 'https://example.com/\n' }, [
    'project_url',
    'invalid_characters',
  ]),
  invalid('project_url with a non-breaking space', { project_url: 'https://example.com/\u00A0' }, [
    'project_url',
    'invalid_url',
  ]),
  invalid('project_url of a single space', { project_url: ' ' }, ['project_url', 'invalid_url']),
  invalid('project_url with NUL', { project_url: 'https://example.com/\u0000' }, ['project_url', 'invalid_characters']),
  invalid('project_url with ESC (a terminal escape)', { project_url: 'https://example.com/\u001B[2J' }, [
    'project_url',
    'invalid_characters',
  ]),
  invalid('project_url with DEL', { project_url: 'https://example.com/\u007F' }, ['project_url', 'invalid_characters']),
  invalid('project_url with NEL U+0085 (not \\s)', { project_url: 'https://example.com/\u0085' }, [
    'project_url',
    'invalid_characters',
  ]),
  invalid('project_url with U+009F', { project_url: 'https://example.com/\u009F' }, ['project_url', 'invalid_characters']),
  invalid('project_url with a lone high surrogate', { project_url: 'https://example.com/\uD800' }, [
    'project_url',
    'invalid_characters',
  ]),
  invalid('project_url with a lone low surrogate in the host', { project_url: 'https://\uDC00.example/' }, [
    'project_url',
    'invalid_characters',
  ]),
  invalid('project_url not a URL and with NUL (invalid_characters first)', { project_url: 'ftp://\u0000' }, [
    'project_url',
    'invalid_characters',
  ]),
  valid('project_url with an emoji', { project_url: 'https://example.com/😀' }),
  invalid('project_url with a right-to-left override, which would show the link reversed', { project_url: 'https://example.com/\u202Eexe.txt' }, ['project_url', 'invalid_url']),
  invalid('project_url with a right-to-left mark in its host', { project_url: 'https://example\u200F.com/' }, ['project_url', 'invalid_url']),
];

export const HONEYPOT_CASES: readonly InquiryCase[] = [
  valid('_gotcha omitted', {}),
  valid('_gotcha ""', { _gotcha: '' }),
  invalid('_gotcha filled in', { _gotcha: 'I am a robot' }, ['_gotcha', 'honeypot']),
  invalid('_gotcha of one space', { _gotcha: ' ' }, ['_gotcha', 'honeypot']),
  invalid('_gotcha of 5000 characters', { _gotcha: codePoints(5000) }, ['_gotcha', 'honeypot']),
  ...typeCases('_gotcha'),
];

export const UNKNOWN_FIELD_CASES: readonly InquiryCase[] = [
  invalid('an extra field', { phone: '+44 20 7946 0000' }, ['phone', 'unknown_field']),
  invalid('a field in the wrong case', { Name: 'Ada' }, ['Name', 'unknown_field']),
  invalid('a camel-cased project URL', { projectUrl: 'https://example.com' }, ['projectUrl', 'unknown_field']),
  invalid('the empty field name', { '': 'x' }, ['', 'unknown_field']),
  invalid('an unknown field holding null', { extra: null }, ['extra', 'unknown_field']),
  {
    title: 'a misspelt required field',
    body: { name: 'Ada', email: 'ada@example.com', mesage: VALID_INQUIRY.message },
    errors: [
      ['message', 'required'],
      ['mesage', 'unknown_field'],
    ],
  },
  {
    title: 'an own __proto__ member (as JSON.parse makes it)',
    body: JSON.parse(`{"name":"Ada","email":"ada@example.com","message":"${VALID_INQUIRY.message}","__proto__":{}}`),
    errors: [['__proto__', 'unknown_field']],
  },
  {
    title: 'a constructor member',
    body: { ...VALID_INQUIRY, constructor: 'x' },
    errors: [['constructor', 'unknown_field']],
  },
];

export const SEVERAL_VIOLATIONS_CASES: readonly InquiryCase[] = [
  {
    title: 'an empty object',
    body: {},
    errors: [
      ['name', 'required'],
      ['email', 'required'],
      ['message', 'required'],
    ],
  },
  {
    title: 'every field wrong, unknown fields around them, body order unlike the table',
    body: {
      zeta: 1,
      _gotcha: 'bot',
      project_url: 'ftp://example.com',
      message: 'too short',
      alpha: 2,
      company: 7,
      email: 'me@gmail',
      name: '',
      middle: 3,
    },
    errors: [
      ['name', 'too_short'],
      ['email', 'invalid_email'],
      ['message', 'too_short'],
      ['company', 'invalid_type'],
      ['project_url', 'invalid_url'],
      ['_gotcha', 'honeypot'],
      ['zeta', 'unknown_field'],
      ['alpha', 'unknown_field'],
      ['middle', 'unknown_field'],
    ],
  },
  {
    title: 'every field of the wrong type',
    body: { name: 1, email: 2, message: 3, company: 4, project_url: 5, _gotcha: 6 },
    errors: [
      ['name', 'invalid_type'],
      ['email', 'invalid_type'],
      ['message', 'invalid_type'],
      ['company', 'invalid_type'],
      ['project_url', 'invalid_type'],
      ['_gotcha', 'invalid_type'],
    ],
  },
  {
    title: 'a field failing several rules at once is listed once, with its first code',
    body: { name: `${codePoints(121, ' ')}\n`, email: `${codePoints(255)} `, message: '\u0000 ' },
    errors: [
      ['name', 'too_long'],
      ['email', 'too_long'],
      ['message', 'too_short'],
    ],
  },
  {
    title: 'a valid body but for the honeypot and one unknown field',
    body: { ...VALID_INQUIRY, website: 'https://spam.example', _gotcha: 'x' },
    errors: [
      ['_gotcha', 'honeypot'],
      ['website', 'unknown_field'],
    ],
  },
  {
    title: 'all optional fields given and valid',
    body: { ...VALID_INQUIRY, company: 'Babbage & Co', project_url: 'https://example.org/engine?x=1', _gotcha: '' },
    errors: [],
  },
];

export const ALL_INQUIRY_CASES: readonly InquiryCase[] = [
  ...NAME_CASES,
  ...EMAIL_CASES,
  ...MESSAGE_CASES,
  ...COMPANY_CASES,
  ...PROJECT_URL_CASES,
  ...HONEYPOT_CASES,
  ...UNKNOWN_FIELD_CASES,
  ...SEVERAL_VIOLATIONS_CASES,
];
