import { budgetedClientOptions } from '../aws/retry-strategy.js';
import { mayRepeatIdempotentCall } from '../aws/sdk-errors.js';
import { STORE_CALLS } from '../aws/call-budgets.js';

/**
 * Counter updates and the inquiry's conditional put are idempotent (counter-store.ts,
 * inquiry-store.ts): any failure but a refusal may be retried.
 */
export const storeClientOptions = () => budgetedClientOptions(STORE_CALLS, mayRepeatIdempotentCall);
