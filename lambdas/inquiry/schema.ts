import { siteUrls } from '../site-urls.js';
import { EXTRA_FIELD_RULE, extraFieldProperty, type ExtraField, type ExtraFieldValue } from './extra-fields.js';
import {
  EMAIL_PATTERN,
  NO_CONTROL_PATTERN,
  NOT_BLANK_PATTERN,
  ONE_LINE_PATTERN,
  OPTIONAL_URL_PATTERN,
  TEXT_PATTERN,
} from './patterns.js';

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The inquiry's rules: the whole schema below but its dialect and `$id`, which names the deployment. */
export const INQUIRY_RULES = {
  title: 'Project inquiry',
  description: 'A visitor’s project inquiry, delivered by e-mail to the site owner.',
  type: 'object',
  required: ['name', 'email', 'message'],
  additionalProperties: false,
  properties: {
    name: {
      description: 'Your name: 1 to 120 characters, not only spaces, on one line.',
      type: 'string',
      minLength: 1,
      maxLength: 120,
      allOf: [{ pattern: NOT_BLANK_PATTERN }, { pattern: ONE_LINE_PATTERN }],
    },
    email: {
      description: 'Your e-mail address (ASCII; a domain with at least one dot). Replies go there.',
      type: 'string',
      maxLength: 254,
      pattern: EMAIL_PATTERN,
    },
    message: {
      description: 'What your project is about: 20 to 5000 characters; line breaks and tabs are kept.',
      type: 'string',
      minLength: 20,
      maxLength: 5000,
      allOf: [{ pattern: NOT_BLANK_PATTERN }, { pattern: TEXT_PATTERN }],
    },
    company: {
      description: 'Your company or organisation, optional: at most 120 characters, on one line; "" means not given.',
      type: 'string',
      maxLength: 120,
      pattern: ONE_LINE_PATTERN,
    },
    project_url: {
      description: 'A link to the project, optional: an http:// or https:// URL of at most 2048 characters; "" means not given.',
      type: 'string',
      maxLength: 2048,
      allOf: [{ pattern: OPTIONAL_URL_PATTERN }, { pattern: NO_CONTROL_PATTERN }],
    },
    _gotcha: {
      description: 'Leave empty: a field for spam robots only. Omit it or send "".',
      type: 'string',
      maxLength: 0,
    },
  },
} as const;

/**
 * The JSON Schema (draft 2020-12) of a project inquiry: the one definition the server validates
 * with and publishes at `GET /api/contact`. Every rule is a `type`, length or `pattern` keyword,
 * so any 2020-12 validator, and a browser form, reaches the server's verdict.
 */
export function contactRequestSchema(baseUrl: string, extraFields: readonly ExtraField[] = []) {
  const { properties, ...rules } = INQUIRY_RULES;
  const { _gotcha, ...fields } = properties;
  return {
    $schema: JSON_SCHEMA_DIALECT,
    $id: siteUrls(baseUrl).contactApi,
    ...rules,
    // The owner's fields after the inquiry's own, the trap last, as the form shows them.
    properties: { ...fields, ...Object.fromEntries(extraFields.map((field) => [field.name, extraFieldProperty(field)])), _gotcha },
  } as const;
}

/**
 * What the contact and MCP functions validate a body with: the inquiry's rules on its own fields,
 * and the owner's fields' rule on each of theirs (set apart by name first), so that one module,
 * compiled at build time, serves every deployment's fields (lib/api/inquiry-validator-code.ts).
 */
export const INTAKE_RULES = {
  type: 'object',
  properties: {
    inquiry: INQUIRY_RULES,
    extra: { type: 'object', additionalProperties: EXTRA_FIELD_RULE },
  },
} as const;

export type ContactField = keyof typeof INQUIRY_RULES.properties;

/** The fields in the contract's table order, which is also the order errors are reported in. */
export const CONTACT_FIELDS = Object.keys(INQUIRY_RULES.properties) as ContactField[];

/** `company and project_url`, `company, project_url and budget`: the optional fields an inquiry may carry, in words. */
export function optionalFieldsInWords(extraFields: readonly ExtraField[], written = (name: string) => name): string {
  const optional = CONTACT_FIELDS.filter((field) => !(INQUIRY_RULES.required as readonly string[]).includes(field) && field !== HONEYPOT_FIELD);
  const names = [...optional, ...extraFields.map((field) => field.name)].map(written);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The trap for spam robots: a field people never see, which must stay empty. */
export const HONEYPOT_FIELD = '_gotcha' satisfies ContactField;

/** A schema-valid inquiry. */
export interface Inquiry {
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly company?: string;
  readonly project_url?: string;
  readonly _gotcha?: string;
  /** The owner's fields the visitor filled in (extraFields), set apart from the body's own. */
  readonly extra?: readonly ExtraFieldValue[];
}
