import { randomUUID } from 'node:crypto';
import { METHODS_BY_PATH } from '../../lambdas/routes.js';
import { siteUrls } from '../../lambdas/site-urls.js';
import { matchesPathPattern, serviceRouting } from '../../lib/front-door-paths.js';
import { clip, DEPLOY_AGAIN, diagnose, problemCode } from './answer-diagnosis.js';
import { fail, ok, skip, warn, type CheckResult } from './check.js';
import { getFollowingOnSite, mediaType, redirectTarget, type Answer, type Landing, type Probe } from './http-probe.js';

/*
 * The owner's pages at `{base}` as the front door serves them (docs/api.md §10): the home page, a
 * folder without its slash, a page that does not exist.
 */

/** The home page tells whether the front door serves pages of the owner's (siteDir or siteOrigin). */
export async function checkHomePage(probe: Probe, base: URL): Promise<{ result: CheckResult; pages?: Landing | 'none' }> {
  const landing = await getFollowingOnSite(probe, new URL(siteUrls(base.origin).resource));
  const { answer } = landing;
  if (landing.offSite !== undefined) {
    return { result: fail('GET /', `${answer.status} to ${landing.offSite.origin}, another site (not followed)`, 'your home page must be served at {base}: with siteOrigin, turn the old host\'s own domain setting off') };
  }
  if (answer.status === 404 && problemCode(answer) === 'not_found') {
    return { result: skip('your pages', 'none: neither siteDir nor siteOrigin is set, so / is the API\'s 404 (README "Your pages: three ways")'), pages: 'none' };
  }
  if (answer.status === 200 && mediaType(answer) === 'text/html') {
    return { result: ok('GET /', `200 text/html, your home page (${answer.bytes} bytes)`), pages: landing };
  }
  const { detail, fix } = diagnose(answer);
  return { result: fail('GET /', detail, answer.status === 403 ? `a missing index.html at the top of siteDir is S3's 403; else ${fix}` : fix) };
}

/**
 * A folder the home page links to (`/about/`), asked for without its slash: the front door answers
 * a redirect to the slash on the site itself (docs/api.md §10), and the folder's page.
 */
export async function checkFolderWithoutSlash(probe: Probe, home: Landing): Promise<CheckResult> {
  const name = 'a folder without its slash';
  const folder = linkedFolder(home.answer);
  if (folder === undefined) return skip(name, 'your home page links to no folder of the site (an address ending in /) to try');
  const bare = new URL(folder);
  bare.pathname = folder.pathname.slice(0, -1);
  const answer = await probe(bare);
  const target = redirectTarget(answer);
  const path = bare.pathname;
  if (target !== undefined && target.origin !== bare.origin) {
    return fail(`GET ${path}`, `${answer.status} to ${target.origin}, another site`, 'visitors leave your site: with siteOrigin, that host redirects folders to its own name; serve the folder with siteDir, or link to /folder/ with its slash');
  }
  if (target !== undefined && target.pathname !== folder.pathname) {
    return fail(`GET ${path}`, `${answer.status} to ${target.pathname}, not to ${folder.pathname}`, `the front door's function redirects a folder to its slash: ${DEPLOY_AGAIN}`);
  }
  if (target !== undefined) {
    const page = await probe(target);
    if (page.status === 200 && mediaType(page) === 'text/html') return ok(`GET ${path}`, `${answer.status} to ${target.pathname}, which answers 200 text/html`);
    return fail(`GET ${path}`, `${answer.status} to ${target.pathname}, which answers ${diagnose(page).detail}`, `the folder's index.html must be served: ${DEPLOY_AGAIN}`);
  }
  if (answer.status === 200 && mediaType(answer) === 'text/html') return ok(`GET ${path}`, '200 text/html, served without a redirect by your site\'s origin');
  const { detail } = diagnose(answer);
  return fail(`GET ${path}`, `${detail}; expected a redirect to ${folder.pathname}`, `the front door's function knows siteDir's folders from the last deploy: ${DEPLOY_AGAIN}`);
}

/** The first link of a page to a folder of the same site (`/a/b/`), outside the service's paths. */
export function linkedFolder(page: Answer): URL | undefined {
  const { uncachedPatterns } = serviceRouting();
  // `/contact/` is the folder of the service's `/contact`: not a folder of the site's to try.
  const isService = (path: string) =>
    [path, path.slice(0, -1)].some((candidate) => METHODS_BY_PATH.has(candidate) || uncachedPatterns.some((pattern) => matchesPathPattern(pattern, candidate)));
  for (const [, href] of page.body.matchAll(/\bhref\s*=\s*["']([^"'#?\s]+)["']/gi)) {
    if (!URL.canParse(href!, page.url.href)) continue;
    const url = new URL(href!, page.url);
    if (url.origin === page.url.origin && url.pathname.endsWith('/') && url.pathname !== '/' && !isService(url.pathname)) return url;
  }
  return undefined;
}

/** A path that cannot exist: the site's 404 page with status 404, never a 200 or a 403. */
export async function checkMissingPage(probe: Probe, base: URL, hasPages: boolean): Promise<CheckResult> {
  const path = `/no-such-page-${randomUUID().slice(0, 8)}`;
  const name = `a missing page (GET ${path})`;
  const answer = await probe(new URL(path, base));
  const type = mediaType(answer);
  if (answer.status === 404 && type === 'text/html') return ok(name, '404 text/html, your 404 page');
  if (answer.status === 404 && problemCode(answer) === 'not_found') {
    return hasPages
      ? warn(name, "404, the service's problem JSON instead of a page of yours", 'your pages should answer a missing page: is the front door serving your site?')
      : ok(name, "404, the service's not_found (you have no pages)");
  }
  if (answer.status === 404 && type === 'application/xml') {
    return warn(name, "404 with S3's own XML error", 'visitors see XML: add a 404.html at the top of siteDir and deploy');
  }
  if (answer.status === 404) return ok(name, `404 ${clip(type)}`);
  if (answer.status >= 200 && answer.status < 400) {
    return fail(name, `${answer.status} for a page that does not exist`, 'a missing page must answer 404, or search engines index every mistyped address: your site\'s origin decides it (siteOrigin)');
  }
  const { detail, fix } = diagnose(answer);
  return fail(name, `${detail}; expected 404`, answer.status === 403 ? `S3 answers 403 for a missing file when the distribution may not list the bucket: ${DEPLOY_AGAIN}` : fix);
}
