import { siteUrls } from '../site-urls.js';

/**
 * The `WWW-Authenticate` header of a future protected API's 401 (RFC 9728 §5.1, docs/api.md §5):
 * Bearer first, pointing at the protected resource metadata. The URL needs no escaping inside the
 * quotes: `{base}` is an origin (config.ts checks it), which never holds `"` or `\`.
 */
export function bearerChallenge(baseUrl: string): { readonly 'WWW-Authenticate': string } {
  return { 'WWW-Authenticate': `Bearer resource_metadata="${siteUrls(baseUrl).protectedResourceMetadata}"` };
}
