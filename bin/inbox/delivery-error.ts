/** The names JavaScript and the SDK give errors of their own, which a send may end in before SES answers. */
const PROGRAM_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'ReferenceError', 'SyntaxError', 'AbortError', 'UnknownError']);

/**
 * Why the delivery worker last failed to send an inquiry (its `lastError`, docs/api.md §14), in
 * the owner's words: SES's own answer by its code (`MessageRejected`), a connection by its socket's
 * code, the worker's own reasons, never an error's class name (`TimeoutError`).
 */
export function deliveryErrorWords(lastError: string): string {
  if (lastError === 'TimeoutError') return 'no answer from SES in time';
  if (lastError === 'ClaimExpired') return 'its worker stopped before it recorded the send';
  if (/^E[A-Z]+$/.test(lastError)) return `no answer from SES (${lastError})`;
  if (PROGRAM_ERRORS.has(lastError)) return "the worker failed before SES answered (its log group, the LogsDelivery output, says why)";
  return `SES answered ${lastError}`;
}
