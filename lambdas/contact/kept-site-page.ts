import type { SitePage } from './site-page-fetch.js';

/**
 * How long a warm function keeps an existing site's form page it fetched: a flood of refused posts
 * (or of posts from another site, which no counter limits) asks the site once a minute at most,
 * whose host may count its bandwidth. A failure is kept a quarter as long (the site is asked every
 * 15 s while it fails), so that a site that keeps silent costs one wait of SITE_PAGE_TIMEOUT_MS in
 * that time, and a mended one is soon asked again.
 */
export const SITE_PAGE_KEPT_MS = 60_000;
export const SITE_PAGE_FAILURE_KEPT_MS = SITE_PAGE_KEPT_MS / 4;

type PageFetch = (origin: string, path: string) => Promise<SitePage>;

/**
 * `fetchPage` with what it answered kept for SITE_PAGE_KEPT_MS (a failure, SITE_PAGE_FAILURE_KEPT_MS)
 * per page, and one fetch under way shared by every post that asks meanwhile.
 */
export function keptSitePages(fetchPage: PageFetch, now: () => number = () => Date.now()): PageFetch {
  const kept = new Map<string, { readonly page: Promise<SitePage>; until: number }>();
  return (origin, path) => {
    const key = `${origin}${path}`;
    const held = kept.get(key);
    if (held !== undefined && held.until > now()) return held.page;
    const entry = { page: fetchPage(origin, path), until: Number.POSITIVE_INFINITY };
    kept.set(key, entry);
    entry.page.then(
      () => (entry.until = now() + SITE_PAGE_KEPT_MS),
      () => (entry.until = now() + SITE_PAGE_FAILURE_KEPT_MS),
    );
    return entry.page;
  };
}
