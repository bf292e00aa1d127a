import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Match } from 'aws-cdk-lib/assertions';
import { METRICS_NAMESPACE, recordOutcome } from '../../../lambdas/http/metrics.js';
import { SERVICE_NAME } from '../../../lambdas/http/service-name.js';
import { jsonLines } from '../../support/json-lines.js';
import { synthesizeSite } from './site-app.js';
import { captureOutput } from '../../support/captured-output.js';

/*
 * The alarms read metrics by namespace, name and dimensions; the handlers emit them as EMF lines.
 * Here the two meet: what recordOutcome prints is what the stack's alarm watches.
 */

interface EmfLine {
  readonly _aws: { readonly CloudWatchMetrics: ReadonlyArray<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> };
  readonly [key: string]: unknown;
}

let output: ReturnType<typeof captureOutput>;
beforeEach(() => {
  output = captureOutput();
});
afterEach(() => {
  jest.restoreAllMocks();
});

function emitted(outcome: string): EmfLine[] {
  const before = output.text().length;
  recordOutcome(outcome);
  return jsonLines<EmfLine>(output.text().slice(before));
}

describe('metrics', () => {
  it('emit what the delivery-failure alarm watches', () => {
    const [line, ...rest] = emitted('delivery_failed');
    expect(rest).toEqual([]);
    expect(line!._aws.CloudWatchMetrics).toEqual([
      { Namespace: METRICS_NAMESPACE, Dimensions: [['service']], Metrics: [{ Name: 'DeliveryFailures', Unit: 'Count' }] },
    ]);
    expect(line).toMatchObject({ service: SERVICE_NAME, DeliveryFailures: 1 });

    synthesizeSite().template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: line!._aws.CloudWatchMetrics[0]!.Namespace,
      MetricName: 'DeliveryFailures',
      Dimensions: [{ Name: 'service', Value: line!.service }],
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: Match.anyValue(),
    });
  }, 30_000);

  it.each([
    ['delivered', 'InquiriesDelivered'],
    ['validation_failed', 'ValidationRejected'],
    ['malformed_json', 'ValidationRejected'],
    ['honeypot', 'HoneypotHits'],
    ['counter_store_failed', 'CounterStoreFailures'],
    ['unexpected_error', 'UnexpectedErrors'],
  ])('count the outcome %s as %s', (outcome, metric) => {
    const [line] = emitted(outcome);
    expect(line).toMatchObject({ [metric]: 1, service: SERVICE_NAME });
  });

  it.each(['ip', 'email'])('count rate limiting by scope (%s)', (scope) => {
    const [line] = emitted(`rate_limited_${scope}`);
    expect(line!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'scope']]);
    expect(line).toMatchObject({ RateLimited: 1, scope });
  });

  it('say nothing of outcomes that are not worth a metric', () => {
    expect(emitted('served')).toEqual([]);
    expect(emitted('preflight_allowed')).toEqual([]);
    expect(emitted('not_found')).toEqual([]);
  });
});
