import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { COUNTER_PARTITION_KEY, COUNTER_TTL_ATTRIBUTE, DynamoCounterStore } from '../../../lambdas/contact/counter-store.js';
import { awsError } from '../../support/fake-counter-store.js';

const documents = mockClient(DynamoDBDocumentClient);
const TABLE = 'rate-limit-counters';
const SLOT = { id: 'ip#1893499200#0f1e2d', limit: 5, expiresAt: 1893502800 };

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const store = () => new DynamoCounterStore(new DynamoDBClient({ region: 'eu-west-1' }), TABLE);

type UpdateInput = UpdateCommand['input'];

/** The update and condition expressions with their placeholders resolved, to read the rule rather than its spelling. */
function expressionsOf(input: UpdateInput | undefined) {
  const names = input?.ExpressionAttributeNames ?? {};
  const values = input?.ExpressionAttributeValues ?? {};
  const resolve = (expression = '') =>
    expression.replace(/#\w+/g, (name) => names[name] ?? name).replace(/:\w+/g, (value) => JSON.stringify(values[value]));
  return { update: resolve(input?.UpdateExpression), condition: resolve(input?.ConditionExpression) };
}

beforeEach(() => {
  documents.reset();
});
afterAll(() => documents.restore());

describe('DynamoCounterStore.increment (CONTRACT §4: atomic, conditional, with a TTL)', () => {
  it('adds one under the limit condition and sets the TTL once', async () => {
    documents.on(UpdateCommand).resolves({ Attributes: { count: 3 } });

    const result = await store().increment(SLOT);

    expect(result).toEqual({ counted: true, count: 3 });
    const calls = documents.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input).toMatchObject({
      TableName: TABLE,
      Key: { [COUNTER_PARTITION_KEY]: SLOT.id },
      ReturnValues: 'UPDATED_NEW',
    });
    expect(expressionsOf(input)).toEqual({
      update: `ADD count 1 SET ${COUNTER_TTL_ATTRIBUTE} = if_not_exists(${COUNTER_TTL_ATTRIBUTE}, ${SLOT.expiresAt})`,
      condition: 'attribute_not_exists(count) OR count < 5',
    });
  });

  it('answers counted: false when the condition fails (the counter holds its limit)', async () => {
    documents.on(UpdateCommand).rejects(conditionFailed());

    await expect(store().increment(SLOT)).resolves.toEqual({ counted: false });
  });

  it.each([['ProvisionedThroughputExceededException'], ['ResourceNotFoundException'], ['TimeoutError']])(
    'lets %s propagate',
    async (name) => {
      documents.on(UpdateCommand).rejects(awsError(name));

      await expect(store().increment(SLOT)).rejects.toMatchObject({ name });
    },
  );
});

describe('DynamoCounterStore.giveBack', () => {
  it('takes one back, never below zero', async () => {
    documents.on(UpdateCommand).resolves({});

    await store().giveBack(SLOT);

    const input = documents.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input).toMatchObject({ TableName: TABLE, Key: { [COUNTER_PARTITION_KEY]: SLOT.id } });
    expect(expressionsOf(input)).toEqual({ update: 'ADD count -1', condition: 'count > 0' });
  });

  it('tolerates a failed condition (nothing left to give back)', async () => {
    documents.on(UpdateCommand).rejects(conditionFailed());

    await expect(store().giveBack(SLOT)).resolves.toBeUndefined();
  });

  it('lets other errors propagate', async () => {
    documents.on(UpdateCommand).rejects(awsError('InternalServerError'));

    await expect(store().giveBack(SLOT)).rejects.toMatchObject({ name: 'InternalServerError' });
  });
});
