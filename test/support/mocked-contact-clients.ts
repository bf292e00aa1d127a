import { afterAll, beforeEach } from '@jest/globals';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { counterTable, FakeCounterStore } from './fake-counter-store.js';

/** The error DynamoDB answers a write whose condition failed. */
export const conditionalCheckFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/**
 * The contact function's SDK clients, mocked for the tests of one file: before each test, a fresh
 * counter table in memory (counterTable) and an inquiry table that stores every put (inquiries, by
 * key); after the file, the real clients again. `conditionFailed` is the error a full counter throws.
 */
export function mockedContactClients(conditionFailed: () => Error = conditionalCheckFailed) {
  const documents = mockClient(DynamoDBDocumentClient);
  let counters = new FakeCounterStore();
  let inquiries = new Map<string, Record<string, unknown>>();
  beforeEach(() => {
    counters = new FakeCounterStore();
    inquiries = new Map();
    documents.reset();
    documents.on(UpdateCommand).callsFake(counterTable(counters, conditionFailed));
    documents.on(PutCommand).callsFake(async (input: PutCommand['input']) => {
      const key = String(input.Item?.pk);
      if (inquiries.has(key)) throw conditionFailed();
      inquiries.set(key, input.Item ?? {});
      return {};
    });
  });
  afterAll(() => {
    documents.restore();
  });
  return { documents, counters: () => counters, inquiries: () => inquiries };
}
