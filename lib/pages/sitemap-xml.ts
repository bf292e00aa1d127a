import { NOT_FOUND_PAGE } from '../front-door-paths.js';
import { isPageKey, nameWithoutHtml, pagePath } from './site-pages.js';

/** The sitemaps protocol's limit on the URLs of one file (sitemaps.org, "Sitemap file location"). */
export const MAX_SITEMAP_URLS = 50_000;

/** What the generated sitemap lists, and the pages past the protocol's limit that it leaves out. */
export interface Sitemap {
  readonly xml: string;
  readonly leftOut: number;
}

/**
 * The sitemap of a site that has none (sitemaps.org protocol 0.9): the absolute URL of each of its
 * pages (lib/pages/site-pages.ts) but the page of every 404, as visitors reach them, in key order, at most the protocol's
 * 50 000: a page named in `pagesWithoutHtml` (`about` for about.html, one the front door's function
 * reaches without `.html` and the site links so: siteSitemap, lib/pages/agent-files.ts) at that path. Each URL is the percent-encoded
 * path after `{base}`, entity-escaped as the protocol asks.
 * No `lastmod`: the protocol makes it optional, and the only date at hand, a file's time, is
 * when the generator last wrote it, not when the page changed.
 */
export function sitemapXml(baseUrl: string, keys: Iterable<string>, pagesWithoutHtml: ReadonlySet<string>): Sitemap {
  const pages = [...keys].filter((key) => isPageKey(key) && key !== NOT_FOUND_PAGE).sort();
  const listed = pages.slice(0, MAX_SITEMAP_URLS);
  const path = (key: string) => {
    const name = nameWithoutHtml(key);
    return pagePath(name !== undefined && pagesWithoutHtml.has(name) ? name : key);
  };
  const urls = listed.map((key) => `  <url><loc>${escapeXml(`${baseUrl}${path(key)}`)}</loc></url>`);
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((url) => `${url}\n`).join('')}</urlset>\n`,
    leftOut: pages.length - listed.length,
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
