import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { deliverInquiry } from '../../../../lambdas/delivery/deliver-inquiry.js';
import { writeDeliveryLine } from '../../../../lambdas/delivery/delivery-log.js';
import type { Delivery } from '../../../../lambdas/delivery/mailer.js';
import { retrySchedule } from '../../../../lambdas/delivery/retry-schedule.js';
import { METRICS_NAMESPACE } from '../../../../lambdas/http/metrics.js';
import { SERVICE_NAME } from '../../../../lambdas/http/service-name.js';
import { capturedOutput } from '../../../support/captured-output.js';
import { CONTACT_ENVIRONMENT } from '../../../support/contact-environment.js';
import { embeddedMetrics, type EmbeddedMetric } from '../../../support/emf.js';
import { httpEvent, jsonPostEvent, lambdaContext } from '../../../support/events.js';
import { awsError } from '../../../support/fake-counter-store.js';
import { FakeDeliveryStore } from '../../../support/fake-delivery-store.js';
import { handlerUnderTest, type HttpHandler } from '../../../support/handler-under-test.js';
import { jsonLines } from '../../../support/json-lines.js';
import { mockedContactClients } from '../../../support/mocked-contact-clients.js';
import { ENGLISH } from '../../../../lambdas/mail-words/en.js';

/*
 * Each case makes a real handler (or the delivery worker) produce an outcome, and the metric its
 * log line carries in EMF is the one the case names. Which of those lines the alarms count is
 * test/unit/infra/observability/alarm-signals.test.ts.
 */

const ENVIRONMENT = { ...CONTACT_ENVIRONMENT, RATE_LIMIT_IP: '1', RATE_LIMIT_EMAIL: '1' };
const { documents } = mockedContactClients();
const contact = handlerUnderTest('contact', ENVIRONMENT);
const schema = handlerUnderTest('schema', ENVIRONMENT);
const fallback = handlerUnderTest('fallback', ENVIRONMENT);
const output = capturedOutput();

const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like an engine programmed, please.' };
const serviceAnswer = (name: string, httpStatusCode: number) =>
  Object.assign(awsError(name), { $fault: httpStatusCode >= 500 ? 'server' : 'client', $metadata: { httpStatusCode } });

/** Each request's line, and the metrics CloudWatch would read from it. */
async function metricsOf(handler: HttpHandler, ...events: APIGatewayProxyEventV2[]): Promise<EmbeddedMetric[][]> {
  for (const event of events) await handler(event, lambdaContext());
  return jsonLines(output.text())
    .filter((line) => line.message === 'request')
    .map((line) => embeddedMetrics(line));
}

const counted = (name: string, dimensions: Record<string, string> = {}): EmbeddedMetric[] => [
  { namespace: METRICS_NAMESPACE, name, unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME, ...dimensions } },
];

describe('the metric of each outcome the contact handler produces', () => {
  it.each<[string, string, APIGatewayProxyEventV2]>([
    ['an accepted inquiry', 'InquiriesAccepted', jsonPostEvent(INQUIRY)],
    ['schema violations', 'ValidationRejected', jsonPostEvent({ ...INQUIRY, email: 'ada' })],
    ['a body that is not JSON', 'ValidationRejected', jsonPostEvent('{"name":')],
    ['a body over 64 KiB', 'ValidationRejected', jsonPostEvent({ ...INQUIRY, message: 'x'.repeat(70_000) })],
    ['another media type', 'ValidationRejected', jsonPostEvent(INQUIRY, { headers: { 'content-type': 'text/plain' } })],
    ['a compressed body', 'ValidationRejected', jsonPostEvent(INQUIRY, { headers: { 'content-encoding': 'gzip' } })],
    ['the honeypot filled in', 'HoneypotHits', jsonPostEvent({ ...INQUIRY, _gotcha: 'x' })],
  ])('%s counts as %s', async (_case, name, event) => {
    expect(await metricsOf(contact, event)).toEqual([counted(name)]);
  });

  it('an inquiry held as suspected spam counts as accepted, and once as InquiriesHeld per signal it raised, by reason', async () => {
    const stuffed = { ...INQUIRY, email: 'bot@mailinator.com', message: `Cheap: ${'https://spam.example/x '.repeat(6)}` };
    await contact(jsonPostEvent(stuffed), lambdaContext());
    const lines = jsonLines(output.text());

    expect(lines.filter((line) => line.message === 'request').map((line) => embeddedMetrics(line))).toEqual([counted('InquiriesAccepted')]);
    expect(lines.filter((line) => line.message === 'inquiry held').map((line) => embeddedMetrics(line))).toEqual([
      counted('InquiriesHeld', { reason: 'throwaway_address' }),
      counted('InquiriesHeld', { reason: 'link_stuffing' }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/mailinator|spam\.example/);
  });

  it('a second POST from one IP counts as RateLimited with scope ip', async () => {
    const [, refused] = await metricsOf(contact, jsonPostEvent(INQUIRY), jsonPostEvent(INQUIRY));

    expect(refused).toEqual(counted('RateLimited', { scope: 'ip' }));
  });

  it('a second inquiry for one e-mail address counts as RateLimited with scope email', async () => {
    const [, refused] = await metricsOf(
      contact,
      jsonPostEvent(INQUIRY, { sourceIp: '198.51.100.1' }),
      jsonPostEvent(INQUIRY, { sourceIp: '198.51.100.2' }),
    );

    expect(refused).toEqual(counted('RateLimited', { scope: 'email' }));
  });

  it('a failing inquiry store counts as InquiryStoreFailures', async () => {
    documents.on(PutCommand).rejects(serviceAnswer('InternalServerError', 500));

    expect(await metricsOf(contact, jsonPostEvent(INQUIRY))).toEqual([counted('InquiryStoreFailures')]);
  });

  it('a failing counter store counts as CounterStoreFailures', async () => {
    documents.on(UpdateCommand).rejects(serviceAnswer('InternalServerError', 500));

    expect(await metricsOf(contact, jsonPostEvent(INQUIRY))).toEqual([counted('CounterStoreFailures')]);
  });

  it.each<[string, APIGatewayProxyEventV2]>([
    ['an allowed preflight', httpEvent({ method: 'OPTIONS', headers: { origin: 'https://example.com' } })],
    ['a refused preflight', httpEvent({ method: 'OPTIONS', headers: { origin: 'https://other.example' } })],
    ['a malformed Idempotency-Key', jsonPostEvent(INQUIRY, { headers: { 'idempotency-key': '' } })],
    [
      'a form posted from another site',
      httpEvent({ path: '/contact', headers: { origin: 'https://other.example', 'content-type': 'application/x-www-form-urlencoded' } }),
    ],
  ])('%s carries no metric', async (_case, event) => {
    expect(await metricsOf(contact, event)).toEqual([[]]);
  });
});

describe('the metric of the other handlers’ outcomes', () => {
  it('a document served carries none', async () => {
    expect(await metricsOf(schema, httpEvent({ method: 'GET', path: '/api/contact' }))).toEqual([[]]);
  });

  it.each([
    ['an unknown path', httpEvent({ method: 'GET', path: '/nothing-here' })],
    ['a wrong method', httpEvent({ method: 'DELETE', path: '/api/contact' })],
  ])('%s carries none', async (_case, event) => {
    expect(await metricsOf(fallback, { ...event, routeKey: '$default' })).toEqual([[]]);
  });

  it('a crash counts as UnexpectedErrors', async () => {
    const unrouted = { ...httpEvent({ method: 'GET', path: '/api/contact' }), routeKey: 'GET /not-a-route' };

    expect(await metricsOf(schema, unrouted)).toEqual([counted('UnexpectedErrors')]);
  });
});

describe('the metric of each outcome of the delivery worker (docs/api.md §14)', () => {
  /** One attempt at a stored inquiry with SES answering `delivery`, written as the worker writes it. */
  async function deliveryMetrics(
    delivery: Delivery,
    stored: Parameters<FakeDeliveryStore['add']>[0] = { id: 'inquiry-1', receivedAt: new Date().toISOString() },
  ) {
    const store = new FakeDeliveryStore();
    store.add(stored);
    const mailer = { send: async () => delivery };
    const dependencies = { store, mailer, digestMailer: mailer, wait: async () => undefined, schedule: retrySchedule(60), retentionDays: 30, timeZone: 'UTC', words: ENGLISH, floodGuard: { take: async () => async () => undefined }, maxMailsPerHour: 20, onFloodCheckFailure: () => undefined, report: writeDeliveryLine, newAttemptId: () => 'attempt' };
    await deliverInquiry({ id: stored.id, attempts: stored.attempts ?? 0 }, dependencies);
    await deliverInquiry({ id: stored.id, attempts: 0 }, { ...dependencies, store: new FakeDeliveryStore() });
    return jsonLines(output.text()).map((line) => embeddedMetrics(line));
  }

  it.each<[string, string, Delivery]>([
    ['a sent inquiry', 'InquiriesDelivered', { kind: 'sent' }],
    ['a send to try again', 'DeliveryRetries', { kind: 'not_sent', errorName: 'TooManyRequestsException' }],
    ['a send that may have happened', 'DeliveryUnknown', { kind: 'unknown', errorName: 'TimeoutError' }],
  ])('%s counts as %s, and an inquiry not claimed as nothing', async (_case, name, delivery) => {
    expect(await deliveryMetrics(delivery)).toEqual([counted(name), []]);
  });

  it('an inquiry given up after the retry period counts as InquiriesUndelivered', async () => {
    const longAgo = new Date(Date.now() - 4 * 86_400_000).toISOString();

    expect(await deliveryMetrics({ kind: 'not_sent', errorName: 'SendingPausedException' }, { id: 'old', receivedAt: longAgo })).toEqual([
      counted('InquiriesUndelivered'),
      [],
    ]);
  });
});
