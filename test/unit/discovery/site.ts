import { readSiteSettings, type SiteSettings } from '../../../lambdas/config.js';

/** A site configured away from every default, so each setting visibly reaches the documents. */
export const site: SiteSettings = readSiteSettings({
  BASE_URL: 'https://ada.example.org',
  SITE_NAME: "Ada's workshop",
  RATE_LIMIT_IP: '7',
  RATE_LIMIT_EMAIL: '2',
});
