import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answeringWith, apiGateway, type HandlerSet } from '../../../bin/local/api-server.js';
import { HANDLER_NAMES, type HandlerName } from '../../../lambdas/routes.js';
import { sendTarget } from '../../support/http-client.js';

/* The local stand-in for API Gateway (payload format 2.0), in front of handlers that record what they are given. */

const seen: Array<{ readonly handler: HandlerName; readonly event: APIGatewayProxyEventV2 }> = [];
const handlers = Object.fromEntries(
  HANDLER_NAMES.map((handler) => [
    handler,
    async (event: APIGatewayProxyEventV2) => {
      seen.push({ handler, event });
      return { statusCode: 204 };
    },
  ]),
) as unknown as HandlerSet;

let server: Server;
let serverUrl: string;

beforeAll(async () => {
  server = createServer(answeringWith(apiGateway(handlers, 'origin-secret')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The handler and event that one request with this exact target reached. */
async function invocationOf(target: string, method = 'GET') {
  seen.length = 0;
  expect((await sendTarget(serverUrl, target, { method })).status).toBe(204);
  expect(seen).toHaveLength(1);
  const [{ handler, event }] = seen as [(typeof seen)[number]];
  return {
    handler,
    routeKey: event.routeKey,
    rawPath: event.rawPath,
    path: event.requestContext.http.path,
    rawQueryString: event.rawQueryString,
    queryStringParameters: event.queryStringParameters,
  };
}

describe('the local API Gateway routes on the path as sent (docs/api.md §10)', () => {
  it.each([
    '//evil.example/api/contact',
    '/api//contact',
    '/./api/contact',
    '/llms/../api/contact',
    '/api\\contact',
    '/api/%63ontact',
  ])('gives %s to the fallback as that very path', async (target) => {
    expect(await invocationOf(target)).toEqual({
      handler: 'fallback',
      routeKey: '$default',
      rawPath: target,
      path: target,
      rawQueryString: '',
      queryStringParameters: undefined,
    });
  });

  it('matches a route on the path alone and passes the query string as sent, repeated names joined by commas', async () => {
    expect(await invocationOf('/api/contact?b=2&a=1&next=//evil.example/x&a=3')).toEqual({
      handler: 'schema',
      routeKey: 'GET /api/contact',
      rawPath: '/api/contact',
      path: '/api/contact',
      rawQueryString: 'b=2&a=1&next=//evil.example/x&a=3',
      queryStringParameters: { b: '2', a: '1,3', next: '//evil.example/x' },
    });
  });

  it('passes no query string parameters when there is no query', async () => {
    expect(await invocationOf('/api/contact', 'POST')).toMatchObject({
      handler: 'contact',
      routeKey: 'POST /api/contact',
      rawQueryString: '',
      queryStringParameters: undefined,
    });
  });

  it('reads the path of an absolute-form target after its authority (RFC 9112 §3.2.2)', async () => {
    expect(await invocationOf('http://evil.example/api/contact?x=1')).toMatchObject({
      handler: 'schema',
      routeKey: 'GET /api/contact',
      rawPath: '/api/contact',
      rawQueryString: 'x=1',
    });
  });
});
