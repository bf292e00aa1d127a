import { STORE_CALLS, worstCaseMs } from '../aws/call-budgets.js';
import { EARLY_TIMEOUT_MS } from '../http/early-timeout.js';
import { SITE_PAGE_TIMEOUT_MS } from './site-page-fetch.js';

/**
 * The longest one inquiry can wait on its dependencies (docs/api.md §2): with an
 * `Idempotency-Key`, its record is written first and settled last (§11); between them the
 * counters (both in one round trip), the inquiry's put, and the counters given back. A form post
 * has no key, and a refused one may wait for the owner's form page from an existing site (§9). It
 * never waits on the mail service: the delivery worker does (§14).
 */
export const WORST_CASE_DEPENDENCY_MS = Math.max(5 * worstCaseMs(STORE_CALLS), 3 * worstCaseMs(STORE_CALLS) + SITE_PAGE_TIMEOUT_MS);

/**
 * The contact function's timeout: the worst wait, middy's early answer, and a second for everything
 * else, so that a slow dependency ends in the handler's own 503 (counters given back) before
 * middy's early timeout answers for it.
 */
export const CONTACT_TIMEOUT_SECONDS = Math.ceil((WORST_CASE_DEPENDENCY_MS + EARLY_TIMEOUT_MS) / 1000) + 1;
