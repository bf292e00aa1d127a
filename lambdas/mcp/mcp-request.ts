import { ErrorCode, isInitializeRequest, isJSONRPCNotification, isJSONRPCRequest, JSONRPCMessageSchema, type JSONRPCNotification, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { isOverBodyLimit, payloadTooLargeDetail } from '../body-limit.js';
import { parseJson } from '../http/json-body.js';
import { utf8MediaType } from '../http/media-type.js';
import type { Outcome } from '../http/outcome.js';
import { jsonReply, NO_STORE, type Reply } from '../http/reply.js';
import { MAX_BODY_BYTES } from '../inquiry/answer-details.js';
import { MCP_PROTOCOL_VERSIONS } from '../inquiry/mcp-server.js';

/** The bytes of a POST to the MCP endpoint, and the headers that say how to read them. */
export interface McpPost {
  readonly body: Uint8Array;
  readonly origin: string | undefined;
  readonly accept: string | undefined;
  readonly contentType: string | undefined;
  readonly contentEncoding: string | undefined;
  readonly protocolVersion: string | undefined;
}

/** A POST read as the one JSON-RPC message it carries, or refused with the transport's answer. */
export type McpMessage =
  | { readonly kind: 'request'; readonly message: JSONRPCRequest }
  | { readonly kind: 'notification'; readonly message: JSONRPCNotification }
  | { readonly kind: 'refused'; readonly reply: Reply };

/**
 * The largest body the endpoint reads: the contact endpoint's, since a call carries one inquiry
 * (docs/api.md §17). Past it, the request is refused before a byte is parsed.
 */
export const MCP_MAX_BODY_BYTES = MAX_BODY_BYTES;

/** Code -32000 is the implementation's own (JSON-RPC 2.0 §5.1): no error of a later MCP revision, so a client of one falls back. */
const SERVER_ERROR = -32000;

const isJsonMediaType = utf8MediaType('application/json');

/**
 * Reads a POST to the MCP endpoint by the Streamable HTTP transport of MCP 2025-11-25, in this
 * order: the `Origin` (403), the size (413), the coding and media type (415), `Accept` (406), the
 * JSON (400, parse error), then one JSON-RPC request or notification, never a batch or a response
 * (400, invalid request), and the `MCP-Protocol-Version` of every message but `initialize` (400).
 * Each refusal is a JSON-RPC error response without an id, as the transport lets it be.
 */
export function readMcpPost(post: McpPost, siteOrigins: ReadonlySet<string>): McpMessage {
  if (post.origin !== undefined && !siteOrigins.has(post.origin)) {
    return refused(403, SERVER_ERROR, 'This MCP endpoint takes no requests from pages of other sites (Origin).', 'cross_site_refused');
  }
  if (isOverBodyLimit(post.body, MCP_MAX_BODY_BYTES)) {
    return refused(413, ErrorCode.InvalidRequest, payloadTooLargeDetail(MCP_MAX_BODY_BYTES), 'payload_too_large');
  }
  if (post.contentEncoding !== undefined && !/^\s*(?:identity)?\s*$/i.test(post.contentEncoding)) {
    return refused(415, ErrorCode.InvalidRequest, 'The request body has a Content-Encoding, which this endpoint does not decode; send it uncompressed.', 'unsupported_content_encoding', { 'Accept-Encoding': 'identity' });
  }
  if (!isJsonMediaType(post.contentType)) {
    return refused(415, ErrorCode.InvalidRequest, 'Send one JSON-RPC message as Content-Type: application/json.', 'unsupported_media_type');
  }
  if (!accepts(post.accept, 'application/json') || !accepts(post.accept, 'text/event-stream')) {
    return refused(406, ErrorCode.InvalidRequest, 'The Accept header must list both application/json and text/event-stream.', 'not_acceptable');
  }
  const json = parseJson(post.body);
  if (json === undefined) return refused(400, ErrorCode.ParseError, 'The request body is not JSON (UTF-8).', 'malformed_json');
  if (Array.isArray(json.value)) {
    return refused(400, ErrorCode.InvalidRequest, 'Send one JSON-RPC message per request: MCP has taken no batches since 2025-06-18.', 'invalid_request');
  }
  const read = JSONRPCMessageSchema.safeParse(json.value);
  if (!read.success) return refused(400, ErrorCode.InvalidRequest, 'The body is not a JSON-RPC 2.0 request or notification.', 'invalid_request');
  const message = read.data;
  if (!isJSONRPCRequest(message) && !isJSONRPCNotification(message)) {
    return refused(400, ErrorCode.InvalidRequest, 'This server sends no requests, so it takes no responses.', 'invalid_request');
  }
  if (!isInitializeRequest(message) && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(post.protocolVersion ?? '')) {
    const versions = MCP_PROTOCOL_VERSIONS.join(', ');
    const said = post.protocolVersion === undefined ? 'no MCP-Protocol-Version header' : `MCP-Protocol-Version ${JSON.stringify(post.protocolVersion)}`;
    return refused(400, SERVER_ERROR, `Unsupported protocol version: the request has ${said}; this server speaks ${versions} (initialize to negotiate).`, 'unsupported_protocol_version');
  }
  return isJSONRPCRequest(message) ? { kind: 'request', message } : { kind: 'notification', message };
}

/** A JSON-RPC answer to a request: JSON, never stored. */
export function jsonRpcReply(statusCode: number, message: unknown, outcome: Outcome): Reply {
  return jsonReply(statusCode, message, { ...NO_STORE }, outcome);
}

function refused(status: number, code: number, message: string, outcome: Outcome, headers: Record<string, string> = {}): McpMessage {
  return { kind: 'refused', reply: jsonReply(status, { jsonrpc: '2.0', id: null, error: { code, message } }, { ...NO_STORE, ...headers }, outcome) };
}

/**
 * Whether an `Accept` header admits a media type (RFC 9110 §12.5.1): by the type itself, its
 * `type/*` or `*\/*`, with a weight above 0.
 */
export function accepts(accept: string | undefined, mediaType: string): boolean {
  if (accept === undefined) return false;
  const [type] = mediaType.split('/');
  return accept.split(',').some((range) => {
    const [name = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => /^q\s*=/.test(parameter));
    if (weight !== undefined && Number(weight.split('=')[1]) === 0) return false;
    return name === mediaType || name === `${type}/*` || name === '*/*';
  });
}
