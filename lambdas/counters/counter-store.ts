import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../aws/sdk-errors.js';
import { epochSeconds } from '../time-units.js';

/** One counter: a (scope, key, window) with the most it may reach and when it may be forgotten. */
export interface CounterSlot {
  readonly id: string;
  readonly limit: number;
  /** Epoch seconds after which the counter is useless (the TTL attribute). */
  readonly expiresAt: number;
}

/**
 * The counter of a fixed window (the UTC hour, the UTC day, …) that `now` falls in: its id is the
 * scope, the window's start in epoch seconds and, when the counter is someone's, their key;
 * it may be forgotten when the window ends.
 */
export function fixedWindowSlot(scope: string, key: string | undefined, limit: number, windowSeconds: number, now: Date): CounterSlot {
  const start = fixedWindowStart(now, windowSeconds);
  return { id: [scope, start, ...(key === undefined ? [] : [key])].join('#'), limit, expiresAt: start + windowSeconds };
}

/** The start, in epoch seconds, of the fixed window of `windowSeconds` that `now` falls in. */
export function fixedWindowStart(now: Date, windowSeconds: number): number {
  return Math.floor(epochSeconds(now) / windowSeconds) * windowSeconds;
}

export type CountResult = { readonly counted: true; readonly count: number } | { readonly counted: false };

/**
 * Atomic, conditional counters: the only storage the rate limits have. Each counts requests by
 * id, so that both calls may be repeated (as the SDK does after a timeout) without changing the
 * count twice (docs/api.md §4).
 */
export interface CounterStore {
  /** Counts the request unless the counter already holds its limit; counting it again changes nothing. */
  increment(slot: CounterSlot, requestId: string): Promise<CountResult>;
  /** Takes the request's count back, if it was counted. */
  giveBack(slot: CounterSlot, requestId: string): Promise<void>;
}

/** The counter table's partition key; the stack and the local emulator create the table with it. */
export const COUNTER_PARTITION_KEY = 'pk';
/** The attribute DynamoDB's TTL reads to delete a counter whose window has passed. */
export const COUNTER_TTL_ATTRIBUTE = 'expiresAt';

/**
 * A counter is an item whose string set `ids` holds the ids of the requests it counted: adding an
 * id already in a set, or deleting one that is not, changes nothing, so a retried call is harmless.
 */
export class DynamoCounterStore implements CounterStore {
  private readonly documents: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.documents = DynamoDBDocumentClient.from(client);
  }

  async increment(slot: CounterSlot, requestId: string): Promise<CountResult> {
    try {
      const { Attributes } = await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [COUNTER_PARTITION_KEY]: slot.id },
          UpdateExpression: 'ADD #ids :ids SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
          // Room for one more, or this very request counted already (a retry of a call that was applied).
          ConditionExpression: 'attribute_not_exists(#ids) OR size(#ids) < :limit OR contains(#ids, :id)',
          ExpressionAttributeNames: { '#ids': 'ids', '#expiresAt': COUNTER_TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':ids': new Set([requestId]),
            ':id': requestId,
            ':limit': slot.limit,
            ':expiresAt': slot.expiresAt,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      // UPDATED_NEW after an ADD always holds the set: without it, the count is unknown.
      const ids = Attributes?.ids as ReadonlySet<string> | undefined;
      if (ids === undefined) throw new Error('The counter update returned no request ids');
      return { counted: true, count: ids.size };
    } catch (error) {
      if (isConditionFailure(error)) return { counted: false };
      throw error;
    }
  }

  async giveBack(slot: CounterSlot, requestId: string): Promise<void> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [COUNTER_PARTITION_KEY]: slot.id },
          UpdateExpression: 'DELETE #ids :ids',
          // An update creates a missing item: never make one without its TTL.
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#ids': 'ids', '#pk': COUNTER_PARTITION_KEY },
          ExpressionAttributeValues: { ':ids': new Set([requestId]) },
        }),
      );
    } catch (error) {
      // No counter (the window rolled over and the item expired, or it was never made): already even.
      if (!isConditionFailure(error)) throw error;
    }
  }
}
