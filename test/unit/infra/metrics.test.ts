import { describe, expect, it } from '@jest/globals';
import { METRICS_NAMESPACE } from '../../../lambdas/http/metrics.js';
import { writeRequestLine } from '../../../lambdas/http/request-log.js';
import { SERVICE_NAME } from '../../../lambdas/http/service-name.js';
import { capturedOutput } from '../../support/captured-output.js';
import { embeddedMetrics } from '../../support/emf.js';
import { jsonLines } from '../../support/json-lines.js';
import { LAMBDA_FAILURE_TERMS } from '../../../lib/observability.js';
import { resourcesOfType, synthesizeSite } from './site-app.js';

/*
 * The alarms count log lines (lib/observability.ts); the handlers' request lines carry their
 * metrics in EMF. Here the two meet: a request line of each alarmed outcome matches the metric
 * filter that feeds its alarm, and the Lambda platform's failure lines match the terms the
 * function logs are filtered on, the service's own lines none.
 */

const output = capturedOutput();
const site = synthesizeSite();

function requestLine(outcome: string): Record<string, unknown> {
  const before = output.text().length;
  writeRequestLine({ route: 'POST /api/contact', status: 200, outcome, latencyMs: 3, requestId: 'request-1' });
  const lines = jsonLines(output.text().slice(before));
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

function metricsOf(outcome: string) {
  return embeddedMetrics(requestLine(outcome));
}

/** Whether a line matches a metric filter of the form `{ $.Name > 0 }`, the one a request line's EMF metric is filtered by. */
function matchesMetricFilter(pattern: string, line: Record<string, unknown>): boolean {
  const [, member] = /^\{ \$\.(\w+) > 0 \}$/.exec(pattern) ?? [];
  if (member === undefined) throw new Error(`not a filter on a request line's metric: ${pattern}`);
  const value = line[member];
  return typeof value === 'number' && value > 0;
}

/** The patterns of the filters on the contact function's log group, by the alarm they feed. */
function contactFilters(): Array<{ alarm: string; pattern: string }> {
  const logGroup = JSON.stringify({ Ref: site.logicalId(site.stack.functions.get('contact')!.logGroup) });
  return Object.values(resourcesOfType(site.template, 'AWS::Logs::MetricFilter'))
    .filter((filter) => JSON.stringify(filter.Properties.LogGroupName) === logGroup)
    .map((filter) => ({
      alarm: (filter.Properties.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName,
      pattern: filter.Properties.FilterPattern as string,
    }));
}

describe('metrics', () => {
  it.each([
    ['delivery_failed', 'InquiriesNeedAttention'],
    ['delivery_unknown', 'InquiriesNeedAttention'],
    ['unexpected_error', 'ServiceFailures'],
  ])('count a request line of %s into the %s alarm, and the line of a delivered inquiry into none', (outcome, alarm) => {
    const metricFilters = contactFilters().filter((filter) => filter.pattern.startsWith('{'));
    const feeding = (line: Record<string, unknown>) =>
      metricFilters.filter((filter) => matchesMetricFilter(filter.pattern, line)).map((filter) => filter.alarm);
    expect(feeding(requestLine(outcome))).toEqual([alarm]);
    expect(feeding(requestLine('delivered'))).toEqual([]);
    site.template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: METRICS_NAMESPACE, MetricName: alarm, Statistic: 'Sum', Threshold: 1 });
  }, 30_000);

  it('count a line that carries ViewerAddressMissing in EMF, as the functions write for a front-door request without it, into ServiceFailures', () => {
    const line = { level: 'WARN', message: 'CloudFront-Viewer-Address missing', ViewerAddressMissing: 1 };
    const feeding = contactFilters()
      .filter((filter) => filter.pattern.startsWith('{') && matchesMetricFilter(filter.pattern, line))
      .map((filter) => filter.alarm);
    expect(feeding).toEqual(['ServiceFailures']);
  });

  it('count the Lambda platform’s failure lines into ServiceFailures, and none of the service’s own lines', () => {
    const platformLines = [
      '2030-01-01T12:00:20.020Z 3f0c1e2d-0000-4000-8000-000000000001 Task timed out after 20.02 seconds',
      'REPORT RequestId: 3f0c1e2d-0000-4000-8000-000000000001\tDuration: 20020.00 ms\tBilled Duration: 20000 ms\tMemory Size: 512 MB\tMax Memory Used: 91 MB\tStatus: timeout',
      'INIT_REPORT Init Duration: 451.27 ms\tPhase: init\tStatus: error\tError Type: Runtime.ImportModuleError',
      'RequestId: 3f0c1e2d-0000-4000-8000-000000000001 Error: Runtime exited with error: signal: killed\nRuntime.ExitError',
      '2030-01-01T12:00:00.000Z\t3f0c1e2d-0000-4000-8000-000000000001\tERROR\tInvoke Error \t{"errorType":"Error","errorMessage":"boom"}',
    ];
    const [platform] = contactFilters().filter((filter) => filter.pattern.startsWith('?'));
    expect(platform!.alarm).toBe('ServiceFailures');
    expect(platform!.pattern).toBe(LAMBDA_FAILURE_TERMS.map((term) => `?"${term}"`).join(' '));
    const matches = (line: string) => LAMBDA_FAILURE_TERMS.some((term) => line.includes(term));
    for (const line of platformLines) expect({ line, matches: matches(line) }).toEqual({ line, matches: true });
    for (const outcome of ['delivered', 'validation_failed', 'rate_limited_ip', 'delivery_failed', 'unexpected_error', 'timed_out']) {
      expect(matches(JSON.stringify(requestLine(outcome)))).toBe(false);
    }
  });

  it.each([
    ['delivered', 'InquiriesDelivered'],
    ['validation_failed', 'ValidationRejected'],
    ['malformed_json', 'ValidationRejected'],
    ['payload_too_large', 'ValidationRejected'],
    ['unsupported_media_type', 'ValidationRejected'],
    ['honeypot', 'HoneypotHits'],
    ['delivery_unknown', 'DeliveryFailures'],
    ['counter_store_failed', 'CounterStoreFailures'],
    ['unexpected_error', 'UnexpectedErrors'],
  ])('count the outcome %s as %s', (outcome, name) => {
    expect(metricsOf(outcome)).toEqual([
      { namespace: METRICS_NAMESPACE, name, unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME } },
    ]);
  });

  it.each(['ip', 'email'])('count rate limiting by scope (%s)', (scope) => {
    expect(metricsOf(`rate_limited_${scope}`)).toEqual([
      { namespace: METRICS_NAMESPACE, name: 'RateLimited', unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME, scope } },
    ]);
  });

  it.each([
    'served',
    'preflight_allowed',
    'not_found',
    'forbidden',
    'replayed',
    'cross_site_refused',
    'timed_out',
    'invalid_idempotency_key',
    'idempotency_key_reused',
    'request_in_progress',
    'idempotency_store_failed',
  ])(
    'say nothing of the outcome %s, which is not worth a metric',
    (outcome) => {
      expect(metricsOf(outcome)).toEqual([]);
    },
  );
});
