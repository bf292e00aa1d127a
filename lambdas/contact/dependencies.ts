import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailSettings, RateLimits } from '../config.js';
import { budgetedClientOptions } from '../aws/retry-strategy.js';
import { mayRepeatIdempotentCall } from '../aws/sdk-errors.js';
import { logger } from '../http/logger.js';
import { DynamoCounterStore } from './counter-store.js';
import { mayResendEmail, SesMailer } from './mailer.js';
import { RateLimiter } from './rate-limiter.js';
import { contactRequestSchema } from './schema.js';
import type { ContactDependencies } from './submit-inquiry.js';
import { MAIL_CALLS, STORE_CALLS } from './time-budget.js';
import { createInquiryValidator } from './validation.js';

/** Counter updates are idempotent (counter-store.ts): any failure but a refusal may be retried. */
export const storeClientOptions = () => budgetedClientOptions(STORE_CALLS, mayRepeatIdempotentCall);

/** SendEmail is not: retried only when SES cannot have taken it (mailer.ts). */
export const mailClientOptions = () => budgetedClientOptions(MAIL_CALLS, mayResendEmail);

export interface ContactSettings {
  readonly baseUrl: string;
  readonly limits: RateLimits;
  readonly mail: MailSettings;
  readonly counterTable: string;
}

/** The real dependencies of the contact route, created once per cold start; endpoints and credentials come from the environment. */
export function createContactDependencies(settings: ContactSettings): ContactDependencies {
  return {
    validate: createInquiryValidator(contactRequestSchema(settings.baseUrl)),
    limiter: new RateLimiter({
      store: new DynamoCounterStore(new DynamoDBClient(storeClientOptions()), settings.counterTable),
      limits: settings.limits,
      onGiveBackFailure: (errorName) => logger.warn('counter not given back', { errorName }),
    }),
    mailer: new SesMailer(new SESv2Client(mailClientOptions()), settings.mail),
  };
}
