import { extraFieldProperty, type ExtraField } from './extra-fields.js';
import { HONEYPOT_FIELD, INQUIRY_RULES, type ContactField } from './schema.js';

/**
 * The hidden field the service adds to another contact page's form when it answers a post in it
 * (docs/api.md §9): the page's path, which the answer's own address, `/contact`, no longer tells
 * the post after it.
 */
export const POSTED_FROM_FIELD = 'form_page';

const REQUIRED: ReadonlySet<string> = new Set(INQUIRY_RULES.required);

/** A field a visitor sees; the honeypot is drawn apart (contact-page.ts). */
type VisibleField = Exclude<ContactField, typeof HONEYPOT_FIELD>;

/**
 * The start of the id of each of the owner's fields on the service's form: apart from the page's
 * own ids (`contact-status`, `contact-sent`, `contact-<field>-error`), whatever the owner names a field.
 */
export const EXTRA_FIELD_ID_PREFIX = 'contact-extra-';

/** How one field of the inquiry appears in the form. */
export interface FormField {
  readonly name: string;
  /** Its control's id, which its label, hint and error are named after. */
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly control: 'input' | 'textarea';
  /** Browsers pick the keyboard and the autofill from `type` and `autocomplete`. */
  readonly type: 'text' | 'email' | 'url';
  readonly autocomplete: string;
  readonly required: boolean;
  /** What the schema says of it: what an agent in the visitor's browser reads (contact-page.ts). */
  readonly description: string;
}

const FIELDS: readonly (Omit<FormField, 'id' | 'required' | 'description'> & { readonly name: VisibleField })[] = [
  { name: 'name', label: 'Your name', control: 'input', type: 'text', autocomplete: 'name' },
  {
    name: 'email',
    label: 'Your e-mail address',
    hint: 'The reply goes to this address.',
    control: 'input',
    type: 'email',
    autocomplete: 'email',
  },
  {
    name: 'message',
    label: 'Your project',
    hint: `What it is about and how I can help: at least ${INQUIRY_RULES.properties.message.minLength} characters.`,
    control: 'textarea',
    type: 'text',
    autocomplete: 'off',
  },
  { name: 'company', label: 'Company or organisation', control: 'input', type: 'text', autocomplete: 'organization' },
  {
    name: 'project_url',
    label: 'Link to the project',
    hint: 'An address starting with http:// or https://, if there is one.',
    control: 'input',
    type: 'url',
    autocomplete: 'url',
  },
];

/** The fields in the contract's table order, which is also the order their errors come in. */
export const FORM_FIELDS: readonly FormField[] = FIELDS.map((field) => ({
  ...field,
  id: `contact-${field.name}`,
  required: REQUIRED.has(field.name),
  description: INQUIRY_RULES.properties[field.name].description,
}));

/** The form's fields, the owner's own (extraFields) after the inquiry's: each a line of text, optional, labelled in the owner's words. */
export function formFields(extraFields: readonly ExtraField[] = []): readonly FormField[] {
  return [
    ...FORM_FIELDS,
    ...extraFields.map((field) => ({
      name: field.name,
      id: `${EXTRA_FIELD_ID_PREFIX}${field.name}`,
      label: field.label,
      control: 'input' as const,
      type: 'text' as const,
      autocomplete: 'off',
      required: false,
      description: extraFieldProperty(field).description,
    })),
  ];
}

export function isRequiredField(name: string): boolean {
  return REQUIRED.has(name);
}
