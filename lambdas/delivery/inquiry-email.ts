import type { InquiryText } from '../inbox/inquiry-record.js';
import { readableMinute } from '../time-zone.js';
import { mailText, visitorFields, type QuoteOptions } from '../inbox/visitor-text.js';
import { labelled, type MailWords } from '../mail-words/mail-words.js';

/** A plain-text e-mail to the site owner; `replyTo` is the visitor, when it is one visitor's inquiry. */
export interface InquiryEmail {
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
}

export interface Receipt {
  /** The inquiry's id: what the visitor's 202 and `npm run inbox` show. */
  readonly id: string;
  readonly receivedAt: Date;
  /** The address of the owner's contact page it was sent from, when its post named one. */
  readonly sentFrom?: string;
}

/**
 * The longest line of a mail (RFC 5322 §2.1.1 asks for at most 78 characters): a line the
 * visitor wrote is cut to fit, so that a mail client shows each piece with its `> ` rather than
 * wrapping it into a line of the visitor's own that starts where the service's lines do.
 */
export const MAIL_LINE_WIDTH = 78;

/** How a mail quotes the visitor's text: lines of MAIL_LINE_WIDTH, controls made visible but bidi controls kept. */
const MAIL_QUOTING: QuoteOptions = { width: MAIL_LINE_WIDTH, visible: mailText };

export interface InquiryEmailOptions {
  /** The owner's time zone (`timeZone`), which the mail gives the time of arrival in. */
  readonly timeZone: string;
  /** The words of the owner's language (`mailLanguage`). */
  readonly words: MailWords;
  /**
   * The error SES refused the visitor's address as a Reply-To with: the mail goes without one, and
   * says so (docs/api.md §14).
   */
  readonly replyToRefused?: string;
}

/**
 * The owner's copy of an inquiry (docs/api.md §2): every submitted field labelled, each value the
 * visitor's quoted, then when it arrived and its id, which also stands in the visitor's answer and
 * the owner's inbox.
 */
export function composeInquiryEmail(inquiry: InquiryText, receipt: Receipt, options: InquiryEmailOptions): InquiryEmail {
  const { words, replyToRefused: refused } = options;
  const company = inquiry.company ?? '';
  return {
    ...(refused === undefined ? { replyTo: inquiry.email } : {}),
    // The visitor's words show in the subject as in the text: no character of them hidden.
    subject: words.inquirySubject(mailText(inquiry.name), company === '' ? undefined : mailText(company)),
    text: [...(refused === undefined ? [] : [words.noReplyTo(mailText(refused)), '']), ...inquiryLines(inquiry, receipt, options.timeZone, words), ''].join('\n'),
  };
}

/**
 * An inquiry as the owner reads it, in its own mail or in the digest: its fields and its message,
 * every line of them the visitor's and marked so; then its arrival, the page it was sent from and
 * its id, the service's. The time is the owner's, in their time zone, beside its exact ISO form in
 * UTC (docs/api.md §12): `2026-11-23 15:05 Europe/Berlin (2026-11-23T14:05:00.000Z)`.
 */
export function inquiryLines(inquiry: InquiryText, receipt: Receipt, timeZone: string, words: MailWords): string[] {
  return [
    ...visitorFields(inquiry, MAIL_QUOTING, words),
    '',
    labelled(words, words.received, `${readableMinute(receipt.receivedAt, timeZone)} ${timeZone} (${receipt.receivedAt.toISOString()})`),
    // The site's address and a path its settings give: nothing of the visitor's.
    ...(receipt.sentFrom === undefined ? [] : [labelled(words, words.sentFrom, receipt.sentFrom)]),
    labelled(words, words.inquiryId, receipt.id),
  ];
}
