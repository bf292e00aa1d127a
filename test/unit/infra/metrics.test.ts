import { describe, expect, it } from '@jest/globals';
import { Match } from 'aws-cdk-lib/assertions';
import { METRICS_NAMESPACE } from '../../../lambdas/http/metrics.js';
import { writeRequestLine } from '../../../lambdas/http/request-log.js';
import { SERVICE_NAME } from '../../../lambdas/http/service-name.js';
import { capturedOutput } from '../../support/captured-output.js';
import { embeddedMetrics } from '../../support/emf.js';
import { jsonLines } from '../../support/json-lines.js';
import { synthesizeSite } from './site-app.js';

/*
 * The alarms read metrics by namespace, name and dimensions; the handlers' request lines carry them
 * in EMF. Here the two meet: what a request line holds is what the stack's alarm watches.
 */

const output = capturedOutput();

function metricsOf(outcome: string) {
  const before = output.text().length;
  writeRequestLine({ route: 'POST /api/contact', status: 200, outcome, latencyMs: 3, requestId: 'request-1' });
  const lines = jsonLines(output.text().slice(before));
  expect(lines).toHaveLength(1);
  return embeddedMetrics(lines[0]!);
}

describe('metrics', () => {
  it('carry what the delivery-failure alarm watches', () => {
    const [metric, ...rest] = metricsOf('delivery_failed');
    expect(rest).toEqual([]);
    expect(metric).toEqual({
      namespace: METRICS_NAMESPACE,
      name: 'DeliveryFailures',
      unit: 'Count',
      value: 1,
      dimensions: { service: SERVICE_NAME },
    });

    synthesizeSite().template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: metric!.namespace,
      MetricName: metric!.name,
      Dimensions: [{ Name: 'service', Value: metric!.dimensions.service }],
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: Match.anyValue(),
    });
  }, 30_000);

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
