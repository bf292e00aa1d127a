/** The names every machine gives its own loopback interface, as URL gives them (`[::1]` in brackets). */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * Whether a URL's hostname names this machine's loopback: one of LOOPBACK_NAMES, a name under
 * `localhost.` (RFC 6761 §6.3), or an address of 127.0.0.0/8, as URL writes it.
 */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (LOOPBACK_NAMES as readonly string[]).includes(name) || name.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Whether a URL or an origin (`http://localhost:8080`) names this machine's loopback, on any port: a preview's. */
export function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && isLoopbackName(new URL(url).hostname);
}
