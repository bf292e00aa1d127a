import { jsonReply, NO_STORE, type Reply } from '../http/reply.js';
import type { Refusal, RefusalCode } from './registration-service.js';

/** The status of each refusal: 400 for a request the endpoint cannot take, 403 for one it will not. */
const REFUSAL_STATUS: Readonly<Record<RefusalCode, 400 | 403>> = {
  invalid_request: 400,
  unsupported_response_type: 400,
  unsupported_grant_type: 400,
  anonymous_not_enabled: 403,
  verified_email_not_enabled: 403,
  issuer_not_enabled: 403,
  invalid_claim_token: 403,
};

/**
 * A reserved route's answer (docs/api.md §5): an OAuth error body rather than problem details, since
 * OAuth clients read `error`, and never stored by a cache.
 */
export function refusalReply(refusal: Refusal): Reply {
  return jsonReply(
    REFUSAL_STATUS[refusal.error],
    { error: refusal.error, error_description: refusal.description },
    NO_STORE,
    'registration_refused',
  );
}
