/** What one kind of SDK call may spend: its attempts and how long each may take. */
export interface CallBudget {
  readonly attempts: number;
  /** Milliseconds to open a connection. */
  readonly connectionMs: number;
  /** Milliseconds an attempt may take (the SDK's requestTimeout). */
  readonly requestMs: number;
  /** The longest wait before a retry. */
  readonly retryWaitMs: number;
}

interface RetryToken {
  getRetryCount(): number;
  getRetryDelay(): number;
}

/**
 * An SDK v3 retry strategy (the client's `retryStrategy`) that retries only the errors `mayRetry`
 * accepts, at most `budget.attempts` times in all, waiting a random time up to
 * `budget.retryWaitMs` (full jitter). Unlike the SDK's standard strategy, whose wait for a
 * throttling error is up to 1 s and which honours a `Retry-After` of up to 5 s more, its wait has
 * a fixed ceiling, so the function's time budget (time-budget.ts) holds.
 */
export class BudgetedRetryStrategy {
  readonly mode = 'standard';

  constructor(
    private readonly budget: CallBudget,
    private readonly mayRetry: (error: unknown) => boolean,
  ) {}

  async acquireInitialRetryToken(): Promise<RetryToken> {
    return token(0, 0);
  }

  async refreshRetryTokenForRetry(previous: RetryToken, errorInfo: { readonly error?: unknown }): Promise<RetryToken> {
    const retries = previous.getRetryCount() + 1;
    if (retries >= this.budget.attempts || !this.mayRetry(errorInfo.error)) {
      // How the SDK's own strategies decline: the client then throws the call's last error.
      throw new Error('No retry token available');
    }
    return token(retries, Math.floor(Math.random() * this.budget.retryWaitMs));
  }

  recordSuccess(): void {}
}

function token(retries: number, delayMs: number): RetryToken {
  return { getRetryCount: () => retries, getRetryDelay: () => delayMs };
}

/** SDK client options that keep to a budget and retry only what `mayRetry` accepts. */
export function budgetedClientOptions(budget: CallBudget, mayRetry: (error: unknown) => boolean) {
  return {
    maxAttempts: budget.attempts,
    retryStrategy: new BudgetedRetryStrategy(budget, mayRetry),
    requestHandler: {
      connectionTimeout: budget.connectionMs,
      requestTimeout: budget.requestMs,
      // Without it the SDK only logs an exceeded requestTimeout and keeps waiting.
      throwOnRequestTimeout: true,
    },
  };
}
