/**
 * How much sooner than the function's timeout middy answers a request still running (503): the
 * contact function's timeout (contact/time-budget.ts) leaves its dependencies room before it.
 */
export const EARLY_TIMEOUT_MS = 500;
