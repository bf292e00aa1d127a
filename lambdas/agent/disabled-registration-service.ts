import { parseJsonObject } from '../http/json-body.js';
import type { Refusal, RefusalCode, RegistrationService } from './registration-service.js';

/**
 * Registration as it is today: reserved and not enabled. Every request is refused with the code
 * docs/api.md §5's table gives it; bodies are read only as far as that table needs, and never
 * echoed back.
 */
export const disabledRegistrationService: RegistrationService = {
  async register({ body }) {
    const request = parseJsonObject(body);
    switch (request?.type) {
      case 'anonymous':
        return refuse('anonymous_not_enabled', 'anonymous registration is not accepted');
      case 'identity_assertion':
        return request.assertion_type === 'verified_email'
          ? refuse('verified_email_not_enabled', 'verified e-mail assertions are not accepted')
          : refuse('issuer_not_enabled', 'no identity assertion issuer is trusted');
      default:
        return refuse('invalid_request', 'a registration is a JSON object whose type is anonymous or identity_assertion');
    }
  },
  async claim({ body }) {
    return parseJsonObject(body) === undefined
      ? refuse('invalid_request', 'a claim is a JSON object')
      : refuse('invalid_claim_token', 'no claim token has ever been issued');
  },
  async revoke() {
    return refuse('issuer_not_enabled', 'no identity assertion issuer is trusted, so there is nothing to revoke');
  },
  async authorize() {
    return refuse('unsupported_response_type', 'the authorization endpoint supports no response type');
  },
  async token() {
    return refuse('unsupported_grant_type', 'the token endpoint supports no grant type');
  },
};

function refuse(error: RefusalCode, reason: string): Refusal {
  return { error, description: `Agent registration on this site is reserved and not enabled: ${reason}.` };
}
