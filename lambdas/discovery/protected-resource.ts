import type { SiteSettings } from '../config.js';
import { siteUrls } from '../site-urls.js';

/**
 * `GET /.well-known/oauth-protected-resource` (RFC 9728, docs/api.md §5): the site is its own
 * resource and its own authorization server, documented by llms.txt.
 */
export function protectedResourceMetadata(site: SiteSettings) {
  const urls = siteUrls(site.baseUrl);
  return {
    resource: urls.resource,
    resource_name: site.siteName,
    authorization_servers: [urls.issuer],
    bearer_methods_supported: ['header'],
    resource_documentation: urls.llmsTxt,
  };
}
