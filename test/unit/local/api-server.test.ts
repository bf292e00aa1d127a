import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { answeringWith, apiGateway, sayingOnceAt429, type ApiGateway, type HandlerSet } from '../../../bin/local/api-server.js';
import { RESERVED_MAX_BODY_BYTES } from '../../../lambdas/agent/registration-service.js';
import { MAX_BODY_BYTES } from '../../../lambdas/inquiry/answer-details.js';
import { HANDLER_NAMES, type HandlerName } from '../../../lambdas/routes.js';
import { send, sendTarget } from '../../support/http-client.js';

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

/** What Lambda's 6 MB invocation payload holds of a body, which the event carries base64-encoded. */
const INVOCATION_BODY_BYTES = (6 * 1024 * 1024 * 3) / 4;

describe('the local API Gateway reads a body only as far as the function needs (docs/api.md §2, §10)', () => {
  /** The status of the answer, and the size of the body the one handler invoked was given; none when nothing was invoked. */
  async function bodyGiven(path: string, bytes: number, headers: Record<string, string> = {}) {
    seen.length = 0;
    const answer = await send(`${serverUrl}${path}`, { method: 'POST', headers, body: Buffer.alloc(bytes, 'x') });
    const [invoked] = seen;
    return {
      status: answer.status,
      given: invoked === undefined ? undefined : Buffer.from(invoked.event.body ?? '', 'base64').byteLength,
    };
  }

  it.each<[string, number]>([
    ['/api/contact', MAX_BODY_BYTES],
    ['/agent/auth', RESERVED_MAX_BODY_BYTES],
  ])('gives the function of %s, whose limit is %i bytes, a body as far as one byte past it', async (path, limit) => {
    for (const [sent, given] of [
      [limit, limit],
      [limit + 1, limit + 1],
      [limit + 2, limit + 1],
      [9 * 1024 * 1024, limit + 1],
    ] as const) {
      expect({ sent, ...(await bodyGiven(path, sent)) }).toMatchObject({ sent, status: 204, given });
    }
  });

  /**
   * Writes raw requests on one connection; `answers` resolves to the status lines once `count`
   * came, or the connection closed; `ending` to how it closed: `end` after the server's FIN, or
   * the error that reset it.
   */
  function onOneConnection(parts: ReadonlyArray<Buffer | string>) {
    const socket = connect(Number(new URL(serverUrl).port), '127.0.0.1');
    let received = '';
    const statusLines = () => received.match(/^HTTP\/1\.1 \d+/gm) ?? [];
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const ending = new Promise<string>((resolve) => {
      socket.once('end', () => resolve('end'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    const answers = (count: number) =>
      new Promise<string[]>((resolve) => {
        const check = () => statusLines().length >= count && resolve(statusLines());
        socket.on('data', (chunk: Buffer) => {
          received += chunk.toString('latin1');
          check();
        });
        void closed.then(() => resolve(statusLines()));
      });
    for (const part of parts) socket.write(part);
    return { socket, closed, ending, answers, received: () => received };
  }
  const post = (bytes: number) => `POST /api/contact HTTP/1.1\r\nHost: local\r\nContent-Length: ${bytes}\r\n\r\n`;
  const UPLOAD_BYTES = 9 * 1024 * 1024;

  it('keeps the connection for the next request after a body it read to its end', async () => {
    const connection = onOneConnection([post(MAX_BODY_BYTES + 1), Buffer.alloc(MAX_BODY_BYTES + 1), post(2), '{}']);
    expect(await connection.answers(2)).toEqual(['HTTP/1.1 204', 'HTTP/1.1 204']);
    expect(connection.received().match(/^Connection: .*$/gim)).toEqual(['Connection: keep-alive', 'Connection: keep-alive']);
    connection.socket.destroy();
  });

  it('answers a body it did not read to its end at once, with Connection: close, then closes the connection without reading the rest', async () => {
    const connection = onOneConnection([post(UPLOAD_BYTES), Buffer.alloc(MAX_BODY_BYTES + 2)]);
    expect(await connection.answers(1)).toEqual(['HTTP/1.1 204']);
    expect(connection.received()).toMatch(/^Connection: close\r$/im);
    const answers = connection.answers(2);
    await connection.closed;
    expect(await answers).toEqual(['HTTP/1.1 204']);
  });

  describe('a keep-alive client after an answer that closes its connection', () => {
    /** POSTs `bytes` through the agent; the request's errors, even one after its answer, are recorded. */
    function postThroughAgent(agent: Agent, path: string, bytes: number, errors: string[]) {
      return new Promise<{ status: number | undefined; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const outgoing = httpRequest(`${serverUrl}${path}`, { method: 'POST', agent, headers: { 'Content-Length': String(bytes) } }, (incoming) => {
          incoming.resume();
          incoming.on('end', () => resolve({ status: incoming.statusCode, connection: incoming.headers.connection, reused: outgoing.reusedSocket }));
        });
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          errors.push(error.code ?? error.message);
          reject(error);
        });
        outgoing.end(Buffer.alloc(bytes));
      });
    }

    it('sends its next request on a new connection, and no request fails', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const errors: string[] = [];
      try {
        // A body somewhat past the limit: the client has sent all of it by the time it reads the answer.
        expect(await postThroughAgent(agent, '/api/contact', MAX_BODY_BYTES + 256 * 1024, errors)).toMatchObject({ status: 204, connection: 'close' });
        expect(await postThroughAgent(agent, '/api/contact', 2, errors)).toEqual({ status: 204, connection: 'keep-alive', reused: false });
        expect(await postThroughAgent(agent, '/api/contact', 2, errors)).toEqual({ status: 204, connection: 'keep-alive', reused: true });
        expect(errors).toEqual([]);
      } finally {
        agent.destroy();
      }
    });

    it.each<[string, number, number]>([
      // The contact function's answer to a body far past its limit, and API Gateway's own 413 past what an invocation holds.
      ['/api/contact', UPLOAD_BYTES, 204],
      ['/nowhere', INVOCATION_BODY_BYTES + 1, 413],
    ])('sends its next request on a new connection once the server ended the one whose upload was still coming: POST %s of %i bytes', async (path, bytes, status) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      // The upload's own request may fail after its answer, when the server ends the connection it was still sending on.
      const uploadErrors: string[] = [];
      const nextErrors: string[] = [];
      try {
        expect(await postThroughAgent(agent, path, bytes, uploadErrors)).toMatchObject({ status, connection: 'close' });
        // Its one connection is the upload's until the server ends it: the next request waits, then takes a new one.
        expect(await postThroughAgent(agent, path, 2, nextErrors)).toEqual({ status: 204, connection: 'keep-alive', reused: false });
        expect(nextErrors).toEqual([]);
      } finally {
        agent.destroy();
      }
    });
  });

  it('gives any other function what an invocation holds, and past it answers API Gateway’s own 413 without invoking it', async () => {
    // An unknown path: the fallback, which has no limit of its own.
    expect(await bodyGiven('/nowhere', INVOCATION_BODY_BYTES)).toMatchObject({ status: 204, given: INVOCATION_BODY_BYTES });
    expect(await bodyGiven('/nowhere', INVOCATION_BODY_BYTES + 1)).toEqual({ status: 413, given: undefined });
    // Without a Content-Length to refuse it by, as soon as the body passes it.
    const chunked = { 'Transfer-Encoding': 'chunked' };
    expect(await bodyGiven('/nowhere', INVOCATION_BODY_BYTES, chunked)).toMatchObject({ status: 204, given: INVOCATION_BODY_BYTES });
    expect(await bodyGiven('/nowhere', INVOCATION_BODY_BYTES + 1, chunked)).toEqual({ status: 413, given: undefined });
  });
});

describe('sayingOnceAt429', () => {
  it('says its line at the first answer 429 alone, and passes every answer on as it is', async () => {
    const statuses = [200, 422, 429, 429, 200, 429];
    let next = 0;
    const answers: ApiGateway = async () => ({ statusCode: statuses[next++]!, headers: {} });
    const said: string[] = [];
    const gateway = sayingOnceAt429(answers, 'spent', (line) => said.push(line));
    const seenStatuses: number[] = [];
    for (const _ of statuses) {
      seenStatuses.push((await gateway({} as Parameters<ApiGateway>[0])).statusCode);
      if (seenStatuses.length === 2) expect(said).toEqual([]);
    }
    expect({ seenStatuses, said }).toEqual({ seenStatuses: statuses, said: ['spent'] });
  });
});
