import type { CallBudget } from '../aws/retry-strategy.js';
import { EARLY_TIMEOUT_MS } from '../http/early-timeout.js';

/**
 * How long the contact function may wait on its dependencies. The SDK clients are built from
 * these figures (with BudgetedRetryStrategy, whose waits have a ceiling, unlike the SDK's
 * standard strategy: up to 1 s after a throttling error, plus up to 5 s of `Retry-After`), and
 * the function's timeout is derived from their sum, so a slow dependency ends in the handler's
 * own 503 (counters given back) before middy's early timeout answers for it.
 */

/**
 * DynamoDB answers a conditional update in milliseconds; a second attempt rides out a blip. Every
 * store call is idempotent (counter-store.ts), so any failure may be retried.
 */
export const STORE_CALLS: CallBudget = { attempts: 2, connectionMs: 500, requestMs: 1000, retryWaitMs: 100 };
/**
 * SES takes a message in well under a second; past two, it is better to say "try again". A second
 * attempt only follows a failure that proves SES did not take the first (mailer.ts).
 */
export const MAIL_CALLS: CallBudget = { attempts: 2, connectionMs: 500, requestMs: 2000, retryWaitMs: 200 };

/** The longest one call can take: every attempt at its slowest, and the longest wait before each retry. */
function worstCaseMs(budget: CallBudget): number {
  return budget.attempts * (budget.connectionMs + budget.requestMs) + (budget.attempts - 1) * budget.retryWaitMs;
}

/**
 * The longest one inquiry can wait: with an `Idempotency-Key`, its record is written first and
 * settled last (docs/api.md §11); between them the counters, the mail, and the counters given back.
 */
export const WORST_CASE_DEPENDENCY_MS = 4 * worstCaseMs(STORE_CALLS) + worstCaseMs(MAIL_CALLS);

/** The contact function's timeout: the worst wait, middy's early answer, and a second for everything else. */
export const CONTACT_TIMEOUT_SECONDS = Math.ceil((WORST_CASE_DEPENDENCY_MS + EARLY_TIMEOUT_MS) / 1000) + 1;
