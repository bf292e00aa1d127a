import { budgetedClientOptions } from '../aws/retry-strategy.js';
import { mayRepeatIdempotentCall } from '../aws/sdk-errors.js';
import { mayResendEmail } from './mailer.js';
import { MAIL_CALLS, STORE_CALLS } from './time-budget.js';

/** Counter updates are idempotent (counter-store.ts): any failure but a refusal may be retried. */
export const storeClientOptions = () => budgetedClientOptions(STORE_CALLS, mayRepeatIdempotentCall);

/** SendEmail is not: retried only when SES cannot have taken it (mailer.ts). */
export const mailClientOptions = () => budgetedClientOptions(MAIL_CALLS, mayResendEmail);
