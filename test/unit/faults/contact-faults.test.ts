import { afterAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { jsonPostEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { jsonLines } from '../../support/json-lines.js';
import { awsError, isIncrement } from '../contact/fake-counter-store.js';

/*
 * The contact Lambda when its dependencies fail, with the SDK clients mocked: the counter store
 * is an in-memory table behind a mocked UpdateCommand, so giving counters back is observable.
 */

const VISITOR = { email: 'grace.hopper@example.com', ip: '198.51.100.23' };
const INQUIRY = { name: 'Grace Hopper', email: VISITOR.email, message: 'A compiler, if you have the time for it.' };

const documents = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const handler = handlerUnderTest('contact', {
  BASE_URL: 'https://example.com',
  CONTACT_TO: 'owner@example.com',
  CONTACT_FROM: 'contact@example.com',
  COUNTER_TABLE: 'rate-limit-counters',
  COUNTER_KEY_SECRET: 'a-test-secret-of-at-least-32-characters',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

/** The counters, as DynamoDB would hold them: conditional increments, give-backs never below zero. */
const counters = new Map<string, number>();
let output = '';

afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(() => {
  documents.restore();
  ses.restore();
});

beforeEach(() => {
  counters.clear();
  documents.reset();
  ses.reset();
  documents.on(UpdateCommand).callsFake((input: UpdateCommand['input']) => {
    const id = String(input.Key?.pk);
    const count = counters.get(id) ?? 0;
    if (isIncrement(input)) {
      if (count >= Number(input.ExpressionAttributeValues?.[':limit'])) throw serviceError('ConditionalCheckFailedException');
      counters.set(id, count + 1);
      return { Attributes: { count: count + 1 } };
    }
    if (count <= 0) throw serviceError('ConditionalCheckFailedException');
    counters.set(id, count - 1);
    return {};
  });
  ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
  output = '';
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output += chunk.toString();
    return true;
  });
});

/** An SDK error whose message names the visitor: it must never reach a log line. */
const serviceError = (name: string) => awsError(name, `${name}: something about ${VISITOR.email}`);

function post() {
  return handler(jsonPostEvent(INQUIRY, { sourceIp: VISITOR.ip }), lambdaContext());
}

const totalCount = () => [...counters.values()].reduce((sum, count) => sum + count, 0);
const logLines = () => jsonLines(output);

function expectUnavailable(response: APIGatewayProxyStructuredResultV2) {
  expect(response.statusCode).toBe(503);
  expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'temporarily_unavailable', status: 503 });
  const retryAfter = Number(response.headers?.['Retry-After']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  expect(response.body).not.toMatch(/Exception|Throttl|MessageRejected|ECONNREFUSED/);
}

/** What SES says in its sandbox when the recipient is not a verified identity: it names the address. */
const SANDBOX_REFUSAL = 'Email address is not verified. The following identities failed the check in region EU-WEST-1: owner@example.com';

describe('the mail service fails', () => {
  it.each<[string, string, Error]>([
    ['throttled', 'TooManyRequestsException', serviceError('TooManyRequestsException')],
    ['rejecting the message', 'MessageRejected', serviceError('MessageRejected')],
    ['refusing a recipient in the SES sandbox', 'MessageRejected', awsError('MessageRejected', SANDBOX_REFUSAL)],
    ['with sending paused', 'SendingPausedException', serviceError('SendingPausedException')],
    ['with the sender not verified', 'MailFromDomainNotVerifiedException', serviceError('MailFromDomainNotVerifiedException')],
    ['unreachable', 'ECONNREFUSED', serviceError('ECONNREFUSED')],
    ['timing out', 'TimeoutError', serviceError('TimeoutError')],
  ])('%s (%s): 503, counters given back, failure logged and counted by name', async (_case, errorName, error) => {
    ses.on(SendEmailCommand).rejects(error);

    expectUnavailable(await post());

    expect(totalCount()).toBe(0);
    const [line] = logLines().filter((entry) => entry.message === 'request');
    expect(line).toMatchObject({ status: 503, outcome: 'delivery_failed', errorName });
    expect(output).toMatch(/"DeliveryFailures":1/);
    expect(output).not.toContain(error.message);
    expect(output).not.toContain(VISITOR.email);
    expect(output).not.toContain(VISITOR.ip);
    expect(output).not.toContain('compiler');
  });

  it('never makes a visitor who retries wait for failures that were not theirs', async () => {
    ses.on(SendEmailCommand).rejects(serviceError('TooManyRequestsException'));
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
      expect(output).toMatch(/"CounterStoreFailures":1/);
    },
  );

  it('gives back the counter that succeeded when the other one failed', async () => {
    documents.on(UpdateCommand).callsFake((input: UpdateCommand['input']) => {
      const id = String(input.Key?.pk);
      if (id.startsWith('email#')) throw serviceError('ThrottlingException');
      const count = counters.get(id) ?? 0;
      const next = isIncrement(input) ? count + 1 : count - 1;
      counters.set(id, next);
      return { Attributes: { count: next } };
    });

    expectUnavailable(await post());

    expect(totalCount()).toBe(0);
  });
});
