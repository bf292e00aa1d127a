import { readAgentSettings, readOwnLlmsTxtFile, readSiteDocuments, readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { problemReply } from '../http/problem.js';
import { jsonReply, PUBLIC_DOCUMENT, type Reply } from '../http/reply.js';
import { routeEntry } from '../http/route-entry.js';
import type { RouteKeyOf } from '../routes.js';
import { agentSkillsIndex, contactSkill, SKILL_CONTENT_TYPE } from './agent-skills.js';
import { API_CATALOG_CONTENT_TYPE, apiCatalog, apiCatalogLink } from './api-catalog.js';
import { authorizationServerMetadata } from './authorization-server.js';
import { LLMS_TXT_CONTENT_TYPE, llmsTxt } from './llms-txt.js';
import { MCP_SERVER_CARD_CONTENT_TYPE, mcpServerCard } from './mcp-server-card.js';
import { readOwnLlmsTxt } from './own-llms-txt.js';
import { protectedResourceMetadata } from './protected-resource.js';

const site = readSiteSettings(process.env);
const { agentSkills } = readAgentSettings(process.env);
const skill = contactSkill(site);
const documents = readSiteDocuments(process.env);
const ownLlmsTxtFile = readOwnLlmsTxtFile(process.env);

/**
 * Every document is built once per cold start, from configuration only; llms.txt at each request,
 * as it takes in the owner's file: local mode's copy changes with the folder, and deployed, a read
 * of a few KB from the bundle, behind five minutes of the edge's cache, costs next to nothing.
 */
const replies: Readonly<Record<RouteKeyOf<'discovery'>, Reply | null>> = {
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
  get 'GET /llms.txt'() {
    const own = ownLlmsTxtFile === undefined ? undefined : readOwnLlmsTxt(ownLlmsTxtFile);
    return { statusCode: 200, headers: { 'Content-Type': LLMS_TXT_CONTENT_TYPE, ...PUBLIC_DOCUMENT }, body: llmsTxt(site, documents, own), outcome: 'served' as const };
  },
  // The skills index (docs/api.md §16), unless AGENT_SKILLS turned it off.
  'GET /.well-known/agent-skills/index.json': agentSkills ? jsonReply(200, agentSkillsIndex(site, skill), PUBLIC_DOCUMENT, 'served') : null,
  'GET /.well-known/agent-skills/contact-site-owner/SKILL.md': agentSkills
    ? { statusCode: 200, headers: { 'Content-Type': SKILL_CONTENT_TYPE, ...PUBLIC_DOCUMENT }, body: skill, outcome: 'served' }
    : null,
};

/** The public discovery documents (docs/api.md §5, §6, §8, §16, §17), served directly, never redirected. */
export const handler = httpHandler(
  async (event, context) =>
    routeEntry(replies, event) ??
    problemReply({ status: 404, code: 'not_found', detail: 'There is nothing at this address.', requestId: context.awsRequestId }, {}, 'not_found'),
);
