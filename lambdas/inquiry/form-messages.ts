import type { FieldError, FieldErrorCode } from './field-errors.js';
import type { RateLimitScope } from './limits.js';
import { HONEYPOT_FIELD, INQUIRY_RULES } from './schema.js';
import { EXTRA_FIELD_MAX_LENGTH } from './extra-fields.js';
import { FORM_FIELDS, isRequiredField } from './form-fields.js';

const rules = INQUIRY_RULES.properties;

/** A required field sent empty: one plain request, whichever rule the empty value broke first. */
type MessageKey = FieldErrorCode | 'empty';

/**
 * What the form says beside a field, in words for a person rather than the API's (which name the
 * JSON field). The page script receives this same table (form-script.ts), so a visitor reads the
 * same sentence whether the browser or the server found the problem.
 */
export const FIELD_MESSAGES: Readonly<Record<string, Partial<Record<MessageKey, string>>>> = {
  name: {
    empty: 'Enter your name.',
    blank: 'Enter your name, not only spaces.',
    too_long: `Shorten your name to ${rules.name.maxLength} characters or fewer.`,
    invalid_characters: 'Remove the line breaks, control characters, text-direction controls and any “=?” from your name.',
  },
  email: {
    empty: 'Enter your e-mail address.',
    too_long: `Shorten the e-mail address to ${rules.email.maxLength} characters or fewer.`,
    invalid_email: 'Enter an e-mail address such as name@example.com.',
  },
  message: {
    empty: 'Tell me about your project.',
    too_short: `Write at least ${rules.message.minLength} characters about your project.`,
    too_long: `Shorten your message to ${rules.message.maxLength} characters or fewer.`,
    blank: 'Tell me about your project, not only spaces.',
    invalid_characters: 'Remove the control characters from your message.',
  },
  company: {
    too_long: `Shorten the company name to ${rules.company.maxLength} characters or fewer.`,
    invalid_characters: 'Remove the line breaks, control characters, text-direction controls and any “=?” from the company name.',
  },
  project_url: {
    too_long: `Shorten the link to ${rules.project_url.maxLength} characters or fewer.`,
    invalid_characters: 'Remove the control characters from the link.',
    invalid_url: 'Enter a link that starts with http:// or https:// and has no spaces, or leave it empty.',
  },
  [HONEYPOT_FIELD]: {
    honeypot: 'The form could not be sent: a hidden field that must stay empty was filled in, perhaps by a browser extension. Send the form again; should this come back, reload the page first.',
  },
};

/**
 * What the form says beside one of the owner's own fields (extraFields): their rule is every one's,
 * and the sentence stands beside the field, so it needs no name. The page script has it too.
 */
export const EXTRA_FIELD_MESSAGES: Readonly<Partial<Record<MessageKey, string>>> = {
  // Sent more than once: a <select multiple>, or two controls of one name.
  invalid_type: 'Give one answer here.',
  too_long: `Shorten this answer to ${EXTRA_FIELD_MAX_LENGTH} characters or fewer.`,
  invalid_characters: 'Remove the line breaks, control characters, text-direction controls and any “=?” from this answer.',
};

/**
 * The sentence for one field error; the server's own message for anything the table lacks. A field
 * the table does not name is one of the owner's, when its error is not that it is unknown.
 */
export function messageFor(error: Omit<FieldError, 'userMessage'>, value: unknown): string {
  const messages = Object.hasOwn(FIELD_MESSAGES, error.field) ? FIELD_MESSAGES[error.field] : EXTRA_FIELD_MESSAGES;
  const empty = isRequiredField(error.field) && (value === undefined || value === '');
  return (empty ? messages?.empty : undefined) ?? messages?.[error.code] ?? error.message;
}

/** Page-level notices; `{wait}` becomes "N minutes". The page script uses the same texts. */
export const NOTICES = {
  invalid: 'The inquiry was not sent. Please correct the fields marked below.',
  rateLimited: {
    ip: 'Too many inquiries have been sent from your network recently, so this one was not sent. Please try again in {wait}.',
    email: 'Too many inquiries have been sent for this e-mail address recently, so this one was not sent. Please try again in {wait}.',
  },
  unavailable: 'Your inquiry could not be accepted just now. Please try again in a minute.',
  sending: 'Sending your inquiry…',
  failed: 'Your inquiry could not be sent. Please check your connection and try again.',
} as const;

/**
 * The confirmation, on its own page (no script) and in place of the form (script). True of every
 * stored inquiry, one held for the daily digest too (docs/api.md §15): the page never tells which.
 */
export const SENT = {
  heading: 'Thank you: your inquiry was received',
  text: 'It reaches me by e-mail, and the reply will come to the address you gave.',
} as const;

const VISIBLE_FIELDS: ReadonlySet<string> = new Set(FORM_FIELDS.map((field) => field.name));

/**
 * Above a refused form that sent fields it has not: a tab opened before the form changed (a form
 * service's, whose post the front door sends on to the form). One sentence for them all, which
 * asks the visitor to send again, where each field's own message would read as a broken site.
 */
export const CHANGED_FORM_NOTICE = 'This form has changed since the page was opened, so your inquiry was not sent yet. Please check it, then send it again.';

const isUnknownField = (error: FieldError) => error.code === 'unknown_field';

/** Above a refused form: the errors no visible field can hold (the trap, unknown fields), or a plea to correct the marked ones (the owner's fields' among them). */
export function invalidNotice(errors: readonly FieldError[]): string {
  const unplaced = errors.filter((error) => !VISIBLE_FIELDS.has(error.field) && (error.field === HONEYPOT_FIELD || isUnknownField(error)));
  const sentences = unplaced.map((error) => (isUnknownField(error) ? CHANGED_FORM_NOTICE : error.userMessage));
  return sentences.length > 0 ? [...new Set(sentences)].join(' ') : NOTICES.invalid;
}

/** The errors as the owner's form page says them beside its fields: those of fields it has not as one CHANGED_FORM_NOTICE, first. */
export function pageErrors(errors: readonly FieldError[]): { readonly field: string; readonly message: string }[] {
  const unknown = errors.find(isUnknownField);
  const known = errors.filter((error) => !isUnknownField(error)).map((error) => ({ field: error.field, message: error.userMessage }));
  return unknown === undefined ? known : [{ field: unknown.field, message: CHANGED_FORM_NOTICE }, ...known];
}

export function rateLimitedNotice(scope: RateLimitScope, seconds: number): string {
  return NOTICES.rateLimited[scope].replace('{wait}', waitInWords(seconds));
}

/** Whole minutes, rounded up: a visitor told "1 minute" must not be refused again. */
export function waitMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** waitMinutes in words: `1 minute`, `31 minutes`. */
export function waitInWords(seconds: number): string {
  const minutes = waitMinutes(seconds);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What the service's pages put before the title of a page that answers a refused post. */
export const ERROR_TITLE_PREFIX = 'Error: ';
