import type { SiteSettings } from '../config.js';
import { MCP_PROTOCOL_VERSIONS, MCP_SERVER_VERSION, mcpServerName, mcpServerTitle } from '../inquiry/mcp-server.js';
import { siteUrls } from '../site-urls.js';

/** The media type SEP-2127's draft gives a Server Card, served where its clients ask for it. */
export const MCP_SERVER_CARD_CONTENT_TYPE = 'application/mcp-server-card+json';

/** The Server Card schema the document names (SEP-2127's draft, v1). */
export const MCP_SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/**
 * The MCP server's Server Card (docs/api.md §17), in the shape of SEP-2127's current draft: who the
 * server is and where it answers, with the revisions it speaks. Like the draft, it lists no tools:
 * `tools/list` tells them, and never goes stale.
 */
export function mcpServerCard(site: SiteSettings) {
  const urls = siteUrls(site.baseUrl);
  return {
    $schema: MCP_SERVER_CARD_SCHEMA,
    name: mcpServerName(site.baseUrl),
    version: MCP_SERVER_VERSION,
    title: mcpServerTitle(site.siteName),
    description: 'Send the site owner a project inquiry, delivered by e-mail. No API key required.',
    websiteUrl: urls.resource,
    remotes: [{ type: 'streamable-http', url: urls.mcpEndpoint, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] }],
  };
}
