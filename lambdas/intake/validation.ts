import type { ErrorObject } from 'ajv';
import { FIELD_ERROR_CODES, fieldErrorMessage, PATTERN_CODES, type FieldError, type FieldErrorCode } from '../inquiry/field-errors.js';
import { messageFor } from '../inquiry/form-messages.js';
import { extraFieldValues, type ExtraField } from '../inquiry/extra-fields.js';
import { CONTACT_FIELDS, HONEYPOT_FIELD, type Inquiry } from '../inquiry/schema.js';
import { validate } from './inquiry-rules.validator.js';

export type InquiryVerdict =
  | { readonly valid: true; readonly inquiry: Inquiry }
  | { readonly valid: false; readonly errors: readonly FieldError[] };

/** Checks a parsed JSON object against the published schema and names what is wrong, per field. */
export type InquiryValidator = (body: Readonly<Record<string, unknown>>) => InquiryVerdict;

/**
 * What a 422 lists of the fields that are not in the form (docs/api.md §2): the first 10, each
 * name cut to 64 characters, so that an answer stays small (16 KiB) whatever was sent; the unknown
 * fields are the robot's or the integrator's mistake, and the first few are enough to correct it.
 */
const MAX_LISTED_UNKNOWN_FIELDS = 10;
const MAX_LISTED_NAME_LENGTH = 64;

/**
 * Checks with the schema's rules as compiled at build time (lib/api/inquiry-validator-code.ts), so a
 * cold start loads no compiler and compiles nothing: the owner's fields (`extraFields`) by their
 * rule, every other field of the body by the inquiry's.
 */
export function inquiryValidator(extraFields: readonly ExtraField[]): InquiryValidator {
  const extraNames: ReadonlySet<string> = new Set(extraFields.map((field) => field.name));
  // The published schema's order: the owner's fields after the inquiry's own, the trap last.
  const fieldOrder = [...CONTACT_FIELDS.filter((field) => field !== HONEYPOT_FIELD), ...extraNames, HONEYPOT_FIELD];
  return (body) => {
    const [extra, inquiry] = partition(body, (name) => extraNames.has(name));
    if (validate({ inquiry, extra })) {
      const values = extraFieldValues(extraFields, extra);
      return { valid: true, inquiry: { ...(inquiry as unknown as Inquiry), ...(values.length === 0 ? {} : { extra: values }) } };
    }
    return { valid: false, errors: toFieldErrors(validate.errors ?? [], body, fieldOrder) };
  };
}

/** A deployment's validator without fields of the owner's. */
export const validateInquiry: InquiryValidator = inquiryValidator([]);

/** The body's fields in two objects: those `first` picks, and the rest. */
function partition(body: Readonly<Record<string, unknown>>, first: (name: string) => boolean): [Record<string, unknown>, Record<string, unknown>] {
  const picked: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  // Defined, not assigned: a body's own `__proto__` field stays a field, as it was in the body.
  for (const [name, value] of Object.entries(body)) Object.defineProperty(first(name) ? picked : rest, name, { value, enumerable: true, writable: true, configurable: true });
  return [picked, rest];
}

function toFieldErrors(
  ajvErrors: readonly ErrorObject[],
  body: Readonly<Record<string, unknown>>,
  fieldOrder: readonly string[],
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
  const errors = [...fieldOrder, ...unknownFields]
    .filter((field) => firstCodeByField.has(field))
    .map((field) => {
      const code = firstCodeByField.get(field) as FieldErrorCode;
      const listed = listedName(field);
      const error = { field: listed, code, message: fieldErrorMessage(listed, code) };
      return { ...error, userMessage: messageFor(error, body[field]) };
    });
  // Two long names cut to the same prefix are listed once, as every field is.
  return errors.filter((error, index) => errors.findIndex((other) => other.field === error.field) === index);
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
  // Every other rule sits on a field of the inquiry or of the owner's: instancePath is
  // "/inquiry/<field>" or "/extra/<field>" (JSON Pointer escaped).
  return error.instancePath.replace(/^\/(?:inquiry|extra)\//, '').replaceAll('~1', '/').replaceAll('~0', '~');
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
