const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

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
