import { readFileSync } from 'node:fs';
import { SITEMAP_XML, sitemapLocs } from './agent-files.js';
import type { SiteFiles } from './site-files.js';

/**
 * A note when the folder's own sitemap names its pages at another origin than the site's
 * (`baseUrl`): a generator writes its base URL there, and in its canonical links and feeds, so a
 * site that moved (from `example.com` to `www.example.com`, say) sends search engines and agents
 * to each page through a redirect, or to the old host. None without an own sitemap, or where the
 * site's origin is known at deploy only (the distribution's own domain).
 */
export function sitemapAddressNote(site: Pick<SiteFiles, 'files'>, baseUrl: string, setting: string): string | undefined {
  const file = site.files.get(SITEMAP_XML);
  if (file === undefined || !URL.canParse(baseUrl)) return undefined;
  const [loc] = sitemapLocs(readFileSync(file, 'utf8'));
  if (loc === undefined || !URL.canParse(loc)) return undefined;
  const named = new URL(loc).origin;
  const own = new URL(baseUrl).origin;
  if (named === own) return undefined;
  return (
    `${setting}: sitemap.xml names your pages at ${named}, where the site is ${own}: set your generator's base URL to ${own} ` +
    "(Hugo's baseURL, Jekyll's url, Astro's site, MkDocs' site_url) and build again, so that its canonical links and feeds name it too, not an address that redirects or is gone"
  );
}
