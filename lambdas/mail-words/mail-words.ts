import type { HeldFacts, HeldReason, SpamSignal } from '../inbox/held-reasons.js';
import type { FieldLabels } from '../inbox/visitor-text.js';

/**
 * Every word of the service's own in the owner's mails (docs/api.md §2, §14, §15), in one language:
 * each function is given the visitor's words already made visible, and writes only its own.
 */
export interface MailWords {
  /** The language's tag, which formats its numbers. */
  readonly tag: string;
  /** What ends a label before its value: `:`, or French's no-break space and `:`. */
  readonly colon: string;
  /** What stands between two reasons an inquiry was held for: `; `, or French's ` ; `. */
  readonly separator: string;
  /** An inquiry's subject: `Project inquiry from Ada Lovelace (Analytical Engines)`. */
  inquirySubject(name: string, company: string | undefined): string;
  /** What a mail without a Reply-To says first: SES refused the visitor's address as one, with `error`. */
  noReplyTo(error: string): string;
  readonly fields: FieldLabels;
  /** The labels of the service's lines beneath the fields: when it arrived, from which page, its id. */
  readonly received: string;
  readonly sentFrom: string;
  readonly inquiryId: string;
  /** What stands for an inquiry's id in a command the owner completes: `<inquiry id>`'s words. */
  readonly inquiryIdPlaceholder: string;
  /** `1 held inquiry`, `12 held inquiries`. */
  heldCount(count: number): string;
  /** `3 of 12 held inquiries`: the share of the day's digest one of its mails holds. */
  heldShare(shown: number, total: number): string;
  /** A digest's subject: the count, then the day. */
  digestSubject(count: string, day: string): string;
  /** A digest's first line, after its count of `shown`: that its inquiries were kept for it (each one's Held line says why) and, when `others`, that other mails hold the rest. */
  digestOpening(count: string, shown: number, others: boolean): string;
  /** That every line the visitor wrote starts with `> `, and no other. */
  readonly quoteMark: string;
  /** How to have one mailed on its own: `command`. */
  redeliverHint(command: string): string;
  /** `=== 1 of 3 ===`. */
  sectionHeading(number: number, count: number): string;
  /** The label of why an inquiry was held, and what stands there when nothing was recorded. */
  readonly held: string;
  readonly noReasonRecorded: string;
  /** Each signal's name. */
  readonly signals: Readonly<Record<SpamSignal, string>>;
  /** What a signal was raised on, its seconds written by `formatSeconds` as the language writes them. */
  heldDetail(facts: HeldFacts, formatSeconds: (seconds: number) => string): string;
}

/** `Received: 2026-11-23 15:05 …`, `Reçue : …`: a value after its label, as the words' language writes it. */
export function labelled(words: Pick<MailWords, 'colon'>, label: string, value: string): string {
  return `${label}${words.colon} ${value}`;
}

/** `too fast: sent 1.2 s after …`: a reason in the words' language; one stored in words keeps its English words. */
export function describeHeldReason(reason: HeldReason, words: MailWords): string {
  const detail = 'detail' in reason ? reason.detail : words.heldDetail(reason, (value) => tenths(value, words.tag));
  return labelled(words, words.signals[reason.signal], detail);
}

const tenthFormats = new Map<string, Intl.NumberFormat>();

/** `1.2` in English, `1,2` in French: a number of seconds, stored to the tenth below, written as the other numbers of a reason are, ungrouped. */
function tenths(value: number, tag: string): string {
  let format = tenthFormats.get(tag);
  if (format === undefined) {
    format = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    tenthFormats.set(tag, format);
  }
  return format.format(value);
}
