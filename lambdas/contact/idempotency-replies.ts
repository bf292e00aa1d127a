import { problemReply, unavailableReply } from '../http/problem.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { ANSWER_DETAILS } from '../inquiry/answer-details.js';
import { CONTACT_TIMEOUT_SECONDS } from './time-budget.js';

/** The answers of docs/api.md §11 that come from the key itself, not from the inquiry. */
export const idempotencyReplies = {
  invalid: (requestId: string): Reply =>
    problemReply(
      { status: 400, code: 'invalid_idempotency_key', detail: ANSWER_DETAILS.invalid_idempotency_key, requestId },
      NO_STORE,
      'invalid_idempotency_key',
    ),
  reused: (requestId: string): Reply =>
    problemReply(
      { status: 422, code: 'idempotency_key_reused', detail: ANSWER_DETAILS.idempotency_key_reused, requestId },
      NO_STORE,
      'idempotency_key_reused',
    ),
  // The first request holds the key at most as long as the function may run.
  inProgress: (requestId: string): Reply =>
    problemReply(
      { status: 409, code: 'request_in_progress', detail: ANSWER_DETAILS.request_in_progress, requestId },
      { ...NO_STORE, 'Retry-After': String(CONTACT_TIMEOUT_SECONDS) },
      'request_in_progress',
    ),
  unavailable: (requestId: string, errorName: string): Reply => ({
    ...unavailableReply(ANSWER_DETAILS.idempotency_store_failed, requestId, 'idempotency_store_failed'),
    errorName,
  }),
};
