/**
 * A page's bytes as text, or undefined when they are not UTF-8: a form page is answered in UTF-8,
 * so one in another encoding is refused where it is read, never sent garbled. A byte order mark is
 * dropped, as a browser drops it.
 */
export function utf8PageText(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
