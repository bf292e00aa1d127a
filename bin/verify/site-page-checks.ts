import { randomUUID } from 'node:crypto';
import { sameSiteSubresources } from '../../lambdas/html/form-page-reading.js';
import { readPage } from '../../lambdas/html/page-tree.js';
import { siteUrls } from '../../lambdas/site-urls.js';
import { isServicePath } from '../../lib/front-door-paths.js';
import { nameWithoutHtml } from '../../lib/pages/site-pages.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { clip, diagnose, problemCode } from './answer-diagnosis.js';
import { fail, ok, skip, warn, type CheckResult } from './check.js';
import { getFollowingOnSite, mediaType, redirectTarget, type Answer, type Landing, type Probe } from './http-probe.js';

/*
 * The owner's pages at `{base}` as the front door serves them (docs/api.md §10): the home page, a
 * folder without its slash, a page that does not exist, the dotfiles a folder may hold, a path
 * that reads as another host's, and what the form page loads.
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
  if (folder === undefined) return skip(name, 'your home page links to no folder of the site (an address ending in /) to try, the service\'s own, /contact/ among them, left out');
  const bare = new URL(folder);
  bare.pathname = folder.pathname.slice(0, -1);
  const answer = await probe(bare);
  const target = redirectTarget(answer);
  const path = bare.pathname;
  if (target !== undefined && target.origin !== bare.origin) {
    return fail(`GET ${path}`, `${answer.status} to ${target.origin}, another site`, 'visitors leave your site: with siteOrigin, that host redirects folders to its own name; serve the folder with siteDir, or link to /folder/ with its slash');
  }
  if (target !== undefined && target.pathname !== folder.pathname) {
    return fail(`GET ${path}`, `${answer.status} to ${target.pathname}, not to ${folder.pathname}`, `the front door's function redirects a folder to its slash: ${DEPLOY_COMMAND}`);
  }
  if (target !== undefined) {
    const page = await probe(target);
    if (page.status === 200 && mediaType(page) === 'text/html') return ok(`GET ${path}`, `${answer.status} to ${target.pathname}, which answers 200 text/html`);
    // A 404 there is most often a page the site lacks, which no deploy makes.
    const fix =
      page.status === 404
        ? `your home page links ${folder.pathname}, which your site has no page for: add it (its folder's index.html) or mend the link; if siteDir has it, npm run publish`
        : `the folder's index.html must be served: ${DEPLOY_COMMAND}`;
    return fail(`GET ${path}`, `${answer.status} to ${target.pathname}, which answers ${diagnose(page).detail}`, fix);
  }
  if (answer.status === 200 && mediaType(answer) === 'text/html') return ok(`GET ${path}`, '200 text/html, served without a redirect by your site\'s origin');
  const { detail } = diagnose(answer);
  return fail(`GET ${path}`, `${detail}; expected a redirect to ${folder.pathname}`, `the front door's function takes a path without an extension for a folder of siteDir, unless the last deploy or npm run publish listed it as a file: npm run publish, or ${DEPLOY_COMMAND}`);
}

/**
 * A page the home page links to by its `.html` name (`/about.html`), asked for without it: the
 * front door serves it there too when the deploy or a publish listed it (docs/api.md §10). A warning when not.
 * None for a home page that links no such page, for a name the front door never lists (one with a
 * dot of its own), and for a folder of that name, which wins.
 */
export async function checkPageWithoutHtml(probe: Probe, home: Landing): Promise<CheckResult | undefined> {
  const page = firstSiteLink(home.answer, (path) => /\/[^./]+\.html$/.test(path) && !path.endsWith('/index.html') && path !== '/404.html');
  if (page === undefined) return undefined;
  const bare = new URL(nameWithoutHtml(page.pathname)!, page);
  if (isServicePath(bare.pathname)) return undefined;
  const answer = await probe(bare);
  const path = bare.pathname;
  if (isPage(answer)) return ok(`GET ${path}`, `200 text/html, ${page.pathname} without its .html`);
  const target = redirectTarget(answer);
  if (target?.href === `${bare.href}/` && isPage(await probe(target))) return undefined;
  const detail = target === undefined ? diagnose(answer).detail : `${answer.status} to ${target.origin === bare.origin ? target.pathname : target.origin}`;
  return warn(
    `GET ${path}`,
    `${detail}, where ${page.pathname} is linked`,
    `with siteDir, npm run publish or a deploy lists your pages named .html for the front door, unless synth said they are more than it can list; with siteOrigin, your host decides: npm run publish, or ${DEPLOY_COMMAND}`,
  );
}

const isPage = (answer: Answer) => answer.status === 200 && mediaType(answer) === 'text/html';

/** The first link of a page to a folder of the same site (`/a/b/`), outside the service's paths. */
export function linkedFolder(page: Answer): URL | undefined {
  return firstSiteLink(page, (path) => path.endsWith('/') && path !== '/');
}

/** The first link of a page to a path of the same site that `wanted` takes, outside the service's paths. */
function firstSiteLink(page: Answer, wanted: (path: string) => boolean): URL | undefined {
  // `/contact/` is the folder of the service's `/contact`: not a folder of the site's to try.
  const isService = (path: string) => isServicePath(path) || isServicePath(path.replace(/\/$/, ''));
  for (const [, href] of page.body.matchAll(/\bhref\s*=\s*["']([^"'#?\s]+)["']/gi)) {
    if (!URL.canParse(href!, page.url.href)) continue;
    const url = new URL(href!, page.url);
    if (url.origin === page.url.origin && wanted(url.pathname) && !isService(url.pathname)) return url;
  }
  return undefined;
}

/**
 * A path that cannot exist: the site's 404 page with status 404, never a 200 or a 403. Without an
 * extension it may first be redirected to its slash, as a folder published later would be
 * (docs/api.md §10): what counts is where a visitor lands, on the site.
 */
export async function checkMissingPage(probe: Probe, base: URL, hasPages: boolean): Promise<CheckResult> {
  const path = `/no-such-page-${randomUUID().slice(0, 8)}`;
  const name = `a missing page (GET ${path})`;
  const landing = await getFollowingOnSite(probe, new URL(path, base));
  const { answer } = landing;
  if (landing.offSite !== undefined) {
    return fail(name, `${answer.status} to ${landing.offSite.origin}, another site`, 'a missing page must answer on your site: your site\'s origin decides it (siteOrigin)');
  }
  const via = landing.redirects.length === 0 ? '' : `via ${landing.redirects.map((hop) => hop.pathname).join(', ')}, `;
  const type = mediaType(answer);
  if (answer.status === 404 && type === 'text/html') return ok(name, `${via}404 text/html, your 404 page`);
  if (answer.status === 404 && problemCode(answer) === 'not_found') {
    return hasPages
      ? warn(name, `${via}404, the service's problem JSON instead of a page of yours`, 'your pages should answer a missing page: is the front door serving your site?')
      : ok(name, `${via}404, the service's not_found (you have no pages)`);
  }
  if (answer.status === 404 && type === 'application/xml') {
    return warn(name, `${via}404 with S3's own XML error`, 'visitors see XML: add a 404.html at the top of siteDir and deploy');
  }
  // Local mode's own line where siteDir has no 404.html, or a host's bare answer: no page of the site's.
  if (answer.status === 404) {
    return hasPages ? warn(name, `${via}404 ${clip(type || 'without a Content-Type')}, not a page`, 'visitors see no page of yours: add a 404.html at the top of your site (siteOrigin: your host\'s own 404 page)') : ok(name, `${via}404 ${clip(type)}`);
  }
  if (answer.status >= 200 && answer.status < 400) {
    return fail(name, `${via}${answer.status} for a page that does not exist`, 'a missing page must answer 404, or search engines index every mistyped address: your site\'s origin decides it (siteOrigin)');
  }
  const { detail, fix } = diagnose(answer);
  return fail(name, `${via}${detail}; expected 404`, answer.status === 403 ? `S3 answers 403 for a missing file when the distribution may not list the bucket: ${DEPLOY_COMMAND}` : fix);
}

/** Files a site's folder may hold that no deploy or publish ever uploads (docs/api.md §10, "What siteDir publishes"). */
export const DOTFILE_PATHS = ['/.env', '/.git/config'] as const;

/**
 * Each dotfile path finds nothing: what the owner's folder holds of them stays on their disk. A
 * site that answers every path 200 (a soft 404, which the missing page's line fails) answers a
 * dotfile that is not there the same way: such an answer says nothing of the dotfile.
 */
export async function checkDotfiles(probe: Probe, base: URL): Promise<CheckResult> {
  const name = `dotfiles (GET ${DOTFILE_PATHS.join(', ')})`;
  const absent = (await getFollowingOnSite(probe, new URL(`/.no-such-file-${randomUUID().slice(0, 8)}`, base))).answer;
  const found: Array<{ readonly served: boolean; readonly detail: string }> = [];
  let likeAbsent = 0;
  for (const path of DOTFILE_PATHS) {
    const { answer, offSite } = await getFollowingOnSite(probe, new URL(path, base));
    if (answer.status === 404) continue;
    if (answer.status === absent.status && answer.body === absent.body) {
      likeAbsent += 1;
      continue;
    }
    const served = offSite === undefined && answer.status >= 200 && answer.status < 300;
    found.push({ served, detail: served ? `${path} answers ${answer.status} (${answer.bytes} bytes)` : `${path} answers ${diagnose(answer).detail}` });
  }
  if (found.length === 0) {
    return likeAbsent === 0
      ? ok(name, '404 for each: no dotfile is published')
      : skip(name, `answered ${absent.status} as a path that is surely missing is: a soft 404 hides whether a dotfile is there (see the missing page's line)`);
  }
  const detail = found.map((each) => each.detail).join('; ');
  if (found.some((each) => each.served)) {
    return fail(
      name,
      `${detail}: anyone can read it`,
      'with siteDir, npm run publish deletes from the bucket what the folder no longer publishes, dotfiles among them; with siteOrigin, delete it on that host',
    );
  }
  return warn(name, detail, 'a dotfile should be a missing page like any other, a 404');
}

/**
 * `//evil.example/x`, which a browser reads as another host's address: the front door never
 * answers it with a redirect there (docs/api.md §10, "No redirect leaves the site").
 */
export async function checkNoRedirectOffSite(probe: Probe, base: URL): Promise<CheckResult> {
  const url = new URL(base);
  url.pathname = '//evil.example/x';
  const name = 'GET //evil.example/x';
  const answer = await probe(url);
  const target = redirectTarget(answer);
  if (target !== undefined && target.origin !== base.origin) {
    return fail(
      name,
      `${answer.status} to ${target.origin}: a redirect off your site, which a phishing mail can borrow your domain for`,
      `the front door never redirects a path with an empty segment: ${DEPLOY_COMMAND}; with siteOrigin, that host's own redirect answers`,
    );
  }
  return ok(name, target === undefined ? `${answer.status}, no redirect` : `${answer.status} to ${target.pathname}, on your site`);
}

/** The form page's files asked for at most: a page loads a handful. */
export const MAX_FORM_PAGE_FILES = 20;

/**
 * Each style sheet and script of the site that the form page loads answers 200 (docs/api.md §9):
 * a form page copied from an example keeps the example's links, as synth and npm start say of the
 * folder; this says it of the site as it is served.
 */
export async function checkFormPageFiles(probe: Probe, base: URL): Promise<CheckResult> {
  const name = "the form page's style sheets and scripts";
  const { answer, offSite } = await getFollowingOnSite(probe, new URL(siteUrls(base.origin).contactForm));
  if (offSite !== undefined || answer.status !== 200 || mediaType(answer) !== 'text/html') return skip(name, 'not checked: /contact gave no page (its line says why)');
  const page = answer.url.pathname;
  // A file named by the site's whole address (a generator's base URL: Zola writes every link so) is the site's too.
  const paths = sameSiteSubresources(readPage(answer.body, page, [base.origin]));
  if (paths.length === 0) return ok(name, `${page} loads none of the site's`);
  const asked = paths.slice(0, MAX_FORM_PAGE_FILES);
  const missing: string[] = [];
  for (const path of asked) {
    // Set as the path, never resolved: `//host/x` is a path of the page's too, and another host's as a reference.
    const url = new URL(base);
    url.pathname = path;
    const file = await probe(url, { method: 'HEAD' });
    if (file.status !== 200) missing.push(`${path} (${file.status})`);
  }
  const counted = paths.length > asked.length ? `the first ${asked.length} of ${paths.length}` : `${asked.length}`;
  if (missing.length > 0) {
    return warn(
      name,
      `${page} loads ${missing.join(', ')}, not there`,
      'put each file in your site (siteDir) and publish, or take its tag out of the form page: without its script the form still posts, as without JavaScript; without its style sheet, unstyled',
    );
  }
  return ok(name, `${counted} of the site's that ${page} loads, each 200`);
}
