import { describe, expect, it } from '@jest/globals';
import { authorizationServerMetadata } from '../../../lambdas/discovery/authorization-server.js';
import { protectedResourceMetadata } from '../../../lambdas/discovery/protected-resource.js';
import { site } from './site.js';

describe('protectedResourceMetadata', () => {
  it('is the document of docs/api.md §5, built from the configured base URL and site name', () => {
    expect(protectedResourceMetadata(site)).toEqual({
      resource: 'https://ada.example.org/',
      resource_name: "Ada's workshop",
      authorization_servers: ['https://ada.example.org'],
      bearer_methods_supported: ['header'],
      resource_documentation: 'https://ada.example.org/llms.txt',
    });
  });

  it('names as its authorization server exactly the issuer of the authorization server metadata', () => {
    expect(protectedResourceMetadata(site).authorization_servers[0]).toBe(authorizationServerMetadata(site).issuer);
  });
});
