import { payloadTooLargeDetail } from '../body-limit.js';
import type { Outcome } from './outcome.js';
import { jsonReply, NO_STORE, RETRY_AFTER_SECONDS, type Reply } from './reply.js';

/** RFC 9110 reason phrases of the statuses this service answers with: every problem's `title`. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Every machine code a problem answer carries (docs/api.md §1): what programs read, never `detail`. */
export type ProblemCode =
  | 'malformed_json'
  | 'invalid_idempotency_key'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_in_progress'
  | 'payload_too_large'
  | 'unsupported_content_encoding'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'internal_error'
  | 'temporarily_unavailable';

export interface Problem {
  readonly status: number;
  readonly code: ProblemCode;
  /** One sentence for a person. */
  readonly detail: string;
  readonly requestId: string;
  /** Members beyond the standard ones: `errors` for validation, `scope` for 429. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/** The detail of a 500, on every route (docs/api.md §1). */
export const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side; please try again later.';

/** An RFC 9457 problem details answer, the shape of every error of the site's own routes. */
export function problemReply(problem: Problem, headers: Record<string, string>, outcome: Outcome): Reply {
  const { status, code, detail, requestId, extensions } = problem;
  const title = REASON_PHRASES[status];
  if (title === undefined) throw new Error(`No reason phrase for status ${status}`);
  const body = { type: 'about:blank', title, status, detail, code, requestId, ...extensions };
  return jsonReply(status, body, { ...headers, 'Content-Type': PROBLEM_CONTENT_TYPE }, outcome);
}

/** The 503 of a request that could not be finished, because a dependency failed or time ran out: try again later. */
export function unavailableReply(detail: string, requestId: string, outcome: Outcome): Reply {
  return problemReply(
    { status: 503, code: 'temporarily_unavailable', detail, requestId },
    { ...NO_STORE, 'Retry-After': String(RETRY_AFTER_SECONDS) },
    outcome,
  );
}

/**
 * The 413 of a body over a function's limit (docs/api.md §1, "Request bodies"), refused before it is
 * parsed. The contact function words its own, with its rate-limit fields, from the same detail.
 */
export function payloadTooLargeReply(maxBytes: number, requestId: string): Reply {
  return problemReply({ status: 413, code: 'payload_too_large', detail: payloadTooLargeDetail(maxBytes), requestId }, NO_STORE, 'payload_too_large');
}
