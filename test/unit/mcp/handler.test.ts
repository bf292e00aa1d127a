import { describe, expect, it, jest } from '@jest/globals';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { INQUIRY_RULES } from '../../../lambdas/inquiry/schema.js';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { awsError } from '../../support/fake-counter-store.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';

/*
 * The MCP Lambda as API Gateway invokes it, with the SDK clients mocked: the environment the
 * stack gives it (no form tokens' key), then the module imported.
 */
const { FORM_TOKEN_SECRET: _, ...ENVIRONMENT } = { ...CONTACT_ENVIRONMENT, ALLOWED_ORIGINS: 'https://www.example.com' };
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like an analytical engine programmed.' };

const { documents, inquiries } = mockedContactClients();
const handler = handlerUnderTest('mcp', ENVIRONMENT);

function mcpEvent(message: unknown, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  return httpEvent({
    path: '/api/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: JSON.stringify(message),
  });
}

async function invoke(event: APIGatewayProxyEventV2, requestId?: string) {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((line) => lines.push(String(line)) > 0);
  try {
    const response = await handler(event, lambdaContext(requestId));
    const headers = (response.headers ?? {}) as Record<string, string>;
    const body = response.body === undefined || response.body === '' ? undefined : (JSON.parse(response.body) as Record<string, unknown>);
    const request = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.message === 'request');
    return { status: response.statusCode, headers, body, request };
  } finally {
    write.mockRestore();
  }
}

const call = (args: unknown, id: number | string = 1) => mcpEvent({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'sendInquiry', arguments: args } });

describe('mcp handler: the protocol', () => {
  it('answers initialize with the revision asked for when it speaks it, else its newest, and a session-free server', async () => {
    for (const [asked, answered] of [
      ['2025-06-18', '2025-06-18'],
      ['2025-11-25', '2025-11-25'],
      ['2025-03-26', '2025-11-25'],
      ['2099-01-01', '2025-11-25'],
    ]) {
      const params = { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'test', version: '1' } };
      const response = await invoke(mcpEvent({ jsonrpc: '2.0', id: 0, method: 'initialize', params }, { 'mcp-protocol-version': '' }));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 0,
        result: {
          protocolVersion: answered,
          capabilities: { tools: {} },
          serverInfo: { name: 'com.example/contact', title: 'Personal site', version: '1.0.0' },
          instructions: expect.stringContaining('sendInquiry'),
        },
      });
      expect(Object.keys(response.headers).map((name) => name.toLowerCase())).not.toContain('mcp-session-id');
    }
  });

  it('lists the one tool, whose input schema is the published schema', async () => {
    const response = await invoke(mcpEvent({ jsonrpc: '2.0', id: 'list', method: 'tools/list' }));
    expect(response.body).toMatchObject({
      id: 'list',
      result: { tools: [{ name: 'sendInquiry', inputSchema: { $id: 'https://example.com/api/contact', ...JSON.parse(JSON.stringify(INQUIRY_RULES)) } }] },
    });
    expect(response.request).toMatchObject({ route: 'POST /api/mcp', status: 200, outcome: 'served' });
  });

  it('answers ping, and an unknown method with method not found, logged as an invalid request', async () => {
    expect((await invoke(mcpEvent({ jsonrpc: '2.0', id: 2, method: 'ping' }))).body).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    const unknown = await invoke(mcpEvent({ jsonrpc: '2.0', id: 3, method: 'prompts/list' }));
    expect(unknown.body).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
    expect(unknown.request).toMatchObject({ outcome: 'invalid_request' });
  });

  it('answers a notification 202, with no body', async () => {
    const response = await invoke(mcpEvent({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect({ status: response.status, body: response.body }).toEqual({ status: 202, body: undefined });
  });

  it('answers the CORS preflight of an allowed origin only', async () => {
    const preflight = (origin: string) => invoke(httpEvent({ method: 'OPTIONS', path: '/api/mcp', headers: { origin, 'access-control-request-method': 'POST' } }));
    const allowed = await preflight('https://www.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers).toMatchObject({
      'Access-Control-Allow-Origin': 'https://www.example.com',
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, MCP-Protocol-Version',
    });
    const refused = await preflight('https://evil.example');
    expect(Object.keys(refused.headers).filter((name) => /^access-control-/i.test(name))).toEqual([]);
  });
});

describe('mcp handler: the tool, through the contact endpoint’s intake', () => {
  it('stores a valid inquiry under the request id, pending, and answers its id', async () => {
    const response = await invoke(call(INQUIRY), 'request-1');
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: expect.stringContaining('request-1') }], structuredContent: { status: 'accepted', id: 'request-1' } },
    });
    expect([...inquiries().values()]).toEqual([expect.objectContaining({ id: 'request-1', state: 'pending', sentFrom: 'https://example.com/api/mcp' })]);
    expect(response.request).toMatchObject({ outcome: 'accepted', inquiryId: 'request-1', InquiriesAccepted: 1 });
  });

  it('answers a call without arguments with every required field named, storing nothing', async () => {
    const response = await invoke(mcpEvent({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'sendInquiry' } }));
    expect(response.body).toMatchObject({ result: { isError: true, structuredContent: { errors: [{ field: 'name' }, { field: 'email' }, { field: 'message' }] } } });
    expect(inquiries().size).toBe(0);
    expect(response.request).toMatchObject({ outcome: 'validation_failed', ValidationRejected: 1 });
  });

  it('names a __proto__ member an unknown field, as the contact endpoint does, never reading it as the object’s prototype', async () => {
    const body = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"sendInquiry","arguments":{"__proto__":${JSON.stringify(INQUIRY)},"email":"ada@example.com"}}}`;
    const event = { ...mcpEvent({}), body };
    const response = await invoke(event);
    expect(response.body).toMatchObject({ result: { isError: true } });
    const { errors } = (response.body as { result: { structuredContent: { errors: Array<{ field: string; code: string }> } } }).result.structuredContent;
    expect(errors.map((error) => [error.field, error.code])).toEqual([
      ['name', 'required'],
      ['message', 'required'],
      ['__proto__', 'unknown_field'],
    ]);
  });

  it('answers the inquiry store failing as a tool error asking for a retry, the error named in the log only', async () => {
    documents.on(PutCommand).rejects(awsError('InternalServerError'));
    const response = await invoke(call(INQUIRY));
    expect(response.body).toMatchObject({ result: { isError: true, structuredContent: { code: 'temporarily_unavailable', retryAfter: 30 } } });
    expect(JSON.stringify(response.body)).not.toContain('InternalServerError');
    expect(response.request).toMatchObject({ outcome: 'inquiry_store_failed', errorName: 'InternalServerError' });
  });

  it('answers params that do not fit with invalid params, and another tool with its name', async () => {
    const badParams = await invoke(mcpEvent({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'sendInquiry', arguments: [1] } }));
    expect(badParams.body).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32602, message: expect.stringContaining('params.arguments') } });
    const other = await invoke(mcpEvent({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'rm', arguments: {} } }));
    expect(other.body).toEqual({ jsonrpc: '2.0', id: 6, error: { code: -32602, message: expect.stringContaining('"rm"') } });
  });

  it('answers a crash as the contract’s 500 with its frames logged, never the error’s message to the client', async () => {
    // An event without the client's address, which API Gateway always gives: counting it throws inside the tool.
    const event = call(INQUIRY);
    const http = { ...event.requestContext.http, sourceIp: undefined as unknown as string };
    const response = await invoke({ ...event, requestContext: { ...event.requestContext, http } });
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ code: 'internal_error' });
    expect(JSON.stringify(response.body)).not.toMatch(/TypeError|undefined|replace/);
    expect(response.request).toMatchObject({ outcome: 'unexpected_error', errorName: 'TypeError', stack: expect.stringContaining('handler.ts') });
    expect(inquiries().size).toBe(0);
  });
});
