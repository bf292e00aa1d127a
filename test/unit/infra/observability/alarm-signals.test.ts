import { describe, expect, it } from '@jest/globals';
import { writeHeldLines } from '../../../../lambdas/intake/held-log.js';
import { deliverInquiry, type DeliveryOutcome } from '../../../../lambdas/delivery/deliver-inquiry.js';
import { writeDeliveryLine, writeDigestLine } from '../../../../lambdas/delivery/delivery-log.js';
import type { DigestOutcome } from '../../../../lambdas/delivery/digest.js';
import type { Delivery } from '../../../../lambdas/delivery/mailer.js';
import { retrySchedule } from '../../../../lambdas/delivery/retry-schedule.js';
import { METRICS_NAMESPACE } from '../../../../lambdas/http/metrics.js';
import type { Outcome } from '../../../../lambdas/http/outcome.js';
import { writeRequestLine, writeWarning } from '../../../../lambdas/http/request-log.js';
import type { FunctionName } from '../../../../lambdas/routes.js';
import { LAMBDA_FAILURE_TERMS } from '../../../../lib/observability/observability.js';
import { capturedOutput } from '../../../support/captured-output.js';
import { FakeDeliveryStore } from '../../../support/fake-delivery-store.js';
import { jsonLines } from '../../../support/json-lines.js';
import { resourcesOfType, synthesizeSite } from '../site-app.js';
import { ENGLISH } from '../../../../lambdas/mail-words/en.js';
import type { HeldFacts } from '../../../../lambdas/inbox/held-reasons.js';

/*
 * The alarms count log lines (lib/observability/observability.ts), through metric filters on each function's log
 * group; the functions' lines carry their metrics in EMF. Here the two meet: the line the code
 * writes for each alarmed condition matches the filter that feeds its alarm, the line of a
 * success none, and the Lambda platform's failure lines the terms the function logs are filtered on.
 */

const output = capturedOutput();
const site = synthesizeSite();

/** What the code wrote since `before` ran, as one JSON line. */
async function lineOf(write: () => unknown): Promise<Record<string, unknown>> {
  const start = output.text().length;
  await write();
  const lines = jsonLines(output.text().slice(start));
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const requestLine = (outcome: Outcome) =>
  lineOf(() => writeRequestLine({ route: 'POST /api/contact', status: 200, outcome, latencyMs: 3, requestId: 'request-1' }));

/** The worker's line for one attempt at a stored inquiry, SES answering `delivery`. */
async function deliveryLine(delivery: Delivery, receivedAt = new Date()): Promise<Record<string, unknown>> {
  const store = new FakeDeliveryStore();
  store.add({ id: 'inquiry-1', receivedAt: receivedAt.toISOString() });
  const dependencies = { store, mailer: { send: async () => delivery }, digestMailer: { send: async (): Promise<Delivery> => ({ kind: 'sent' }) }, wait: async () => undefined, schedule: retrySchedule(60), retentionDays: 30, timeZone: 'UTC', words: ENGLISH, floodGuard: { take: async () => async () => undefined }, maxMailsPerHour: 20, onFloodCheckFailure: () => undefined, report: writeDeliveryLine, newAttemptId: () => 'a' };
  return lineOf(() => deliverInquiry({ id: 'inquiry-1', attempts: 0 }, dependencies));
}

/**
 * Whether a line matches a JSON metric filter of the terms the alarms use, alone or joined by
 * `&&`: `$.Name > 0` (a line's EMF metric) and `$.member = "value"` (its dimension).
 */
function matchesMetricFilter(pattern: string, line: Record<string, unknown>): boolean {
  const terms = /^\{ (.+) \}$/.exec(pattern)?.[1]?.split(' && ').map((term) => term.replace(/^\((.*)\)$/, '$1')) ?? [];
  if (terms.length === 0) throw new Error(`not a JSON filter: ${pattern}`);
  return terms.every((term) => {
    const [, counted] = /^\$\.(\w+) > 0$/.exec(term) ?? [];
    if (counted !== undefined) return typeof line[counted] === 'number' && (line[counted] as number) > 0;
    const [, member, value] = /^\$\.(\w+) = "([^"]*)"$/.exec(term) ?? [];
    if (member === undefined) throw new Error(`not a term the alarms use: ${term}`);
    return line[member] === value;
  });
}

/** The filters on one function's log group, by the alarm they feed. */
function filtersOf(name: FunctionName): Array<{ alarm: string; pattern: string }> {
  const logGroup = JSON.stringify({ Ref: site.logicalId(site.stack.functions.get(name)!.logGroup) });
  return Object.values(resourcesOfType(site.template, 'AWS::Logs::MetricFilter'))
    .filter((filter) => JSON.stringify(filter.Properties.LogGroupName) === logGroup)
    .map((filter) => ({
      alarm: (filter.Properties.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName,
      pattern: filter.Properties.FilterPattern as string,
    }));
}

/** The alarms a line of a function counts into. */
function alarmsFed(name: FunctionName, line: Record<string, unknown>): string[] {
  return filtersOf(name)
    .filter((filter) => filter.pattern.startsWith('{') && matchesMetricFilter(filter.pattern, line))
    .map((filter) => filter.alarm);
}

describe('the alarms’ signals (docs/api.md §12)', () => {
  it.each(['ServiceFailures', 'InquiriesNeedAttention', 'Flooding', 'ApiCalledDirectly'])('%s is an alarm on its own metric, one occurrence enough', (alarm) => {
    site.template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: METRICS_NAMESPACE, MetricName: alarm, Statistic: 'Sum', Threshold: 1 });
  });

  it.each<[string, Delivery, Date | undefined, DeliveryOutcome]>([
    ['a send that may have happened', { kind: 'unknown', errorName: 'TimeoutError' }, undefined, 'unknown'],
    ['a send still refused after three days', { kind: 'not_sent', errorName: 'SendingPausedException' }, new Date(Date.now() - 4 * 86_400_000), 'given_up'],
  ])('count the worker’s line of %s into InquiriesNeedAttention', async (_case, delivery, receivedAt, outcome) => {
    const line = await deliveryLine(delivery, receivedAt);

    expect(line.outcome).toBe(outcome);
    expect(alarmsFed('delivery', line)).toEqual(['InquiriesNeedAttention']);
  });

  it.each<[string, Delivery]>([
    ['a sent inquiry', { kind: 'sent' }],
    ['a send to try again', { kind: 'not_sent', errorName: 'TooManyRequestsException' }],
  ])('count the worker’s line of %s into no alarm', async (_case, delivery) => {
    expect(alarmsFed('delivery', await deliveryLine(delivery))).toEqual([]);
  });

  it('count the worker’s line of an inquiry held by the flood signal into Flooding, and the contact function’s held lines into none', async () => {
    const store = new FakeDeliveryStore();
    store.add({ id: 'inquiry-1', receivedAt: new Date().toISOString() });
    const flooded = { store, mailer: { send: async (): Promise<Delivery> => ({ kind: 'sent' }) }, digestMailer: { send: async (): Promise<Delivery> => ({ kind: 'sent' }) }, wait: async () => undefined, schedule: retrySchedule(60), retentionDays: 30, timeZone: 'UTC', words: ENGLISH, floodGuard: { take: async () => undefined }, maxMailsPerHour: 20, onFloodCheckFailure: () => undefined, report: writeDeliveryLine, newAttemptId: () => 'a' };
    const line = await lineOf(() => deliverInquiry({ id: 'inquiry-1', attempts: 0 }, flooded));

    expect(line).toMatchObject({ outcome: 'held', reason: 'flood', InquiriesHeld: 1 });
    expect(alarmsFed('delivery', line)).toEqual(['Flooding']);
    const heldAtAcceptance: readonly HeldFacts[] = [
      { signal: 'repeated_text', limit: 2 },
      { signal: 'too_fast', token: 'forged' },
      { signal: 'throwaway_address', domain: 'mailinator.com' },
      { signal: 'link_stuffing', links: 8, limit: 5, inOwnFields: false },
    ];
    for (const reason of heldAtAcceptance) {
      expect(alarmsFed('contact', await lineOf(() => writeHeldLines('inquiry-2', [reason], 'request-2')))).toEqual([]);
    }
  });

  it('count the worker’s line of a digest SES refused into InquiriesNeedAttention, and of a digest sent or empty into none', async () => {
    const digestLine = (outcome: DigestOutcome, errorName?: string) =>
      lineOf(() => writeDigestLine({ outcome, inquiries: outcome === 'empty' ? 0 : 3, ...(errorName === undefined ? {} : { errorName }) }));

    expect(alarmsFed('delivery', await digestLine('not_sent', 'AccountSendingPausedException'))).toEqual(['InquiriesNeedAttention']);
    expect(alarmsFed('delivery', await digestLine('unknown', 'TimeoutError'))).toEqual(['InquiriesNeedAttention']);
    expect(alarmsFed('delivery', await digestLine('sent'))).toEqual([]);
    expect(alarmsFed('delivery', await digestLine('empty'))).toEqual([]);
  });

  it('count a crash’s request line into ServiceFailures, and an accepted inquiry’s into none', async () => {
    expect(alarmsFed('contact', await requestLine('unexpected_error'))).toEqual(['ServiceFailures']);
    expect(alarmsFed('contact', await requestLine('accepted'))).toEqual([]);
  });

  it('count the functions’ line for a front-door request without CloudFront-Viewer-Address into ServiceFailures', async () => {
    const line = await lineOf(() => writeWarning('front door sent no CloudFront-Viewer-Address', { requestId: 'r' }, 'ViewerAddressMissing'));

    expect(alarmsFed('contact', line)).toEqual(['ServiceFailures']);
  });

  it.each(['fallback', 'contact', 'page'] as const)(
    'count the %s function’s line for a request refused without the front door’s header into ApiCalledDirectly, and no other refusal’s',
    async (name) => {
      expect(alarmsFed(name, await requestLine('forbidden'))).toEqual(['ApiCalledDirectly']);
      expect(alarmsFed(name, await requestLine('cross_site_refused'))).toEqual([]);
    },
  );

  it('count the Lambda platform’s failure lines into ServiceFailures, and none of the service’s own lines', async () => {
    const platformLines = [
      '2030-01-01T12:00:20.020Z 3f0c1e2d-0000-4000-8000-000000000001 Task timed out after 20.02 seconds',
      'REPORT RequestId: 3f0c1e2d-0000-4000-8000-000000000001\tDuration: 20020.00 ms\tBilled Duration: 20000 ms\tMemory Size: 512 MB\tMax Memory Used: 91 MB\tStatus: timeout',
      'INIT_REPORT Init Duration: 451.27 ms\tPhase: init\tStatus: error\tError Type: Runtime.ImportModuleError',
      'RequestId: 3f0c1e2d-0000-4000-8000-000000000001 Error: Runtime exited with error: signal: killed\nRuntime.ExitError',
      '2030-01-01T12:00:00.000Z\t3f0c1e2d-0000-4000-8000-000000000001\tERROR\tInvoke Error \t{"errorType":"Error","errorMessage":"boom"}',
    ];
    const [platform] = filtersOf('delivery').filter((filter) => filter.pattern.startsWith('?'));
    expect(platform!.alarm).toBe('ServiceFailures');
    expect(platform!.pattern).toBe(LAMBDA_FAILURE_TERMS.map((term) => `?"${term}"`).join(' '));
    const matches = (line: string) => LAMBDA_FAILURE_TERMS.some((term) => line.includes(term));
    for (const line of platformLines) expect({ line, matches: matches(line) }).toEqual({ line, matches: true });
    const ownLines = [await deliveryLine({ kind: 'unknown', errorName: 'TimeoutError' })];
    for (const outcome of ['accepted', 'validation_failed', 'rate_limited_ip', 'inquiry_store_failed', 'unexpected_error', 'timed_out'] as const) {
      ownLines.push(await requestLine(outcome));
    }
    for (const line of ownLines) expect(matches(JSON.stringify(line))).toBe(false);
  });
});
