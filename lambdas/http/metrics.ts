import type { SpamSignal } from '../inbox/held-reasons.js';
import type { Outcome } from './outcome.js';

/** The CloudWatch namespace of the service's own metrics; the stack's alarms read it too. */
export const METRICS_NAMESPACE = 'PersonalSite';

export type MetricName =
  | 'InquiriesAccepted'
  /** Accepted, and held for the daily digest as suspected spam: one per signal (docs/api.md §15). */
  | 'InquiriesHeld'
  /** Sent by the delivery worker (docs/api.md §14). */
  | 'InquiriesDelivered'
  | 'DeliveryRetries'
  | 'InquiriesUndelivered'
  | 'DeliveryUnknown'
  | 'ValidationRejected'
  | 'HoneypotHits'
  | 'RateLimited'
  | 'CounterStoreFailures'
  | 'InquiryStoreFailures'
  | 'UnexpectedErrors'
  /** A request through the front door that did not name its viewer (docs/api.md §10). */
  | 'ViewerAddressMissing'
  /** A request without the front door's header, refused 403: the API's own endpoint called (docs/api.md §10). */
  | 'ApiCalledDirectly';

export interface OutcomeMetric {
  readonly name: MetricName;
  /** The `scope` dimension of a rate-limit refusal. */
  readonly scope?: 'ip' | 'email';
  /** The `reason` dimension of a held inquiry: the signal it raised. */
  readonly reason?: SpamSignal;
}

/**
 * Every outcome's metric, or null for one that is in the log line only (documents served,
 * preflights, 404s, replays, refusals of the key itself): each metric name and dimension set is a
 * billed custom metric. Every outcome is listed, so that a new one gets a decision.
 */
const OUTCOME_METRICS: Readonly<Record<Outcome, OutcomeMetric | null>> = {
  served: null,
  preflight_allowed: null,
  preflight_refused: null,
  accepted: { name: 'InquiriesAccepted' },
  validation_failed: { name: 'ValidationRejected' },
  malformed_json: { name: 'ValidationRejected' },
  payload_too_large: { name: 'ValidationRejected' },
  unsupported_content_encoding: { name: 'ValidationRejected' },
  unsupported_media_type: { name: 'ValidationRejected' },
  honeypot: { name: 'HoneypotHits' },
  rate_limited_ip: { name: 'RateLimited', scope: 'ip' },
  rate_limited_email: { name: 'RateLimited', scope: 'email' },
  cross_site_refused: null,
  // The MCP endpoint's protocol errors: a client's mistake, told in the answer, not an inquiry refused.
  not_acceptable: null,
  invalid_request: null,
  unsupported_protocol_version: null,
  counter_store_failed: { name: 'CounterStoreFailures' },
  inquiry_store_failed: { name: 'InquiryStoreFailures' },
  replayed: null,
  invalid_idempotency_key: null,
  idempotency_key_reused: null,
  request_in_progress: null,
  // A 503: the API's 5xx alarm sees it.
  idempotency_store_failed: null,
  registration_refused: null,
  // The owner should know that someone calls the API's own endpoint: it has an alarm of its own.
  forbidden: { name: 'ApiCalledDirectly' },
  not_found: null,
  method_not_allowed: null,
  // A 503: the API's 5xx alarm sees it.
  timed_out: null,
  unexpected_error: { name: 'UnexpectedErrors' },
};

/** The members that make a request's log line also the metric of its outcome; none for an outcome without one. */
export function outcomeMetricMembers(outcome: Outcome, timestampMs: number): Readonly<Record<string, unknown>> {
  const metric = OUTCOME_METRICS[outcome];
  return metric === null ? {} : countMembers(metric, timestampMs);
}

/**
 * The members that make a log line also a count of 1 of a metric, in CloudWatch's embedded metric
 * format (EMF), with the line's own `service` member (request-log.ts writes it on every line) and
 * `scope`, for a rate limit, or `reason`, for a held inquiry, as dimensions.
 */
export function countMembers(metric: OutcomeMetric, timestampMs: number): Readonly<Record<string, unknown>> {
  const dimensions = {
    ...(metric.scope === undefined ? {} : { scope: metric.scope }),
    ...(metric.reason === undefined ? {} : { reason: metric.reason }),
  };
  return {
    _aws: {
      Timestamp: timestampMs,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['service', ...Object.keys(dimensions)]],
          Metrics: [{ Name: metric.name, Unit: 'Count' }],
        },
      ],
    },
    [metric.name]: 1,
    ...dimensions,
  };
}
