import { describe, expect, it } from '@jest/globals';
import { accepts, MCP_MAX_BODY_BYTES, readMcpPost, type McpPost } from '../../../lambdas/mcp/mcp-request.js';

const SITE_ORIGINS = new Set(['https://example.com', 'https://www.example.com']);
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const encode = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

function post(body: unknown, headers: Partial<Omit<McpPost, 'body'>> = {}): McpPost {
  return {
    body: body instanceof Uint8Array ? body : encode(body),
    origin: undefined,
    accept: 'application/json, text/event-stream',
    contentType: 'application/json',
    contentEncoding: undefined,
    protocolVersion: '2025-11-25',
    ...headers,
  };
}

/** The refusal's status, JSON-RPC code and log outcome; or the kind of message read. */
function verdict(read: ReturnType<typeof readMcpPost>) {
  if (read.kind !== 'refused') return read.kind;
  const body = JSON.parse(read.reply.body as string) as { id: unknown; error: { code: number } };
  expect(body.id).toBeNull();
  expect(read.reply.headers['Cache-Control']).toBe('no-store');
  return [read.reply.statusCode, body.error.code, read.reply.outcome];
}

describe('readMcpPost: one JSON-RPC message, or the transport’s refusal (docs/api.md §17)', () => {
  it('reads a request and a notification', () => {
    expect(verdict(readMcpPost(post(LIST), SITE_ORIGINS))).toBe('request');
    expect(verdict(readMcpPost(post({ jsonrpc: '2.0', method: 'notifications/initialized' }), SITE_ORIGINS))).toBe('notification');
  });

  it('takes no Origin, and the site’s own and allowed origins; refuses any other with 403', () => {
    for (const origin of [undefined, 'https://example.com', 'https://www.example.com']) expect(verdict(readMcpPost(post(LIST, { origin }), SITE_ORIGINS))).toBe('request');
    for (const origin of ['https://evil.example', 'null', 'https://example.com.evil.example', 'http://example.com', '']) {
      expect(verdict(readMcpPost(post(LIST, { origin }), SITE_ORIGINS))).toEqual([403, -32000, 'cross_site_refused']);
    }
  });

  it('reads a body of exactly 64 KiB, and refuses one byte more unread', () => {
    const padded = (bytes: number) => {
      const start = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"pad":"';
      return `${start}${'a'.repeat(bytes - start.length - 4)}"}}}`;
    };
    expect(encode(padded(MCP_MAX_BODY_BYTES)).byteLength).toBe(MCP_MAX_BODY_BYTES);
    expect(verdict(readMcpPost(post(padded(MCP_MAX_BODY_BYTES)), SITE_ORIGINS))).toBe('request');
    // Not JSON past the limit: had it been read, it would be a parse error.
    expect(verdict(readMcpPost(post(`${'x'.repeat(MCP_MAX_BODY_BYTES + 1)}`), SITE_ORIGINS))).toEqual([413, -32600, 'payload_too_large']);
  });

  it('refuses a content coding with 415 and Accept-Encoding: identity; takes identity', () => {
    expect(verdict(readMcpPost(post(LIST, { contentEncoding: 'identity' }), SITE_ORIGINS))).toBe('request');
    const read = readMcpPost(post(LIST, { contentEncoding: 'gzip' }), SITE_ORIGINS);
    expect(verdict(read)).toEqual([415, -32600, 'unsupported_content_encoding']);
    expect(read.kind === 'refused' && read.reply.headers['Accept-Encoding']).toBe('identity');
  });

  it('takes application/json with a UTF-8 charset in any case; refuses any other media type with 415', () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset="UTF-8"']) {
      expect(verdict(readMcpPost(post(LIST, { contentType }), SITE_ORIGINS))).toBe('request');
    }
    for (const contentType of [undefined, 'text/plain', 'application/json; charset=latin1', 'application/jsonx', 'text/plain; a=application/json']) {
      expect(verdict(readMcpPost(post(LIST, { contentType }), SITE_ORIGINS))).toEqual([415, -32600, 'unsupported_media_type']);
    }
  });

  it('refuses with 406 an Accept that does not admit both JSON and an event stream', () => {
    for (const accept of [undefined, 'application/json', 'text/event-stream', 'application/json, text/event-stream;q=0', 'text/html']) {
      expect(verdict(readMcpPost(post(LIST, { accept }), SITE_ORIGINS))).toEqual([406, -32600, 'not_acceptable']);
    }
    expect(verdict(readMcpPost(post(LIST, { accept: '*/*' }), SITE_ORIGINS))).toBe('request');
  });

  it('refuses text that is not UTF-8 JSON with 400 and JSON-RPC’s parse error; reads a leading byte order mark', () => {
    for (const body of ['', '{', '{"jsonrpc":"2.0",}', new Uint8Array([0x7b, 0xc3, 0x28, 0x7d])]) {
      expect(verdict(readMcpPost(post(body), SITE_ORIGINS))).toEqual([400, -32700, 'malformed_json']);
    }
    expect(verdict(readMcpPost(post(`\uFEFF${JSON.stringify(LIST)}`), SITE_ORIGINS))).toBe('request');
  });

  it('refuses batches, responses and whatever is no JSON-RPC message with 400 and invalid request', () => {
    for (const body of [[LIST], [], [LIST, LIST], { jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } }, { jsonrpc: '1.0', id: 1, method: 'x' }, { id: 1, method: 'x' }, 'null', '"text"', 42]) {
      expect(verdict(readMcpPost(post(body), SITE_ORIGINS))).toEqual([400, -32600, 'invalid_request']);
    }
  });

  it('asks every message but initialize for a revision it speaks', () => {
    for (const protocolVersion of ['2025-11-25', '2025-06-18']) expect(verdict(readMcpPost(post(LIST, { protocolVersion }), SITE_ORIGINS))).toBe('request');
    for (const protocolVersion of [undefined, '', '2025-03-26', '2024-11-05', '2026-07-28', '2025-11-25 ']) {
      expect(verdict(readMcpPost(post(LIST, { protocolVersion }), SITE_ORIGINS))).toEqual([400, -32000, 'unsupported_protocol_version']);
      expect(verdict(readMcpPost(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { protocolVersion }), SITE_ORIGINS))).toEqual([400, -32000, 'unsupported_protocol_version']);
    }
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'c', version: '1' } } };
    expect(verdict(readMcpPost(post(initialize, { protocolVersion: undefined }), SITE_ORIGINS))).toBe('request');
  });
});

describe('accepts: whether an Accept header admits a media type (RFC 9110 §12.5.1)', () => {
  it.each([
    ['application/json', 'application/json', true],
    ['APPLICATION/JSON', 'application/json', true],
    ['application/*', 'application/json', true],
    ['*/*', 'text/event-stream', true],
    ['text/*;q=0.5', 'text/event-stream', true],
    ['application/json;q=0', 'application/json', false],
    ['application/json; q=0.0', 'application/json', false],
    ['application/jsonp', 'application/json', false],
    ['text/*', 'application/json', false],
    ['', 'application/json', false],
  ])('%j admits %s: %s', (accept, mediaType, admitted) => {
    expect(accepts(accept, mediaType)).toBe(admitted);
  });
});
