import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { keyedRateKeys } from '../../../lambdas/contact/client-keys.js';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { jsonPostEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { counterTable, FakeCounterStore, isIncrement } from '../../support/fake-counter-store.js';

/* The contact Lambda behind the front door: ORIGIN_VERIFY_SECRET set, as the stack sets it. */

const SECRET = 'front-door-secret-of-this-deployment';
const EDGE = '130.176.0.1';
const documents = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const handler = handlerUnderTest('contact', {
  ...CONTACT_ENVIRONMENT,
  ORIGIN_VERIFY_SECRET: SECRET,
});
const keys = keyedRateKeys(CONTACT_ENVIRONMENT.COUNTER_KEY_SECRET);
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'An analytical engine, please.' };

afterAll(() => {
  documents.restore();
  ses.restore();
});
beforeEach(() => {
  documents.reset();
  ses.reset();
  documents.on(UpdateCommand).callsFake(counterTable(new FakeCounterStore(), () => new Error('no counter is full here')));
  ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });
});

const ipKeys = () =>
  documents
    .commandCalls(UpdateCommand)
    .filter((call) => isIncrement(call.args[0].input))
    .map((call) => String(call.args[0].input.Key?.pk))
    .filter((key) => key.startsWith('ip#'));

describe('contact handler behind the front door (docs/api.md §4, §10)', () => {
  it('counts the viewer CloudFront names, not the edge it came from', async () => {
    const event = jsonPostEvent(INQUIRY, {
      sourceIp: EDGE,
      headers: { 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '2001:db8:1:2::9:50123', 'x-forwarded-for': '192.0.2.1' },
    });

    const response = await handler(event, lambdaContext());

    expect(response.statusCode).toBe(202);
    expect(ipKeys()).toEqual([expect.stringContaining(keys.ip('2001:db8:1:2::1'))]);
  });

  it('refuses a request that went around the front door with 403, counting and sending nothing', async () => {
    const event = jsonPostEvent(INQUIRY, { headers: { 'cloudfront-viewer-address': '192.0.2.1:1' } });

    const response = await handler(event, lambdaContext());

    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'forbidden' });
    expect(documents.commandCalls(UpdateCommand)).toEqual([]);
    expect(ses.commandCalls(SendEmailCommand)).toEqual([]);
  });
});
