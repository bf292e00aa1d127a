import { afterAll, beforeEach } from '@jest/globals';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { counterTable, FakeCounterStore } from './fake-counter-store.js';

/** The error DynamoDB answers a write whose condition failed. */
export const conditionalCheckFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/**
 * The contact function's SDK clients, mocked for the tests of one file: before each test, a fresh
 * counter table in memory (counterTable) and an SES that takes every mail; after the file, the
 * real clients again. `conditionFailed` is the error a full counter throws.
 */
export function mockedContactClients(conditionFailed: () => Error = conditionalCheckFailed) {
  const documents = mockClient(DynamoDBDocumentClient);
  const ses = mockClient(SESv2Client);
  let counters = new FakeCounterStore();
  beforeEach(() => {
    counters = new FakeCounterStore();
    documents.reset();
    ses.reset();
    documents.on(UpdateCommand).callsFake(counterTable(counters, conditionFailed));
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });
  });
  afterAll(() => {
    documents.restore();
    ses.restore();
  });
  return { documents, ses, counters: () => counters };
}
