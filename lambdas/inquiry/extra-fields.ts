import { ONE_LINE_PATTERN } from './patterns.js';

/**
 * The owner's own fields (`extraFields`, docs/api.md §2): a budget, a phone number, a project's
 * kind, each asked by the owner's form beside the inquiry's own fields. Every one is optional and
 * one line of text, whatever control asks it (a text box, a `<select>`, radio buttons): the
 * service carries what the visitor chose or wrote to the owner, labelled in the owner's words.
 */
export interface ExtraField {
  /** The form control's `name`, and the JSON field's. */
  readonly name: string;
  /** What the owner's mail and `npm run inbox` call it, and the schema describes it as. */
  readonly label: string;
}

/** One of the owner's fields as a visitor filled it in: stored with its label, so that the mail and the inbox read as when it came. */
export interface ExtraFieldValue extends ExtraField {
  readonly value: string;
}

export const MAX_EXTRA_FIELDS = 5;
export const EXTRA_FIELD_MAX_LENGTH = 200;
export const EXTRA_LABEL_MAX_LENGTH = 60;

/** A field's name: a letter, then letters, digits, `_` or `-`, as form fields are named; never `_gotcha`'s kind, nor `__proto__`. */
export const EXTRA_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/**
 * The names an owner's field may not take: the inquiry's own, and those the service's forms post
 * beside them. Written out, so that every function's settings read them without loading the
 * schema; test/unit/inquiry/extra-fields.test.ts holds them to schema.ts, form-token.ts and form-fields.ts.
 */
export const TAKEN_FIELD_NAMES: ReadonlySet<string> = new Set(['name', 'email', 'message', 'company', 'project_url', '_gotcha', 'form_token', 'form_page']);

/** Every one of the owner's fields' rule: text on one line, as `company`'s, up to EXTRA_FIELD_MAX_LENGTH characters; `""` means not given. */
export const EXTRA_FIELD_RULE = {
  type: 'string',
  maxLength: EXTRA_FIELD_MAX_LENGTH,
  pattern: ONE_LINE_PATTERN,
} as const;

/** A field's entry in the published schema: its rule, described by its label. */
export function extraFieldProperty({ label }: ExtraField) {
  return {
    description: `${label}, optional: at most ${EXTRA_FIELD_MAX_LENGTH} characters, on one line; "" means not given.`,
    ...EXTRA_FIELD_RULE,
  };
}

/** The owner's fields a valid body gave a value, in the order the owner listed them. */
export function extraFieldValues(fields: readonly ExtraField[], body: Readonly<Record<string, unknown>>): ExtraFieldValue[] {
  return fields.flatMap(({ name, label }) => {
    const value = Object.hasOwn(body, name) ? body[name] : undefined;
    return typeof value === 'string' && value !== '' ? [{ name, label, value }] : [];
  });
}
