import { readFileSync, statSync } from 'node:fs';
import { sameSiteSubresources } from '../../lambdas/html/form-page-reading.js';
import { pageTreeOf, parsePage } from '../../lambdas/html/page-tree.js';
import { NOT_FOUND_PAGE } from '../front-door-paths.js';

/** The largest 404 page read for its links: a page, not a download. */
const MAX_NOT_FOUND_PAGE_BYTES = 1024 * 1024;

/** A path a missing page may have, two folders down: where a relative link of the 404 page goes astray, `../` ones too. */
export const DEEP_MISSING_PAGE = '/a/b/missing-page';

/**
 * The style sheets, scripts and images of the site that a 404 page (its file) loads by a path
 * relative to its own (`css/site.css`, `../img/logo.png`), as the top page resolves them
 * (`/css/site.css`): the front door answers every missing path with it, at that path's address
 * (docs/api.md §10), so below a folder (`/fotos/x`) the browser asks `/fotos/css/site.css`, and
 * the page comes without them.
 */
export function relativeNotFoundPageFiles(file: string): string[] {
  if (statSync(file).size > MAX_NOT_FOUND_PAGE_BYTES) return [];
  const document = parsePage(readFileSync(file, 'utf8'));
  const below = new Set(sameSiteSubresources(pageTreeOf(document, DEEP_MISSING_PAGE), { images: true }));
  return sameSiteSubresources(pageTreeOf(document, `/${NOT_FOUND_PAGE}`), { images: true }).filter((path) => !below.has(path));
}
