/** The names every machine gives its own loopback interface, as URL gives them (`[::1]` in brackets). */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Whether a URL's hostname names this machine's loopback. */
export function isLoopbackName(hostname: string): boolean {
  return (LOOPBACK_NAMES as readonly string[]).includes(hostname.toLowerCase());
}

/** Whether a URL or an origin (`http://localhost:8080`) names this machine's loopback, on any port: a preview's. */
export function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && isLoopbackName(new URL(url).hostname);
}
