/**
 * The patterns of the contact form's rules, as ECMAScript regular expressions with the `u` flag
 * (the dialect JSON Schema 2020-12 names). Each is written once here and published in the schema.
 */

/** The HTML standard's valid e-mail address, with at least one dot in the domain (docs/api.md §2). */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$";

/** `""` (not given) or an http(s) URL with a host and no whitespace. */
export const OPTIONAL_URL_PATTERN = '^(?:https?://[^\\s/?#]+(?:[/?#]\\S*)?)?$';

/** At least one non-whitespace character. */
export const NOT_BLANK_PATTERN = '\\S';

/** No control character (Cc) and no unpaired surrogate (Cs). */
export const NO_CONTROL_PATTERN = '^[^\\p{Cc}\\p{Cs}]*$';

/**
 * One line of plain text, as a name that lands in a subject line must be: no control character,
 * no unpaired surrogate, no bidi embedding, override or isolate (U+202A-U+202E, U+2066-U+2069),
 * which could make the subject read backwards, and no line or paragraph separator (U+2028, U+2029).
 */
export const ONE_LINE_PATTERN = '^[^\\p{Cc}\\p{Cs}\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029]*$';

/** Like NO_CONTROL_PATTERN, but tab, CR and LF may shape a multi-line message. */
export const TEXT_PATTERN = '^(?:[^\\p{Cc}\\p{Cs}]|[\\t\\r\\n])*$';
