import { MAIL_CALLS, STORE_CALLS, worstCaseMs } from '../aws/call-budgets.js';

/** How many stream records one invocation of the worker takes, one after the other. */
export const STREAM_BATCH_SIZE = 5;
/** How many inquiries one sweep takes on from each queue (claims run out, retries due). */
export const SWEEP_LIMIT = 10;
/**
 * How many held inquiries one digest carries at most: a mail of a few MB at the longest messages,
 * well under SES's limit. More wait for the next digest (docs/api.md §15).
 */
export const DIGEST_LIMIT = 500;
/** How many of a digest's inquiries are claimed, or settled, at once. */
export const DIGEST_CONCURRENCY = 25;

/**
 * The longest a live worker holds its claim on an inquiry: the hour's count of mails (taken, and
 * given back after a sure refusal), the send, and the write that settles it, each at its slowest.
 */
export const CLAIM_HOLD_MS = 3 * worstCaseMs(STORE_CALLS) + worstCaseMs(MAIL_CALLS);

/** One attempt at its slowest: the claim, and all it is held for. */
const ATTEMPT_MS = worstCaseMs(STORE_CALLS) + CLAIM_HOLD_MS;

/** A sweep at its slowest: it reads both queues, ends every run-out claim, and makes every due attempt. */
const SWEEP_MS = 2 * worstCaseMs(STORE_CALLS) + SWEEP_LIMIT * (worstCaseMs(STORE_CALLS) + ATTEMPT_MS);

/**
 * A digest at its slowest: the read of the held queue, every claim, the failed ones put back, the
 * send, and every settlement, twice for those whose write failed.
 */
const DIGEST_MS =
  worstCaseMs(STORE_CALLS) + 4 * Math.ceil(DIGEST_LIMIT / DIGEST_CONCURRENCY) * worstCaseMs(STORE_CALLS) + worstCaseMs(MAIL_CALLS);

/**
 * The worker's timeout: its slowest task (a sweep, which outlasts a batch of stream records, or a
 * digest), and a few seconds more.
 */
export const DELIVERY_TIMEOUT_SECONDS = Math.ceil(Math.max(SWEEP_MS, DIGEST_MS) / 1000) + 5;

/**
 * How long a digest's claims last: the longest the worker may run, so that a live digest always
 * settles its own; past it, a digest that was never settled stopped on the way.
 */
export const DIGEST_LEASE_SECONDS = DELIVERY_TIMEOUT_SECONDS;
