import { problemReply, unavailableReply } from '../http/problem.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { CONTACT_TIMEOUT_SECONDS } from './time-budget.js';

/** The answers of docs/api.md §11 that come from the key itself, not from the inquiry. */
export const idempotencyReplies = {
  invalid: (requestId: string): Reply =>
    problemReply(
      {
        status: 400,
        code: 'invalid_idempotency_key',
        detail: 'The Idempotency-Key header must be a quoted or bare string of 1 to 255 printable ASCII characters.',
        requestId,
      },
      NO_STORE,
    ),
  reused: (requestId: string): Reply =>
    problemReply(
      {
        status: 422,
        code: 'idempotency_key_reused',
        detail: 'This Idempotency-Key was already used with a different request body; use a new key for a new inquiry.',
        requestId,
      },
      NO_STORE,
    ),
  // The first request holds the key at most as long as the function may run.
  inProgress: (requestId: string): Reply =>
    problemReply(
      {
        status: 409,
        code: 'request_in_progress',
        detail: 'A request with this Idempotency-Key is still being handled; send it again once that one has been answered.',
        requestId,
      },
      { ...NO_STORE, 'Retry-After': String(CONTACT_TIMEOUT_SECONDS) },
    ),
  unavailable: (requestId: string, errorName: string): Reply => ({
    ...unavailableReply(
      'Your inquiry could not be handled just now and was not sent; please try again shortly.',
      requestId,
      'idempotency_store_failed',
    ),
    errorName,
  }),
};
