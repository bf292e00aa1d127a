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
 * A Lambda instance serves one request at a time, but local mode serves them all in one process:
 * a request queued behind the SDK's default 50 sockets would count its wait against the
 * connection timeout and fail a burst that the store could take.
 */
const SOCKET_POOL = { httpAgent: { maxSockets: 1000 }, httpsAgent: { maxSockets: 1000 } };

/*
 * Timeouts and retries are set so that the worst case (two attempts at the counters, two at the
 * mail service, two at giving the counters back: about 9 s) stays inside the function's 10 s
 * timeout: a slow dependency is a 503, not a Lambda timeout. The SDK only logs an exceeded
 * requestTimeout unless told to throw. Endpoints and credentials come from the environment.
 */
const STORE_CLIENT = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 500, requestTimeout: 1000, throwOnRequestTimeout: true, ...SOCKET_POOL },
};
const MAIL_CLIENT = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 1000, requestTimeout: 2500, throwOnRequestTimeout: true, ...SOCKET_POOL },
};

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
