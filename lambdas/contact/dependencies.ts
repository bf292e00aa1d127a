import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { writeWarning } from '../http/request-log.js';
import type { RateLimits } from '../inquiry/limits.js';
import { keyedRateKeys } from './client-keys.js';
import { DynamoCounterStore } from '../counters/counter-store.js';
import { DynamoInquiryStore } from './inquiry-store.js';
import { RateLimiter } from './rate-limiter.js';
import { storeClientOptions } from './sdk-clients.js';
import type { ContactDependencies } from './submit-inquiry.js';
import { validateInquiry } from './validation.js';

export interface ContactSettings {
  readonly limits: RateLimits;
  readonly counterTable: string;
  /** The deployment's secret the counter keys are HMACs under. */
  readonly counterKeySecret: string;
  readonly inquiryTable: string;
}

/** The real dependencies of the contact route, created once per cold start; endpoints and credentials come from the environment. */
export function createContactDependencies(settings: ContactSettings): ContactDependencies {
  // One client for both tables: one connection pool, one set of credentials to resolve.
  const dynamo = new DynamoDBClient(storeClientOptions());
  return {
    validate: validateInquiry,
    keys: keyedRateKeys(settings.counterKeySecret),
    limiter: new RateLimiter({
      store: new DynamoCounterStore(dynamo, settings.counterTable),
      limits: settings.limits,
      onGiveBackFailure: (errorName, requestId) => writeWarning('counter not given back', { errorName, requestId }),
    }),
    inquiries: new DynamoInquiryStore(dynamo, settings.inquiryTable),
  };
}
