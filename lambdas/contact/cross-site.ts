/** What a browser says about where a request comes from: its `Origin` and `Sec-Fetch-Site` headers. */
export interface RequestSite {
  readonly origin: string | undefined;
  readonly fetchSite: string | undefined;
}

/**
 * Whether a form post comes from another site (docs/api.md §9). A form post needs no CORS
 * preflight, so any page can make its visitors' browsers send one. Browsers name the page's origin
 * in `Origin` (`null` for an opaque one, such as a sandboxed frame or a `data:` URL, and for any
 * page under a `no-referrer` policy), and in `Sec-Fetch-Site` how it relates to ours, which no page
 * can set. So `null` is served only with `same-origin`: a page of the site itself whose policy is
 * `no-referrer` (an opaque origin is `cross-site`). A request with neither header (curl, a script,
 * an old browser) comes from no browser a page can steer, and is served.
 */
export function isCrossSitePost({ origin, fetchSite }: RequestSite, siteOrigins: ReadonlySet<string>): boolean {
  if (origin === 'null') return fetchSite !== 'same-origin';
  if (origin !== undefined) return !siteOrigins.has(origin);
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}
