/**
 * `npm run generate`: brings the code generated from the schema up to date after a rule changed
 * (`cdk synth` does the same before it bundles; a unit test fails while the checked-in copy is stale).
 */
import { INQUIRY_VALIDATOR_FILE, refreshInquiryValidator } from '../lib/inquiry-validator-code.js';

console.log(refreshInquiryValidator() ? `Rewrote ${INQUIRY_VALIDATOR_FILE}` : 'Up to date');
