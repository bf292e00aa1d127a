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

/** Like NO_CONTROL_PATTERN, but tab, CR and LF may shape a multi-line message. */
export const TEXT_PATTERN = '^(?:[^\\p{Cc}\\p{Cs}]|[\\t\\r\\n])*$';
