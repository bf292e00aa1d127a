import { CLAIM_HOLD_MS } from './time-budget.js';

/**
 * When a sure failure of the mail service is tried again (docs/api.md §14). Delays grow twofold
 * from one unit (a minute deployed, `DELIVERY_RETRY_SECONDS`, 5 s by default in local mode, so that
 * an outage can be watched in a minute) to at most 60 units (an hour), for 4320 units (three
 * days) from the inquiry's arrival or its last redelivery; then it is given up, kept, and the
 * owner alarmed.
 */
export interface RetrySchedule {
  /** Seconds from this failed attempt (the n-th, from 1) to the next. */
  delaySeconds(attempts: number): number;
  /** Seconds after the inquiry's arrival, or its redelivery, that its retries stop. */
  readonly periodSeconds: number;
  /**
   * How long a worker's claim on an inquiry lasts: past it, a claim that was never settled is a
   * worker that stopped between sending and recording, so the send's outcome is unknown.
   */
  readonly leaseSeconds: number;
}

const MAX_DELAY_UNITS = 60;
const PERIOD_UNITS = 3 * 24 * 60;

const LONGEST_HOLD_SECONDS = Math.ceil(CLAIM_HOLD_MS / 1000);

export function retrySchedule(unitSeconds: number): RetrySchedule {
  return {
    delaySeconds: (attempts) => unitSeconds * Math.min(2 ** Math.max(0, attempts - 1), MAX_DELAY_UNITS),
    periodSeconds: unitSeconds * PERIOD_UNITS,
    leaseSeconds: Math.max(unitSeconds, 2 * LONGEST_HOLD_SECONDS),
  };
}
