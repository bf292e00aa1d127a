import type { ErrorObject } from 'ajv';
import { FIELD_ERROR_CODES, fieldErrorMessage, PATTERN_CODES, type FieldError, type FieldErrorCode } from '../inquiry/field-errors.js';
import { CONTACT_FIELDS, HONEYPOT_FIELD, type Inquiry } from '../inquiry/schema.js';
import { validate } from './inquiry-rules.validator.js';

export type InquiryVerdict =
  | { readonly valid: true; readonly inquiry: Inquiry }
  | { readonly valid: false; readonly errors: readonly FieldError[] };

/** Checks a parsed JSON object against the published schema and names what is wrong, per field. */
export type InquiryValidator = (body: Readonly<Record<string, unknown>>) => InquiryVerdict;

/**
 * Checks with the schema's rules as compiled at build time (lib/inquiry-validator-code.ts), so a
 * cold start loads no compiler and compiles nothing.
 */
export const validateInquiry: InquiryValidator = (body) => {
  if (validate(body)) return { valid: true, inquiry: body as unknown as Inquiry };
  return { valid: false, errors: toFieldErrors(validate.errors ?? [], body) };
};

function toFieldErrors(
  ajvErrors: readonly ErrorObject[],
  body: Readonly<Record<string, unknown>>,
): FieldError[] {
  const firstCodeByField = new Map<string, FieldErrorCode>();
  for (const error of ajvErrors) {
    const field = fieldOf(error);
    const code = codeOf(error, field);
    const known = firstCodeByField.get(field);
    if (known === undefined || rank(code) < rank(known)) firstCodeByField.set(field, code);
  }
  const unknownFields = Object.keys(body).filter((key) => firstCodeByField.get(key) === 'unknown_field');
  return [...CONTACT_FIELDS, ...unknownFields]
    .filter((field) => firstCodeByField.has(field))
    .map((field) => {
      const code = firstCodeByField.get(field) as FieldErrorCode;
      return { field, code, message: fieldErrorMessage(field, code) };
    });
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
