import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import {
  EMAIL_PATTERN,
  NO_CONTROL_PATTERN,
  NOT_BLANK_PATTERN,
  ONE_LINE_PATTERN,
  OPTIONAL_URL_PATTERN,
  TEXT_PATTERN,
} from './patterns.js';
import { CONTACT_FIELDS, HONEYPOT_FIELD, type ContactRequestSchema, type Inquiry } from './schema.js';

/** The error codes of CONTRACT §2, in the order a field reports the first of its failures. */
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
  readonly message: string;
}

export type InquiryVerdict =
  | { readonly valid: true; readonly inquiry: Inquiry }
  | { readonly valid: false; readonly errors: readonly FieldError[] };

/** Checks a parsed JSON object against the published schema and names what is wrong, per field. */
export type InquiryValidator = (body: Readonly<Record<string, unknown>>) => InquiryVerdict;

/** The error code each pattern of the schema reports; the form's script maps patterns the same way. */
export const PATTERN_CODES: Readonly<Record<string, FieldErrorCode>> = {
  [NOT_BLANK_PATTERN]: 'blank',
  [NO_CONTROL_PATTERN]: 'invalid_characters',
  [ONE_LINE_PATTERN]: 'invalid_characters',
  [TEXT_PATTERN]: 'invalid_characters',
  [EMAIL_PATTERN]: 'invalid_email',
  [OPTIONAL_URL_PATTERN]: 'invalid_url',
};

/**
 * What a 422 lists of the fields that are not in the form (docs/api.md §2): the first 10, each
 * name cut to 64 characters, so that an answer stays small (16 KiB) whatever was sent; the unknown
 * fields are the robot's or the integrator's mistake, and the first few are enough to correct it.
 */
const MAX_LISTED_UNKNOWN_FIELDS = 10;
const MAX_LISTED_NAME_LENGTH = 64;

/** Compiles the schema once (per cold start) with Ajv's 2020-12 class, `format` as annotation. */
export function createInquiryValidator(schema: ContactRequestSchema): InquiryValidator {
  // validateSchema: false spares each cold start compiling the 2020-12 meta-schema (about 25 ms);
  // the schema is fixed, and a unit test checks it against the meta-schema instead.
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: false, validateSchema: false });
  const validate = ajv.compile(schema);
  return (body) => {
    if (validate(body)) return { valid: true, inquiry: body as unknown as Inquiry };
    return { valid: false, errors: toFieldErrors(validate.errors ?? [], body, schema) };
  };
}

function toFieldErrors(
  ajvErrors: readonly ErrorObject[],
  body: Readonly<Record<string, unknown>>,
  schema: ContactRequestSchema,
): FieldError[] {
  const firstCodeByField = new Map<string, FieldErrorCode>();
  for (const error of ajvErrors) {
    const field = fieldOf(error);
    const code = codeOf(error, field);
    const known = firstCodeByField.get(field);
    if (known === undefined || rank(code) < rank(known)) firstCodeByField.set(field, code);
  }
  const unknownFields = Object.keys(body)
    .filter((key) => firstCodeByField.get(key) === 'unknown_field')
    .slice(0, MAX_LISTED_UNKNOWN_FIELDS);
  return [...CONTACT_FIELDS, ...unknownFields]
    .filter((field) => firstCodeByField.has(field))
    .map((field) => {
      const code = firstCodeByField.get(field) as FieldErrorCode;
      const listed = listedName(field);
      return { field: listed, code, message: describe(listed, code, schema) };
    });
}

/** The name as an answer lists it: in code points, so that no emoji is cut in half; `…` marks a cut. */
function listedName(field: string): string {
  const characters = Array.from(field);
  if (characters.length <= MAX_LISTED_NAME_LENGTH) return field;
  return `${characters.slice(0, MAX_LISTED_NAME_LENGTH).join('')}…`;
}

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  // Every other rule sits on a top-level property: instancePath is "/<field>" (JSON Pointer escaped).
  return error.instancePath.slice(1).replaceAll('~1', '/').replaceAll('~0', '~');
}

function codeOf(error: ErrorObject, field: string): FieldErrorCode {
  switch (error.keyword) {
    case 'required':
      return 'required';
    case 'additionalProperties':
      return 'unknown_field';
    case 'type':
      return 'invalid_type';
    case 'minLength':
      return 'too_short';
    case 'maxLength':
      return field === HONEYPOT_FIELD ? 'honeypot' : 'too_long';
    case 'pattern': {
      const code = PATTERN_CODES[String(error.params.pattern)];
      if (code !== undefined) return code;
    }
  }
  throw new Error(`No contract error code for schema keyword "${error.keyword}" at ${error.schemaPath}`);
}

function rank(code: FieldErrorCode): number {
  return FIELD_ERROR_CODES.indexOf(code);
}

function describe(field: string, code: FieldErrorCode, schema: ContactRequestSchema): string {
  const rule = (schema.properties as Record<string, { minLength?: number; maxLength?: number }>)[field];
  switch (code) {
    case 'required':
      return `${field} is required.`;
    case 'invalid_type':
      return `${field} must be a string.`;
    case 'too_short':
      return `${field} must be at least ${rule?.minLength} characters long.`;
    case 'too_long':
      return `${field} must be at most ${rule?.maxLength} characters long.`;
    case 'blank':
      return `${field} must contain at least one character that is not a space.`;
    case 'invalid_characters':
      return `${field} contains a character that is not allowed here, such as a control character, a line separator or a text-direction control.`;
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
