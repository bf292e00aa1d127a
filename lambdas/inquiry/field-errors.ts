import {
  EMAIL_PATTERN,
  NO_CONTROL_PATTERN,
  NOT_BLANK_PATTERN,
  ONE_LINE_PATTERN,
  OPTIONAL_URL_PATTERN,
  TEXT_PATTERN,
} from './patterns.js';
import { EXTRA_FIELD_RULE } from './extra-fields.js';
import { INQUIRY_RULES } from './schema.js';

/** The error codes of docs/api.md §2, in the order a field reports the first of its failures. */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid_type',
  'too_short',
  'too_long',
  'blank',
  'invalid_characters',
  'invalid_email',
  'invalid_url',
  'honeypot',
  'unknown_field',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldError {
  readonly field: string;
  readonly code: FieldErrorCode;
  /** The API's sentence: it names the JSON field and the schema's limits. */
  readonly message: string;
  /** The sentence the service's own page shows for it, in words for a person (form-messages.ts). */
  readonly userMessage: string;
}

/** The error code each pattern of the schema reports; the form's script maps patterns the same way. */
export const PATTERN_CODES: Readonly<Record<string, FieldErrorCode>> = {
  [NOT_BLANK_PATTERN]: 'blank',
  [NO_CONTROL_PATTERN]: 'invalid_characters',
  [ONE_LINE_PATTERN]: 'invalid_characters',
  [TEXT_PATTERN]: 'invalid_characters',
  [EMAIL_PATTERN]: 'invalid_email',
  [OPTIONAL_URL_PATTERN]: 'invalid_url',
};

/** The API's words for one field error: they name the JSON field and the schema's limits. */
export function fieldErrorMessage(field: string, code: FieldErrorCode): string {
  // A field with a rule that is not the inquiry's own is one of the owner's (extraFields).
  const rule: { minLength?: number; maxLength?: number } = Object.hasOwn(INQUIRY_RULES.properties, field)
    ? INQUIRY_RULES.properties[field as keyof typeof INQUIRY_RULES.properties]
    : EXTRA_FIELD_RULE;
  switch (code) {
    case 'required':
      return `${field} is required.`;
    case 'invalid_type':
      return `${field} must be a string.`;
    case 'too_short':
      return `${field} must be at least ${characters(rule?.minLength)} long.`;
    case 'too_long':
      return `${field} must be at most ${characters(rule?.maxLength)} long.`;
    case 'blank':
      return `${field} must contain at least one character that shows: not only spaces or invisible characters.`;
    case 'invalid_characters':
      return `${field} contains a character that is not allowed here, such as a control character, a line separator, a text-direction control or the sequence =?.`;
    case 'invalid_email':
      return `${field} must be an e-mail address such as name@example.com.`;
    case 'invalid_url':
      return `${field} must be an http:// or https:// URL without spaces, or empty.`;
    case 'honeypot':
      return `${field} must be left empty.`;
    case 'unknown_field':
      return `${field} is not a field of this form.`;
  }
}

function characters(count: number | undefined): string {
  return count === 1 ? '1 character' : `${count} characters`;
}
