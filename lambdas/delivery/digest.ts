import type { InquiryRecord } from '../inbox/inquiry-record.js';
import { currentTime, seconds, sentSettlement, type DeliveryDependencies } from './deliver-inquiry.js';
import type { Settlement } from './delivery-store.js';
import { composeDigestEmail, type HeldInquiry } from './digest-email.js';
import { DIGEST_CONCURRENCY, DIGEST_LEASE_SECONDS, DIGEST_LIMIT } from './time-budget.js';

/** What became of one digest; the word of its log line. */
export type DigestOutcome =
  /** Nothing was held: no mail. */
  | 'empty'
  | 'sent'
  /** SES surely did not take it: its inquiries wait for the next digest. */
  | 'not_sent'
  /** SES may have taken it: its inquiries are unknown, never resent by themselves, the owner alarmed. */
  | 'unknown';

export interface DigestReport {
  readonly outcome: DigestOutcome;
  /** How many held inquiries it carried. */
  readonly inquiries: number;
  readonly errorName?: string;
}

/**
 * The daily digest of held inquiries (docs/api.md §15). Each is claimed out of the held queue as
 * an inquiry is for its own mail (held -> sending), so one that the owner released meanwhile, or
 * that a second run of the schedule took, is in one mail only; all are then settled by what SES
 * made of the one mail. A worker that stops on the way leaves claims that the sweep ends as unknown.
 */
export async function sendDigest(dependencies: DeliveryDependencies, report: (report: DigestReport) => void): Promise<DigestOutcome> {
  const { store, mailer } = dependencies;
  const now = seconds(currentTime(dependencies));
  const attemptId = dependencies.newAttemptId();
  const candidates = await store.due('held', now, DIGEST_LIMIT);
  const claimed = (
    await inBatches(candidates, (candidate) => store.claim('held', candidate, attemptId, now, now + DIGEST_LEASE_SECONDS))
  ).filter((record): record is InquiryRecord => record !== undefined);
  const erased = claimed.filter((record) => record.text === undefined);
  const held = claimed.filter((record): record is HeldInquiry => record.text !== undefined);
  const settleAll = (records: readonly InquiryRecord[], settlement: Settlement) =>
    inBatches(records, (record) => store.settle(record.id, attemptId, settlement));
  await settleAll(erased, { state: 'failed', errorName: 'TextErased' });
  // Nothing to send (its text is gone), as an inquiry mailed alone would be given up: the owner must know.
  for (const record of erased) dependencies.report({ inquiryId: record.id, outcome: 'given_up', attempt: record.attempts, errorName: 'TextErased' });
  if (held.length === 0) return told(report, { outcome: 'empty', inquiries: 0 });

  const delivery = await mailer.send(composeDigestEmail(held, currentTime(dependencies)));
  switch (delivery.kind) {
    case 'sent':
      await settleAll(held, sentSettlement(currentTime(dependencies), dependencies, true));
      return told(report, { outcome: 'sent', inquiries: held.length });
    case 'not_sent':
      await settleAll(held, { state: 'held', dueAt: now, errorName: delivery.errorName });
      return told(report, { outcome: 'not_sent', inquiries: held.length, errorName: delivery.errorName });
    case 'unknown':
      await settleAll(held, { state: 'unknown', errorName: delivery.errorName });
      return told(report, { outcome: 'unknown', inquiries: held.length, errorName: delivery.errorName });
  }
}

/** One call per item, DIGEST_CONCURRENCY at a time, the results in the items' order. */
async function inBatches<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += DIGEST_CONCURRENCY) {
    results.push(...(await Promise.all(items.slice(start, start + DIGEST_CONCURRENCY).map(call))));
  }
  return results;
}

function told(report: (report: DigestReport) => void, digest: DigestReport): DigestOutcome {
  report(digest);
  return digest.outcome;
}
