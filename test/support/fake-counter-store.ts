import type { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterSlot, CounterStore, CountResult } from '../../lambdas/contact/counter-store.js';

export type StoreCall = { readonly operation: 'increment' | 'giveBack'; readonly slot: CounterSlot };

/**
 * An in-memory CounterStore with DynamoDB's semantics as the contract uses them: an increment
 * is refused once the counter holds its limit, a give-back never goes below zero. Failures are
 * scripted per call, and every call is recorded.
 */
export class FakeCounterStore implements CounterStore {
  readonly counts = new Map<string, number>();
  readonly calls: StoreCall[] = [];
  /** Return an error to make that call fail. */
  failIncrement: (slot: CounterSlot) => Error | undefined = () => undefined;
  failGiveBack: (slot: CounterSlot) => Error | undefined = () => undefined;

  async increment(slot: CounterSlot): Promise<CountResult> {
    this.calls.push({ operation: 'increment', slot });
    const failure = this.failIncrement(slot);
    if (failure !== undefined) throw failure;
    const count = this.counts.get(slot.id) ?? 0;
    if (count >= slot.limit) return { counted: false };
    this.counts.set(slot.id, count + 1);
    return { counted: true, count: count + 1 };
  }

  async giveBack(slot: CounterSlot): Promise<void> {
    this.calls.push({ operation: 'giveBack', slot });
    const failure = this.failGiveBack(slot);
    if (failure !== undefined) throw failure;
    const count = this.counts.get(slot.id) ?? 0;
    if (count > 0) this.counts.set(slot.id, count - 1);
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
  return input.ExpressionAttributeValues?.[':one'] !== undefined;
}

/**
 * A mocked DynamoDB UpdateCommand backed by a FakeCounterStore, failing as DynamoDB does: an
 * increment at the limit, or a give-back at zero, is a conditional check that failed.
 */
export function counterTable(store: FakeCounterStore, conditionFailed: () => Error) {
  return async (input: UpdateCommand['input']) => {
    const slot = { id: String(input.Key?.pk), limit: Number(input.ExpressionAttributeValues?.[':limit']), expiresAt: 0 };
    if (isIncrement(input)) {
      const result = await store.increment(slot);
      if (!result.counted) throw conditionFailed();
      return { Attributes: { count: result.count } };
    }
    if ((store.counts.get(slot.id) ?? 0) <= 0) throw conditionFailed();
    await store.giveBack(slot);
    return {};
  };
}
