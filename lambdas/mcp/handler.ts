import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'aws-lambda';
import { readCounterKeySecret, readCounterTableName, readInquiryTableName, readSiteSettings, readSpamSettings } from '../config.js';
import { clientAddress } from '../http/client-address.js';
import { corsForOrigins, httpHandler, requestBody, requestHeader, type HttpEvent, type RouteHandler } from '../http/handler.js';
import { readOriginVerifier } from '../http/origin-verify.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { routeEntry } from '../http/route-entry.js';
import { INQUIRY_TOOL_NAME, inquiryToolDescription } from '../inquiry/inquiry-tool.js';
import { limitsInWords } from '../inquiry/limits.js';
import { MCP_SERVER_VERSION, mcpServerName, mcpServerTitle } from '../inquiry/mcp-server.js';
import { contactRequestSchema, optionalFieldsInWords } from '../inquiry/schema.js';
import { createContactDependencies } from '../intake/dependencies.js';
import { writeHeldLines } from '../intake/held-log.js';
import { submitInquiry } from '../intake/submit-inquiry.js';
import { lazyModule, lazySpecifier } from '../lazy-module.js';
import type { RouteKeyOf } from '../routes.js';
import { siteUrls } from '../site-urls.js';
import { InquiryServer } from './inquiry-server.js';
import { MCP_LAZY_MODULES } from './lazy-modules.js';
import { jsonRpcReply, readMcpPost } from './mcp-request.js';
import { OneMessageTransport } from './one-message-transport.js';
import { inquiryToolAnswer, type ToolAnswer } from './tool-results.js';

const site = readSiteSettings(process.env);
// The contact function's own intake: the same checks, counters, spam signals and inbox. No form
// tokens: nothing here is a form post.
const dependencies = createContactDependencies({
  limits: site.limits,
  extraFields: site.extraFields,
  spam: readSpamSettings(process.env),
  counterTable: readCounterTableName(process.env),
  counterKeySecret: readCounterKeySecret(process.env),
  inquiryTable: readInquiryTableName(process.env),
  throwawayDomains: lazyModule(async () => {
    const module = (await import(lazySpecifier(MCP_LAZY_MODULES.throwawayDomains))) as typeof import('./throwaway-domains.js');
    return module.isThrowawayDomain;
  }),
});
const cors = corsForOrigins(site.allowedOrigins);
/** The origins whose pages may call the server: the site itself and the origins allowed to use the API. */
const siteOrigins: ReadonlySet<string> = new Set([site.baseUrl, ...site.allowedOrigins]);
const frontDoor = readOriginVerifier(process.env);
const limits = limitsInWords(site.limits);

/** The one tool: the inquiry, with the very schema `GET /api/contact` publishes as its input (docs/api.md §17). */
const tool: Tool = {
  name: INQUIRY_TOOL_NAME,
  title: 'Send a project inquiry',
  description: `${inquiryToolDescription(site.siteName)} No API key required; limits: ${limits}.`,
  inputSchema: contactRequestSchema(site.baseUrl, site.extraFields) as unknown as Tool['inputSchema'],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};
const serverInfo = { name: mcpServerName(site.baseUrl), title: mcpServerTitle(site.siteName), version: MCP_SERVER_VERSION };
const instructions = `Call ${INQUIRY_TOOL_NAME} once per inquiry, with the name, e-mail address and message of the person writing (${optionalFieldsInWords(site.extraFields)} are optional); its input schema holds every rule. A refused call is a tool error that names each field to correct, or the seconds to wait (limits: ${limits}). Send only what the person wrote or approved, and never the same inquiry twice.`;

/** `OPTIONS /api/mcp`: the CORS preflight, which lets pages of the allowed origins call the server. */
async function answerPreflight(event: HttpEvent): Promise<Reply> {
  const allowed = cors.isAllowed(requestHeader(event, 'origin'));
  return {
    statusCode: 204,
    headers: allowed
      ? { 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type, MCP-Protocol-Version', 'Access-Control-Max-Age': '600' }
      : {},
    outcome: allowed ? 'preflight_allowed' : 'preflight_refused',
  };
}

/**
 * `POST /api/mcp`: one JSON-RPC message of MCP's Streamable HTTP transport, stateless (docs/api.md
 * §17): a request is answered with one JSON object, a notification with 202; no session, no stream.
 */
async function answerPost(event: HttpEvent, context: Context): Promise<Reply> {
  const post = readMcpPost(
    {
      body: requestBody(event),
      origin: requestHeader(event, 'origin'),
      accept: requestHeader(event, 'accept'),
      contentType: requestHeader(event, 'content-type'),
      contentEncoding: requestHeader(event, 'content-encoding'),
      protocolVersion: requestHeader(event, 'mcp-protocol-version'),
    },
    siteOrigins,
  );
  if (post.kind === 'refused') return post.reply;

  let call: ToolAnswer | undefined;
  let crash: { readonly error: unknown } | undefined;
  const server = new InquiryServer({
    serverInfo,
    instructions,
    tool,
    callTool: async (args) => {
      try {
        call = await sendInquiry(event, context, args);
        return call.result;
      } catch (error) {
        // Answered as the contract's 500 below, with its log line, never as the error's message.
        crash = { error };
        throw error;
      }
    },
  });
  const transport = new OneMessageTransport();
  await server.connect(transport);
  transport.deliver(post.message);
  if (post.kind === 'notification') return { statusCode: 202, headers: { ...NO_STORE }, outcome: 'served' };

  const answer = await transport.answer;
  if (crash !== undefined) throw crash.error;
  const outcome = call?.outcome ?? ('error' in answer ? 'invalid_request' : 'served');
  return {
    ...jsonRpcReply(200, answer, outcome),
    ...(call?.inquiryId === undefined ? {} : { inquiryId: call.inquiryId }),
    ...(call?.errorName === undefined ? {} : { errorName: call.errorName }),
  };
}

/** Where an inquiry of the tool was sent from, as its mail says (docs/api.md §2): this endpoint, an agent's. */
const sentFrom = siteUrls(site.baseUrl).mcpEndpoint;

/** The tool: the inquiry, checked, counted and stored as a JSON post to the contact endpoint is. */
async function sendInquiry(event: HttpEvent, context: Context, args: Readonly<Record<string, unknown>>): Promise<ToolAnswer> {
  const submission = {
    requestId: context.awsRequestId,
    inquiryId: context.awsRequestId,
    clientIp: clientAddress(event, frontDoor),
    body: { kind: 'fields', fields: args } as const,
    sentFrom,
  };
  const outcome = await submitInquiry(submission, dependencies);
  if (outcome.kind === 'accepted') writeHeldLines(outcome.inquiryId, outcome.heldFor, context.awsRequestId);
  return inquiryToolAnswer(outcome);
}

const answers: Readonly<Record<RouteKeyOf<'mcp'>, RouteHandler>> = {
  'OPTIONS /api/mcp': answerPreflight,
  'POST /api/mcp': answerPost,
};

/** The MCP server of the inquiry (docs/api.md §17): the same intake as `POST /api/contact`, told as an MCP tool's results. */
export const handler = httpHandler((event, context) => routeEntry(answers, event)(event, context), { cors });
