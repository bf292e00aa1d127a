import { ENGLISH } from '../../lambdas/mail-words/en.js';
import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';
import { terminalText, visitorFields, type QuoteOptions } from '../../lambdas/inbox/visitor-text.js';
import { minute } from '../terminal-time.js';
import { deliveryErrorWords } from './delivery-error.js';
import { heldReasonsInEnglish } from './held-reasons.js';

export interface ListingOptions {
  /** Add what each visitor wrote. */
  readonly text: boolean;
  /** The command that sends an inquiry now, as the owner can paste it (with the options this listing was read with). */
  readonly redeliverCommand: (id: string) => string;
  /** The time zone its times are in, which its heading names: the terminal's. */
  readonly timeZone: string;
}

/** What the owner should know of an inquiry beside its state: when it went, why it has not, when it is tried again. */
function remark(record: InquiryRecord, { redeliverCommand: redeliver, timeZone }: ListingOptions): string {
  const error = record.lastError === undefined ? undefined : deliveryErrorWords(record.lastError);
  switch (record.state) {
    case 'sent':
      if (record.sentAt === undefined) return '';
      // Why it waited for the digest: an owner trying the form with one text again and again looks for the mail of each.
      return `sent ${minute(record.sentAt, timeZone)}${record.sentIn === 'digest' ? ` in the digest, held for ${heldReasonsInEnglish(record).join(ENGLISH.separator) || ENGLISH.noReasonRecorded}` : ''}`;
    case 'held':
      return [
        ...heldReasonsInEnglish(record),
        ...(error === undefined ? [] : [`the last digest failed: ${error}`]),
        `in the next digest, or now: ${redeliver(record.id)}`,
      ].join('; ');
    case 'pending':
      return [error, record.dueAt === undefined ? undefined : `next try ${minute(record.dueAt, timeZone)}`].filter(Boolean).join('; ');
    case 'sending':
      return 'a worker is sending it';
    case 'failed':
      if (record.lastError === 'TextErased') return 'its text was erased before it could be sent (retentionDays): nothing left to send';
      return record.failedIn === 'digest'
        ? `${error ?? ''}; SES refused it alone in the digest and took the others: --text shows what it holds; alone: ${redeliver(record.id)}`
        : `${error ?? ''}; still failing at the end of the retry period: ${redeliver(record.id)}`;
    case 'unknown':
      return `${error ?? ''}; check your mailbox, then if it never came: ${redeliver(record.id)}`;
    default:
      return '';
  }
}

/** How a terminal listing quotes the visitor's text: indented 4, lines of 80 at most, every control shown as an escape. */
const TERMINAL_QUOTING: QuoteOptions = { width: 76, visible: terminalText };

/**
 * The owner's inbox as a table of lines (`npm run inbox`, docs/api.md §14): one an inquiry,
 * newest first, with its state and why; the visitor's text only when asked for. Whatever the
 * table holds, no line carries a control character: each is shown as an escape.
 */
export function inboxListing(records: readonly InquiryRecord[], options: ListingOptions): string[] {
  const rows = records.map((record) =>
    [minute(record.receivedAt, options.timeZone), record.state, String(record.attempts), record.id, remark(record, options)].map(terminalText),
  );
  const header = [`RECEIVED (${options.timeZone})`, 'STATE', 'TRIES', 'ID', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const lines = [line(header)];
  for (const [index, record] of records.entries()) {
    lines.push(line(rows[index]!));
    if (options.text) lines.push(...inquiryText(record));
  }
  const counts = new Map<string, number>();
  for (const record of records) counts.set(terminalText(record.state), (counts.get(terminalText(record.state)) ?? 0) + 1);
  if (lines.at(-1) !== '') lines.push('');
  lines.push(`${records.length} inquir${records.length === 1 ? 'y' : 'ies'}${[...counts].map(([state, count]) => `, ${count} ${state}`).join('')}`);
  return lines;
}

/** What the visitor wrote, as the mail shows it: each field labelled, each line of theirs quoted; then the page it was sent from. */
function inquiryText(record: InquiryRecord): string[] {
  const text =
    record.text === undefined
      ? ['    (its text was erased once it was sent: retentionDays)']
      : visitorFields(record.text, TERMINAL_QUOTING, ENGLISH).map((line) => (line === '' ? '' : `    ${line}`));
  return [...text, ...(record.sentFrom === undefined ? [] : [`    Sent from: ${terminalText(record.sentFrom)}`]), ''];
}
