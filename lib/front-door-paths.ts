import { METHODS_BY_PATH } from '../lambdas/routes.js';

/**
 * Cache behaviours per distribution on CloudFront's Free flat-rate plan (the default one
 * included), the fewest of any way the distribution is billed: the front door fits it whatever
 * the plan, so that subscribing never needs another layout.
 */
export const MAX_CACHE_BEHAVIORS = 5;

/** The origins' ids, by which the viewer-request function picks the API for a path of the route table. */
export const API_ORIGIN_ID = 'api';
export const SITE_ORIGIN_ID = 'site';

/** The page a folder's site answers `/` with: its home page. */
export const HOME_PAGE = 'index.html';

/** What static site generators (Hugo, Jekyll, Eleventy, Astro) name the page for a missing path. */
export const NOT_FOUND_PAGE = '404.html';

/** How the route table's paths reach the API. */
export interface ServiceRouting {
  /** Path patterns of the behaviours that send every method to the API uncached: each path that takes more than GET and HEAD, or the folder it is in. */
  readonly uncachedPatterns: readonly string[];
  /** The paths none of them matches, all GET-only: the default behaviour's function sends them to the API. */
  readonly throughDefault: readonly string[];
}

export function serviceRouting(methodsByPath: ReadonlyMap<string, readonly string[]> = METHODS_BY_PATH): ServiceRouting {
  const uncachedPatterns = [
    ...new Set(
      [...methodsByPath]
        .filter(([, methods]) => methods.some((method) => method !== 'GET' && method !== 'HEAD'))
        .map(([path]) => {
          const [first, ...rest] = path.slice(1).split('/');
          return rest.length === 0 ? path : `/${first}/*`;
        }),
    ),
  ];
  if (uncachedPatterns.length + 1 > MAX_CACHE_BEHAVIORS) {
    throw new Error(
      `The route table's paths that take POST or OPTIONS need ${uncachedPatterns.length} behaviours (${uncachedPatterns.join(', ')}), and the Free plan's ${MAX_CACHE_BEHAVIORS} include the default one: put them in fewer folders`,
    );
  }
  const throughDefault = [...methodsByPath.keys()].filter((path) => !uncachedPatterns.some((pattern) => matchesPathPattern(pattern, path)));
  return { uncachedPatterns, throughDefault };
}

/** Whether CloudFront's path pattern (`*` any characters, `?` one) matches a path, as a cache behaviour does. */
export function matchesPathPattern(pattern: string, path: string): boolean {
  const source = [...pattern].map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`).test(path);
}

/** Whether the front door sends a path to the service (docs/api.md §10): a path of the route table, or under a behaviour of it. */
export function isServicePath(path: string): boolean {
  servicePatterns ??= serviceRouting().uncachedPatterns;
  return METHODS_BY_PATH.has(path) || servicePatterns.some((pattern) => matchesPathPattern(pattern, path));
}

let servicePatterns: readonly string[] | undefined;
