import { readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { jsonReply, PUBLIC_DOCUMENT, type Reply } from '../http/reply.js';
import { routeEntry } from '../http/route-entry.js';
import type { RouteKeyOf } from '../routes.js';
import { API_CATALOG_CONTENT_TYPE, apiCatalog, apiCatalogLink } from './api-catalog.js';
import { authorizationServerMetadata } from './authorization-server.js';
import { LLMS_TXT_CONTENT_TYPE, llmsTxt } from './llms-txt.js';
import { MCP_SERVER_CARD_CONTENT_TYPE, mcpServerCard } from './mcp-server-card.js';
import { protectedResourceMetadata } from './protected-resource.js';

const site = readSiteSettings(process.env);

/** Every document is built once per cold start: they depend on configuration only. */
const replies: Readonly<Record<RouteKeyOf<'discovery'>, Reply>> = {
  'GET /.well-known/oauth-protected-resource': jsonReply(200, protectedResourceMetadata(site), PUBLIC_DOCUMENT, 'served'),
  'GET /.well-known/oauth-authorization-server': jsonReply(200, authorizationServerMetadata(site), PUBLIC_DOCUMENT, 'served'),
  // HEAD (RFC 9727) gets these headers, the Link among them, from the shared http wrapper.
  'GET /.well-known/api-catalog': jsonReply(
    200,
    apiCatalog(site),
    { ...PUBLIC_DOCUMENT, 'Content-Type': API_CATALOG_CONTENT_TYPE, Link: apiCatalogLink(site) },
    'served',
  ),
  // The scanners' path asks for JSON; SEP-2127's reserved one, for the card's own media type.
  'GET /.well-known/mcp/server-card.json': jsonReply(200, mcpServerCard(site), PUBLIC_DOCUMENT, 'served'),
  'GET /api/mcp/server-card': jsonReply(200, mcpServerCard(site), { ...PUBLIC_DOCUMENT, 'Content-Type': MCP_SERVER_CARD_CONTENT_TYPE }, 'served'),
  'GET /llms.txt': {
    statusCode: 200,
    headers: { 'Content-Type': LLMS_TXT_CONTENT_TYPE, ...PUBLIC_DOCUMENT },
    body: llmsTxt(site),
    outcome: 'served',
  },
};

/** The public discovery documents (docs/api.md §5, §6, §8, §16), served directly, never redirected. */
export const handler = httpHandler(async (event) => routeEntry(replies, event));
