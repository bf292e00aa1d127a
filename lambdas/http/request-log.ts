import { countMembers, outcomeMetricMembers, type MetricName, type OutcomeMetric } from './metrics.js';
import type { Outcome } from './outcome.js';
import { SERVICE_NAME } from './service-name.js';

/** What a request's log line says of it. Names and numbers only, never what a visitor wrote. */
export interface RequestRecord {
  readonly route: string;
  readonly status: number;
  /** A short machine word (`delivered`, `rate_limited_ip`, …); its metric, if it has one, rides along. */
  readonly outcome: Outcome;
  readonly latencyMs: number;
  readonly requestId: string;
  /** The name of the dependency error behind a failure. */
  readonly errorName?: string;
  /** The inquiry the request stored or replayed. */
  readonly inquiryId?: string;
  /** Stack frames of an unforeseen error, without its message. */
  readonly stack?: string;
}

let coldStart = true;

/**
 * The one line each request writes (docs/api.md §12), which is also the metric of its outcome:
 * one serialization and one write per request, where a logger's line and a metrics library's
 * line took two. Written whatever a log level says, because the alarms read it.
 */
export function writeRequestLine(record: RequestRecord): void {
  const now = Date.now();
  writeLogLine('INFO', 'request', { coldStart, ...record, ...outcomeMetricMembers(record.outcome, now) }, now);
  coldStart = false;
}

/**
 * A line of its own for what the owner should know beside a request's outcome; with a metric, it
 * also counts one of it, as a request line does.
 */
export function writeWarning(message: string, details: { readonly requestId: string; readonly errorName?: string }, metric?: MetricName): void {
  const now = Date.now();
  const fields = { requestId: details.requestId, ...(details.errorName === undefined ? {} : { errorName: details.errorName }) };
  writeLogLine('WARN', message, { ...fields, ...(metric === undefined ? {} : countMembers({ name: metric }, now)) }, now);
}

/** A line of its own for an event beside or without a request (an inquiry held, a delivery), with its metric if it has one. */
export function writeEventLine(message: string, fields: Readonly<Record<string, unknown>>, metric: OutcomeMetric | null): void {
  const now = Date.now();
  writeLogLine('INFO', message, { ...fields, ...(metric === null ? {} : countMembers(metric, now)) }, now);
}

function writeLogLine(level: 'INFO' | 'WARN', message: string, fields: Readonly<Record<string, unknown>>, now: number): void {
  const line = { level, message, timestamp: new Date(now).toISOString(), service: SERVICE_NAME, ...fields };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
