import type { RateLimits } from '../config.js';
import { problemReply, unavailableReply } from '../http/problem.js';
import { jsonReply, NO_STORE, type Reply } from '../http/reply.js';
import { NOTICES, waitInWords } from '../page/form-messages.js';
import type { RateLimitStatus } from './rate-limiter.js';
import { MAX_BODY_SIZE, type RejectionReason } from './read-body.js';
import type { ContactOutcome } from './submit-inquiry.js';

/** The answer to each body that is refused before its fields are read. */
export const REJECTIONS: Readonly<Record<RejectionReason, { status: number; detail: string }>> = {
  payload_too_large: { status: 413, detail: `The request body is larger than ${MAX_BODY_SIZE}.` },
  unsupported_media_type: {
    status: 415,
    detail: 'Send the inquiry as Content-Type: application/json (charset utf-8, if any).',
  },
  malformed_json: { status: 400, detail: 'The request body is not a JSON object.' },
};

/** The contract's answer (docs/api.md §2 and §4) to each outcome of a contact POST. */
export function contactReply(outcome: ContactOutcome, requestId: string, limits: RateLimits): Reply {
  switch (outcome.kind) {
    case 'delivered':
      return jsonReply(
        202,
        { status: 'accepted', id: requestId },
        { ...NO_STORE, ...rateLimitHeaders(outcome.rateLimit, limits) },
        'delivered',
      );
    case 'rejected': {
      const { status, detail } = REJECTIONS[outcome.reason];
      return problemReply(
        { status, code: outcome.reason, detail, requestId },
        { ...NO_STORE, ...rateLimitHeaders(outcome.rateLimit, limits) },
      );
    }
    case 'invalid':
      return problemReply(
        {
          status: 422,
          code: 'validation_failed',
          detail: 'Some fields are missing or not valid; see errors.',
          requestId,
          extensions: { errors: outcome.errors },
        },
        { ...NO_STORE, ...rateLimitHeaders(outcome.rateLimit, limits) },
        outcome.errors.some((error) => error.code === 'honeypot') ? 'honeypot' : 'validation_failed',
      );
    case 'rate_limited': {
      const { scope, resetSeconds } = outcome.rateLimit;
      return problemReply(
        {
          status: 429,
          code: 'rate_limited',
          detail: `Too many inquiries ${scope === 'ip' ? 'from your network' : 'for this e-mail address'}; please try again in ${waitInWords(resetSeconds)}.`,
          requestId,
          extensions: { scope },
        },
        { ...NO_STORE, 'Retry-After': String(resetSeconds), ...rateLimitHeaders(outcome.rateLimit, limits) },
        `rate_limited_${scope}`,
      );
    }
    case 'unavailable':
      return {
        ...unavailableReply(
          'Your inquiry could not be delivered just now and was not sent; please try again shortly.',
          requestId,
          outcome.dependency === 'mail_service' ? 'delivery_failed' : 'counter_store_failed',
        ),
        errorName: outcome.errorName,
      };
    case 'delivery_unknown':
      return { ...unavailableReply(NOTICES.deliveryUnknown, requestId, 'delivery_unknown'), errorName: outcome.errorName };
  }
}

/** draft-ietf-httpapi-ratelimit-headers-10: the policies, and the scope closest to its limit. */
function rateLimitHeaders(status: RateLimitStatus, limits: RateLimits): Record<string, string> {
  return {
    'RateLimit-Policy': rateLimitPolicy(limits),
    RateLimit: `"${status.scope}";r=${status.remaining};t=${status.resetSeconds}`,
  };
}

/** The `RateLimit-Policy` field of every answer that carries the RateLimit fields. */
export function rateLimitPolicy(limits: RateLimits): string {
  return `"ip";q=${limits.ip};w=${limits.windowSeconds}, "email";q=${limits.email};w=${limits.windowSeconds}`;
}
