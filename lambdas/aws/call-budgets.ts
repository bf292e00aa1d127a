import type { CallBudget } from './retry-strategy.js';

/**
 * What each kind of SDK call may spend. The clients are built from these figures (with
 * BudgetedRetryStrategy, whose waits have a ceiling, unlike the SDK's standard strategy: up to 1 s
 * after a throttling error, plus up to 5 s of `Retry-After`), and each function's timeout is
 * derived from the calls it makes, so that a slow dependency ends in the function's own answer.
 */

/** DynamoDB answers a write in milliseconds; a second attempt rides out a blip. */
export const STORE_CALLS: CallBudget = { attempts: 2, connectionMs: 500, requestMs: 1000, retryWaitMs: 100 };

/**
 * SES takes a message in well under a second; past two, the attempt is given up (and retried later,
 * or marked unknown). A second attempt only follows a failure that proves SES did not take the first.
 */
export const MAIL_CALLS: CallBudget = { attempts: 2, connectionMs: 500, requestMs: 2000, retryWaitMs: 200 };

/** The longest one call can take: every attempt at its slowest, and the longest wait before each retry. */
export function worstCaseMs(budget: CallBudget): number {
  return budget.attempts * (budget.connectionMs + budget.requestMs) + (budget.attempts - 1) * budget.retryWaitMs;
}
