import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { VIEWER_ADDRESS_HEADER } from '../../lambdas/http/client-address.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/origin-verify.js';
import { FALLBACK_HANDLER, findRoute, type FunctionName, type HandlerName } from '../../lambdas/routes.js';
import { functionProfile } from '../../lib/api/function-profiles.js';
import { FileBody } from './file-body.js';

export type LambdaHttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
export type HandlerSet = Readonly<Record<HandlerName, LambdaHttpHandler>>;

/**
 * Invocations served at once, as by that many warm function instances. They share one process and
 * its SDK clients: an inquiry holds at most two store connections at a time, so 16 stays within the
 * SDK's default of 50 sockets per client, and no request waits for one.
 */
const LOCAL_CONCURRENCY = 16;

/** An answer as the local server writes it. */
export interface LocalAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** Its bytes, or a file of the site read as it is sent (its request's body drained first). */
  readonly body?: Buffer | FileBody;
  /** The request's body was left unread, which ends its connection (writeAnswer). */
  readonly bodyUnread?: boolean;
}

/** API Gateway in front of the handlers: one request in, its answer out. */
export type ApiGateway = (request: IncomingMessage) => Promise<LocalAnswer>;

/**
 * Plays the front door and API Gateway (HTTP API, payload format 2.0) in front of the very handlers
 * Lambda runs: matches the route table, builds the event and the context, and gives the result.
 * `originSecret` is the header the local front door sends, whose digest the handlers were given as ORIGIN_VERIFY_DIGESTS.
 */
export function apiGateway(handlers: HandlerSet, originSecret: string): ApiGateway {
  const instances = new InstancePool(LOCAL_CONCURRENCY);
  return (request) => serve(handlers, { instances, originSecret }, request);
}

/** The gateway, saying `line` once, at its first answer 429 (a rate limit spent). */
export function sayingOnceAt429(api: ApiGateway, line: string, say: (line: string) => void): ApiGateway {
  let said = false;
  return async (request) => {
    const answer = await api(request);
    if (answer.statusCode === 429 && !said) {
      said = true;
      say(line);
    }
    return answer;
  };
}

/** A listener that writes what `answer` gives each request. */
export function answeringWith(answer: (request: IncomingMessage) => Promise<LocalAnswer>): RequestListener {
  return (request, response) => {
    answer(request).then(
      (answered) => writeAnswer(response, answered),
      (error: unknown) => {
        // Only a broken connection gets here: the handlers answer every error themselves.
        response.destroy(error instanceof Error ? error : undefined);
      },
    );
  };
}

async function serve(
  handlers: HandlerSet,
  { instances, originSecret }: { instances: InstancePool; originSecret: string },
  request: IncomingMessage,
): Promise<LocalAnswer> {
  const target = requestTarget(request.url ?? '/');
  const method = request.method ?? 'GET';
  const route = findRoute(method, target.path);
  const handlerName: HandlerName = route?.handler ?? FALLBACK_HANDLER;
  // A function with a limit of its own is given one byte past it, enough to refuse the body with
  // the contract's 413 (docs/api.md §2); any other, what an invocation holds, or API Gateway's 413,
  // without reading a byte of a body whose Content-Length already says it is too large.
  const ownLimit = functionProfile(handlerName).maxBodyBytes;
  const declaredTooLarge = Number(request.headers['content-length']) > MAX_INVOCATION_BODY_BYTES;
  const body = await readUpTo(request, ownLimit !== undefined ? ownLimit + 1 : declaredTooLarge ? 0 : MAX_INVOCATION_BODY_BYTES);
  if (!body.whole && ownLimit === undefined) return INVOCATION_TOO_LARGE;
  const result = await instances.run(() => {
    const startedAt = Date.now();
    const event = toEvent(request, target, body.bytes, route ? `${method} ${target.path}` : '$default', startedAt, originSecret);
    return handlers[handlerName](event, toContext(handlerName, startedAt));
  });
  const answer = lambdaAnswer(result as APIGatewayProxyStructuredResultV2);
  return body.whole ? answer : { ...answer, bodyUnread: true };
}

/**
 * Like Lambda, where each function instance serves one request at a time, at most `size`
 * invocations run at once and the rest wait their turn; a burst then meets the emulators at the
 * concurrency a deployment would, not all at once in one event loop.
 */
class InstancePool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(invoke: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await invoke();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/** A request's path and query string, as the client sent them. */
export interface RequestTarget {
  readonly path: string;
  readonly query: string;
}

/** The scheme and authority that open an absolute-form target (`http://example.com/path`). */
const SCHEME_AND_AUTHORITY = /^[a-z][a-z\d+.-]*:\/\/[^/?]*/i;

/**
 * Splits a request target into its path and query exactly as sent, since API Gateway matches routes
 * on the path as it came: `//evil.example/api/contact` is that path, not another host's URL, and
 * neither `/./api/contact` nor `/api\contact` is `/api/contact` (a WHATWG URL would make them so).
 * An absolute-form target names its path after the authority (RFC 9112 §3.2.2).
 */
export function requestTarget(target: string): RequestTarget {
  const pathAndQuery = target.startsWith('/') ? target : target.replace(SCHEME_AND_AUTHORITY, '');
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  return { path: path === '' ? '/' : path, query: queryAt === -1 ? '' : pathAndQuery.slice(queryAt + 1) };
}

/**
 * The most of a body a function is invoked with: Lambda takes an invocation payload of 6 MB
 * (6,291,456 bytes), and the event carries the body base64-encoded, as the local one always does.
 */
const MAX_INVOCATION_BODY_BYTES = (6 * 1024 * 1024 * 3) / 4;

/** API Gateway's answer to a body Lambda cannot be invoked with: its own 413, not the contract's. */
const INVOCATION_TOO_LARGE: LocalAnswer = {
  statusCode: 413,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  body: Buffer.from('Request Entity Too Large'),
  bodyUnread: true,
};

/**
 * A body's first `limit` bytes, and whether that was all of it: reading stops as soon as the
 * limit is passed, so that no more of it is held, whatever its size.
 */
function readUpTo(request: IncomingMessage, limit: number): Promise<{ readonly bytes: Buffer; readonly whole: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (whole: boolean) => {
      request.off('data', keep).off('end', ended);
      resolve({ bytes: Buffer.concat(chunks, size), whole });
    };
    const ended = () => settle(true);
    const keep = (chunk: Buffer) => {
      if (size + chunk.byteLength <= limit) {
        chunks.push(chunk);
        size += chunk.byteLength;
        return;
      }
      request.pause();
      chunks.push(chunk.subarray(0, limit - size));
      size = limit;
      settle(false);
    };
    request.on('data', keep).on('end', ended).once('error', reject);
  });
}

function toEvent(
  request: IncomingMessage,
  target: RequestTarget,
  body: Buffer,
  routeKey: string,
  now: number,
  originSecret: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // As CloudFront does (docs/api.md §10): whatever the client sent under these names is replaced.
  headers[VIEWER_ADDRESS_HEADER] = `${clientAddress(request)}:${request.socket.remotePort ?? 0}`;
  headers[ORIGIN_VERIFY_HEADER] = originSecret;
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(target.query)) query[name] = name in query ? `${query[name]},${value}` : value;
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey,
    rawPath: target.path,
    rawQueryString: target.query,
    headers,
    ...(cookies.length > 0 && { cookies }),
    ...(target.query !== '' && { queryStringParameters: query }),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: target.path,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: clientAddress(request),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    // Always base64, so no byte of the body is lost to a text conversion.
    body: body.toString('base64'),
    isBase64Encoded: true,
  };
}

/** The socket's remote address, as API Gateway reports it (IPv4 without the IPv6 mapping). */
function clientAddress(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/** The Lambda context of one invocation of a function, with the timeout the stack gives it. */
export function toContext(handlerName: FunctionName, startedAt: number): Context {
  const functionName = `local-${handlerName}`;
  const profile = functionProfile(handlerName);
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(profile.memorySize),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    // The timeout the stack gives the function; middy answers 503 just before it runs out.
    getRemainingTimeInMillis: () => Math.max(0, profile.timeoutSeconds * 1000 - (Date.now() - startedAt)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** What API Gateway makes of a function's result: its headers, cookies and body, the body's length. */
function lambdaAnswer(result: APIGatewayProxyStructuredResultV2): LocalAnswer {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  const body = result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode: result.statusCode ?? 200, headers, ...(body === undefined ? {} : { body }) };
}

/** Writes an answer with the length of its body; Node sends no body to a HEAD. */
export function writeAnswer(response: ServerResponse, answer: LocalAnswer): void {
  const { body } = answer;
  const headers = { ...answer.headers, ...(body === undefined ? {} : { 'Content-Length': String(body.byteLength) }) };
  if (body instanceof FileBody) {
    response.writeHead(answer.statusCode, headers);
    body.sendTo(response);
  } else if (answer.bodyUnread) {
    answerThenClose(response, answer.statusCode, headers, body);
  } else {
    response.writeHead(answer.statusCode, headers);
    response.end(body);
  }
}

/** How long a connection whose request body was left unread stays open after its answer. */
const LINGER_MS = 2000;

/**
 * Answers a request whose body was left unread, then ends its connection without losing the answer.
 * The answer says `Connection: close`, so that no client sends another request on a connection
 * about to end (a keep-alive client would, and have it reset). Node closes the connection as soon
 * as such an answer is finished, and closed at once, with the client's bytes unread, it is reset,
 * and a reset can discard the answer before the client reads it (RFC 9112 §9.6): so the answer is
 * written whole at once but finished LINGER_MS later, the rest of the body still unread.
 */
function answerThenClose(response: ServerResponse, statusCode: number, headers: Record<string, string | string[]>, body: Buffer | undefined): void {
  response.writeHead(statusCode, { ...headers, Connection: 'close' });
  // Sent now, even without a body to write: Node holds the head of an unfinished answer back.
  response.flushHeaders();
  if (body !== undefined) response.write(body);
  const deadline = setTimeout(() => response.end(), LINGER_MS).unref();
  // The client went first: nothing is left to finish.
  response.once('close', () => clearTimeout(deadline));
}
