/**
 * UTF-8, refusing what is not; one byte order mark (U+FEFF) at the very start is dropped, as RFC
 * 8259 §8.1 lets a parser do and as the WHATWG UTF-8 decode (what a browser's `Response.json()`
 * reads with) does: a body saved by an editor that writes one is still read (docs/api.md §1,
 * "Request bodies"). Anywhere else U+FEFF is no JSON white space, and the text is not JSON.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A request body as a JSON object, or undefined when it is not UTF-8 JSON or not an object. */
export function parseJsonObject(body: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(body));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A request body as whatever JSON value it holds, or undefined when it is not UTF-8 JSON: for the
 * MCP endpoint, which tells an array (a batch) from an object itself.
 */
export function parseJson(body: Uint8Array): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(strictUtf8.decode(body)) as unknown };
  } catch {
    return undefined;
  }
}
