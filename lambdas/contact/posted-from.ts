import { FLAT_FORM_PAGE, PAGE_PATHS } from '../html/page-paths.js';

/** The path of a `Referer` that is a URL; none of one that is not (a proxy's, a hand-made request's). */
export function refererPath(referer: string | undefined): string | undefined {
  return referer === undefined || !URL.canParse(referer) ? undefined : new URL(referer).pathname;
}

/**
 * Which of the owner's contact pages a form post came from (docs/api.md §9): the path the
 * service's answer in another contact page carries, else the path of the post's `Referer`, which
 * browsers send to the page's own origin unless the page asks for none; none from `/contact`,
 * where the service's answers are shown (a page at `/contact.html` is no answer).
 */
export function postedFromPath(carried: string | undefined, referer: string | undefined): string | undefined {
  // An empty one (a field written without its value) carries nothing.
  if (carried !== undefined && carried !== '') return carried;
  const path = refererPath(referer);
  return path === PAGE_PATHS.form ? undefined : path;
}

/**
 * The contact page a form post came from, for its mail (docs/api.md §2): of `pages`, the form page
 * first (the service's own form without one), the one its carried path or `Referer` names
 * (postedFromPath); else the first when it was sent from `/contact` naming none, as its answers
 * there are; else none: a post from no contact page, or with no `Referer`, names none.
 */
export function formPostPage<Page extends { readonly path: string }>(pages: readonly Page[], carried: string | undefined, referer: string | undefined): Page | undefined {
  const posted = postedFromPath(carried, referer);
  if (posted === undefined) return refererPath(referer) === PAGE_PATHS.form ? pages[0] : undefined;
  return contactPageAt(pages, posted);
}

/**
 * The contact page a JSON post came from (a contact page's script posts it): of `pages`, as for
 * formPostPage, the one its `Referer` names, when that is a page of one of the site's `origins`;
 * from `/contact`, the page shown there (the service's own form, or a flat site's contact.html
 * as the form page), unless it is the owner's and there are others, as an answer there may show
 * any of them.
 */
export function jsonPostPage<Page extends { readonly path: string }>(pages: readonly Page[], referer: string | undefined, origins: ReadonlySet<string>): Page | undefined {
  if (referer === undefined || !URL.canParse(referer)) return undefined;
  const { origin, pathname } = new URL(referer);
  const answersOthers = pages.length > 1 && pages[0]?.path !== PAGE_PATHS.form;
  if (!origins.has(origin) || (pathname === PAGE_PATHS.form && answersOthers)) return undefined;
  return contactPageAt(pages, pathname);
}

/** The path visitors reach the form page at, which its mails name: a flat site's, `/contact.html`, is shown at `/contact` (docs/api.md §10). */
export function visitedFormPagePath(path: string): string {
  return path === FLAT_FORM_PAGE ? PAGE_PATHS.form : path;
}

/** The page of `pages` that `path` is an address of (contactPageAddress), if any. */
export function contactPageAt<Page extends { readonly path: string }>(pages: readonly Page[], path: string | undefined): Page | undefined {
  if (path === undefined) return undefined;
  const address = contactPageAddress(path);
  return pages.find((page) => contactPageAddress(page.path) === address);
}

/**
 * The one key of every path a page answers at, as the front door serves it: `/en/contact/index.html`
 * and `/en/contact/` alike, `/en/contact.html` and `/en/contact` alike, percent-escapes decoded.
 */
export function contactPageAddress(path: string): string {
  const decoded = path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
  return decoded.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
}
