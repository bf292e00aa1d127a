import { describe, expect, it } from '@jest/globals';
import { API_CATALOG_CONTENT_TYPE, apiCatalog, apiCatalogLink } from '../../../lambdas/discovery/api-catalog.js';
import { spamWordsIn } from '../../support/spam-words.js';
import { site } from './site.js';

/** RFC 9264 §4.2: a `linkset` array of context objects, each an `anchor` and relations to arrays of targets. */
function expectLinkset(document: unknown): void {
  expect(Object.keys(document as object)).toEqual(['linkset']);
  const { linkset } = document as { linkset: unknown };
  expect(Array.isArray(linkset)).toBe(true);
  for (const context of linkset as Record<string, unknown>[]) {
    expect(typeof context.anchor).toBe('string');
    expect(URL.canParse(context.anchor as string)).toBe(true);
    for (const [relation, targets] of Object.entries(context)) {
      if (relation === 'anchor') continue;
      expect(Array.isArray(targets)).toBe(true);
      for (const target of targets as Record<string, unknown>[]) {
        expect(URL.canParse(target.href as string)).toBe(true);
        for (const [attribute, value] of Object.entries(target)) {
          expect({ attribute, type: typeof value }).toEqual({ attribute, type: 'string' });
        }
      }
    }
  }
}

describe('apiCatalog', () => {
  const catalog = apiCatalog(site);

  it('is an RFC 9264 linkset in JSON', () => {
    expectLinkset(catalog);
  });

  it("lists the contact API and the MCP server as the items of the catalog's own context", () => {
    const own = catalog.linkset.find((context) => context.anchor === 'https://ada.example.org/.well-known/api-catalog');
    expect(own?.item).toEqual([
      { href: 'https://ada.example.org/api/contact', title: expect.any(String) },
      { href: 'https://ada.example.org/api/mcp', title: expect.any(String) },
    ]);
    expect(own?.item?.[0]?.title).toContain('public HTTP APIs on this site');
    for (const item of own?.item ?? []) expect(item.title).toContain('no API key required');
    expect(own?.item?.[1]?.title).toContain('sendInquiry');
  });

  it('links the MCP server to its Server Card (service-desc) and to llms.txt (service-doc) (docs/api.md §17)', () => {
    const mcp = catalog.linkset.find((context) => context.anchor === 'https://ada.example.org/api/mcp');
    expect(mcp?.['service-desc']).toEqual([{ href: 'https://ada.example.org/api/mcp/server-card', type: 'application/mcp-server-card+json' }]);
    expect(mcp?.['service-doc']).toEqual([{ href: 'https://ada.example.org/llms.txt', type: 'text/plain' }]);
  });

  it('links the contact API to its schema and its OpenAPI document (service-desc) and to llms.txt (service-doc)', () => {
    const contact = catalog.linkset.find((context) => context.anchor === 'https://ada.example.org/api/contact');
    expect(contact?.['service-desc']).toEqual([
      { href: 'https://ada.example.org/api/contact', type: 'application/json' },
      { href: 'https://ada.example.org/openapi.json', type: 'application/vnd.oai.openapi+json;version=3.1' },
    ]);
    expect(contact?.['service-doc']).toEqual([{ href: 'https://ada.example.org/llms.txt', type: 'text/plain' }]);
  });

  it('tells agents no more of the spam signals than a 202 says: no form token, no signal, nothing held (docs/api.md §15)', () => {
    expect(spamWordsIn(JSON.stringify(catalog))).toEqual([]);
  });

  it('is served as a linkset with the RFC 9727 profile, and named by a Link with rel api-catalog', () => {
    expect(API_CATALOG_CONTENT_TYPE).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    expect(apiCatalogLink(site)).toBe('<https://ada.example.org/.well-known/api-catalog>; rel="api-catalog"');
  });
});
