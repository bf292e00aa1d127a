/**
 * How long the contact function may wait on its dependencies. The SDK clients are built from
 * these figures, and the function's timeout is derived from their sum, so a slow dependency ends
 * in a 503 (with the counters given back) before Lambda would cut the request off.
 */
export interface CallBudget {
  readonly attempts: number;
  /** Milliseconds to open a connection. */
  readonly connectionMs: number;
  /** Milliseconds the open connection may stay silent before the attempt is abandoned. */
  readonly requestMs: number;
}

/** An SDK client that gives up as the budget says: it only logs an exceeded requestTimeout unless told to throw. */
export function clientOptions(budget: CallBudget) {
  return {
    maxAttempts: budget.attempts,
    requestHandler: {
      connectionTimeout: budget.connectionMs,
      requestTimeout: budget.requestMs,
      throwOnRequestTimeout: true,
    },
  };
}

/** DynamoDB answers a conditional update in milliseconds; a second attempt rides out a blip. */
export const STORE_CALLS: CallBudget = { attempts: 2, connectionMs: 500, requestMs: 1000 };
/** SES takes a message in well under a second; past two, it is better to say "try again". */
export const MAIL_CALLS: CallBudget = { attempts: 2, connectionMs: 500, requestMs: 2000 };

/** The SDK's standard retry strategy waits at most this long before a second attempt. */
const RETRY_WAIT_MS = 250;

function worstCaseMs(budget: CallBudget): number {
  return budget.attempts * (budget.connectionMs + budget.requestMs) + (budget.attempts - 1) * RETRY_WAIT_MS;
}

/** The longest one inquiry can wait: the counters, the mail, then the counters given back. */
export const WORST_CASE_DEPENDENCY_MS = worstCaseMs(STORE_CALLS) + worstCaseMs(MAIL_CALLS) + worstCaseMs(STORE_CALLS);

/** The contact function's timeout: the worst wait, and a second for everything else. */
export const CONTACT_TIMEOUT_SECONDS = Math.ceil(WORST_CASE_DEPENDENCY_MS / 1000) + 1;
