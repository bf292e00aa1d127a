/** The names every machine gives its own loopback interface, as URL gives them (`[::1]` in brackets). */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Whether a URL's hostname names this machine's loopback. */
export function isLoopbackName(hostname: string): boolean {
  return (LOOPBACK_NAMES as readonly string[]).includes(hostname.toLowerCase());
}

/** Whether an origin (`http://localhost:8080`) is one of this machine's loopback: a preview's. */
export function isLoopbackOrigin(origin: string): boolean {
  return URL.canParse(origin) && isLoopbackName(new URL(origin).hostname);
}
