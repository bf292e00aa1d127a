import type { MetricName } from '../http/metrics.js';
import { writeEventLine } from '../http/request-log.js';
import type { DeliveryOutcome, DeliveryReport } from './deliver-inquiry.js';

/** Each outcome's metric: the alarms read `InquiriesUndelivered` and `DeliveryUnknown` (docs/api.md §12, §14). */
const DELIVERY_METRICS: Readonly<Record<DeliveryOutcome, MetricName | null>> = {
  sent: 'InquiriesDelivered',
  retry_scheduled: 'DeliveryRetries',
  given_up: 'InquiriesUndelivered',
  unknown: 'DeliveryUnknown',
  not_claimed: null,
};

/** The worker's line for one inquiry it was handed: its id, the outcome, the attempt and the error's name, never its text. */
export function writeDeliveryLine(report: DeliveryReport): void {
  writeEventLine('delivery', { ...report }, DELIVERY_METRICS[report.outcome]);
}
