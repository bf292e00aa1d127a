import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/sdk/client/auth.js';
import * as oauth from 'oauth4webapi';
import { send, type HttpResponse } from '../support/http-client.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { parseLlmsTxt } from '../support/llms-txt-parser.js';
import { expectMethodNotAllowed } from '../support/method-not-allowed.js';

const SITE_NAME = 'Ada Lovelace, engines & notes';
/** Local mode serves plain http; every strict client needs this flag for it, and only for it. */
const LOCAL_HTTP = { [oauth.allowInsecureRequests]: true } as const;

/** `{base}` in local mode: the default BASE_URL, http://localhost:<port>. */
let local: LocalServer;
/** The same service with a production-shaped BASE_URL that no request's Host header names. */
let configured: LocalServer;

beforeAll(async () => {
  [local, configured] = await Promise.all([
    startLocalServer({ SITE_NAME, RATE_LIMIT_IP: '7', RATE_LIMIT_EMAIL: '2' }),
    startLocalServer({ BASE_URL: 'https://ada.example.org', SITE_NAME: 'Configured site' }),
  ]);
});
afterAll(() => Promise.all([local?.stop(), configured?.stop()]));

/** A fetch that sends requests for `{base}` to the server's own address, as DNS would in production. */
const fetchThrough =
  (server: LocalServer) =>
  (url: string | URL, init?: RequestInit): Promise<Response> =>
    fetch(String(url).replace(server.baseUrl, server.apiUrl), init);

const get = (server: LocalServer, path: string, method = 'GET') => send(`${server.apiUrl}${path}`, { method });

function expectPublicDocument(response: HttpResponse, contentType: string): void {
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe(contentType);
  expect(response.headers['cache-control']).toBe('public, max-age=300');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers.location).toBeUndefined();
}

describe('the discovery documents through the local server', () => {
  it('serves the protected resource metadata of docs/api.md §5 directly', async () => {
    const response = await get(local, '/.well-known/oauth-protected-resource');
    expectPublicDocument(response, 'application/json; charset=utf-8');
    expect(response.json()).toEqual({
      resource: `${local.baseUrl}/`,
      resource_name: SITE_NAME,
      authorization_servers: [local.baseUrl],
      bearer_methods_supported: ['header'],
      resource_documentation: `${local.baseUrl}/llms.txt`,
    });
  });

  it('serves the authorization server metadata of docs/api.md §5 directly, registration disabled', async () => {
    const response = await get(local, '/.well-known/oauth-authorization-server');
    expectPublicDocument(response, 'application/json; charset=utf-8');
    const base = local.baseUrl;
    expect(response.json()).toEqual({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      response_types_supported: [],
      grant_types_supported: [],
      service_documentation: `${base}/llms.txt`,
      agent_auth: {
        status: 'disabled',
        register_uri: `${base}/agent/auth`,
        claim_uri: `${base}/agent/auth/claim`,
        revocation_uri: `${base}/agent/auth/revoke`,
        identity_types_supported: ['anonymous', 'identity_assertion'],
        anonymous: { credential_types_supported: ['api_key'] },
        identity_assertion: {
          assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'],
          credential_types_supported: ['access_token'],
        },
      },
    });
  });

  it('serves llms.txt in the llms.txt format, with the configured name and limits', async () => {
    const response = await get(local, '/llms.txt');
    expectPublicDocument(response, 'text/plain; charset=utf-8');

    const parsed = parseLlmsTxt(response.text);
    expect(parsed.title).toBe(SITE_NAME);
    expect(parsed.summary).toContain('public HTTP APIs on this site');
    expect(parsed.summary).toContain('no API key required');
    expect(parsed.summary).toMatch(/7 POST requests per client IP address and 2 valid inquiries per e-mail address/);
    const links = [...parsed.sections.values()].flat();
    expect(links.find((link) => link.url === `${local.baseUrl}/api/contact`)?.notes).toMatch(/POST.*no API key required.*7 POST/);
    expect(links.map((link) => link.url)).toEqual(
      expect.arrayContaining([
        `${local.baseUrl}/.well-known/oauth-protected-resource`,
        `${local.baseUrl}/.well-known/oauth-authorization-server`,
        `${local.baseUrl}/.well-known/api-catalog`,
        `${local.baseUrl}/contact`,
      ]),
    );
    // No SITE_DIR: no pages of the owner's to link.
    expect(parsed.sections.has('Site')).toBe(false);
  });

  it('serves the API catalog as an RFC 9727 linkset listing the contact API and the MCP server', async () => {
    const response = await get(local, '/.well-known/api-catalog');
    expectPublicDocument(response, 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const base = local.baseUrl;
    expect(response.headers.link).toBe(`<${base}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(response.json()).toEqual({
      linkset: [
        {
          anchor: `${base}/.well-known/api-catalog`,
          item: [
            {
              href: `${base}/api/contact`,
              title: expect.stringMatching(/public HTTP APIs on this site.*no API key required/),
            },
            { href: `${base}/api/mcp`, title: expect.stringMatching(/MCP server.*sendInquiry.*no API key required/) },
          ],
        },
        {
          anchor: `${base}/api/contact`,
          'service-desc': [
            { href: `${base}/api/contact`, type: 'application/json' },
            { href: `${base}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' },
          ],
          'service-doc': [{ href: `${base}/llms.txt`, type: 'text/plain' }],
        },
        {
          anchor: `${base}/api/mcp`,
          'service-desc': [{ href: `${base}/api/mcp/server-card`, type: 'application/mcp-server-card+json' }],
          'service-doc': [{ href: `${base}/llms.txt`, type: 'text/plain' }],
        },
      ],
    });
  });

  it('serves the MCP Server Card where scanners look and where SEP-2127’s draft reserves it, one document (docs/api.md §17)', async () => {
    const scanners = await get(local, '/.well-known/mcp/server-card.json');
    expectPublicDocument(scanners, 'application/json; charset=utf-8');
    const draft = await get(local, '/api/mcp/server-card');
    expectPublicDocument(draft, 'application/mcp-server-card+json');
    expect(draft.json()).toEqual(scanners.json());
    expect(scanners.json()).toMatchObject({ title: SITE_NAME, remotes: [{ type: 'streamable-http', url: `${local.baseUrl}/api/mcp` }] });
    expect((await get(local, '/api/mcp/server-card', 'HEAD')).text).toBe('');
  });

  it('answers HEAD on the API catalog with 200, the api-catalog Link and no body', async () => {
    const response = await get(local, '/.well-known/api-catalog', 'HEAD');
    expectPublicDocument(response, 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect(response.headers.link).toBe(`<${local.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(response.text).toBe('');
  });

  it('answers other methods with 405 and the methods the route table serves', async () => {
    await expectMethodNotAllowed(local.apiUrl, [
      ['POST', '/.well-known/oauth-protected-resource', 'GET, HEAD'],
      ['PUT', '/.well-known/oauth-authorization-server', 'GET, HEAD'],
      ['DELETE', '/.well-known/api-catalog', 'GET, HEAD'],
      ['POST', '/llms.txt', 'GET, HEAD'],
    ]);
  });

  it('links only to addresses the server answers', async () => {
    type Metadata = Record<string, string> & { agent_auth: Record<string, string> };
    const prm = (await get(local, '/.well-known/oauth-protected-resource')).json<Metadata>();
    const as = (await get(local, '/.well-known/oauth-authorization-server')).json<Metadata>();
    const catalog = (await get(local, '/.well-known/api-catalog')).text;
    const llms = parseLlmsTxt((await get(local, '/llms.txt')).text);
    // Links, not identifiers: `resource` and `issuer` name the site and need not be fetchable.
    const urls = new Set<string>([
      prm.resource_documentation ?? '',
      ...[as.authorization_endpoint, as.token_endpoint, as.service_documentation].map((url) => url ?? ''),
      ...[as.agent_auth.register_uri, as.agent_auth.claim_uri, as.agent_auth.revocation_uri].map((url) => url ?? ''),
      ...Array.from(catalog.matchAll(/"(?:href|anchor)":"([^"]+)"/g), (match) => match[1] ?? ''),
      ...[...llms.sections.values()].flat().map((link) => link.url),
    ]);
    expect([...urls].map((url) => url.replace(local.baseUrl, '')).sort()).toEqual([
      '/.well-known/api-catalog',
      '/.well-known/mcp/server-card.json',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/agent/auth',
      '/agent/auth/claim',
      '/agent/auth/revoke',
      '/api/contact',
      '/api/mcp',
      '/api/mcp/server-card',
      '/contact',
      '/llms.txt',
      '/oauth/authorize',
      '/oauth/token',
      '/openapi.json',
    ]);
    for (const url of urls) {
      // A path the route table serves answers anything but 404, whatever the method.
      const response = await send(url.replace(local.baseUrl, local.apiUrl));
      expect({ url, found: response.status !== 404 }).toEqual({ url, found: true });
    }
  });
});

describe('independent clients discover the site', () => {
  it('oauth4webapi: protected resource metadata, then its first authorization server', async () => {
    const resource = new URL(`${local.baseUrl}/`);
    const prm = await oauth.processResourceDiscoveryResponse(
      resource,
      await oauth.resourceDiscoveryRequest(resource, LOCAL_HTTP),
    );
    expect(prm.resource_name).toBe(SITE_NAME);

    const issuer = new URL(prm.authorization_servers?.[0] ?? '');
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...LOCAL_HTTP }),
    );
    expect(as.issuer).toBe(local.baseUrl);
    expect(as.token_endpoint).toBe(`${local.baseUrl}/oauth/token`);
    expect(as.agent_auth).toMatchObject({ status: 'disabled', register_uri: `${local.baseUrl}/agent/auth` });
  });

  it('the MCP TypeScript SDK: protected resource metadata, then authorization server metadata', async () => {
    const prm = await discoverOAuthProtectedResourceMetadata(local.baseUrl);
    expect(prm.resource).toBe(`${local.baseUrl}/`);
    expect(prm.authorization_servers).toEqual([local.baseUrl]);

    const as = await discoverAuthorizationServerMetadata(prm.authorization_servers?.[0] ?? '');
    expect(as?.issuer).toBe(local.baseUrl);
    expect(as?.authorization_endpoint).toBe(`${local.baseUrl}/oauth/authorize`);
    expect(as?.response_types_supported).toEqual([]);
    expect(as).toMatchObject({ agent_auth: { status: 'disabled' } });
  });
});

describe('with BASE_URL set to an https origin', () => {
  it('publishes the configured origin, not the address the request came to', async () => {
    const prm = (await get(configured, '/.well-known/oauth-protected-resource')).json();
    expect(prm).toMatchObject({ resource: 'https://ada.example.org/', resource_name: 'Configured site' });
    const catalog = await get(configured, '/.well-known/api-catalog', 'HEAD');
    expect(catalog.headers.link).toBe('<https://ada.example.org/.well-known/api-catalog>; rel="api-catalog"');
    expect(parseLlmsTxt((await get(configured, '/llms.txt')).text).sections.get('API')?.[0]?.url).toBe(
      'https://ada.example.org/api/contact',
    );
  });

  it('passes oauth4webapi without allowInsecureRequests, as it will in production', async () => {
    const options = { [oauth.customFetch]: fetchThrough(configured) };
    const resource = new URL('https://ada.example.org/');
    const prm = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, options));
    const issuer = new URL(prm.authorization_servers?.[0] ?? '');
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
    );
    expect(as.issuer).toBe('https://ada.example.org');
  });

  it('passes the MCP TypeScript SDK', async () => {
    const fetchFn = fetchThrough(configured);
    const prm = await discoverOAuthProtectedResourceMetadata('https://ada.example.org', {}, fetchFn);
    const as = await discoverAuthorizationServerMetadata(prm.authorization_servers?.[0] ?? '', { fetchFn });
    expect(as?.issuer).toBe('https://ada.example.org');
  });
});
