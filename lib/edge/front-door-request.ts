import { ConfigError, type AgentSettings } from '../../lambdas/config.js';
import { findRoute } from '../../lambdas/routes.js';
import { API_ORIGIN_ID, matchesPathPattern, NOT_FOUND_PAGE, serviceRouting, SITE_ORIGIN_ID } from '../front-door-paths.js';
import { agentFiles, publishedContentType } from '../pages/agent-files.js';
import { noPageOfFolder, siteFileAt, siteFiles } from '../pages/site-files.js';
import {
  changesPages,
  formPageAtForm,
  frontDoorFunctionCode,
  frontDoorRouting,
  loadFrontDoorFunction,
  loadPageHeadersFunction,
  pageHeaders,
  pageHeadersFunctionCode,
  pagesWithoutHtml,
  type EdgeMessage,
  type PageHeaders,
} from './front-door-function.js';

/** A viewer's request as the front door reads it: the path and the query as sent. */
export interface ViewerRequest {
  readonly method: string;
  readonly path: string;
  /** Without its `?`; empty when there is none. */
  readonly query: string;
  /** The headers as sent, by lower-case name, one value each: what the function reads (Accept) and keeps for the site (Range, the validators). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Where the front door takes a request (docs/api.md §10). */
export type FrontDoorOutcome =
  /** To the API, as sent: a behaviour of the route table's took it, or the function chose the API. */
  | { readonly kind: 'service' }
  /** Answered at the edge by the function: a folder's redirect, a 405 to a method pages do not take. */
  | { readonly kind: 'answer'; readonly status: number; readonly headers: Readonly<Record<string, string>> }
  /** A file of the site's folder: its key (its name in the bucket) and the file on disk. */
  | { readonly kind: 'file'; readonly key: string; readonly file: string; readonly contentType: string }
  /** A file the service adds to the site (docs/api.md §16): a page's Markdown, robots.txt, sitemap.xml. */
  | { readonly kind: 'added'; readonly key: string; readonly contentType: string; readonly body: () => string }
  /** No file for it: the distribution's 404. */
  | { readonly kind: 'missing' }
  /** To the existing site (`siteOrigin`), as the function sends it on: the site's origin, the path and the headers it keeps. */
  | { readonly kind: 'origin'; readonly origin: string; readonly path: string; readonly headers: Readonly<Record<string, string>> };

export interface SiteFrontDoor {
  route(request: ViewerRequest): FrontDoorOutcome;
  /** The page of every 404 (the distribution's error response): the folder's 404.html, when it has one. */
  notFoundPage(): string | undefined;
  /** The headers of an answer of the site as it leaves the edge, by lower-case name: the viewer-response function's changes to one below 400 (docs/api.md §10, §16), by its request's path. */
  pageHeaders(path: string, status: number, headers: Readonly<Record<string, string>>): Record<string, string>;
}

/** What local mode adds to the folder, as a deploy adds it: the parts turned on, and `{base}` for the absolute URLs. */
export interface LocalAgentFiles {
  readonly settings: AgentSettings;
  readonly baseUrl: string;
}

/** What local mode's front door is told beyond the folder, as a deploy's is. */
export interface LocalFrontDoorOptions {
  readonly agents?: LocalAgentFiles;
  /** The owner's form page's path (`formPage`), when the site has one. */
  readonly formPage?: string;
}

/**
 * The deployed distribution in front of a folder of the site, as local mode plays it: the
 * uncached behaviours of the route table in their order, then the default behaviour's
 * viewer-request function, run from the very text CloudFront runs and told what a deploy would
 * tell it (on the behaviour of a path that shows the owner's form page, too), then the bucket,
 * which holds the files the folder publishes (lib/pages/site-files.ts) and nothing else. The
 * folder is read at each request, as a deploy reads it at synth, so that pages a generator writes
 * meanwhile are served as the next deploy would serve them. `setting` names the folder in the
 * error of a site too big for the function.
 */
export function siteFrontDoor(folder: string, setting: string, { agents, formPage }: LocalFrontDoorOptions = {}): SiteFrontDoor {
  const { uncachedPatterns } = serviceRouting();
  const markdown = agents?.settings.markdown ?? false;
  // Making the function's text and loading it take a while: done again only when the folder's keys changed.
  let loaded: { readonly keys: string; readonly pagesWithoutHtml: readonly string[]; readonly run: ReturnType<typeof loadFrontDoorFunction> } | undefined;
  const formPagePath = formPageAtForm(formPage)?.path;
  const routingFunction = (paths: readonly string[]) => {
    const keys = paths.join('\0');
    if (loaded?.keys !== keys) {
      const routing = frontDoorRouting(paths, { setting, markdown, formPage });
      loaded = { keys, pagesWithoutHtml: pagesWithoutHtml(paths, routing), run: loadFrontDoorFunction(frontDoorFunctionCode(routing)) };
    }
    return loaded;
  };
  const leaving = leavingHeaders(pageHeaders({ linkHeaders: agents?.settings.linkHeaders ?? false, markdown }));
  return {
    route(request) {
      const uncached = uncachedPatterns.find((pattern) => matchesPathPattern(pattern, request.path));
      // A behaviour of the service's reads no folder, but for the one the routing function runs on too.
      if (uncached !== undefined && uncached !== formPagePath) return { kind: 'service' };
      const site = siteFiles(folder);
      const { run, pagesWithoutHtml } = routingFunction([...site.files.keys()]);
      const { result, selectedOrigin } = run(edgeEvent(request));
      if (typeof result.statusCode === 'number') return { kind: 'answer', status: result.statusCode, headers: edgeHeaders(result.headers) };
      // A request sent on goes to the origin the function chose, else to its behaviour's own.
      if ((selectedOrigin ?? (uncached === undefined ? SITE_ORIGIN_ID : API_ORIGIN_ID)) === API_ORIGIN_ID) return { kind: 'service' };
      const found = siteFileAt(site, String(result.uri));
      if (found !== undefined) return { kind: 'file', ...found, contentType: publishedContentType(found.key) };
      const added = agents === undefined ? undefined : addedFileAt(agentFiles(site, agents.settings, agents.baseUrl, pagesWithoutHtml, setting).files, String(result.uri));
      return added ?? { kind: 'missing' };
    },
    notFoundPage: () => siteFiles(folder).files.get(NOT_FOUND_PAGE),
    pageHeaders: leaving,
  };
}

/**
 * The deployed distribution in front of an existing site (`siteOrigin`, here its origin), as local
 * mode plays it: the route table's behaviours, then the default behaviour's viewer-request function,
 * told what a deploy tells it of such a site, which sends every other GET and HEAD on to the site
 * with the few headers a page's request keeps; the viewer-response function then keeps the site's
 * redirects at this origin.
 */
export function existingSiteFrontDoor(origin: string, { agents }: Pick<LocalFrontDoorOptions, 'agents'> = {}): SiteFrontDoor {
  const { uncachedPatterns } = serviceRouting();
  const run = loadFrontDoorFunction(frontDoorFunctionCode(frontDoorRouting(null)));
  const leaving = leavingHeaders(pageHeaders({ linkHeaders: agents?.settings.linkHeaders ?? false, markdown: false, siteHost: new URL(origin).host }));
  return {
    route(request) {
      if (uncachedPatterns.some((pattern) => matchesPathPattern(pattern, request.path))) return { kind: 'service' };
      const { result, selectedOrigin } = run(edgeEvent(request));
      if (typeof result.statusCode === 'number') return { kind: 'answer', status: result.statusCode, headers: edgeHeaders(result.headers) };
      if (selectedOrigin === API_ORIGIN_ID) return { kind: 'service' };
      return { kind: 'origin', origin, path: String(result.uri), headers: edgeHeaders(result.headers) };
    },
    notFoundPage: () => undefined,
    pageHeaders: leaving,
  };
}

/** A viewer's request as the viewer-request function is given it. */
function edgeEvent(request: ViewerRequest): { request: EdgeMessage } {
  return { request: { method: request.method, uri: request.path, querystring: edgeQuery(request.query), headers: edgeValues(request.headers ?? {}), cookies: {} } };
}

/** The viewer-response function as SiteFrontDoor.pageHeaders runs it: on answers below 400 alone, as CloudFront does, and only when it changes any. */
function leavingHeaders(headers: PageHeaders): SiteFrontDoor['pageHeaders'] {
  if (!changesPages(headers)) return (_path, _status, answered) => ({ ...answered });
  const run = loadPageHeadersFunction(pageHeadersFunctionCode(headers));
  return (path, status, answered) => {
    if (status >= 400) return { ...answered };
    const response: EdgeMessage = { statusCode: status, headers: edgeValues(answered) };
    return edgeHeaders(run({ request: { method: 'GET', uri: path, querystring: {}, headers: {}, cookies: {} }, response }).headers);
  };
}

/** The file the service adds at a request URI, by its key as S3 decodes it. */
function addedFileAt(files: ReturnType<typeof agentFiles>['files'], uri: string): FrontDoorOutcome | undefined {
  let key: string;
  try {
    key = decodeURIComponent(uri.slice(1));
  } catch {
    return undefined;
  }
  const file = files.get(key);
  return file === undefined ? undefined : { kind: 'added', key, contentType: file.contentType, body: () => file.body() };
}

/** The redirects a link may follow before it counts as broken; the function makes at most one. */
const MAX_REDIRECTS = 3;

/**
 * Whether a link to a path of the site (`/thanks/`, `/css/site.css?v=2`) finds something after
 * the function's redirects: a file of the site's folder, or a GET route of the service. `door` is
 * null for a deployment without pages, where every other path is the API's 404.
 */
export function linkFinds(door: SiteFrontDoor | null, link: string): boolean {
  const target = linkTarget(door, link);
  return target.kind === 'service' ? findRoute('GET', target.path) !== undefined : target.kind === 'file';
}

/** The file of the site's folder that a link to a path of the site serves after the function's redirects, if any. */
export function linkedSiteFile(door: SiteFrontDoor, link: string): string | undefined {
  const target = linkTarget(door, link);
  return target.kind === 'file' ? target.file : undefined;
}

type LinkTarget = { readonly kind: 'service'; readonly path: string } | { readonly kind: 'file'; readonly key: string; readonly file: string } | { readonly kind: 'none' };

function linkTarget(door: SiteFrontDoor | null, link: string): LinkTarget {
  let [path, query] = pathAndQuery(link.slice(0, (link + '#').indexOf('#')));
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    const outcome = door?.route({ method: 'GET', path, query }) ?? { kind: 'service' };
    if (outcome.kind === 'service') return { kind: 'service', path };
    if (outcome.kind === 'file') return outcome;
    if (outcome.kind !== 'answer' || outcome.status !== 301 || outcome.headers.location === undefined) return { kind: 'none' };
    [path, query] = pathAndQuery(outcome.headers.location);
  }
  return { kind: 'none' };
}

/**
 * Stops synth or start-up when the link of a setting (`formSuccessPath`, `PAGE_STYLESHEET`) would
 * find nothing: in the site's folder, named by its own setting, or with no folder at all (`null`,
 * a deployment without pages) among the service's pages.
 */
export function requireLinkFinds(key: string, link: string, site: { readonly folder: string; readonly setting: string } | null): void {
  if (linkFinds(site === null ? null : siteFrontDoor(site.folder, site.setting), link)) return;
  throw site === null ? new ConfigError(`${key} ${link} is no page of the service, and there are no pages of the site (siteDir or siteOrigin) to find it among`) : noPageOfFolder(key, link, site);
}

function pathAndQuery(target: string): [string, string] {
  const at = target.indexOf('?');
  return at === -1 ? [target, ''] : [target.slice(0, at), target.slice(at + 1)];
}

/** A query string as sent, in CloudFront Functions' shape: each name once, a repeated one with every value. */
function edgeQuery(query: string): EdgeMessage {
  const entries = new Map<string, string[]>();
  for (const pair of query === '' ? [] : query.split('&')) {
    const at = pair.indexOf('=');
    const [name, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    entries.set(name, [...(entries.get(name) ?? []), value]);
  }
  return Object.fromEntries(
    [...entries].map(([name, values]) => [
      name,
      values.length === 1 ? { value: values[0] } : { value: values[0], multiValue: values.map((value) => ({ value })) },
    ]),
  );
}

/** Headers as a function is given them, each value an object of its own: edgeHeaders undone. */
function edgeValues(headers: Readonly<Record<string, string>>): Record<string, { value: string }> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }]));
}

function edgeHeaders(headers: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries((headers ?? {}) as Record<string, { value: string }>).map(([name, { value }]) => [name, value]));
}
