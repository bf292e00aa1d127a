import { describe, expect, it } from '@jest/globals';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Match } from 'aws-cdk-lib/assertions';
import { METRICS_NAMESPACE } from '../../../lambdas/http/metrics.js';
import { SERVICE_NAME } from '../../../lambdas/http/service-name.js';
import { capturedOutput } from '../../support/captured-output.js';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { embeddedMetrics, type EmbeddedMetric } from '../../support/emf.js';
import { httpEvent, jsonPostEvent, lambdaContext } from '../../support/events.js';
import { awsError } from '../../support/fake-counter-store.js';
import { handlerUnderTest, type HttpHandler } from '../../support/handler-under-test.js';
import { jsonLines } from '../../support/json-lines.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';
import { synthesizeSite } from './site-app.js';

/*
 * The alarms read metrics by namespace, name and dimensions; the handlers' request lines carry them
 * in EMF. Here the two meet: each case makes a real handler produce an outcome, and the metric its
 * request line carries is the one the case names (and, for the alarmed one, what the alarm watches).
 */

const ENVIRONMENT = { ...CONTACT_ENVIRONMENT, RATE_LIMIT_IP: '1', RATE_LIMIT_EMAIL: '1' };
const { documents, ses } = mockedContactClients();
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
    ['a delivered inquiry', 'InquiriesDelivered', jsonPostEvent(INQUIRY)],
    ['schema violations', 'ValidationRejected', jsonPostEvent({ ...INQUIRY, email: 'ada' })],
    ['a body that is not JSON', 'ValidationRejected', jsonPostEvent('{"name":')],
    ['a body over 64 KiB', 'ValidationRejected', jsonPostEvent({ ...INQUIRY, message: 'x'.repeat(70_000) })],
    ['another media type', 'ValidationRejected', jsonPostEvent(INQUIRY, { headers: { 'content-type': 'text/plain' } })],
    ['a compressed body', 'ValidationRejected', jsonPostEvent(INQUIRY, { headers: { 'content-encoding': 'gzip' } })],
    ['the honeypot filled in', 'HoneypotHits', jsonPostEvent({ ...INQUIRY, _gotcha: 'x' })],
  ])('%s counts as %s', async (_case, name, event) => {
    expect(await metricsOf(contact, event)).toEqual([counted(name)]);
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

  it.each<[string, Error]>([
    ['refusing the mail', serviceAnswer('MessageRejected', 400)],
    ['never answering whether it took the mail', Object.assign(awsError('TimeoutError'), { code: 'ETIMEDOUT' })],
  ])('the mail service %s counts as DeliveryFailures', async (_case, error) => {
    ses.on(SendEmailCommand).rejects(error);

    expect(await metricsOf(contact, jsonPostEvent(INQUIRY))).toEqual([counted('DeliveryFailures')]);
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

describe('the alarmed metric', () => {
  it('is what the delivery-failure alarm watches', async () => {
    ses.on(SendEmailCommand).rejects(serviceAnswer('MessageRejected', 400));
    const [metric] = (await metricsOf(contact, jsonPostEvent(INQUIRY)))[0] ?? [];

    synthesizeSite().template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: metric!.namespace,
      MetricName: metric!.name,
      Dimensions: [{ Name: 'service', Value: metric!.dimensions.service }],
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: Match.anyValue(),
    });
  }, 30_000);
});
