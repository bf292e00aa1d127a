import { MAIL_CALLS, STORE_CALLS, worstCaseMs } from '../aws/call-budgets.js';
import type { CallBudget } from '../aws/retry-strategy.js';

/** How many stream records one invocation of the worker takes, one after the other. */
export const STREAM_BATCH_SIZE = 5;
/** How many inquiries one sweep takes on from each queue (claims run out, retries due). */
export const SWEEP_LIMIT = 10;
/** How many held inquiries one digest carries at most; more wait for the next digest (docs/api.md §15). */
export const DIGEST_LIMIT = 500;
/** How many of a digest's inquiries are claimed, or settled, at once. */
export const DIGEST_CONCURRENCY = 25;

/**
 * The most text (UTF-8 bytes of its subject and body) one mail of a digest holds; a digest of more
 * is several mails, some 17 of the longest inquiries to a mail. SES v2 takes a message of up to
 * 40 MB after MIME encoding (SES Developer Guide, "Service quotas in Amazon SES"), and throttles
 * the bandwidth of one over 10 MB: encoded at its worst (worstEncodedBytes), a mail of this much
 * text is under 2 MB. Smaller mails keep each send short, and a mail whose answer never came
 * leaves fewer inquiries unknown.
 */
export const DIGEST_MAIL_BYTES = 512 * 1024;

/**
 * A message's size once MIME-encoded, at the worst SES could encode `textBytes` of text for mail:
 * quoted-printable (RFC 2045 §6.7) writes a byte as at most 3 characters, and a line of at most 76
 * characters ends in a soft break `=` and CR LF, so 25 bytes take at most 78 characters; base64
 * takes less. Add the headers SES writes (64 KiB is far more than they come to).
 */
export function worstEncodedBytes(textBytes: number): number {
  return Math.ceil(textBytes / 25) * 78 + 64 * 1024;
}

/**
 * The slowest rate a send to SES is given time for, to upload its request and for SES to read a
 * message of that size: 1 MB/s (8 Mbit/s), a fortieth of the bandwidth SES may throttle a sender
 * of large messages to (40 MB/s, "Service quotas in Amazon SES"), and far below what a Lambda
 * function reaches a service of its own region at.
 */
const SLOWEST_BYTES_PER_MS = 1000;

/**
 * The largest SendEmail request of the worker: a digest mail's text as JSON (escaping at most
 * doubles a byte: the text holds no control character but line feeds) and the rest of the request.
 * An inquiry's own mail is a few tens of KB: MAIL_CALLS's 2 s leave it ample time.
 */
const DIGEST_REQUEST_BYTES = 2 * DIGEST_MAIL_BYTES + 64 * 1024;

/** What a send of a digest mail may spend: an inquiry's mail's budget, and its largest request uploaded and read on top. */
export const DIGEST_MAIL_CALLS: CallBudget = {
  ...MAIL_CALLS,
  requestMs: MAIL_CALLS.requestMs + 2 * Math.ceil(DIGEST_REQUEST_BYTES / SLOWEST_BYTES_PER_MS),
};

/**
 * The most sends one digest makes: one a mail, and those that find what SES refuses by halving a
 * refused mail (docs/api.md §15). The inquiries of the mails still to send when they are spent
 * wait for the next digest.
 */
export const DIGEST_SENDS = 50;

/** The least time from the start of one send of a digest to the next: the SES sandbox takes one message a second. */
export const DIGEST_SEND_INTERVAL_MS = 1000;

/**
 * The longest a live worker holds its claim on an inquiry: the hour's count of mails (taken, and
 * given back after a sure refusal), two sends (the second without the Reply-To SES refused), and
 * the write that settles it, each at its slowest.
 */
export const CLAIM_HOLD_MS = 3 * worstCaseMs(STORE_CALLS) + 2 * worstCaseMs(MAIL_CALLS);

/** One attempt at its slowest: the claim, and all it is held for. */
const ATTEMPT_MS = worstCaseMs(STORE_CALLS) + CLAIM_HOLD_MS;

/** A sweep at its slowest: it reads both queues, ends every run-out claim, and makes every due attempt. */
const SWEEP_MS = 2 * worstCaseMs(STORE_CALLS) + SWEEP_LIMIT * (worstCaseMs(STORE_CALLS) + ATTEMPT_MS);

/**
 * A digest at its slowest: the read of the held queue, every claim, the failed ones put back,
 * every send with its wait, and every settlement, twice for those whose write failed.
 */
const DIGEST_MS =
  worstCaseMs(STORE_CALLS) +
  4 * Math.ceil(DIGEST_LIMIT / DIGEST_CONCURRENCY) * worstCaseMs(STORE_CALLS) +
  DIGEST_SENDS * (DIGEST_SEND_INTERVAL_MS + worstCaseMs(DIGEST_MAIL_CALLS));

/**
 * The worker's timeout: its slowest task (a digest, which outlasts a sweep and a batch of stream
 * records), and a few seconds more.
 */
export const DELIVERY_TIMEOUT_SECONDS = Math.ceil(Math.max(SWEEP_MS, DIGEST_MS) / 1000) + 5;

/**
 * How long a digest's claims last: the longest the worker may run, so that a live digest always
 * settles its own; past it, a digest that was never settled stopped on the way.
 */
export const DIGEST_LEASE_SECONDS = DELIVERY_TIMEOUT_SECONDS;
