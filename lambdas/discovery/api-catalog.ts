import type { SiteSettings } from '../config.js';
import { OPENAPI_CONTENT_TYPE } from '../http/media-type.js';
import { siteUrls } from '../site-urls.js';
import { MCP_SERVER_CARD_CONTENT_TYPE } from './mcp-server-card.js';

/** An RFC 9264 linkset, with the profile parameter RFC 9727 registers for API catalogs. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/**
 * `GET /.well-known/api-catalog` (RFC 9727, docs/api.md §8): an RFC 9264 linkset whose first context
 * is the catalog itself, listing each API as an `item` (the contact endpoint and the MCP server),
 * then one context per API linking its machine-readable description (the MCP server's: its Server
 * Card) and its documentation.
 */
export function apiCatalog(site: SiteSettings) {
  const urls = siteUrls(site.baseUrl);
  return {
    linkset: [
      {
        anchor: urls.apiCatalog,
        item: [
          {
            href: urls.contactApi,
            title: 'Contact: send the site owner a project inquiry; one of the public HTTP APIs on this site, no API key required',
          },
          {
            href: urls.mcpEndpoint,
            title: 'MCP server (Streamable HTTP): the same inquiry as the tool sendInquiry; no API key required',
          },
        ],
      },
      {
        anchor: urls.contactApi,
        'service-desc': [
          { href: urls.contactApi, type: 'application/json' },
          { href: urls.openApi, type: OPENAPI_CONTENT_TYPE },
        ],
        'service-doc': [{ href: urls.llmsTxt, type: 'text/plain' }],
      },
      {
        anchor: urls.mcpEndpoint,
        'service-desc': [{ href: urls.mcpEndpointServerCard, type: MCP_SERVER_CARD_CONTENT_TYPE }],
        'service-doc': [{ href: urls.llmsTxt, type: 'text/plain' }],
      },
    ],
  };
}

/** The `Link` header naming the catalog with RFC 9727's `api-catalog` relation. */
export function apiCatalogLink(site: SiteSettings): string {
  return `<${siteUrls(site.baseUrl).apiCatalog}>; rel="api-catalog"`;
}
