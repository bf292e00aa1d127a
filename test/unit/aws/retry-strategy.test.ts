import { describe, expect, it } from '@jest/globals';
import { BudgetedRetryStrategy } from '../../../lambdas/aws/retry-strategy.js';
import { mayRepeatIdempotentCall } from '../../../lambdas/aws/sdk-errors.js';

const BUDGET = { attempts: 3, connectionMs: 500, requestMs: 1000, retryWaitMs: 100 };
const errorInfo = (error: unknown) => ({ error, errorType: 'TRANSIENT' as const });

describe('BudgetedRetryStrategy (docs/api.md §11: the time budget holds)', () => {
  it('retries what it is told to, within the attempts, waiting no longer than its ceiling', async () => {
    const strategy = new BudgetedRetryStrategy(BUDGET, () => true);
    let token = await strategy.acquireInitialRetryToken();
    for (let retry = 1; retry < BUDGET.attempts; retry++) {
      token = await strategy.refreshRetryTokenForRetry(token, errorInfo(new Error('x')));
      expect(token.getRetryCount()).toBe(retry);
      expect(token.getRetryDelay()).toBeGreaterThanOrEqual(0);
      expect(token.getRetryDelay()).toBeLessThan(BUDGET.retryWaitMs);
    }
    await expect(strategy.refreshRetryTokenForRetry(token, errorInfo(new Error('x')))).rejects.toThrow();
  });

  it('ignores a Retry-After hint and the SES throttling base delay: its wait has a ceiling', async () => {
    const strategy = new BudgetedRetryStrategy(BUDGET, () => true);
    const token = await strategy.refreshRetryTokenForRetry(await strategy.acquireInitialRetryToken(), {
      error: new Error('throttled'),
      errorType: 'THROTTLING',
      retryAfterHint: new Date(Date.now() + 60_000),
    } as never);
    expect(token.getRetryDelay()).toBeLessThan(BUDGET.retryWaitMs);
  });

  it('declines what it is told not to retry', async () => {
    const strategy = new BudgetedRetryStrategy(BUDGET, () => false);
    await expect(strategy.refreshRetryTokenForRetry(await strategy.acquireInitialRetryToken(), errorInfo(new Error('x')))).rejects.toThrow();
  });
});

describe('mayRepeatIdempotentCall (the counter store client)', () => {
  const answer = (name: string, httpStatusCode: number) => Object.assign(new Error(name), { name, $fault: 'client', $metadata: { httpStatusCode } });

  it.each([
    ['a timeout', Object.assign(new Error('t'), { name: 'TimeoutError', code: 'ETIMEDOUT' }), true],
    ['throttling', answer('ProvisionedThroughputExceededException', 400), true],
    ['a 500', answer('InternalServerError', 500), true],
    ['a failed condition', answer('ConditionalCheckFailedException', 400), false],
    ['a missing table', answer('ResourceNotFoundException', 400), false],
  ])('%s', (_title, error, retry) => {
    expect(mayRepeatIdempotentCall(error)).toBe(retry);
  });
});
