import { bodyLimitInWords, payloadTooLargeDetail } from '../body-limit.js';
import type { RateLimitScope } from './limits.js';
import { waitInWords } from './form-messages.js';

/** Bodies over 64 KiB are refused unread (docs/api.md §2). */
export const MAX_BODY_BYTES = 64 * 1024;

/** MAX_BODY_BYTES as the answers word it. */
export const MAX_BODY_SIZE = bodyLimitInWords(MAX_BODY_BYTES);

/** Why a body is refused before its fields are read. */
export type RejectionReason = 'payload_too_large' | 'unsupported_content_encoding' | 'unsupported_media_type' | 'malformed_json';

/**
 * The `detail` of each problem answer of `POST /api/contact` (docs/api.md §2, §11): one sentence
 * for a person. The replies (contact/) and the OpenAPI document's examples (schema/) both read
 * them here, so an example always shows the server's own words.
 */
export const ANSWER_DETAILS = {
  payload_too_large: payloadTooLargeDetail(MAX_BODY_BYTES),
  unsupported_content_encoding: 'The request body has a Content-Encoding (such as gzip), which this service does not decode; send it uncompressed.',
  unsupported_media_type: 'Send the inquiry as Content-Type: application/json (charset utf-8, if any).',
  malformed_json: 'The request body is not a JSON object.',
  validation_failed: 'Some fields are missing or not valid; see errors.',
  temporarily_unavailable: 'Your inquiry could not be accepted just now; please try again shortly.',
  invalid_idempotency_key: 'The Idempotency-Key header must be a quoted or bare string of 1 to 255 printable ASCII characters.',
  idempotency_key_reused: 'This Idempotency-Key was already used with a different request body; use a new key for a new inquiry.',
  request_in_progress: 'A request with this Idempotency-Key is still being handled; send it again once that one has been answered.',
  idempotency_store_failed: 'Your inquiry could not be handled just now and was not stored; please try again shortly.',
} as const satisfies Readonly<Record<RejectionReason, string> & Record<string, string>>;

/** The 429's detail: which limit, and how long to wait. */
export function rateLimitedDetail(scope: RateLimitScope, resetSeconds: number): string {
  return `Too many inquiries ${scope === 'ip' ? 'from your network' : 'for this e-mail address'}; please try again in ${waitInWords(resetSeconds)}.`;
}
