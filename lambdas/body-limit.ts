/**
 * The one rule of a function with a body limit of its own (docs/api.md §1, "Request bodies"): a
 * body over the limit is refused with 413 `payload_too_large` before a byte of it is parsed, and
 * the answer names the limit. The contact function and the reserved routes' function each have one.
 */
export function isOverBodyLimit(body: Uint8Array, maxBytes: number): boolean {
  return body.byteLength > maxBytes;
}

/** A limit as the answers word it: `64 KiB`. */
export function bodyLimitInWords(maxBytes: number): string {
  return `${maxBytes / 1024} KiB`;
}

/** The `detail` of a 413 `payload_too_large`, on every route that answers one. */
export function payloadTooLargeDetail(maxBytes: number): string {
  return `The request body is larger than ${bodyLimitInWords(maxBytes)}.`;
}
