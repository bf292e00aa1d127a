import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailSettings } from '../config.js';
import type { RateLimits } from '../inquiry/limits.js';
import { writeWarning } from '../http/request-log.js';
import { keyedRateKeys } from './client-keys.js';
import { DynamoCounterStore } from './counter-store.js';
import { SesMailer } from './mailer.js';
import { RateLimiter } from './rate-limiter.js';
import type { ContactDependencies } from './submit-inquiry.js';
import { mailClientOptions, storeClientOptions } from './sdk-clients.js';
import { validateInquiry } from './validation.js';

export interface ContactSettings {
  readonly limits: RateLimits;
  readonly mail: MailSettings;
  readonly counterTable: string;
  /** The deployment's secret the counter keys are HMACs under. */
  readonly counterKeySecret: string;
}

/** The real dependencies of the contact route, created once per cold start; endpoints and credentials come from the environment. */
export function createContactDependencies(settings: ContactSettings): ContactDependencies {
  return {
    validate: validateInquiry,
    keys: keyedRateKeys(settings.counterKeySecret),
    limiter: new RateLimiter({
      store: new DynamoCounterStore(new DynamoDBClient(storeClientOptions()), settings.counterTable),
      limits: settings.limits,
      onGiveBackFailure: (errorName, requestId) => writeWarning('counter not given back', { errorName, requestId }),
    }),
    mailer: new SesMailer(new SESv2Client(mailClientOptions()), settings.mail),
  };
}
