import type { RateLimits } from '../inquiry/limits.js';
import { errorName } from '../http/error-name.js';
import type { RateLimitScope } from '../inquiry/limits.js';
import { fixedWindowSlot, fixedWindowStart, type CounterSlot, type CounterStore, type CountResult } from '../counters/counter-store.js';

/** What a visitor may still send in the current window, for the `RateLimit` header. */
export interface RateLimitStatus {
  readonly scope: RateLimitScope;
  readonly remaining: number;
  /** Seconds to the end of the window. */
  readonly resetSeconds: number;
}

export type Admission =
  /** Counted in every asked scope; `giveBack` undoes that when the inquiry is surely not delivered. */
  | { readonly kind: 'admitted'; readonly status: RateLimitStatus; readonly giveBack: () => Promise<void> }
  /** Over a limit: counted in neither scope. */
  | { readonly kind: 'refused'; readonly status: RateLimitStatus }
  /** The counter store failed: nothing may be delivered, and whatever was counted was given back. */
  | { readonly kind: 'unavailable'; readonly errorName: string };

export interface RateLimiterOptions {
  readonly store: CounterStore;
  readonly limits: RateLimits;
  readonly now?: () => Date;
  /** Told when a request's counter could not be given back (it then stays one too high until its window ends). */
  readonly onGiveBackFailure?: (errorName: string, requestId: string) => void;
}

/**
 * Fixed-window limits (the UTC clock hour by default) per client IP and per e-mail address.
 * Both counters are asked in parallel, so one round trip to the store settles them; a request
 * over either limit is counted in neither, by giving back the counter that accepted it.
 */
export class RateLimiter {
  private readonly now: () => Date;

  constructor(private readonly options: RateLimiterOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Counts a request, by its id, against its IP key and, when given, its e-mail key (both already
   * hashed). The id makes every store call safe to repeat (counter-store.ts).
   */
  async admit(requestId: string, keys: { readonly ip: string; readonly email?: string }): Promise<Admission> {
    const { limits } = this.options;
    const now = this.now();
    const windowEnd = fixedWindowStart(now, limits.windowSeconds) + limits.windowSeconds;
    const resetSeconds = Math.max(1, Math.ceil(windowEnd - now.getTime() / 1000));
    const slot = (scope: RateLimitScope, key: string, limit: number) => fixedWindowSlot(scope, key, limit, limits.windowSeconds, now);

    const ipSlot = slot('ip', keys.ip, limits.ip);
    const emailSlot = keys.email === undefined ? undefined : slot('email', keys.email, limits.email);
    const [ipResult, emailResult] = await Promise.allSettled([
      this.options.store.increment(ipSlot, requestId),
      emailSlot && this.options.store.increment(emailSlot, requestId),
    ]);
    // A failed increment may still have been applied (its answer lost): only a refusal surely was not.
    const mayHoldCount = [mayHold(ipResult) && ipSlot, mayHold(emailResult) && emailSlot].filter(
      (counter): counter is CounterSlot => Boolean(counter),
    );
    const giveBack = () => this.giveBack(mayHoldCount, requestId);

    // docs/api.md §2's order: over its IP limit a client hears 429 even if the store fails, which outranks the e-mail.
    if (ipResult.status === 'fulfilled' && !ipResult.value.counted) {
      await giveBack();
      return { kind: 'refused', status: { scope: 'ip', remaining: 0, resetSeconds } };
    }
    const failure = [ipResult, emailResult].find((result) => result.status === 'rejected');
    if (failure !== undefined) {
      await giveBack();
      return { kind: 'unavailable', errorName: errorName(failure.reason) };
    }
    if (emailResult.status === 'fulfilled' && emailResult.value?.counted === false) {
      await giveBack();
      return { kind: 'refused', status: { scope: 'email', remaining: 0, resetSeconds } };
    }

    const ipRemaining = limits.ip - countOf(ipResult);
    const emailRemaining = emailSlot === undefined ? Infinity : limits.email - countOf(emailResult);
    const status: RateLimitStatus =
      emailRemaining < ipRemaining
        ? { scope: 'email', remaining: emailRemaining, resetSeconds }
        : { scope: 'ip', remaining: ipRemaining, resetSeconds };
    return { kind: 'admitted', status, giveBack };
  }

  private async giveBack(slots: readonly CounterSlot[], requestId: string): Promise<void> {
    const results = await Promise.allSettled(slots.map((slot) => this.options.store.giveBack(slot, requestId)));
    for (const result of results) {
      if (result.status === 'rejected') this.options.onGiveBackFailure?.(errorName(result.reason), requestId);
    }
  }
}

function mayHold(result: PromiseSettledResult<CountResult | undefined>): boolean {
  return result.status === 'rejected' || result.value?.counted === true;
}

function countOf(result: PromiseSettledResult<CountResult | undefined>): number {
  return result.status === 'fulfilled' && result.value?.counted ? result.value.count : 0;
}
