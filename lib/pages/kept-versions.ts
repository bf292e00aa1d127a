/**
 * How many days the site's bucket keeps what a publish or a deploy replaced or deleted (its
 * noncurrent versions), within which `npm run publish -- --restore <time>` brings the site back to
 * how it was at that time (docs/api.md §10).
 */
export const KEPT_VERSION_DAYS = 30;
