import { describe, expect, it } from '@jest/globals';
import { MAIL_CALLS, STORE_CALLS, worstCaseMs } from '../../../lambdas/aws/call-budgets.js';
import {
  DELIVERY_TIMEOUT_SECONDS,
  DIGEST_LEASE_SECONDS,
  DIGEST_LIMIT,
  DIGEST_MAIL_BYTES,
  DIGEST_MAIL_CALLS,
  DIGEST_SEND_INTERVAL_MS,
  DIGEST_SENDS,
} from '../../../lambdas/delivery/time-budget.js';

/* The delivery worker's time budget (docs/api.md §14, §15), derived from the calls it makes. */

/** Lambda's longest timeout. */
const LAMBDA_MAX_SECONDS = 900;

describe('the delivery worker’s time budget', () => {
  it('gives a digest mail’s send its largest request, uploaded and read at 1 MB/s, beside an inquiry’s 2 s', () => {
    const largestRequest = 2 * DIGEST_MAIL_BYTES;

    expect(DIGEST_MAIL_CALLS.requestMs).toBeGreaterThanOrEqual(MAIL_CALLS.requestMs + (2 * largestRequest) / 1000);
    expect(DIGEST_MAIL_CALLS.attempts).toBe(MAIL_CALLS.attempts);
  });

  it('lets a digest make every send at its slowest, a second apart, and claim and settle every inquiry, within the worker’s timeout', () => {
    const sends = DIGEST_SENDS * (DIGEST_SEND_INTERVAL_MS + worstCaseMs(DIGEST_MAIL_CALLS));
    const writes = (1 + 4 * Math.ceil(DIGEST_LIMIT / 25)) * worstCaseMs(STORE_CALLS);

    expect(DELIVERY_TIMEOUT_SECONDS * 1000).toBeGreaterThanOrEqual(sends + writes);
    expect(DIGEST_LEASE_SECONDS).toBe(DELIVERY_TIMEOUT_SECONDS);
  });

  it('stays within Lambda’s longest timeout', () => {
    expect(DELIVERY_TIMEOUT_SECONDS).toBeLessThanOrEqual(LAMBDA_MAX_SECONDS);
  });
});
