import { PAGE_PATHS } from '../html/page-paths.js';
import { SERVICE_NAME } from '../http/service-name.js';
import { FormPageUnavailable } from './form-page-unavailable.js';

/**
 * How long a refused post waits for the owner's form page from an existing site. Short: without
 * it the service's own form answers, filled in as well, so nothing the visitor wrote is lost; and
 * the contact function's timeout (time-budget.ts) counts it beside a form post's store calls.
 */
export const SITE_PAGE_TIMEOUT_MS = 3_000;

/** The site's redirects followed on the way (`/contact` to `/contact/`), on the site's own host alone. */
export const MAX_SITE_REDIRECTS = 3;

/** What a page may be served as: HTML, or no type at all, which a browser would sniff. */
const HTML_TYPES = /^\s*(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;

/** A page of the site, and the path it was found at, which its relative links are resolved against. */
export interface SitePage {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/**
 * A page of an existing site (`siteOrigin`), fetched as it is now: a 200 of HTML, at most
 * `maxBytes`, after the site's own redirects. Anything else throws FormPageUnavailable, saying
 * what happened.
 */
export async function fetchSitePage(origin: string, path: string, maxBytes: number, timeoutMs = SITE_PAGE_TIMEOUT_MS): Promise<SitePage> {
  const signal = AbortSignal.timeout(timeoutMs);
  const asked = new URL(path, origin);
  try {
    let url = asked;
    for (let redirects = 0; ; redirects++) {
      const answer = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'text/html', 'user-agent': `${SERVICE_NAME} (the contact form's page)` } });
      const location = answer.headers.get('location');
      if (answer.status < 300 || answer.status > 399 || location === null) {
        const type = answer.headers.get('content-type');
        if (answer.status !== 200 || (type !== null && !HTML_TYPES.test(type))) {
          await answer.body?.cancel();
          throw new FormPageUnavailable(`${url.href} answered ${answer.status}${answer.status === 200 ? ` with ${type}, not HTML` : ''}`);
        }
        return { path: url.pathname, bytes: await readUpTo(answer, maxBytes, url) };
      }
      await answer.body?.cancel();
      url = sameSiteRedirect(url, location, asked);
      if (redirects === MAX_SITE_REDIRECTS) throw new FormPageUnavailable(`${asked.href} redirects more than ${MAX_SITE_REDIRECTS} times`);
    }
  } catch (error) {
    if (error instanceof FormPageUnavailable) throw error;
    if (signal.aborted) throw new FormPageUnavailable(`${asked.href} did not answer in ${timeoutMs / 1000} s`);
    throw new FormPageUnavailable(`${asked.href} could not be reached (${socketCode(error)})`);
  }
}

/**
 * Where a redirect of the site leads, on the site's own origin: a host that writes its redirects
 * with http:// (behind a proxy of its own) is still asked over https. Only the path and query are
 * taken, and set on the origin, so that a path that reads as a host (`//elsewhere.example/`) stays a path.
 */
function sameSiteRedirect(from: URL, location: string, asked: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FormPageUnavailable(`${from.href} redirects to ${JSON.stringify(location.slice(0, 200))}, which is no address`);
  }
  if (next.host !== asked.host) throw new FormPageUnavailable(`${from.href} redirects to ${next.origin}, another site`);
  // The front door answers /contact itself, leading back to the form page: visitors would go round in circles.
  if (next.pathname === PAGE_PATHS.form) throw new FormPageUnavailable(`${from.href} redirects to ${PAGE_PATHS.form}, which the service answers itself: name the page by the address your site serves it at`);
  const url = new URL(asked.origin);
  url.pathname = next.pathname;
  url.search = next.search;
  return url;
}

async function readUpTo(answer: Response, maxBytes: number, url: URL): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of answer.body ?? []) {
    size += part.byteLength;
    // Leaving the loop cancels the rest of the body.
    if (size > maxBytes) throw new FormPageUnavailable(`${url.href} is over ${maxBytes} bytes, the largest form page the service answers in`);
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** The socket's code a failed fetch wraps (`ENOTFOUND`, `ECONNREFUSED`), else the error's name. */
function socketCode(error: unknown): string {
  const { name, cause } = (error ?? {}) as { name?: unknown; cause?: { code?: unknown } };
  return typeof cause?.code === 'string' ? cause.code : typeof name === 'string' ? name : 'unknown';
}
