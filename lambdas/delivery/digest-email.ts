import type { InquiryRecord, InquiryText } from '../inbox/inquiry-record.js';
import { readableDay } from '../time-zone.js';
import { terminalText } from '../inbox/visitor-text.js';
import { describeHeldReason, labelled, type MailWords } from '../mail-words/mail-words.js';
import { inquiryLines, type InquiryEmail } from './inquiry-email.js';
import { DIGEST_LIMIT, DIGEST_MAIL_BYTES } from './time-budget.js';

/** A held inquiry as the digest holds it: its text, and why it was held. */
export type HeldInquiry = InquiryRecord & { readonly text: InquiryText };

/** Each inquiry's section, once composed in a time zone and language: a digest measures it, composes it, and may compose it again in half a mail. */
const sections = new WeakMap<HeldInquiry, { readonly timeZone: string; readonly words: MailWords; readonly text: string }>();

/** The text of one inquiry in a digest mail, but its number: why it was held, then its own mail's lines. */
function sectionText(inquiry: HeldInquiry, timeZone: string, words: MailWords): string {
  const composed = sections.get(inquiry);
  if (composed?.timeZone === timeZone && composed.words === words) return composed.text;
  // A line of the service's, none of it a visitor's paragraph: every control made visible, bidi controls too.
  const reasons = terminalText((inquiry.heldFor ?? []).map((reason) => describeHeldReason(reason, words)).join(words.separator));
  const text = [
    labelled(words, words.held, reasons || words.noReasonRecorded),
    '',
    ...inquiryLines(inquiry.text, { id: inquiry.id, receivedAt: new Date(inquiry.receivedAt), sentFrom: inquiry.sentFrom }, timeZone, words),
    '',
  ].join('\n');
  sections.set(inquiry, { timeZone, words, text });
  return text;
}

/** When the digest is sent, and where the owner's commands find its inbox. */
export interface DigestContext {
  readonly sentAt: Date;
  /** The owner's time zone (`timeZone`): the subject's day and each inquiry's time are in it. */
  readonly timeZone: string;
  /** The `--endpoint` of an inbox that is not AWS's (local mode's); none deployed. */
  readonly inboxEndpoint?: string;
  /** The words of the owner's language (`mailLanguage`). */
  readonly words: MailWords;
}

/**
 * The command that has an inquiry of the digest mailed on its own, its options first as the inbox
 * command writes them (bin/inbox/inbox-table.ts): `--again`, as the digest marks each one sent.
 */
const redeliverCommand = (inboxEndpoint: string | undefined, words: MailWords) =>
  `npm run redeliver -- ${inboxEndpoint === undefined ? '' : `--endpoint ${inboxEndpoint} `}--again <${words.inquiryIdPlaceholder}>`;

/** The subject and opening lines of a digest mail that holds `shown` of the `total` inquiries of the day's digest. */
function opening(shown: number, total: number, { sentAt, timeZone, inboxEndpoint, words }: DigestContext): { subject: string; lines: string[] } {
  const count = shown === total ? words.heldCount(total) : words.heldShare(shown, total);
  return {
    subject: words.digestSubject(count, readableDay(sentAt, timeZone)),
    lines: [words.digestOpening(count, shown, shown !== total), words.quoteMark, words.redeliverHint(redeliverCommand(inboxEndpoint, words)), ''],
  };
}

/**
 * A mail of the daily digest (docs/api.md §15): `held`, in the order they were held, each in full
 * with why it was held, among the `total` inquiries of the day's digest, and how to have one
 * mailed on its own. No Reply-To: the owner answers a visitor from that mail, or by writing to the
 * address shown.
 */
export function composeDigestEmail(held: readonly HeldInquiry[], total: number, context: DigestContext): InquiryEmail {
  const { subject, lines } = opening(held.length, total, context);
  const { timeZone, words } = context;
  return {
    subject,
    text: [...lines, ...held.flatMap((inquiry, index) => [words.sectionHeading(index + 1, held.length), sectionText(inquiry, timeZone, words)])].join('\n'),
  };
}

/**
 * The held inquiries of a digest shared out into mails of at most DIGEST_MAIL_BYTES, in order:
 * each inquiry counted at its section's size with its heading at the longest a digest writes, and
 * the mail's opening at its longest too. An inquiry is never cut: one larger than a mail (none the
 * contact function accepts is: at most some 35 KB) would go in a mail of its own.
 */
export function digestMails(held: readonly HeldInquiry[], context: DigestContext): HeldInquiry[][] {
  const openingBytes = Math.max(
    ...[opening(DIGEST_LIMIT, DIGEST_LIMIT, context), opening(DIGEST_LIMIT - 1, DIGEST_LIMIT, context)].map(
      ({ subject, lines }) => Buffer.byteLength(subject) + Buffer.byteLength(`${lines.join('\n')}\n`),
    ),
  );
  const { timeZone, words } = context;
  const headingBytes = Buffer.byteLength(`${words.sectionHeading(DIGEST_LIMIT, DIGEST_LIMIT)}\n`);
  const mails: HeldInquiry[][] = [];
  let mail: HeldInquiry[] = [];
  let used = openingBytes;
  for (const inquiry of held) {
    const bytes = headingBytes + Buffer.byteLength(`${sectionText(inquiry, timeZone, words)}\n`);
    if (mail.length > 0 && used + bytes > DIGEST_MAIL_BYTES) {
      mails.push(mail);
      mail = [];
      used = openingBytes;
    }
    mail.push(inquiry);
    used += bytes;
  }
  if (mail.length > 0) mails.push(mail);
  return mails;
}
