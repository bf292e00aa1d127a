import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SpamSettings } from '../config.js';
import { DynamoCounterStore } from '../counters/counter-store.js';
import { writeWarning } from '../http/request-log.js';
import type { FormTokens } from '../inquiry/form-token.js';
import type { ExtraField } from '../inquiry/extra-fields.js';
import type { RateLimits } from '../inquiry/limits.js';
import { keyedRateKeys } from './client-keys.js';
import { DynamoInquiryStore } from './inquiry-store.js';
import { RateLimiter } from './rate-limiter.js';
import { storeClientOptions } from './sdk-clients.js';
import type { ThrowawayDomains } from './spam-checks.js';
import type { ContactDependencies } from './submit-inquiry.js';
import { inquiryValidator } from './validation.js';

export interface ContactSettings {
  readonly limits: RateLimits;
  /** The owner's own fields (docs/api.md §2), validated by their rule beside the inquiry's. */
  readonly extraFields: readonly ExtraField[];
  readonly spam: SpamSettings;
  readonly counterTable: string;
  /** The deployment's key the counter keys are HMACs under (docs/api.md §4). */
  readonly counterKeySecret: string;
  /**
   * The form's tokens (docs/api.md §15), for the function that takes form posts; a function that
   * takes none is never given their key (docs/api.md §10).
   */
  readonly formTokens?: FormTokens;
  readonly inquiryTable: string;
  /** The list of disposable-mail domains, loaded on first use. */
  readonly throwawayDomains: () => Promise<ThrowawayDomains>;
}

/** A counter that could not be given back stays one too high until its window ends: the owner should know. */
function counterNotGivenBack(errorName: string, requestId: string): void {
  writeWarning('counter not given back', { errorName, requestId });
}

/** The real dependencies of a function that takes inquiries (contact, mcp), created once per cold start; endpoints and credentials come from the environment. */
export function createContactDependencies(settings: ContactSettings): ContactDependencies {
  // One client for both tables: one connection pool, one set of credentials to resolve.
  const dynamo = new DynamoDBClient(storeClientOptions());
  const counters = new DynamoCounterStore(dynamo, settings.counterTable);
  const keys = keyedRateKeys(settings.counterKeySecret);
  return {
    validate: inquiryValidator(settings.extraFields),
    keys,
    limiter: new RateLimiter({
      store: counters,
      limits: settings.limits,
      onGiveBackFailure: counterNotGivenBack,
    }),
    inquiries: new DynamoInquiryStore(dynamo, settings.inquiryTable),
    spam: {
      settings: settings.spam,
      ...(settings.formTokens === undefined ? {} : { tokens: settings.formTokens }),
      counters,
      textKey: keys.text,
      throwawayDomains: settings.throwawayDomains,
      onCheckFailure: (check, errorName, requestId) => writeWarning(`spam check failed: ${check}`, { errorName, requestId }),
      onGiveBackFailure: counterNotGivenBack,
    },
  };
}
