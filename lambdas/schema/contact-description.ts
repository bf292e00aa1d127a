import type { SiteSettings } from '../config.js';
import { REMEMBER_SECONDS } from '../inquiry/idempotency-key.js';
import { inquiryToolDescription } from '../inquiry/inquiry-tool.js';
import { contactRequestSchema } from '../inquiry/schema.js';
import { siteUrls } from '../site-urls.js';

/** The document at `GET /api/contact` (docs/api.md §3, §11): how to call the contact endpoint. */
export function contactDescription(site: SiteSettings) {
  const { limits } = site;
  return {
    name: 'contact',
    description: inquiryToolDescription(site.siteName),
    method: 'POST',
    url: siteUrls(site.baseUrl).contactApi,
    contentType: 'application/json',
    authentication: 'none',
    rateLimits: [
      { scope: 'ip', limit: limits.ip, windowSeconds: limits.windowSeconds },
      { scope: 'email', limit: limits.email, windowSeconds: limits.windowSeconds },
    ],
    idempotencyKey: {
      header: 'Idempotency-Key',
      required: false,
      rememberedSeconds: REMEMBER_SECONDS,
      description:
        'A quoted or bare string of 1 to 255 printable ASCII characters; a repeat with the same key and body gets the first answer again, marked Idempotency-Replayed: true, and sends nothing.',
    },
    requestSchema: contactRequestSchema(site.baseUrl, site.extraFields),
  };
}
