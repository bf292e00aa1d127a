import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { COUNTER_PARTITION_KEY, COUNTER_TTL_ATTRIBUTE, DynamoCounterStore } from '../../../lambdas/counters/counter-store.js';
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

const REQUEST_ID = 'f00dfeed-0000-4000-8000-000000000001';

describe('DynamoCounterStore.increment (docs/api.md §4: atomic, conditional, with a TTL, safe to repeat)', () => {
  it('adds the request id under the limit condition and sets the TTL once', async () => {
    documents.on(UpdateCommand).resolves({ Attributes: { ids: new Set(['a', 'b', REQUEST_ID]) } });

    const result = await store().increment(SLOT, REQUEST_ID);

    expect(result).toEqual({ counted: true, count: 3 });
    const calls = documents.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input).toMatchObject({
      TableName: TABLE,
      Key: { [COUNTER_PARTITION_KEY]: SLOT.id },
      ReturnValues: 'UPDATED_NEW',
    });
    expect(input?.ExpressionAttributeValues?.[':ids']).toEqual(new Set([REQUEST_ID]));
    expect(expressionsOf(input)).toEqual({
      update: `ADD ids {} SET ${COUNTER_TTL_ATTRIBUTE} = if_not_exists(${COUNTER_TTL_ATTRIBUTE}, ${SLOT.expiresAt})`,
      // A repeat of an applied call finds its own id, passes, and adds nothing.
      condition: `attribute_not_exists(ids) OR size(ids) < 5 OR contains(ids, "${REQUEST_ID}")`,
    });
  });

  it('answers counted: false when the condition fails (the counter holds its limit)', async () => {
    documents.on(UpdateCommand).rejects(conditionFailed());

    await expect(store().increment(SLOT, REQUEST_ID)).resolves.toEqual({ counted: false });
  });

  it.each([['ProvisionedThroughputExceededException'], ['ResourceNotFoundException'], ['TimeoutError']])(
    'lets %s propagate',
    async (name) => {
      documents.on(UpdateCommand).rejects(awsError(name));

      await expect(store().increment(SLOT, REQUEST_ID)).rejects.toMatchObject({ name });
    },
  );
});

describe('DynamoCounterStore.giveBack', () => {
  it('deletes the request id from an existing counter, which is harmless to repeat', async () => {
    documents.on(UpdateCommand).resolves({});

    await store().giveBack(SLOT, REQUEST_ID);

    const input = documents.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input).toMatchObject({ TableName: TABLE, Key: { [COUNTER_PARTITION_KEY]: SLOT.id } });
    expect(input?.ExpressionAttributeValues?.[':ids']).toEqual(new Set([REQUEST_ID]));
    expect(expressionsOf(input)).toEqual({ update: 'DELETE ids {}', condition: `attribute_exists(${COUNTER_PARTITION_KEY})` });
  });

  it('tolerates a failed condition (no counter to give back to)', async () => {
    documents.on(UpdateCommand).rejects(conditionFailed());

    await expect(store().giveBack(SLOT, REQUEST_ID)).resolves.toBeUndefined();
  });

  it('lets other errors propagate', async () => {
    documents.on(UpdateCommand).rejects(awsError('InternalServerError'));

    await expect(store().giveBack(SLOT, REQUEST_ID)).rejects.toMatchObject({ name: 'InternalServerError' });
  });
});
