import { isOverBodyLimit } from '../body-limit.js';
import { httpHandler, requestBody, requestHeader } from '../http/handler.js';
import { payloadTooLargeReply } from '../http/problem.js';
import { routeEntry } from '../http/route-entry.js';
import type { RouteKeyOf } from '../routes.js';
import { createRegistrationService } from './dependencies.js';
import { RESERVED_MAX_BODY_BYTES, type Refusal, type ReservedRequest } from './registration-service.js';
import { refusalReply } from './refusal-reply.js';

type Answer = (request: ReservedRequest) => Promise<Refusal>;

const registration = createRegistrationService();

const answers: Readonly<Record<RouteKeyOf<'agent'>, Answer>> = {
  'POST /agent/auth': (request) => registration.register(request),
  'POST /agent/auth/claim': (request) => registration.claim(request),
  'POST /agent/auth/revoke': (request) => registration.revoke(request),
  'GET /oauth/authorize': (request) => registration.authorize(request),
  'POST /oauth/token': (request) => registration.token(request),
};

/**
 * The reserved agent-registration and OAuth routes (docs/api.md §5): answered, never granted. A body
 * over the routes' limit gets the contract's 413 before the service sees it.
 */
export const handler = httpHandler(async (event, context) => {
  const answer = routeEntry(answers, event);
  const body = requestBody(event);
  if (isOverBodyLimit(body, RESERVED_MAX_BODY_BYTES)) return payloadTooLargeReply(RESERVED_MAX_BODY_BYTES, context.awsRequestId);
  const request: ReservedRequest = {
    body,
    contentType: requestHeader(event, 'content-type'),
    query: new URLSearchParams(event.rawQueryString),
  };
  return refusalReply(await answer(request));
});
