/** What a browser may send as `Sec-Fetch-Site`, and its absence (curl, a script, an old browser). */
const FETCH_SITES = [undefined, 'same-origin', 'none', 'same-site', 'cross-site'] as const;

export interface CrossSiteCase {
  readonly title: string;
  /** The request headers, lower-case as the platform passes them. */
  readonly headers: Readonly<Record<string, string>>;
  /** Whether `POST /contact` must refuse it with 403 (docs/api.md §9). */
  readonly refused: boolean;
}

/**
 * Every Origin × Sec-Fetch-Site combination a form post can carry, for a site at `base` that also
 * allows `allowed`. An Origin decides alone, but `null`, served only with `same-origin` (a page of
 * the site under a `no-referrer` policy); without one, `cross-site` and `same-site` are refused.
 */
export function crossSiteCases(base: string, allowed: string): CrossSiteCase[] {
  const origins: ReadonlyArray<readonly [title: string, origin: string | undefined, refused: boolean | 'by Sec-Fetch-Site' | 'unless same-origin']> = [
    ['no Origin', undefined, 'by Sec-Fetch-Site'],
    ['Origin {base}', base, false],
    ['an allowed Origin', allowed, false],
    ['another site', 'https://evil.example', true],
    ['{base} as a subdomain of another site', `${base.replace(/^https?:\/\//, 'https://')}.evil.example`, true],
    ['{base} on another port', `${base.replace(/:\d+$/, '')}:1`, true],
    ['Origin null (a page under a no-referrer policy, a sandboxed frame, a data: URL)', 'null', 'unless same-origin'],
  ];
  return origins.flatMap(([originTitle, origin, refusedByOrigin]) =>
    FETCH_SITES.map((fetchSite) => ({
      title: `${originTitle}, ${fetchSite === undefined ? 'no Sec-Fetch-Site' : `Sec-Fetch-Site ${fetchSite}`}`,
      headers: {
        ...(origin === undefined ? {} : { origin }),
        ...(fetchSite === undefined ? {} : { 'sec-fetch-site': fetchSite }),
      },
      refused:
        refusedByOrigin === 'by Sec-Fetch-Site'
          ? fetchSite === 'cross-site' || fetchSite === 'same-site'
          : refusedByOrigin === 'unless same-origin'
            ? fetchSite !== 'same-origin'
            : refusedByOrigin,
    })),
  );
}
