import type { RateLimits } from '../inquiry/limits.js';
import { INTERNAL_ERROR_DETAIL, REASON_PHRASES, type ProblemCode } from '../http/problem.js';
import { ANSWER_DETAILS, MAX_BODY_SIZE, rateLimitedDetail } from '../inquiry/answer-details.js';

/** The request id the examples show; a real one is a fresh UUID per request. */
export const EXAMPLE_REQUEST_ID = '5f0c6f5e-2b7a-4c1e-9d3b-8a4e2f6b1c70';

/** The longest wait a 503 asks for (docs/api.md §2: 1 to 300 seconds). */
const MAX_UNAVAILABLE_RETRY_AFTER = 300;

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

interface ProblemExample {
  readonly detail: string;
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/** One status of POST /api/contact answered with a problem: each `code` it may carry, with an example. */
interface ProblemAnswer {
  readonly description: string;
  readonly examples: Readonly<Partial<Record<ProblemCode, ProblemExample>>>;
  readonly headers: Readonly<Record<string, unknown>>;
  /** Schemas of the members beyond RFC 9457's and `code` and `requestId`. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly requiredExtensions?: readonly string[];
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

function retryAfter(description: string, maximum?: number) {
  return {
    description: `Seconds to wait before trying again: ${description}`,
    required: true,
    schema: { type: 'integer', minimum: 1, ...(maximum === undefined ? {} : { maximum }) },
  };
}

/**
 * Every answer of `POST /api/contact` (docs/api.md §2, §4 and §11) as OpenAPI Response Objects:
 * the 202, and each problem status with the codes it carries, its headers and an example per code.
 */
export function contactAnswers(limits: RateLimits) {
  const counted = { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') };
  const final = { ...counted, 'Idempotency-Replayed': header('Idempotency-Replayed') };
  // 400, 409 and 422 are also the answers to a key itself, given before any counter is asked.
  const maybeCounted = {
    RateLimit: header('RateLimit-WhenCounted'),
    'RateLimit-Policy': header('RateLimit-Policy-WhenCounted'),
    'Idempotency-Replayed': header('Idempotency-Replayed'),
  };
  return {
    202: {
      description:
        'Accepted: the inquiry is stored, and the service delivers it to the owner by e-mail, retrying until the mail service takes it. `id` is the inquiry’s id, also in the owner’s e-mail.',
      headers: final,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Accepted' },
          examples: { accepted: { value: { status: 'accepted', id: EXAMPLE_REQUEST_ID } } },
        },
      },
    },
    400: problemResponse(400, {
      description: 'The body is not a JSON object, or the `Idempotency-Key` header is not a valid key.',
      examples: {
        malformed_json: { detail: ANSWER_DETAILS.malformed_json },
        invalid_idempotency_key: { detail: ANSWER_DETAILS.invalid_idempotency_key },
      },
      headers: maybeCounted,
    }),
    409: problemResponse(409, {
      description: 'A POST with the same `Idempotency-Key` is still being handled: wait, then send it again.',
      examples: {
        request_in_progress: { detail: ANSWER_DETAILS.request_in_progress },
      },
      headers: { 'Retry-After': retryAfter('the first request will have been answered by then.') },
    }),
    413: problemResponse(413, {
      description: `The body is larger than ${MAX_BODY_SIZE}.`,
      examples: { payload_too_large: { detail: ANSWER_DETAILS.payload_too_large } },
      headers: final,
    }),
    415: problemResponse(415, {
      description:
        'The body is not sent as `application/json` (with `charset=utf-8`, if any), or it is sent with a `Content-Encoding` (gzip, br, …), which the service does not decode.',
      examples: {
        unsupported_media_type: { detail: ANSWER_DETAILS.unsupported_media_type },
        unsupported_content_encoding: { detail: ANSWER_DETAILS.unsupported_content_encoding },
      },
      headers: {
        ...final,
        'Accept-Encoding': {
          description: 'With `unsupported_content_encoding`: the only content coding the service reads (RFC 9110 §15.5.16).',
          required: false,
          schema: { type: 'string', const: 'identity' },
        },
      },
    }),
    422: problemResponse(422, {
      description:
        'Fields break the schema (`validation_failed`, with `errors`; the honeypot included), or the `Idempotency-Key` was used before with another body (`idempotency_key_reused`).',
      examples: {
        validation_failed: {
          detail: ANSWER_DETAILS.validation_failed,
          extensions: {
            errors: [
              {
                field: 'email',
                code: 'invalid_email',
                message: 'email must be an e-mail address such as name@example.com.',
                userMessage: 'Enter an e-mail address such as name@example.com.',
              },
              { field: 'phone', code: 'unknown_field', message: 'phone is not a field of this form.', userMessage: 'phone is not a field of this form.' },
            ],
          },
        },
        idempotency_key_reused: { detail: ANSWER_DETAILS.idempotency_key_reused },
      },
      headers: maybeCounted,
      extensions: {
        errors: {
          description:
            'With `validation_failed`: every violated field once, in the order of the schema’s properties, unknown fields last in body order (at most 10 of them).',
          type: 'array',
          minItems: 1,
          items: { $ref: '#/components/schemas/FieldError' },
        },
      },
    }),
    429: problemResponse(429, {
      description: `Over a limit: ${limits.ip} POSTs per client IP address, or ${limits.email} valid inquiries per e-mail address, per window. Not delivered, and counted in neither.`,
      examples: {
        rate_limited: {
          detail: rateLimitedDetail('ip', 1500),
          extensions: { scope: 'ip' },
        },
      },
      headers: { ...counted, 'Retry-After': retryAfter('to the end of the window.', limits.windowSeconds) },
      extensions: { scope: { description: 'The limit that refused the request.', type: 'string', enum: ['ip', 'email'] } },
      requiredExtensions: ['scope'],
    }),
    500: problemResponse(500, {
      description: 'An unexpected error on the service’s side.',
      examples: { internal_error: { detail: INTERNAL_ERROR_DETAIL } },
      headers: {},
    }),
    503: problemResponse(503, {
      description:
        'The counter store or the inquiry store failed, and the inquiry was not accepted: send it again after `Retry-After`; with the same `Idempotency-Key`, a retry can never store it twice.',
      examples: { temporarily_unavailable: { detail: ANSWER_DETAILS.temporarily_unavailable } },
      headers: { 'Retry-After': retryAfter('the service expects to be back by then.', MAX_UNAVAILABLE_RETRY_AFTER) },
    }),
  };
}

/** An RFC 9457 problem answer whose `status` and `title` are fixed and whose `code` is one of its own. */
function problemResponse(status: number, answer: ProblemAnswer) {
  const title = REASON_PHRASES[status];
  return {
    description: answer.description,
    headers: answer.headers,
    content: {
      [PROBLEM_MEDIA_TYPE]: {
        schema: {
          description: 'RFC 9457 problem details, with a machine-readable `code` and the request id.',
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'code', 'requestId', ...(answer.requiredExtensions ?? [])],
          additionalProperties: false,
          properties: {
            type: { type: 'string', const: 'about:blank' },
            title: { type: 'string', const: title },
            status: { type: 'integer', const: status },
            detail: { description: 'What went wrong, in one sentence for a person.', type: 'string' },
            code: { description: 'What went wrong, for a program.', type: 'string', enum: Object.keys(answer.examples) },
            requestId: { $ref: '#/components/schemas/RequestId' },
            ...answer.extensions,
          },
        },
        examples: Object.fromEntries(
          Object.entries(answer.examples).map(([code, { detail, extensions }]) => [
            code,
            { value: { type: 'about:blank', title, status, detail, code, requestId: EXAMPLE_REQUEST_ID, ...extensions } },
          ]),
        ),
      },
    },
  };
}
