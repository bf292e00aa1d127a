import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { EARLY_TIMEOUT_MS } from './early-timeout.js';
import { VIEWER_ADDRESS_HEADER } from './client-address.js';
import { errorName } from './error-name.js';
import { ORIGIN_VERIFY_HEADER, readOriginVerifier, type OriginVerifier } from './origin-verify.js';
import { INTERNAL_ERROR_DETAIL, problemReply, unavailableReply } from './problem.js';
import { NO_STORE, type Reply } from './reply.js';
import { writeRequestLine, writeWarning } from './request-log.js';
import { stackFrames } from './stack-frames.js';

export type HttpEvent = APIGatewayProxyEventV2;
export type RouteHandler = (event: HttpEvent, context: Context) => Promise<Reply>;

/** Which browser origins may read a route's answers. */
export interface CorsPolicy {
  readonly isAllowed: (origin: string | undefined) => boolean;
  readonly middleware: MiddlewareObj<HttpEvent>;
}

/**
 * Wraps a route handler in the service's middy stack: CORS when the route has a policy, and the
 * contract's shared rules (the front door's secret, HEAD answered as GET,
 * `X-Content-Type-Options`, a problem answer instead of a crash, and one log line per request that
 * carries its metric).
 */
export function httpHandler(handle: RouteHandler, options: { cors?: CorsPolicy } = {}) {
  // The SDK clients give up well before the function's timeout; should they not, middy answers
  // (a TimeoutError, turned into a 503 below) this long before Lambda would kill the request.
  const stack = middy<HttpEvent, APIGatewayProxyStructuredResultV2>(handle, { timeoutEarlyInMillis: EARLY_TIMEOUT_MS });
  if (options.cors !== undefined) stack.use(options.cors.middleware);
  return stack.use(contractRules(readOriginVerifier(process.env)));
}

/** The answer's headers a page of an allowed origin may read: the limits, the wait, a replay. */
const EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, Idempotency-Replayed';

/** CORS for the origins configured in `ALLOWED_ORIGINS`: other origins get no CORS header at all. */
export function corsForOrigins(origins: readonly string[]): CorsPolicy {
  const allowed = new Set(origins);
  const isAllowed = (origin: string | undefined) => origin !== undefined && allowed.has(origin);
  const cors = httpCors({ origins: [...allowed], getOrigin: (origin) => (isAllowed(origin) ? origin : null) });
  // Not middy's exposeHeaders: it would expose them to every origin, and others get no CORS header.
  const exposeToAllowed = (request: HttpRequest) => {
    const headers = request.response?.headers;
    if (headers?.['Access-Control-Allow-Origin'] !== undefined) headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS;
  };
  return {
    isAllowed,
    middleware: {
      after: async (request) => {
        await cors.after?.(request);
        exposeToAllowed(request);
      },
      onError: async (request) => {
        await cors.onError?.(request);
        exposeToAllowed(request);
      },
    },
  };
}

type HttpRequest = middy.Request<HttpEvent, APIGatewayProxyStructuredResultV2>;

function contractRules(frontDoor: OriginVerifier | undefined): MiddlewareObj<HttpEvent, APIGatewayProxyStructuredResultV2> {
  const startedAt = new WeakMap<object, number>();
  const received = new WeakMap<object, HttpEvent>();
  const finish = (request: HttpRequest, stack?: string) => {
    const { outcome, errorName: failure, inquiryId, body, ...response } = request.response as Reply;
    const event = received.get(request) ?? request.event;
    // A new response and headers: handlers answer with replies they built once per cold start.
    const headers = { ...response.headers, 'X-Content-Type-Options': 'nosniff' };
    request.response = {
      ...response,
      headers,
      // A HEAD keeps the GET's body: Content-Length is API Gateway's to set (a reserved header), from
      // the body the function returns, and it sends none of that body (RFC 9110 §9.3.2).
      ...(body === undefined ? {} : { body }),
    };
    writeRequestLine({
      route: event.routeKey,
      status: response.statusCode,
      outcome: outcome ?? 'unexpected_error',
      latencyMs: Math.round(performance.now() - (startedAt.get(request) ?? performance.now())),
      requestId: request.context.awsRequestId,
      ...(failure === undefined ? {} : { errorName: failure }),
      ...(inquiryId === undefined ? {} : { inquiryId }),
      ...(stack === undefined ? {} : { stack }),
    });
  };
  return {
    before: (request) => {
      startedAt.set(request, performance.now());
      received.set(request, request.event);
      if (frontDoor !== undefined) {
        if (!frontDoor.accepts(requestHeader(request.event, ORIGIN_VERIFY_HEADER))) {
          request.response = forbidden(request.context.awsRequestId);
          finish(request);
          return request.response;
        }
        // CloudFront adds it to every request it forwards, once its origin request policy says so:
        // without it the per-IP limit would count the edge, not the visitor (docs/api.md §10).
        if (!requestHeader(request.event, VIEWER_ADDRESS_HEADER)) {
          writeWarning('front door sent no CloudFront-Viewer-Address', { requestId: request.context.awsRequestId }, 'ViewerAddressMissing');
        }
      }
      request.event = asGetWhenHead(request.event);
      return undefined;
    },
    after: (request) => finish(request),
    onError: (request) => {
      const error = request.error;
      const requestId = request.context.awsRequestId;
      const reply: Reply = {
        ...(error?.name === 'TimeoutError'
          ? unavailableReply(
              'This took too long on our side; please try again shortly.',
              requestId,
              'timed_out',
            )
          : problemReply(
              {
                status: 500,
                code: 'internal_error',
                detail: INTERNAL_ERROR_DETAIL,
                requestId,
              },
              NO_STORE,
              'unexpected_error',
            )),
        errorName: errorName(error),
      };
      request.response = reply;
      finish(request, stackFrames(error));
    },
  };
}

/**
 * Only the front door may call the API (docs/api.md §10): a request that went around it is refused
 * before any work, so its claimed client address is never read.
 */
function forbidden(requestId: string): Reply {
  return problemReply(
    { status: 403, code: 'forbidden', detail: 'This service is only served through its site.', requestId },
    NO_STORE,
    'forbidden',
  );
}

/** A HEAD route is answered by its GET (docs/api.md §1): the handler sees the GET. */
function asGetWhenHead(event: HttpEvent): HttpEvent {
  if (!event.routeKey.startsWith('HEAD ')) return event;
  return {
    ...event,
    routeKey: `GET ${event.routeKey.slice('HEAD '.length)}`,
    requestContext: { ...event.requestContext, http: { ...event.requestContext.http, method: 'GET' } },
  };
}

/** The request body as bytes, whether the platform passed it as text or base64. */
export function requestBody(event: HttpEvent): Uint8Array {
  if (event.body === undefined) return new Uint8Array();
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** A request header by its lower-case name (API Gateway v2 and Node both lower-case names). */
export function requestHeader(event: HttpEvent, name: string): string | undefined {
  return event.headers?.[name];
}
