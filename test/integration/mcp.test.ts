import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { postContact, send, type HttpRequest } from '../support/http-client.js';
import { clearSentEmails, deliveredEmails, settledEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { expectMethodNotAllowed } from '../support/method-not-allowed.js';

const SITE_NAME = 'Ada Lovelace, engines & notes';
const INQUIRY = { name: 'Grace Hopper', email: 'grace@example.com', message: 'A compiler for the engine: could we talk about it?' };

let server: LocalServer;
/** Limits low enough to reach in a few calls, shared by the API and the MCP endpoint. */
let limited: LocalServer;

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startLocalServer({ SITE_NAME }),
    startLocalServer({ RATE_LIMIT_IP: '2', RATE_LIMIT_EMAIL: '1' }),
  ]);
});
afterAll(() => Promise.all([server?.stop(), limited?.stop()]));

/** The official SDK's client, connected through its Streamable HTTP transport. */
async function connectedClient(target: LocalServer): Promise<Client> {
  const client = new Client({ name: 'integration-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${target.apiUrl}/api/mcp`)));
  return client;
}

/** One raw POST to the MCP endpoint, with the headers a conforming client sends unless told otherwise. */
function mcpPost(target: LocalServer, body: string | Uint8Array, options: Omit<HttpRequest, 'body' | 'method'> = {}) {
  return send(`${target.apiUrl}/api/mcp`, {
    ...options,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...options.headers,
    },
    body,
  });
}

/** A tools/call of the inquiry tool as one raw POST, from a loopback address of its own. */
async function callTool(target: LocalServer, args: unknown, from: string): Promise<CallToolResult> {
  const response = await mcpPost(target, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'sendInquiry', arguments: args } }), { from });
  expect(response.status).toBe(200);
  return response.json<{ result: CallToolResult }>().result;
}

describe('the MCP server with the official SDK client, through local mode', () => {
  it('initializes with the server card’s identity and lists one tool whose input schema is the published one', async () => {
    const client = await connectedClient(server);
    const card = (await send(`${server.apiUrl}/.well-known/mcp/server-card.json`)).json<{ name: string; version: string; title: string }>();
    expect(client.getServerVersion()).toEqual({ name: card.name, version: card.version, title: card.title });
    expect(client.getServerCapabilities()).toEqual({ tools: {} });
    expect(client.getInstructions()).toContain('sendInquiry');

    const { tools } = await client.listTools();
    const { requestSchema } = (await send(`${server.apiUrl}/api/contact`)).json();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ name: 'sendInquiry', inputSchema: requestSchema });
    expect(tools[0]?.description).toContain(SITE_NAME);
    await client.close();
  });

  it('sends a valid inquiry: the tool answers its id, and the mail reaches the owner', async () => {
    await clearSentEmails(server);
    const client = await connectedClient(server);
    const result = (await client.callTool({ name: 'sendInquiry', arguments: INQUIRY })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    const { status, id } = result.structuredContent as { status: string; id: string };
    expect(status).toBe('accepted');
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining(id) }]);

    const [email] = await deliveredEmails(server, 1);
    expect(email?.replyTo).toEqual([INQUIRY.email]);
    expect(email?.body.text).toContain(INQUIRY.message);
    expect(server.output()).toContain(`"inquiryId":"${id}"`);
    await client.close();
  });

  it('holds an inquiry that looks like spam as the API does, answering it like any other', async () => {
    await clearSentEmails(server);
    const client = await connectedClient(server);
    const links = Array.from({ length: 6 }, (_, index) => `https://spam${index}.example`).join(' ');
    const result = (await client.callTool({ name: 'sendInquiry', arguments: { ...INQUIRY, email: 'links@example.com', message: `Cheap offers: ${links}` } })) as CallToolResult;
    const { status, id } = result.structuredContent as { status: string; id: string };
    expect({ status, isError: result.isError }).toEqual({ status: 'accepted', isError: undefined });
    expect(JSON.stringify(result)).not.toMatch(/held|spam|link/i);
    expect(server.output()).toMatch(new RegExp(`"message":"inquiry held".*"inquiryId":"${id}".*"reason":"link_stuffing"`));
    // Held for the daily digest: not mailed at once.
    expect(await settledEmails(server, 1000)).toEqual([]);
    await client.close();
  });

  it('answers invalid fields with a tool error naming each field, and sends nothing', async () => {
    await clearSentEmails(server);
    const client = await connectedClient(server);
    const result = (await client.callTool({ name: 'sendInquiry', arguments: { name: '', email: 'not an address', message: 'short', extra: 1 } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const { code, errors } = result.structuredContent as { code: string; errors: Array<{ field: string; code: string; message: string }> };
    expect(code).toBe('validation_failed');
    expect(errors.map((error) => [error.field, error.code])).toEqual([
      ['name', 'too_short'],
      ['email', 'invalid_email'],
      ['message', 'too_short'],
      ['extra', 'unknown_field'],
    ]);
    const [text] = result.content as Array<{ text: string }>;
    for (const error of errors) expect(text?.text).toContain(`- ${error.field}: ${error.message}`);
    expect(await settledEmails(server, 500)).toEqual([]);
    await client.close();
  });

  it('answers a call of another tool, and a call with bad params, with JSON-RPC errors', async () => {
    const client = await connectedClient(server);
    await expect(client.callTool({ name: 'deleteEverything', arguments: {} })).rejects.toThrow(/-32602.*no tool "deleteEverything"/);
    await client.close();
    const response = await mcpPost(server, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 5 } }));
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.stringContaining('params.name') } });
  });
});

describe('the limits, counted with the API’s', () => {
  it('refuses a client past its per-IP limit as the API does, with the wait in seconds, on either side', async () => {
    const from = '127.0.0.8';
    for (const email of ['one@example.com', 'two@example.com']) {
      expect(await callTool(limited, { ...INQUIRY, email }, from)).toMatchObject({ structuredContent: { status: 'accepted' } });
    }
    const refused = await callTool(limited, { ...INQUIRY, email: 'three@example.com' }, from);
    expect(refused).toMatchObject({ isError: true, structuredContent: { code: 'rate_limited', scope: 'ip', retryAfter: expect.any(Number) } });
    const api = await postContact(limited.apiUrl, { ...INQUIRY, email: 'four@example.com' }, { from });
    expect(api.status).toBe(429);
    expect(api.json()).toMatchObject({ code: 'rate_limited', scope: 'ip' });
    // The same window's end, a moment later.
    const { retryAfter } = refused.structuredContent as { retryAfter: number };
    expect(retryAfter - Number(api.headers['retry-after'])).toBeGreaterThanOrEqual(0);
    expect(retryAfter - Number(api.headers['retry-after'])).toBeLessThanOrEqual(2);
  });

  it('refuses an e-mail address past its limit whichever way it came first', async () => {
    const email = 'twice@example.com';
    expect((await postContact(limited.apiUrl, { ...INQUIRY, email }, { from: '127.0.0.9' })).status).toBe(202);
    expect(await callTool(limited, { ...INQUIRY, email }, '127.0.0.10')).toMatchObject({
      isError: true,
      structuredContent: { code: 'rate_limited', scope: 'email', retryAfter: expect.any(Number) },
    });
  });
});

describe('the transport, with bodies and headers shaped to hurt', () => {
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

  it.each([
    ['a body over 64 KiB', () => mcpPost(server, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'a'.repeat(70_000)}"}}`), 413, -32600],
    ['a batch', () => mcpPost(server, `[${list},${list}]`), 400, -32600],
    ['an empty batch', () => mcpPost(server, '[]'), 400, -32600],
    ['text that is not JSON', () => mcpPost(server, '{"jsonrpc":'), 400, -32700],
    ['bytes that are not UTF-8', () => mcpPost(server, new Uint8Array([0x7b, 0xff, 0x7d])), 400, -32700],
    ['a JSON-RPC response', () => mcpPost(server, JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} })), 400, -32600],
    ['no JSON-RPC at all', () => mcpPost(server, '{"hello":"world"}'), 400, -32600],
    ['a form body', () => mcpPost(server, list, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, -32600],
    ['a gzip body', () => mcpPost(server, list, { headers: { 'content-encoding': 'gzip' } }), 415, -32600],
    ['an Accept without the event stream', () => mcpPost(server, list, { headers: { accept: 'application/json' } }), 406, -32600],
    ['an unknown protocol version', () => mcpPost(server, list, { headers: { 'mcp-protocol-version': '2026-07-28' } }), 400, -32000],
    ['no protocol version', () => mcpPost(server, list, { headers: { 'mcp-protocol-version': '' } }), 400, -32000],
    ['a page of another site', () => mcpPost(server, list, { headers: { origin: 'https://evil.example' } }), 403, -32000],
  ])('refuses %s with the transport’s status and a JSON-RPC error without an id', async (_, post, status, code) => {
    const response = await post();
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
  });

  it('reads a 30 000-deep argument as a field of the wrong type, never a 5xx', async () => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const body = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sendInquiry","arguments":{"name":${deep},"email":"a@example.com","message":"${'m'.repeat(30)}"}}}`;
    const response = await mcpPost(server, body, { from: '127.0.0.20' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ id: 2, result: { isError: true, structuredContent: { errors: [{ field: 'name', code: 'invalid_type' }] } } });
  });

  it('answers a notification 202 with no body, and an unknown method with JSON-RPC’s method not found', async () => {
    const notified = await mcpPost(server, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect({ status: notified.status, text: notified.text }).toEqual({ status: 202, text: '' });
    const unknown = await mcpPost(server, JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'resources/list' }));
    expect(unknown.json()).toEqual({ jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'Method not found' } });
  });

  it('offers no stream: GET and DELETE are 405 with Allow', async () => {
    await expectMethodNotAllowed(server.apiUrl, [
      ['GET', '/api/mcp', 'OPTIONS, POST'],
      ['DELETE', '/api/mcp', 'OPTIONS, POST'],
    ]);
  });
});
