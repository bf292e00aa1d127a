/**
 * `npm run generate`: brings the generated code up to date: the validator, after a rule of the
 * schema changed; the list of disposable-mail domains, after its package was updated (`cdk synth`
 * does the same before it bundles; a unit test fails while a checked-in copy is stale).
 */
import { INQUIRY_VALIDATOR_FILE, refreshInquiryValidator } from '../lib/api/inquiry-validator-code.js';
import { refreshThrowawayDomains, THROWAWAY_DOMAINS_FILE } from '../lib/api/throwaway-domains-code.js';

for (const [file, refresh] of [
  [INQUIRY_VALIDATOR_FILE, refreshInquiryValidator],
  [THROWAWAY_DOMAINS_FILE, refreshThrowawayDomains],
] as const) {
  console.log(refresh() ? `Rewrote ${file}` : `Up to date: ${file}`);
}
