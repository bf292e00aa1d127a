import type { OutcomeMetric } from '../http/metrics.js';
import { writeEventLine } from '../http/request-log.js';
import type { DeliveryOutcome, DeliveryReport } from './deliver-inquiry.js';
import type { DigestOutcome, DigestReport } from './digest.js';

/**
 * Each outcome's metric: the alarms read `InquiriesUndelivered` and `DeliveryUnknown`, and
 * `InquiriesHeld` of the flood signal (docs/api.md §12, §14, §15).
 */
const DELIVERY_METRICS: Readonly<Record<DeliveryOutcome, OutcomeMetric | null>> = {
  sent: { name: 'InquiriesDelivered' },
  retry_scheduled: { name: 'DeliveryRetries' },
  given_up: { name: 'InquiriesUndelivered' },
  unknown: { name: 'DeliveryUnknown' },
  held: { name: 'InquiriesHeld', reason: 'flood' },
  not_claimed: null,
};

/** A digest's metric: one whose outcome is unknown needs the owner as an inquiry's does. */
const DIGEST_METRICS: Readonly<Record<DigestOutcome, OutcomeMetric | null>> = {
  empty: null,
  sent: null,
  not_sent: { name: 'DeliveryRetries' },
  unknown: { name: 'DeliveryUnknown' },
};

/** The worker's line for one inquiry it was handed: its id, the outcome, the attempt and the error's name, never its text. */
export function writeDeliveryLine(report: DeliveryReport): void {
  writeEventLine('delivery', { ...report }, DELIVERY_METRICS[report.outcome]);
}

/** The worker's line for one digest: how many inquiries it carried and what became of it. */
export function writeDigestLine(report: DigestReport): void {
  writeEventLine('digest', { ...report }, DIGEST_METRICS[report.outcome]);
}

/**
 * The worker's line for an hour's count of mails it could not read (the inquiry was mailed all
 * the same) or give back: a count of `CounterStoreFailures`, as the contact function's.
 */
export function writeFloodCheckFailure(errorName: string, inquiryId: string): void {
  writeEventLine('flood check failed', { inquiryId, errorName }, { name: 'CounterStoreFailures' });
}
