import { describe, expect, it } from '@jest/globals';
import { authorizationServerMetadata } from '../../../lambdas/discovery/authorization-server.js';
import { site } from './site.js';

describe('authorizationServerMetadata', () => {
  it('is the document of docs/api.md §5, built from the configured base URL', () => {
    expect(authorizationServerMetadata(site)).toEqual({
      issuer: 'https://ada.example.org',
      authorization_endpoint: 'https://ada.example.org/oauth/authorize',
      token_endpoint: 'https://ada.example.org/oauth/token',
      response_types_supported: [],
      grant_types_supported: [],
      service_documentation: 'https://ada.example.org/llms.txt',
      agent_auth: {
        status: 'disabled',
        register_uri: 'https://ada.example.org/agent/auth',
        claim_uri: 'https://ada.example.org/agent/auth/claim',
        revocation_uri: 'https://ada.example.org/agent/auth/revoke',
        identity_types_supported: ['anonymous', 'identity_assertion'],
        anonymous: { credential_types_supported: ['api_key'] },
        identity_assertion: {
          assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'],
          credential_types_supported: ['access_token'],
        },
      },
    });
  });

  it('offers nothing an OAuth client could start a flow with', () => {
    const metadata = authorizationServerMetadata(site);
    expect(metadata.response_types_supported).toHaveLength(0);
    expect(metadata.grant_types_supported).toHaveLength(0);
    expect(metadata).not.toHaveProperty('registration_endpoint');
  });
});
