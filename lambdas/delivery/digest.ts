import type { InquiryRecord } from '../inbox/inquiry-record.js';
import { currentTime, sentSettlement, type DeliveryDependencies } from './deliver-inquiry.js';
import type { Settlement } from './delivery-store.js';
import { composeDigestEmail, type HeldInquiry } from './digest-email.js';
import { DIGEST_CONCURRENCY, DIGEST_LEASE_SECONDS, DIGEST_LIMIT } from './time-budget.js';
import { epochSeconds } from '../time-units.js';

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
  /** How many of them could not be settled: the sweep calls them unknown once the lease runs out. */
  readonly unsettled?: number;
}

/**
 * The daily digest of held inquiries (docs/api.md §15). Each is claimed out of the held queue as
 * an inquiry is for its own mail (held -> sending), so one that the owner released meanwhile, or
 * that a second run of the schedule took, is in one mail only; all are then settled by what SES
 * made of the one mail. A write that fails leaves no other inquiry unsettled; one that stays
 * failed, or a worker that stops on the way, leaves claims that the sweep ends as unknown.
 */
export async function sendDigest(dependencies: DeliveryDependencies, report: (report: DigestReport) => void): Promise<DigestOutcome> {
  const { store, mailer } = dependencies;
  const now = epochSeconds(currentTime(dependencies));
  const attemptId = dependencies.newAttemptId();
  const settleAll = (ids: readonly string[], settlement: Settlement) => settleEach(ids, (id) => store.settle(id, attemptId, settlement));

  const candidates = await store.due('held', now, DIGEST_LIMIT);
  const claims = await inBatches(candidates, (candidate) => store.claim('held', candidate, attemptId, now, now + DIGEST_LEASE_SECONDS));
  const claimed = claims.flatMap((claim) => (claim.status === 'fulfilled' && claim.value !== undefined ? [claim.value] : []));
  // A claim that failed may still have been applied (its answer lost): back in the held queue, for the next digest.
  await settleAll(candidates.filter((_, index) => claims[index]?.status === 'rejected').map((candidate) => candidate.id), { state: 'held', dueAt: now });
  const erased = claimed.filter((record) => record.text === undefined);
  const held = claimed.filter((record): record is HeldInquiry => record.text !== undefined);
  await settleAll(ids(erased), { state: 'failed', errorName: 'TextErased' });
  // Nothing to send (its text is gone), as an inquiry mailed alone would be given up: the owner must know.
  for (const record of erased) dependencies.report({ inquiryId: record.id, outcome: 'given_up', attempt: record.attempts, errorName: 'TextErased' });
  if (held.length === 0) return told(report, { outcome: 'empty', inquiries: 0 });

  const delivery = await mailer.send(composeDigestEmail(held, currentTime(dependencies)));
  const settlement: Settlement =
    delivery.kind === 'sent'
      ? sentSettlement(currentTime(dependencies), dependencies, true)
      : delivery.kind === 'not_sent'
        ? { state: 'held', dueAt: now, errorName: delivery.errorName }
        : { state: 'unknown', errorName: delivery.errorName };
  // What could not be settled stays claimed until its lease runs out, when the sweep calls it unknown.
  const unsettled = await settleAll(ids(held), settlement);
  return told(report, {
    outcome: delivery.kind,
    inquiries: held.length,
    ...(delivery.kind === 'sent' ? {} : { errorName: delivery.errorName }),
    ...(unsettled === 0 ? {} : { unsettled }),
  });
}

/** Settles each id, and once more those whose write failed; how many are left unsettled. */
async function settleEach(ids: readonly string[], settle: (id: string) => Promise<boolean>): Promise<number> {
  let left = ids;
  for (let round = 0; round < 2 && left.length > 0; round++) {
    const results = await inBatches(left, settle);
    left = left.filter((_, index) => results[index]?.status === 'rejected');
  }
  return left.length;
}

/** One call per item, DIGEST_CONCURRENCY at a time, each call's result or failure in the items' order. */
async function inBatches<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<Array<PromiseSettledResult<R>>> {
  const results: Array<PromiseSettledResult<R>> = [];
  for (let start = 0; start < items.length; start += DIGEST_CONCURRENCY) {
    results.push(...(await Promise.allSettled(items.slice(start, start + DIGEST_CONCURRENCY).map(call))));
  }
  return results;
}

function ids(records: readonly InquiryRecord[]): string[] {
  return records.map((record) => record.id);
}

function told(report: (report: DigestReport) => void, digest: DigestReport): DigestOutcome {
  report(digest);
  return digest.outcome;
}
