import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailSettings, RateLimits } from '../config.js';
import { logger } from '../http/logger.js';
import { DynamoCounterStore } from './counter-store.js';
import { SesMailer } from './mailer.js';
import { RateLimiter } from './rate-limiter.js';
import { contactRequestSchema } from './schema.js';
import type { ContactDependencies } from './submit-inquiry.js';
import { createInquiryValidator } from './validation.js';

/*
 * Timeouts and retries are set so that the worst case (two attempts at each store call, then two
 * at the mail call) stays well inside the function's timeout: a slow dependency is a 503, not a
 * Lambda timeout. Endpoints and credentials come from the environment (AWS_ENDPOINT_URL_*).
 */
const STORE_CLIENT = { maxAttempts: 2, requestHandler: { connectionTimeout: 500, requestTimeout: 1000 } };
const MAIL_CLIENT = { maxAttempts: 2, requestHandler: { connectionTimeout: 1000, requestTimeout: 3000 } };

export interface ContactSettings {
  readonly baseUrl: string;
  readonly limits: RateLimits;
  readonly mail: MailSettings;
  readonly counterTable: string;
}

/** The real dependencies of the contact route, created once per cold start. */
export function createContactDependencies(settings: ContactSettings): ContactDependencies {
  return {
    validate: createInquiryValidator(contactRequestSchema(settings.baseUrl)),
    limiter: new RateLimiter({
      store: new DynamoCounterStore(new DynamoDBClient(STORE_CLIENT), settings.counterTable),
      limits: settings.limits,
      onGiveBackFailure: (errorName) => logger.warn('counter not given back', { errorName }),
    }),
    mailer: new SesMailer(new SESv2Client(MAIL_CLIENT), settings.mail),
  };
}
