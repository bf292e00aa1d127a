import { MAIL_CALLS, STORE_CALLS, worstCaseMs } from '../aws/call-budgets.js';

/** How many stream records one invocation of the worker takes, one after the other. */
export const STREAM_BATCH_SIZE = 5;
/** How many inquiries one sweep takes on from each queue (claims run out, retries due). */
export const SWEEP_LIMIT = 10;

/** One attempt at its slowest: the claim, the send, and the write that settles it. */
const ATTEMPT_MS = 2 * worstCaseMs(STORE_CALLS) + worstCaseMs(MAIL_CALLS);

/**
 * The worker's timeout: a sweep at its slowest (it reads both queues, ends every run-out claim,
 * and makes every due attempt), which outlasts a batch of stream records, and a few seconds more.
 */
export const DELIVERY_TIMEOUT_SECONDS =
  Math.ceil((2 * worstCaseMs(STORE_CALLS) + SWEEP_LIMIT * (worstCaseMs(STORE_CALLS) + ATTEMPT_MS)) / 1000) + 5;
