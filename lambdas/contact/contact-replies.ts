import type { RateLimits } from '../inquiry/limits.js';
import { problemReply, unavailableReply } from '../http/problem.js';
import { jsonReply, NO_STORE, type Reply } from '../http/reply.js';
import { ANSWER_DETAILS, rateLimitedDetail, type RejectionReason } from '../inquiry/answer-details.js';
import { rateLimitPolicy } from '../inquiry/limits.js';
import type { RateLimitStatus } from '../intake/rate-limiter.js';
import type { ContactOutcome } from '../intake/submit-inquiry.js';

/** The status of each body that is refused before its fields are read. */
const REJECTION_STATUS: Readonly<Record<RejectionReason, number>> = {
  payload_too_large: 413,
  unsupported_content_encoding: 415,
  unsupported_media_type: 415,
  malformed_json: 400,
};

/** The contract's answer (docs/api.md §2 and §4) to each outcome of a contact POST. */
export function contactReply(outcome: ContactOutcome, requestId: string, limits: RateLimits): Reply {
  switch (outcome.kind) {
    case 'accepted':
      return {
        // Found stored already: the same answer, in the log as the replay it is, not a second inquiry accepted.
        ...jsonReply(202, { status: 'accepted', id: outcome.inquiryId }, { ...NO_STORE, ...rateLimitHeaders(outcome.rateLimit, limits) }, outcome.again ? 'replayed' : 'accepted'),
        inquiryId: outcome.inquiryId,
      };
    case 'rejected':
      return problemReply(
        { status: REJECTION_STATUS[outcome.reason], code: outcome.reason, detail: ANSWER_DETAILS[outcome.reason], requestId },
        {
          ...NO_STORE,
          // RFC 9110 §15.5.16: a 415 for a content coding names the codings that are accepted.
          ...(outcome.reason === 'unsupported_content_encoding' ? { 'Accept-Encoding': 'identity' } : {}),
          ...rateLimitHeaders(outcome.rateLimit, limits),
        },
        outcome.reason,
      );
    case 'invalid':
      return problemReply(
        {
          status: 422,
          code: 'validation_failed',
          detail: ANSWER_DETAILS.validation_failed,
          requestId,
          extensions: { errors: outcome.errors },
        },
        { ...NO_STORE, ...rateLimitHeaders(outcome.rateLimit, limits) },
        outcome.errors.some((error) => error.code === 'honeypot') ? 'honeypot' : 'validation_failed',
      );
    case 'rate_limited': {
      const { scope, resetSeconds } = outcome.rateLimit;
      return problemReply(
        { status: 429, code: 'rate_limited', detail: rateLimitedDetail(scope, resetSeconds), requestId, extensions: { scope } },
        { ...NO_STORE, 'Retry-After': String(resetSeconds), ...rateLimitHeaders(outcome.rateLimit, limits) },
        `rate_limited_${scope}`,
      );
    }
    case 'unavailable':
      return {
        ...unavailableReply(
          ANSWER_DETAILS.temporarily_unavailable,
          requestId,
          outcome.dependency === 'inquiry_store' ? 'inquiry_store_failed' : 'counter_store_failed',
        ),
        errorName: outcome.errorName,
      };
  }
}

/** draft-ietf-httpapi-ratelimit-headers-10: the policies, and the scope closest to its limit. */
function rateLimitHeaders(status: RateLimitStatus, limits: RateLimits): Record<string, string> {
  return {
    'RateLimit-Policy': rateLimitPolicy(limits),
    RateLimit: `"${status.scope}";r=${status.remaining};t=${status.resetSeconds}`,
  };
}
