import type { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterSlot, CounterStore, CountResult } from '../../lambdas/counters/counter-store.js';

export type StoreCall = { readonly operation: 'increment' | 'giveBack'; readonly slot: CounterSlot; readonly requestId: string };

/**
 * An in-memory CounterStore with DynamoCounterStore's semantics: each counter holds the ids it
 * counted, an increment is refused once it holds its limit (unless it holds this id already), a
 * give-back takes only its own id. Failures are scripted per call, and every call is recorded.
 */
export class FakeCounterStore implements CounterStore {
  readonly ids = new Map<string, Set<string>>();
  readonly calls: StoreCall[] = [];
  /** Return an error to make that call fail. */
  failIncrement: (slot: CounterSlot) => Error | undefined = () => undefined;
  failGiveBack: (slot: CounterSlot) => Error | undefined = () => undefined;

  /** The number of requests each counter holds, by counter id. */
  get counts(): ReadonlyMap<string, number> {
    return new Map([...this.ids].map(([id, ids]) => [id, ids.size]));
  }

  async increment(slot: CounterSlot, requestId: string): Promise<CountResult> {
    this.calls.push({ operation: 'increment', slot, requestId });
    const failure = this.failIncrement(slot);
    if (failure !== undefined) throw failure;
    const ids = this.ids.get(slot.id) ?? new Set();
    if (ids.size >= slot.limit && !ids.has(requestId)) return { counted: false };
    this.ids.set(slot.id, ids.add(requestId));
    return { counted: true, count: ids.size };
  }

  async giveBack(slot: CounterSlot, requestId: string): Promise<void> {
    this.calls.push({ operation: 'giveBack', slot, requestId });
    const failure = this.failGiveBack(slot);
    if (failure !== undefined) throw failure;
    this.ids.get(slot.id)?.delete(requestId);
  }

  /** The count of the one counter of a scope (`ip` or `email`) this store holds; 0 if none. */
  countOf(scope: 'ip' | 'email'): number {
    const counters = [...this.counts].filter(([id]) => id.startsWith(`${scope}#`));
    if (counters.length > 1) throw new Error(`more than one ${scope} counter: ${counters.map(([id]) => id).join(', ')}`);
    return counters[0]?.[1] ?? 0;
  }

  /** The slots of every call of one operation, optionally of one scope, in call order. */
  callsOf(operation: StoreCall['operation'], scope?: 'ip' | 'email'): CounterSlot[] {
    return this.calls
      .filter((call) => call.operation === operation && (scope === undefined || call.slot.id.startsWith(`${scope}#`)))
      .map((call) => call.slot);
  }
}

/** An error as the AWS SDK throws it: its name is the service's error code. */
export function awsError(name: string, message = `${name}: secret detail from the service`): Error {
  return Object.assign(new Error(message), { name });
}

/** Whether a DynamoCounterStore update, as a mocked client receives it, is an increment (not a give-back). */
export function isIncrement(input: UpdateCommand['input']): boolean {
  return input.UpdateExpression?.startsWith('ADD') === true;
}

/**
 * A mocked DynamoDB UpdateCommand backed by a FakeCounterStore, failing as DynamoDB does: an
 * increment of a full counter, or a give-back to a counter that does not exist, is a conditional
 * check that failed.
 */
export function counterTable(store: FakeCounterStore, conditionFailed: () => Error) {
  return async (input: UpdateCommand['input']) => {
    const slot = { id: String(input.Key?.pk), limit: Number(input.ExpressionAttributeValues?.[':limit']), expiresAt: 0 };
    const [requestId = ''] = input.ExpressionAttributeValues?.[':ids'] as ReadonlySet<string>;
    if (isIncrement(input)) {
      const result = await store.increment(slot, requestId);
      if (!result.counted) throw conditionFailed();
      return { Attributes: { ids: store.ids.get(slot.id) } };
    }
    if (!store.ids.has(slot.id)) throw conditionFailed();
    await store.giveBack(slot, requestId);
    return {};
  };
}
