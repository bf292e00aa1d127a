import { API_CATALOG_CONTENT_TYPE } from '../../lambdas/discovery/api-catalog.js';
import { LLMS_TXT_CONTENT_TYPE } from '../../lambdas/discovery/llms-txt.js';
import { MCP_SERVER_CARD_CONTENT_TYPE } from '../../lambdas/discovery/mcp-server-card.js';
import { OPENAPI_CONTENT_TYPE } from '../../lambdas/http/media-type.js';
import { NO_STORE, PUBLIC_DOCUMENT } from '../../lambdas/http/reply.js';
import { INQUIRY_TOOL_NAME } from '../../lambdas/inquiry/inquiry-tool.js';
import { ROUTES, type Route, type RouteKeyOf } from '../../lambdas/routes.js';

/** The paths the route table serves GET at, as a type. */
type AnyGetPath = RouteKeyOf<Route['handler']> extends infer Key ? (Key extends `GET ${infer Path}` ? Path : never) : never;
/** The Agent Skills index and its skill, which a setting may turn off: the agent-readiness checks read them (agent-readiness.ts). */
const AGENT_SKILLS_PATHS = ['/.well-known/agent-skills/index.json', '/.well-known/agent-skills/contact-site-owner/SKILL.md'] as const;
type GetPath = Exclude<AnyGetPath, (typeof AGENT_SKILLS_PATHS)[number]>;

/** What a GET of a path of the route table answers through the front door (docs/api.md §1). */
export interface ExpectedAnswer {
  readonly status: number;
  /** Without parameters: `text/html`, not `text/html; charset=utf-8`. */
  readonly mediaType: string;
  /** What every cache between the service and the visitor is told: a document's five minutes, or nothing kept. */
  readonly cacheControl: string;
  /** What it is, in a few words, for its line. */
  readonly what: string;
  /** Text the body must hold, where a part of it is what matters: the form described for agents (docs/api.md §9). */
  readonly holds?: string;
}

const essence = (contentType: string) => contentType.split(';')[0]!.trim();
const PUBLIC = PUBLIC_DOCUMENT['Cache-Control'];
const PRIVATE = NO_STORE['Cache-Control'];

/**
 * Every GET path of the route table with the answer it must give, keyed by the table's own type so
 * that a GET route added without its expectation does not compile. The media types come from the
 * handlers' constants where they have one; the integration test that runs `npm run verify` against
 * local mode keeps the others true to the handlers.
 */
const EXPECTED: Readonly<Record<GetPath, ExpectedAnswer>> = {
  '/api/contact': { status: 200, mediaType: 'application/json', cacheControl: PUBLIC, what: 'the contact schema' },
  // Each visitor's own: its token says when it was shown (docs/api.md §15).
  '/contact': { status: 200, mediaType: 'text/html', cacheControl: PRIVATE, what: 'the contact form', holds: `toolname="${INQUIRY_TOOL_NAME}"` },
  '/contact/sent': { status: 200, mediaType: 'text/html', cacheControl: PUBLIC, what: "the form's confirmation page" },
  '/contact/form.js': { status: 200, mediaType: 'text/javascript', cacheControl: PUBLIC, what: "the form's script" },
  '/contact/form.css': { status: 200, mediaType: 'text/css', cacheControl: PUBLIC, what: "the form's style" },
  '/contact/icon.svg': { status: 200, mediaType: 'image/svg+xml', cacheControl: PUBLIC, what: "the form's icon" },
  '/.well-known/oauth-protected-resource': { status: 200, mediaType: 'application/json', cacheControl: PUBLIC, what: 'RFC 9728 metadata' },
  '/.well-known/oauth-authorization-server': { status: 200, mediaType: 'application/json', cacheControl: PUBLIC, what: 'RFC 8414 metadata' },
  '/.well-known/api-catalog': { status: 200, mediaType: essence(API_CATALOG_CONTENT_TYPE), cacheControl: PUBLIC, what: 'the API catalog' },
  '/llms.txt': { status: 200, mediaType: essence(LLMS_TXT_CONTENT_TYPE), cacheControl: PUBLIC, what: 'llms.txt' },
  '/api/mcp/server-card': { status: 200, mediaType: MCP_SERVER_CARD_CONTENT_TYPE, cacheControl: PUBLIC, what: "the MCP server's Server Card" },
  '/.well-known/mcp/server-card.json': { status: 200, mediaType: 'application/json', cacheControl: PUBLIC, what: 'the MCP Server Card' },
  '/openapi.json': { status: 200, mediaType: essence(OPENAPI_CONTENT_TYPE), cacheControl: PUBLIC, what: 'the OpenAPI document' },
  // Reserved (docs/api.md §5): its refusal, which proves the path reaches the service.
  '/oauth/authorize': { status: 400, mediaType: 'application/json', cacheControl: PRIVATE, what: "the reserved route's refusal" },
};

/** Each GET path of the route table, in the table's order, with its expected answer. */
export const PUBLISHED: ReadonlyArray<readonly [string, ExpectedAnswer]> = ROUTES.filter(
  (route) => route.method === 'GET' && !(AGENT_SKILLS_PATHS as readonly string[]).includes(route.path),
).map(
  (route) => [route.path, EXPECTED[route.path as GetPath]] as const,
);
