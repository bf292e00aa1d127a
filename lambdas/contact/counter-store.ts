import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

/** One counter: a (scope, key, window) with the most it may reach and when it may be forgotten. */
export interface CounterSlot {
  readonly id: string;
  readonly limit: number;
  /** Epoch seconds after which the counter is useless (the TTL attribute). */
  readonly expiresAt: number;
}

export type CountResult = { readonly counted: true; readonly count: number } | { readonly counted: false };

/** Atomic, conditional counters: the only storage the contact service has. */
export interface CounterStore {
  /** Adds one unless the counter already holds its limit. */
  increment(slot: CounterSlot): Promise<CountResult>;
  /** Takes back one earlier increment. */
  giveBack(slot: CounterSlot): Promise<void>;
}

/** The counter table's partition key; the stack and the local emulator create the table with it. */
export const COUNTER_PARTITION_KEY = 'pk';
/** The attribute DynamoDB's TTL reads to delete a counter whose window has passed. */
export const COUNTER_TTL_ATTRIBUTE = 'expiresAt';

export class DynamoCounterStore implements CounterStore {
  private readonly documents: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.documents = DynamoDBDocumentClient.from(client);
  }

  async increment(slot: CounterSlot): Promise<CountResult> {
    try {
      const { Attributes } = await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [COUNTER_PARTITION_KEY]: slot.id },
          UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count', '#expiresAt': COUNTER_TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':limit': slot.limit, ':expiresAt': slot.expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { counted: true, count: Number(Attributes?.count) };
    } catch (error) {
      if (isConditionFailure(error)) return { counted: false };
      throw error;
    }
  }

  async giveBack(slot: CounterSlot): Promise<void> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [COUNTER_PARTITION_KEY]: slot.id },
          UpdateExpression: 'ADD #count :minusOne',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
        }),
      );
    } catch (error) {
      // Nothing left to give back (the window rolled over and the item expired): already even.
      if (!isConditionFailure(error)) throw error;
    }
  }
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
