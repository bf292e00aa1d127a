import { DEFAULT_SPAM_THRESHOLDS } from '../../lambdas/config.js';
import { keyedRateKeys } from '../../lambdas/intake/client-keys.js';
import type { SpamCheckDependencies } from '../../lambdas/intake/spam-checks.js';
import { isThrowawayDomain } from '../../lambdas/intake/throwaway-domains.js';
import type { CounterStore } from '../../lambdas/counters/counter-store.js';
import { formTokens } from '../../lambdas/inquiry/form-token.js';
import { CONTACT_ENVIRONMENT } from './contact-environment.js';

/** The tokens of the test deployment (CONTACT_ENVIRONMENT's secret and origin). */
export const TEST_FORM_TOKENS = formTokens(CONTACT_ENVIRONMENT.FORM_TOKEN_SECRET, CONTACT_ENVIRONMENT.BASE_URL);

/** The spam checks as the contact function makes them, over the given counter store, with the default thresholds and the real list. */
export function spamDependencies(counters: CounterStore, overrides: Partial<SpamCheckDependencies> = {}): SpamCheckDependencies & { readonly failures: string[] } {
  const failures: string[] = [];
  return {
    settings: { repeatLimit: DEFAULT_SPAM_THRESHOLDS.repeatLimit, linkLimit: DEFAULT_SPAM_THRESHOLDS.linkLimit, formMinSeconds: DEFAULT_SPAM_THRESHOLDS.formMinSeconds },
    tokens: TEST_FORM_TOKENS,
    counters,
    textKey: keyedRateKeys(CONTACT_ENVIRONMENT.COUNTER_KEY_SECRET).text,
    throwawayDomains: async () => isThrowawayDomain,
    onCheckFailure: (check, errorName) => failures.push(`${check}: ${errorName}`),
    onGiveBackFailure: (errorName) => failures.push(`give back: ${errorName}`),
    failures,
    ...overrides,
  };
}
