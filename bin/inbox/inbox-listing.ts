import { describeHeldReason } from '../../lambdas/inbox/held-reasons.js';
import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';

/** `2026-11-23 14:05`: to the minute, in UTC, as the owner's e-mail shows times. */
function minute(time: string | number): string {
  const date = typeof time === 'number' ? new Date(time * 1000) : new Date(time);
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** What the owner should know of an inquiry beside its state: when it went, why it has not, when it is tried again. */
function remark(record: InquiryRecord): string {
  switch (record.state) {
    case 'sent':
      return record.sentAt === undefined ? '' : `sent ${minute(record.sentAt)}${record.sentIn === 'digest' ? ' in the digest' : ''}`;
    case 'held':
      return [
        ...(record.heldFor ?? []).map(describeHeldReason),
        ...(record.lastError === undefined ? [] : [`the last digest failed: ${record.lastError}`]),
        `in the next digest, or now: npm run redeliver -- ${record.id}`,
      ].join('; ');
    case 'pending':
      return [record.lastError, record.dueAt === undefined ? undefined : `next try ${minute(record.dueAt)}`].filter(Boolean).join('; ');
    case 'sending':
      return 'a worker is sending it';
    case 'failed':
      return record.lastError === 'TextErased'
        ? 'its text was erased before it could be sent (retentionDays): nothing left to send'
        : `${record.lastError ?? ''}; still failing at the end of the retry period: npm run redeliver -- ${record.id}`;
    case 'unknown':
      return `${record.lastError ?? ''}; check your mailbox, then if it never came: npm run redeliver -- ${record.id}`;
  }
}

/**
 * The owner's inbox as a table of lines (`npm run inbox`, docs/api.md §14): one an inquiry,
 * newest first, with its state and why; the visitor's text only when asked for.
 */
export function inboxListing(records: readonly InquiryRecord[], options: { readonly text: boolean }): string[] {
  const rows = records.map((record) => [minute(record.receivedAt), record.state, String(record.attempts), record.id, remark(record)]);
  const header = ['RECEIVED (UTC)', 'STATE', 'TRIES', 'ID', ''];
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
  for (const record of records) counts.set(record.state, (counts.get(record.state) ?? 0) + 1);
  if (lines.at(-1) !== '') lines.push('');
  lines.push(`${records.length} inquir${records.length === 1 ? 'y' : 'ies'}${[...counts].map(([state, count]) => `, ${count} ${state}`).join('')}`);
  return lines;
}

function inquiryText(record: InquiryRecord): string[] {
  if (record.text === undefined) return ['    (its text was erased once it was sent: retentionDays)', ''];
  const { name, email, company, project_url: projectUrl, message } = record.text;
  return [
    `    From: ${name} <${email}>${company === undefined ? '' : `, ${company}`}`,
    ...(projectUrl === undefined ? [] : [`    Project: ${projectUrl}`]),
    ...message.split(/\r?\n/).map((text) => `    > ${text}`),
    '',
  ];
}
