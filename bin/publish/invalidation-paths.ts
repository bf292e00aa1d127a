/**
 * The paths of the edge cache to invalidate for the keys a publish changed (docs/api.md §10).
 * CloudFront's first 1,000 invalidation paths a month are free and a path ending in `*` counts as
 * one: a publish lists at most MAX_LISTED_PATHS, and past them invalidates everything with `/*`.
 */
export const MAX_LISTED_PATHS = 10;

/** Everything the distribution caches. */
export const EVERYTHING = '/*';

/**
 * Characters a browser sends as they are but that AWS's invalidation rules would have encoded
 * (RFC 1738's unsafe `~ | ^ [ ]`), or that an invalidation path reads as its wildcard (`*`): how
 * the cache names a path with one is not certain, so the path is invalidated up to it, with `*`.
 */
const AMBIGUOUS = /[~|^[\]*\\]/;

/**
 * Characters both a browser and CloudFront's invalidation rules ("Non-ASCII or unsafe characters
 * in the path": URL-encode those, and no other) write percent-encoded: control characters, space,
 * `" # % < > ? \` { }`, and every non-ASCII character (as its UTF-8 bytes).
 */
const ENCODED = /[\u0000-\u0020"#%<>?`{}\u007f-\uffff]/;

/**
 * The paths for the keys a publish uploaded or deleted: each key's own path and, for a folder's
 * `index.html`, the folder's with its slash (`/a/b/`, as visitors ask for it, and
 * `/a/b/index.html`, as the front door's function rewrites it: AWS advises both when a viewer
 * request function changes the URI); `/` for the top. More than MAX_LISTED_PATHS become `/*`.
 */
export function invalidationPaths(keys: Iterable<string>): string[] {
  const paths = new Set<string>();
  for (const key of keys) {
    const folder = key === 'index.html' ? '' : key.endsWith('/index.html') ? key.slice(0, -'index.html'.length) : undefined;
    if (folder !== undefined) paths.add(cachePath(folder));
    paths.add(cachePath(key));
  }
  return paths.size > MAX_LISTED_PATHS || paths.has(EVERYTHING) ? [EVERYTHING] : [...paths];
}

/** A key's path as the cache holds it, or up to its first ambiguous character followed by `*`. */
function cachePath(key: string): string {
  const ambiguous = AMBIGUOUS.exec(key);
  const exact = ambiguous === null ? key : key.slice(0, ambiguous.index);
  const encoded = [...exact].map((char) => (ENCODED.test(char) ? encodeUtf8(char) : char)).join('');
  return `/${encoded}${ambiguous === null ? '' : '*'}`;
}

function encodeUtf8(char: string): string {
  return [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}
