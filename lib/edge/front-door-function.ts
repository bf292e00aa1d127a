import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { runInNewContext } from 'node:vm';
import { ConfigError } from '../../lambdas/config.js';
import { FLAT_FORM_PAGE, PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { API_ORIGIN_ID, HOME_PAGE, isServicePath, NOT_FOUND_PAGE, serviceRouting, SITE_ORIGIN_ID } from '../front-door-paths.js';
import { printable } from '../pages/site-files.js';
import { nameWithoutHtml } from '../pages/site-pages.js';

/**
 * The rules of lib/edge/front-door-routing.js, with the query string of its redirects
 * (front-door-query.js): plain JavaScript, the same text at the edge, in tests and in local mode;
 * whole-line comments, blank lines and indentation left out, which would spend the function's 10 KB.
 */
const QUERY_SOURCE = functionSource('front-door-query.js');
const ROUTING_SOURCE = `${functionSource('front-door-routing.js')}${QUERY_SOURCE}`;
/** The redirect of the domain's other name (lib/edge/front-door-redirect.js): in the code only of a deployment that has one. */
const REDIRECT_SOURCE = functionSource('front-door-redirect.js');
/** The rules of lib/edge/front-door-headers.js, the viewer-response function's, likewise. */
const HEADERS_SOURCE = functionSource('front-door-headers.js');

function functionSource(file: string): string {
  return readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')
    .replace(/^[ \t]*\/\/.*\n/gm, '')
    .replace(/^[ \t]+/gm, '')
    .replace(/^\n/gm, '');
}

/** What the function is told (front-door-routing.js describes each member). */
export interface FrontDoorRouting {
  readonly serviceOrigin: string;
  readonly servicePaths: readonly string[];
  readonly form: string;
  readonly site: SiteIndex | null;
  /** Set when every page of the folder has its Markdown (docs/api.md §16). */
  readonly markdown?: true;
  /** Set when the domain has another name, which redirects to it (docs/api.md §10). */
  readonly redirect?: OtherNameRedirect;
  /** Set when the owner's form page is the service's form's page with `.html` (formPageAtForm). */
  readonly formPage?: FormPageAtForm;
}

/** The owner's form page that the service's form's path shows, and the origin it comes from. */
export interface FormPageAtForm {
  /** `/contact` */
  readonly path: string;
  /** `/contact.html` */
  readonly page: string;
  readonly origin: string;
}

/** What frontDoorRouting is told beyond the site's files. */
export interface RoutingOptions {
  /** Names the folder's setting in the error of a site too big for the function. */
  readonly setting?: string;
  readonly markdown?: boolean;
  readonly redirect?: OtherNameRedirect;
  /** The owner's form page's path (`formPage`), when the site has one. */
  readonly formPage?: string;
}

/** What the function is told of a folder uploaded at deploy. */
export type SiteRouting = FrontDoorRouting & { readonly site: SiteIndex };

/** The domain's other name (`www.example.com`), and the origin it redirects to (`https://example.com`, `{base}`). */
export interface OtherNameRedirect {
  readonly from: string;
  readonly to: string;
}

/**
 * How the function tells a folder of the site from a file: the files without an extension, the
 * only files that could pass for a folder. Any other such path is a folder, so that a folder
 * published after synth (`npm run publish`) is served at once, with or without its slash.
 */
export interface SiteIndex {
  readonly files: readonly string[];
  /** The service's form, when the folder has no page in its folder (FORM_FOLDER_PAGE), which is then sent to it. */
  readonly formPath?: string;
  /** Its flat folders (flatFolders), `''` the top one, when it has any: every path without an extension in one is its `.html` page. */
  readonly flat?: readonly string[];
  /** The pages reached without `.html` (listedPages), when there are any. */
  readonly pages?: readonly string[];
}

/** The folder of the service's form's path (`/contact/`), where the owner's contact page is when it exists. */
export const FORM_FOLDER = `${PAGE_PATHS.form}/`;

/** That page's key (`contact/index.html`). */
export const FORM_FOLDER_PAGE = `${FORM_FOLDER.slice(1)}index.html`;

/** CloudFront Functions' limit on a function's code. */
export const MAX_FUNCTION_CODE_BYTES = 10 * 1024;

/** The module the origin-selection helpers come from, which CloudFront wants on the first line. */
const CLOUDFRONT_IMPORT = "import cf from 'cloudfront';";

/** The code CloudFront runs: the routing rules, with what they route embedded. */
export function frontDoorFunctionCode(routing: FrontDoorRouting): string {
  return `${CLOUDFRONT_IMPORT}\nvar FRONT_DOOR = ${scriptJson(routing)};\n${ROUTING_SOURCE}${routing.redirect === undefined ? '' : REDIRECT_SOURCE}`;
}

/**
 * A value as JSON that is also a JavaScript literal to every engine: U+2028 and U+2029, which JSON
 * leaves as they are, escaped, as ES5 (CloudFront Functions' language) ends a line at them.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * What the function is told for a site: the route table's paths that reach the API through the
 * default behaviour, and the index of the site's published files (their keys, lib/pages/site-files.ts;
 * null for a site that answers its own paths).
 */
export function frontDoorRouting(paths: readonly string[] | null, { setting = 'siteDir', markdown = false, redirect, formPage }: RoutingOptions = {}): FrontDoorRouting {
  const shown = paths === null ? undefined : formPageAtForm(formPage);
  const service = {
    serviceOrigin: API_ORIGIN_ID,
    servicePaths: serviceRouting().throughDefault,
    form: PAGE_PATHS.form,
    ...(markdown && paths !== null ? { markdown: true as const } : {}),
    ...(redirect === undefined ? {} : { redirect }),
    ...(shown === undefined ? {} : { formPage: shown }),
  };
  return { ...service, site: paths === null ? null : siteIndexFor(paths, service, setting) };
}

/**
 * The owner's form page the service's form's path shows, rather than lead to it by a redirect
 * (docs/api.md §9): a flat site's `contact.html`, whose other pages are reached without `.html`
 * too (`/about` for about.html), so that its address stays `/contact`. A form page anywhere else
 * has an address of its own, which `/contact` leads to.
 */
export function formPageAtForm(formPage: string | undefined): FormPageAtForm | undefined {
  return formPage === FLAT_FORM_PAGE ? { path: PAGE_PATHS.form, page: formPage, origin: SITE_ORIGIN_ID } : undefined;
}

/**
 * The site index to embed for the published files' keys: its files without an extension, the
 * service's form when the folder has no page in its folder, and the pages reached without `.html`
 * that fit (listedPages). A site whose function would not fit CloudFront's limit with its files
 * stops synth with one line.
 */
export function siteIndexFor(paths: readonly string[], routing: Omit<FrontDoorRouting, 'site'>, setting = 'siteDir'): SiteIndex {
  const site = unpagedSiteIndex(paths);
  const bytes = codeBytes({ ...routing, site });
  if (bytes > MAX_FUNCTION_CODE_BYTES) {
    throw new ConfigError(
      `${setting} has too many files without an extension (${site.files.length}) for the front door's function: ` +
        `it would take ${bytes} bytes, and CloudFront takes ${MAX_FUNCTION_CODE_BYTES}`,
    );
  }
  return withListedPages(paths, site);
}

/** `site` with the pages listedPages lists beside it, when there are any: what a deploy tells the function. */
export function withListedPages(paths: readonly string[], site: SiteIndex): SiteIndex {
  const pages = listedPages(paths, site);
  return pages.length === 0 ? site : { ...site, pages };
}

/** The site index for the published files' keys but its pages: what listedPages lists them beside. */
export function unpagedSiteIndex(paths: readonly string[]): SiteIndex {
  const flat = flatFolders(paths);
  return {
    files: paths.filter(isExtensionless).sort(),
    ...(paths.includes(FORM_FOLDER_PAGE) ? {} : { formPath: PAGE_PATHS.form }),
    ...(flat.length === 0 ? {} : { flat }),
  };
}

/**
 * The folders of the site, `''` the top one, below which the function takes every path without an
 * extension for a page at `<path>.html` (docs/api.md §10), so that a flat site's posts (Jekyll's
 * `2026/11/28/post.html`, Hugo's with `uglyURLs`) need no list, however many, and a post published
 * later is reached at once: each shallowest folder with pages `<name>.html` in it or below it (an
 * index.html and the top 404.html aside) and no folder with an index.html below it, whose path
 * without its slash must still lead to it. A missing page there is the 404 page at once, never a
 * redirect to a folder first.
 */
export function flatFolders(paths: readonly string[]): string[] {
  const withPages = new Set(pageNames(paths).flatMap((name) => foldersAbove(name)));
  const withIndexedFolders = new Set(indexedFolders(paths).flatMap(foldersAbove));
  const flat = (folder: string) => withPages.has(folder) && !withIndexedFolders.has(folder);
  return [...withPages].filter((folder) => flat(folder) && (folder === '' || !flat(folderOf(folder)))).sort();
}

/** The folders a key is below, its own first, `''` the top one last. */
function foldersAbove(path: string): string[] {
  const folders = [folderOf(path)];
  while (folders.at(-1) !== '') folders.push(folderOf(folders.at(-1)!));
  return folders;
}

/** Whether a page's name is below one of the flat folders (flatFolders), at any depth. */
export function underFlatFolder(name: string, flat: ReadonlySet<string>): boolean {
  return foldersAbove(name).some((folder) => flat.has(folder));
}

/**
 * The pages of a flat site that its function can reach without `.html` by listing them (`/about`
 * for about.html, as GitHub Pages serves them), by name, the shallowest first: each page
 * (pageNames) no file or indexed folder takes and no service path is (reachableBy), outside the
 * flat folders, whose pages need no list. The 404 page would answer 200, and no link names
 * `/about/index`.
 */
export function cleanUrlPages(paths: readonly string[], flat: readonly string[] = flatFolders(paths)): string[] {
  const reachable = reachableBy(paths);
  const flatSet = new Set(flat);
  const depth = (name: string) => name.split('/').length;
  return pageNames(paths)
    .filter((name) => reachable(name) && !underFlatFolder(name, flatSet))
    .sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The folder a key is in, `''` for the top one. */
function folderOf(path: string): string {
  const folder = posix.dirname(path);
  return folder === '.' ? '' : folder;
}

/** The names of the site's pages `<name>.html` a path without `.html` could reach: not a folder's index.html, the top 404.html, nor a name with an extension of its own. */
function pageNames(paths: readonly string[]): string[] {
  return paths
    .filter((path) => posix.basename(path) !== HOME_PAGE && path !== NOT_FOUND_PAGE)
    .flatMap((path) => nameWithoutHtml(path) ?? [])
    .filter(isExtensionless);
}

/** Whether a page's name is one its path without `.html` may reach: no file or indexed folder takes it (takenNames), and it is no path of the service's. */
function reachableBy(paths: readonly string[]): (name: string) => boolean {
  const taken = takenNames(paths);
  return (name) => !taken.has(name) && !isServicePath(`/${name}`);
}

/**
 * The pages `<name>.html` among `paths` that a function told `site` reaches without `.html`, by
 * name: those it lists, and those below its flat folders that may be reached (reachableBy).
 */
export function pagesReached(paths: readonly string[], site: SiteIndex): string[] {
  const listed = new Set(site.pages ?? []);
  const flat = new Set(site.flat ?? []);
  const reachable = reachableBy(paths);
  return pageNames(paths).filter((name) => listed.has(name) || (underFlatFolder(name, flat) && reachable(name)));
}

/**
 * The pages a function told `routing` reaches without `.html`, by name: pagesReached's, and the
 * form page the service's form's path shows (`contact` for contact.html), when the site has it.
 */
export function pagesWithoutHtml(paths: readonly string[], routing: FrontDoorRouting): string[] {
  if (routing.site === null) return [];
  const shown = routing.formPage;
  return [...pagesReached(paths, routing.site), ...(shown !== undefined && paths.includes(shown.page.slice(1)) ? [shown.path.slice(1)] : [])];
}

/**
 * Every name of a site's keys that a page reached without `.html` may not take: each key (a file),
 * and each folder that holds its own index.html (`a` for `a/index.html`). A folder without one
 * leaves its name to `<name>.html`, as Hugo with `uglyURLs` writes a section's page (`posts.html`)
 * beside the folder of its posts: `/posts` is that page, and `/posts/` leads to it.
 */
export function takenNames(paths: readonly string[]): Set<string> {
  return new Set([...paths, ...indexedFolders(paths)]);
}

/** The folders of the site that hold their own index.html (`a/b` for `a/b/index.html`), the top one aside. */
export function indexedFolders(paths: readonly string[]): string[] {
  return paths.filter((path) => posix.basename(path) === HOME_PAGE && path.includes('/')).map(folderOf);
}

/**
 * The pages the function lists beside the rest of `site`: cleanUrlPages', as many as fit
 * CloudFront's limit with room left for whatever else a deployment tells it (Markdown on, the longest
 * name DNS allows redirected), so that synth, local mode and publish list the same whatever the settings.
 */
export function listedPages(paths: readonly string[], site: SiteIndex): string[] {
  let room = MAX_FUNCTION_CODE_BYTES - codeBytes({ ...widestRouting(), site: { ...site, pages: [] } });
  const listed: string[] = [];
  for (const name of cleanUrlPages(paths, site.flat ?? [])) {
    room -= Buffer.byteLength(`${scriptJson(name)},`);
    if (room < 0) break;
    listed.push(name);
  }
  return listed;
}

/** The routing that leaves the least room for the site: every part on, and the longest names DNS allows (RFC 1035 §2.3.4). */
function widestRouting(): Omit<FrontDoorRouting, 'site'> {
  const longestName = 'x'.repeat(253);
  return {
    serviceOrigin: API_ORIGIN_ID,
    servicePaths: serviceRouting().throughDefault,
    form: PAGE_PATHS.form,
    markdown: true,
    redirect: { from: longestName, to: `https://${longestName}` },
    formPage: formPageAtForm(FLAT_FORM_PAGE),
  };
}

/** The line that says which of a folder's pages the function could not list, which are reached by their `.html` names alone. */
export function unlistedPagesNote(setting: string, paths: readonly string[], site: SiteIndex | null): string | undefined {
  if (site === null) return undefined;
  const pages = cleanUrlPages(paths, site.flat ?? []);
  const unlisted = pages.slice(site.pages?.length ?? 0);
  if (unlisted.length === 0) return undefined;
  const [first] = unlisted;
  return (
    `${setting}: ${unlisted.length} of your ${pages.length} pages named <name>.html are more than the front door's function can list: ` +
    `${printable(first!)}.html${unlisted.length === 1 ? ' is' : ` and ${unlisted.length - 1} more are`} reached by the .html name alone (/${printable(first!)}.html, not /${printable(first!)})`
  );
}

/** Whether a key of the site names a file the function could take for a folder: no `.` in its last segment. */
export function isExtensionless(path: string): boolean {
  return !posix.basename(path).includes('.');
}

/**
 * The code of the function of every behaviour the routing function is not on (the service's paths
 * that take POST; the default one without pages of the site's): the redirect of the other name alone.
 */
export function otherNameRedirectCode(redirect: OtherNameRedirect): string {
  return `${CLOUDFRONT_IMPORT}\nvar FRONT_DOOR = ${scriptJson({ redirect })};\n${REDIRECT_SOURCE}${QUERY_SOURCE}\nfunction handler(event) {\n  return otherNameRedirect(event.request) || event.request;\n}\n`;
}

/**
 * What a deployed function was told, read back from its code (as CloudFront's GetFunction returns
 * it): what frontDoorFunctionCode wrote on its second line. Undefined for code it did not write.
 */
export function readFrontDoorRouting(code: string): FrontDoorRouting | undefined {
  const [first, second] = code.split('\n', 2);
  const declared = /^var FRONT_DOOR = (.*);$/.exec(second ?? '')?.[1];
  if (first !== CLOUDFRONT_IMPORT || declared === undefined) return undefined;
  try {
    return JSON.parse(declared) as FrontDoorRouting;
  } catch {
    return undefined;
  }
}

/** A CloudFront Functions request or response object, as far as the routing rules read or write it. */
export type EdgeMessage = Record<string, unknown>;

/** What a function call did: the request sent on (and the origin it chose), or the answer given at the edge. */
export interface RoutingResult {
  readonly result: EdgeMessage;
  /** The origin id the function selected, if it selected one. */
  readonly selectedOrigin?: string;
}

/**
 * The routing rules as a function of a viewer request event, evaluated with `vm` from the text
 * CloudFront runs (frontDoorFunctionCode's, or a synthesized template's `FunctionCode`): its
 * import of CloudFront's helpers is given as `cf`, whose `selectRequestOriginById` is recorded
 * rather than performed.
 */
export function loadFrontDoorFunction(code: string): (event: { request: EdgeMessage }) => RoutingResult {
  if (!code.startsWith(`${CLOUDFRONT_IMPORT}\n`)) throw new Error(`a front door function's code opens with ${CLOUDFRONT_IMPORT}`);
  let selectedOrigin: string | undefined;
  const cf = { selectRequestOriginById: (id: string) => void (selectedOrigin = id) };
  const script = code.slice(CLOUDFRONT_IMPORT.length + 1);
  const handler = runInNewContext(`${script}\nhandler`, { cf }) as (event: unknown) => EdgeMessage;
  return (event) => {
    selectedOrigin = undefined;
    const result = handler(event);
    return { result, ...(selectedOrigin === undefined ? {} : { selectedOrigin }) };
  };
}

/** What the viewer-response function is told (front-door-headers.js describes each member). */
export interface PageHeaders {
  readonly servicePaths: readonly string[];
  readonly links: readonly string[];
  readonly markdown: boolean;
  readonly siteHost?: string;
}

/**
 * What the viewer-response function is told for a site (docs/api.md §16): the Link header's values
 * for every page when Link headers are on (relative references, which RFC 8288 §3.1 resolves
 * against the page's URL, so that the code holds no deploy-time value), whether each page has
 * its Markdown, and an existing site's host, whose redirects naming it stay at the site (docs/api.md §10).
 */
export function pageHeaders(options: { readonly linkHeaders: boolean; readonly markdown: boolean; readonly siteHost?: string }): PageHeaders {
  return {
    servicePaths: serviceRouting().throughDefault,
    links: options.linkHeaders ? PAGE_LINKS : [],
    markdown: options.markdown,
    ...(options.siteHost === undefined ? {} : { siteHost: options.siteHost.toLowerCase() }),
  };
}

/** Whether a site's pages need the viewer-response function at all: none when it would change no answer. */
export function changesPages(headers: PageHeaders): boolean {
  return headers.links.length > 0 || headers.markdown || headers.siteHost !== undefined;
}

/** Every page's links: the API catalog (RFC 9727 §3, its `api-catalog` relation) and llms.txt, which describes the site. */
const PAGE_LINKS = ['</.well-known/api-catalog>; rel="api-catalog"', '</llms.txt>; rel="describedby"; type="text/plain"'];

/** The code of the viewer-response function: its rules, with what they are told embedded. */
export function pageHeadersFunctionCode(headers: PageHeaders): string {
  return `var PAGE_HEADERS = ${scriptJson(headers)};\n${HEADERS_SOURCE}`;
}

/** The viewer-response rules as a function of an event, evaluated with `vm` from the text CloudFront runs: the answer as it leaves. */
export function loadPageHeadersFunction(code: string): (event: { request: EdgeMessage; response: EdgeMessage }) => EdgeMessage {
  return runInNewContext(`${code}\nhandler`, {}) as (event: unknown) => EdgeMessage;
}

function codeBytes(routing: FrontDoorRouting): number {
  return Buffer.byteLength(frontDoorFunctionCode(routing), 'utf8');
}
