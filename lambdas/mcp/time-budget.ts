import { STORE_CALLS, worstCaseMs } from '../aws/call-budgets.js';
import { EARLY_TIMEOUT_MS } from '../http/early-timeout.js';

/**
 * The MCP function's timeout (docs/api.md §17): an inquiry's worst wait on its dependencies (the
 * counters, both in one round trip, the inquiry's put, and the counters given back; no
 * `Idempotency-Key` record), middy's early answer, and a second for everything else.
 */
export const MCP_TIMEOUT_SECONDS = Math.ceil((3 * worstCaseMs(STORE_CALLS) + EARLY_TIMEOUT_MS) / 1000) + 1;
