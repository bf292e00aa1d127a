import { describe, expect, it } from '@jest/globals';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
 * is an in-memory table behind a mocked UpdateCommand, so giving counters back is observable. The
 * mail service is the delivery worker's (test/unit/delivery): the visitor never waits on it.
 */

const VISITOR = { email: 'grace.hopper@example.com', ip: '198.51.100.23' };
const INQUIRY = { name: 'Grace Hopper', email: VISITOR.email, message: 'A compiler, if you have the time for it.' };

/** The counters, as DynamoDB would hold them (the request ids each counted, under its limit), behind a mocked UpdateCommand. */
const { documents, counters, inquiries } = mockedContactClients(() => serviceError('ConditionalCheckFailedException'));
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

function expectUnavailable(response: APIGatewayProxyStructuredResultV2) {
  expect(response.statusCode).toBe(503);
  expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'temporarily_unavailable', status: 503 });
  const retryAfter = Number(response.headers?.['Retry-After']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(response.body).not.toMatch(/Exception|Throttl|MessageRejected|ECONNREFUSED/);
}

describe('the inquiry store fails (docs/api.md §14: accepted means stored)', () => {
  it.each<[string, string, Error]>([
    ['throttled', 'ProvisionedThroughputExceededException', errorAnswer('ProvisionedThroughputExceededException')],
    ['failing', 'InternalServerError', errorAnswer('InternalServerError', 500)],
    ['unreachable', 'ECONNREFUSED', Object.assign(serviceError('ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['never answering', 'TimeoutError', Object.assign(serviceError('TimeoutError'), { code: 'ETIMEDOUT' })],
  ])('%s (%s): 503, counters given back, failure logged and counted by name, nothing of the visitor in the log', async (_case, errorName, error) => {
    documents.on(PutCommand).rejects(error);

    expectUnavailable(await post());

    expect(inquiries().size).toBe(0);
    expect(totalCount()).toBe(0);
    const [line] = logLines().filter((entry) => entry.message === 'request');
    expect(line).toMatchObject({ status: 503, outcome: 'inquiry_store_failed', errorName });
    expect(output()).toMatch(/"InquiryStoreFailures":1/);
    expect(output()).not.toContain(error.message);
    expect(output()).not.toContain(VISITOR.email);
    expect(output()).not.toContain(VISITOR.ip);
    expect(output()).not.toContain('compiler');
  });

  it('never makes a visitor who retries wait for failures that were not theirs', async () => {
    documents.on(PutCommand).rejects(errorAnswer('InternalServerError', 500));
    for (let attempt = 0; attempt < 8; attempt++) expect((await post()).statusCode).toBe(503);

    documents.on(PutCommand).resolves({});
    expect((await post()).statusCode).toBe(202);
  });
});

describe('the counter store fails', () => {
  it.each(['ProvisionedThroughputExceededException', 'ThrottlingException', 'InternalServerError', 'ECONNREFUSED'])(
    '%s: fails closed with 503 and stores nothing',
    async (errorName) => {
      documents.on(UpdateCommand).rejects(serviceError(errorName));

      expectUnavailable(await post());

      expect(documents.commandCalls(PutCommand)).toHaveLength(0);
      const [line] = logLines().filter((entry) => entry.message === 'request');
      expect(line).toMatchObject({ status: 503, outcome: 'counter_store_failed', errorName });
      expect(output()).toMatch(/"CounterStoreFailures":1/);
      // The rate limits' two counters and the repeated text's may hold the request, and none could
      // be given back: the owner is told which request.
      const warnings = logLines().filter((entry) => entry.message === 'counter not given back');
      const warning = expect.objectContaining({ level: 'WARN', errorName, requestId: line!.requestId });
      expect(warnings).toEqual([warning, warning, warning]);
    },
  );

  it('gives back the counter that succeeded when the other one failed', async () => {
    counters().failIncrement = (slot) => (slot.id.startsWith('email#') ? serviceError('ThrottlingException') : undefined);

    expectUnavailable(await post());

    expect(totalCount()).toBe(0);
  });
});
