/**
 * What the owner's own markup tells the service and the example script (docs/api.md §9,
 * docs/examples/contact-form.js): where a field's message goes, the thank-you page, the class of
 * an error, and the owner's words for the service's sentences, for a page in another language.
 * The service reads them in the owner's form page; the example script, which cannot import them,
 * holds them as text (test/unit/docs/example-script.test.ts keeps the two alike).
 */

/** Marks an element of the form as the place of its field's message. */
export const ERROR_FOR_ATTRIBUTE = 'data-error-for';

/** On such an element: its field's errors in the owner's words. */
export const ERROR_TEXT_ATTRIBUTE = 'data-error-text';

/** On the form: the owner's thank-you page, which the page's own script goes to after a 202. */
export const SUCCESS_PATH_ATTRIBUTE = 'data-success-path';

/** The class of the form's status line, or of the summary in its place, while it tells of an error: the example script's. */
export const STATUS_ERROR_CLASS = 'status-error';

/** On the form: what starts the title of a refused post's page, in place of the service's `Error: `. */
export const TITLE_PREFIX_ATTRIBUTE = 'data-title-prefix';

/**
 * On the form: the service's notices in the owner's words. The service's answer in the owner's
 * page reads the first five, the example script all but the cross-site one (no script sends a post
 * from another site). `{minutes}` in the rate limit's becomes the whole minutes to wait; the spam
 * trap's is the message of a filled trap, which a browser's autofill may cause.
 */
export const OWNER_NOTICE_ATTRIBUTES = {
  invalid: 'data-notice-invalid',
  rateLimited: 'data-notice-rate-limited',
  unavailable: 'data-notice-unavailable',
  crossSite: 'data-notice-cross-site',
  honeypot: 'data-notice-honeypot',
  sending: 'data-notice-sending',
  failed: 'data-notice-failed',
  sent: 'data-notice-sent',
} as const;

/** The attributes of the form that word what the service's own answers (no script) say: the script's own three aside. */
export const ANSWER_WORDING_ATTRIBUTES: readonly string[] = [
  TITLE_PREFIX_ATTRIBUTE,
  OWNER_NOTICE_ATTRIBUTES.invalid,
  OWNER_NOTICE_ATTRIBUTES.rateLimited,
  OWNER_NOTICE_ATTRIBUTES.unavailable,
  OWNER_NOTICE_ATTRIBUTES.crossSite,
  OWNER_NOTICE_ATTRIBUTES.honeypot,
];

/** Which notice a refused post's page says, for the owner's words of it, and the minutes a limit's `{minutes}` stands for. */
export type OwnerNotice = { readonly kind: 'invalid' | 'unavailable' | 'crossSite' } | { readonly kind: 'rateLimited'; readonly minutes: number };

/** An attribute's words, unless it has none but white space: an empty attribute words nothing, and the service's sentence stands. */
export function ownerWording(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
