import { describe, expect, it } from '@jest/globals';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { jsonPostEvent, lambdaContext } from '../../support/events.js';
import { awsError } from '../../support/fake-counter-store.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { jsonLines } from '../../support/json-lines.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';
import { capturedOutput } from '../../support/captured-output.js';

/*
 * The contact Lambda when its dependencies fail, with the SDK clients mocked: the counter store
 * is an in-memory table behind a mocked UpdateCommand, so giving counters back is observable.
 */

const VISITOR = { email: 'grace.hopper@example.com', ip: '198.51.100.23' };
const INQUIRY = { name: 'Grace Hopper', email: VISITOR.email, message: 'A compiler, if you have the time for it.' };

/** The counters, as DynamoDB would hold them (the request ids each counted, under its limit), behind a mocked UpdateCommand. */
const { documents, ses, counters } = mockedContactClients(() => serviceError('ConditionalCheckFailedException'));
const handler = handlerUnderTest('contact', CONTACT_ENVIRONMENT);

/** The log lines, metrics and warnings included: read here, never printed among the results. */
const output = capturedOutput().text;

/** An SDK error whose message names the visitor: it must never reach a log line. */
const serviceError = (name: string) => awsError(name, `${name}: something about ${VISITOR.email}`);
/** An error answer of a service, as the SDK throws it (with the HTTP status it came with). */
const errorAnswer = (name: string, httpStatusCode = 400) =>
  Object.assign(serviceError(name), { $fault: 'client', $metadata: { httpStatusCode } });

function post() {
  return handler(jsonPostEvent(INQUIRY, { sourceIp: VISITOR.ip }), lambdaContext());
}

const totalCount = () => [...counters().counts.values()].reduce((sum, count) => sum + count, 0);
const logLines = () => jsonLines(output());

function expectUnavailable(response: APIGatewayProxyStructuredResultV2, code = 'temporarily_unavailable') {
  expect(response.statusCode).toBe(503);
  expect(JSON.parse(response.body ?? '')).toMatchObject({ code, status: 503 });
  const retryAfter = Number(response.headers?.['Retry-After']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(response.body).not.toMatch(/Exception|Throttl|MessageRejected|ECONNREFUSED/);
}

/** What SES says in its sandbox when the recipient is not a verified identity: it names the address. */
const SANDBOX_REFUSAL = 'Email address is not verified. The following identities failed the check in region EU-WEST-1: owner@example.com';

describe('the mail service fails', () => {
  it.each<[string, string, Error]>([
    ['throttled', 'TooManyRequestsException', errorAnswer('TooManyRequestsException', 429)],
    ['rejecting the message', 'MessageRejected', errorAnswer('MessageRejected')],
    [
      'refusing a recipient in the SES sandbox',
      'MessageRejected',
      Object.assign(awsError('MessageRejected', SANDBOX_REFUSAL), { $fault: 'client', $metadata: { httpStatusCode: 400 } }),
    ],
    ['with sending paused', 'SendingPausedException', errorAnswer('SendingPausedException')],
    ['with the sender not verified', 'MailFromDomainNotVerifiedException', errorAnswer('MailFromDomainNotVerifiedException')],
    ['unreachable', 'ECONNREFUSED', Object.assign(serviceError('ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' })],
  ])('%s (%s): 503, counters given back, failure logged and counted by name', async (_case, errorName, error) => {
    ses.on(SendEmailCommand).rejects(error);

    expectUnavailable(await post());

    expect(totalCount()).toBe(0);
    const [line] = logLines().filter((entry) => entry.message === 'request');
    expect(line).toMatchObject({ status: 503, outcome: 'delivery_failed', errorName });
    expect(output()).toMatch(/"DeliveryFailures":1/);
    expect(output()).not.toContain(error.message);
    expect(output()).not.toContain(VISITOR.email);
    expect(output()).not.toContain(VISITOR.ip);
    expect(output()).not.toContain('compiler');
  });

  it.each<[string, Error]>([
    ['a timeout after the request was sent', Object.assign(serviceError('TimeoutError'), { code: 'ETIMEDOUT' })],
    ['a connection reset before the answer', Object.assign(serviceError('TimeoutError'), { code: 'ECONNRESET' })],
  ])('after %s: 503 saying it may have been delivered, counters kept (docs/api.md §11)', async (_case, error) => {
    ses.on(SendEmailCommand).rejects(error);

    const response = await post();

    expectUnavailable(response, 'delivery_unknown');
    expect(JSON.parse(response.body ?? '').detail).toMatch(/may have been delivered.*wait/);
    expect(totalCount()).toBe(2);
    const [line] = logLines().filter((entry) => entry.message === 'request');
    expect(line).toMatchObject({ status: 503, outcome: 'delivery_unknown', errorName: 'TimeoutError' });
    expect(output()).toMatch(/"DeliveryFailures":1/);
  });

  it('never makes a visitor who retries wait for failures that were not theirs', async () => {
    ses.on(SendEmailCommand).rejects(errorAnswer('TooManyRequestsException', 429));
    for (let attempt = 0; attempt < 8; attempt++) expect((await post()).statusCode).toBe(503);

    ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
    expect((await post()).statusCode).toBe(202);
  });
});

describe('the counter store fails', () => {
  it.each(['ProvisionedThroughputExceededException', 'ThrottlingException', 'InternalServerError', 'ECONNREFUSED'])(
    '%s: fails closed with 503 and sends nothing',
    async (errorName) => {
      documents.on(UpdateCommand).rejects(serviceError(errorName));

      expectUnavailable(await post());

      expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
      const [line] = logLines().filter((entry) => entry.message === 'request');
      expect(line).toMatchObject({ status: 503, outcome: 'counter_store_failed', errorName });
      expect(output()).toMatch(/"CounterStoreFailures":1/);
      // Both counters may hold the request, and neither could be given back: the owner is told which request.
      const warnings = logLines().filter((entry) => entry.message === 'counter not given back');
      const warning = expect.objectContaining({ level: 'WARN', errorName, requestId: line!.requestId });
      expect(warnings).toEqual([warning, warning]);
    },
  );

  it('gives back the counter that succeeded when the other one failed', async () => {
    counters().failIncrement = (slot) => (slot.id.startsWith('email#') ? serviceError('ThrottlingException') : undefined);

    expectUnavailable(await post());

    expect(totalCount()).toBe(0);
  });
});
