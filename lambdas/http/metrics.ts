import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { SERVICE_NAME } from './service-name.js';

/** The CloudWatch namespace of the service's own metrics; the stack's alarms read it too. */
export const METRICS_NAMESPACE = 'PersonalSite';

export type MetricName =
  | 'InquiriesDelivered'
  | 'ValidationRejected'
  | 'HoneypotHits'
  | 'RateLimited'
  | 'DeliveryFailures'
  | 'CounterStoreFailures'
  | 'UnexpectedErrors';

interface OutcomeMetric {
  readonly name: MetricName;
  /** The `scope` dimension of a rate-limit refusal. */
  readonly scope?: 'ip' | 'email';
}

/**
 * The outcomes worth a metric. Others (documents served, preflights, 404s) are in the log line
 * only: each metric name and dimension set is a billed custom metric.
 */
const OUTCOME_METRICS: Readonly<Record<string, OutcomeMetric>> = {
  delivered: { name: 'InquiriesDelivered' },
  validation_failed: { name: 'ValidationRejected' },
  malformed_json: { name: 'ValidationRejected' },
  payload_too_large: { name: 'ValidationRejected' },
  unsupported_media_type: { name: 'ValidationRejected' },
  honeypot: { name: 'HoneypotHits' },
  rate_limited_ip: { name: 'RateLimited', scope: 'ip' },
  rate_limited_email: { name: 'RateLimited', scope: 'email' },
  delivery_failed: { name: 'DeliveryFailures' },
  // SES may have taken it, or not: the owner should look as for a sure failure.
  delivery_unknown: { name: 'DeliveryFailures' },
  counter_store_failed: { name: 'CounterStoreFailures' },
  unexpected_error: { name: 'UnexpectedErrors' },
};

// Created on first use, so it reads the environment (POWERTOOLS_METRICS_DISABLED) the handler runs
// with, not the one of whatever imported this module first (the CDK app reads the names above).
let metrics: Metrics | undefined;

/**
 * Emits the metric of a request's outcome as one CloudWatch EMF line, at once: a request carries
 * at most one metric, so nothing waits for a flush at the end of the invocation.
 * Powertools' own switch, POWERTOOLS_METRICS_DISABLED=true, silences it (local mode sets it).
 */
export function recordOutcome(outcome: string): void {
  const metric = OUTCOME_METRICS[outcome];
  if (metric === undefined) return;
  metrics ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });
  if (metric.scope !== undefined) metrics.addDimension('scope', metric.scope);
  metrics.addMetric(metric.name, MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
}
