/**
 * The MCP server as every document names it (docs/api.md §17): its endpoint's `initialize` answer
 * and its Server Card say the same name, version and protocol revisions.
 */

/**
 * The MCP revisions the endpoint speaks, newest first: those whose Streamable HTTP takes one
 * JSON-RPC message per POST (2025-06-18 removed batches), up to the newest the official TypeScript
 * SDK implements (1.32.2: 2025-11-25).
 */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

/** The server's version: it changes when its tool's contract does. */
export const MCP_SERVER_VERSION = '1.0.0';

/**
 * The server's name in the reverse-DNS form a Server Card requires (`com.example/contact` for
 * `https://example.com`): the site's host, labels reversed, and what the server is for.
 */
export function mcpServerName(baseUrl: string): string {
  const labels = new URL(baseUrl).hostname.split('.').reverse().join('.');
  // A bracketed IPv6 host (local mode) holds characters the form does not allow.
  return `${labels.replace(/[^a-zA-Z0-9.-]/g, '-')}/contact`;
}

/** A Server Card's title holds at most 100 characters; a site's name, 120. */
const MAX_TITLE_LENGTH = 100;

/** The server's title, for people: the site's name, cut to what a Server Card holds (`…` marks a cut). */
export function mcpServerTitle(siteName: string): string {
  const characters = Array.from(siteName);
  return characters.length <= MAX_TITLE_LENGTH ? siteName : `${characters.slice(0, MAX_TITLE_LENGTH - 1).join('')}…`;
}
