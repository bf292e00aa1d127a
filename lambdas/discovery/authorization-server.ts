import type { SiteSettings } from '../config.js';
import { siteUrls } from '../site-urls.js';

/**
 * `GET /.well-known/oauth-authorization-server` (RFC 8414, docs/api.md §5). No response or grant
 * type is supported yet; `agent_auth` follows the auth.md agent-registration profile and says
 * `disabled`, so an agent learns where registration will live without being offered it.
 */
export function authorizationServerMetadata(site: SiteSettings) {
  const urls = siteUrls(site.baseUrl);
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.oauthAuthorize,
    token_endpoint: urls.oauthToken,
    response_types_supported: [],
    grant_types_supported: [],
    service_documentation: urls.llmsTxt,
    agent_auth: {
      status: 'disabled',
      register_uri: urls.agentRegister,
      claim_uri: urls.agentClaim,
      revocation_uri: urls.agentRevoke,
      identity_types_supported: ['anonymous', 'identity_assertion'],
      anonymous: { credential_types_supported: ['api_key'] },
      identity_assertion: {
        assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'],
        credential_types_supported: ['access_token'],
      },
    },
  };
}
