import { describe, expect, it } from '@jest/globals';
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import * as oauth from 'oauth4webapi';
import { bearerChallenge } from '../../../lambdas/http/www-authenticate.js';

const BASE_URL = 'https://ada.example.org';
const METADATA_URL = 'https://ada.example.org/.well-known/oauth-protected-resource';

/** A 401 from a protected API, as a future handler would answer it. */
const unauthorized = () => new Response(null, { status: 401, headers: bearerChallenge(BASE_URL) });

describe('bearerChallenge', () => {
  it('is a Bearer challenge first, with the metadata URL quoted', () => {
    expect(bearerChallenge(BASE_URL)).toEqual({ 'WWW-Authenticate': `Bearer resource_metadata="${METADATA_URL}"` });
  });

  it('is parsed back by oauth4webapi as a bearer challenge naming the resource metadata', async () => {
    const request = oauth.protectedResourceRequest('token', 'GET', new URL(`${BASE_URL}/api/private`), undefined, null, {
      [oauth.customFetch]: async () => unauthorized(),
    });

    const error = await request.then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((error as oauth.WWWAuthenticateChallengeError).cause).toEqual([
      { scheme: 'bearer', parameters: { resource_metadata: METADATA_URL } },
    ]);
  });

  it('leads the MCP SDK client to the resource metadata', () => {
    expect(extractWWWAuthenticateParams(unauthorized()).resourceMetadataUrl?.href).toBe(METADATA_URL);
  });
});
