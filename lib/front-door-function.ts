import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { runInNewContext } from 'node:vm';
import { ConfigError } from '../lambdas/config.js';
import { API_ORIGIN_ID, serviceRouting } from './front-door-paths.js';

/**
 * The rules of lib/front-door-routing.js: plain JavaScript, the same text at the edge, in tests and
 * in local mode; its whole-line comments left out, which would spend the function's 10 KB.
 */
const ROUTING_SOURCE = readFileSync(new URL('./front-door-routing.js', import.meta.url), 'utf8').replace(/^[ \t]*\/\/.*\n/gm, '');

/** What the function is told (front-door-routing.js describes each member). */
export interface FrontDoorRouting {
  readonly serviceOrigin: string;
  readonly servicePaths: readonly string[];
  readonly site: SiteIndex | null;
}

/** How the function tells a folder of the site from a file: the folders, or when they are too many, the files that could pass for one. */
export type SiteIndex = { readonly folders: readonly string[] } | { readonly files: readonly string[] };

/** CloudFront Functions' limit on a function's code. */
export const MAX_FUNCTION_CODE_BYTES = 10 * 1024;

/** The module the origin-selection helpers come from, which CloudFront wants on the first line. */
const CLOUDFRONT_IMPORT = "import cf from 'cloudfront';";

/** The code CloudFront runs: the routing rules, with what they route embedded. */
export function frontDoorFunctionCode(routing: FrontDoorRouting): string {
  return `${CLOUDFRONT_IMPORT}\nvar FRONT_DOOR = ${JSON.stringify(routing)};\n${ROUTING_SOURCE}`;
}

/**
 * What the function is told for a site: the route table's paths that reach the API through the
 * default behaviour, and the index of the site's published files (their keys, lib/site-files.ts;
 * null for a site that answers its own paths). `setting` names the folder's setting in the error
 * of a site too big for the function.
 */
export function frontDoorRouting(paths: readonly string[] | null, setting = 'siteDir'): FrontDoorRouting {
  const service = { serviceOrigin: API_ORIGIN_ID, servicePaths: serviceRouting().throughDefault };
  return { ...service, site: paths === null ? null : siteIndexFor(paths, service, setting) };
}

/**
 * The site index to embed for the published files' keys: its folders if the function still fits
 * its limit with them, else its files without an extension (what else could be a folder). A site
 * whose function fits neither way stops synth with one line.
 */
export function siteIndexFor(paths: readonly string[], routing: Omit<FrontDoorRouting, 'site'>, setting = 'siteDir'): SiteIndex {
  const folders = paths.filter((path) => path.endsWith('/index.html')).map((path) => posix.dirname(path));
  const files = paths.filter((path) => !posix.basename(path).includes('.'));
  const sized = [{ folders: folders.sort() }, { files: files.sort() }].map((site) => ({ site, bytes: codeBytes({ ...routing, site }) }));
  const fitting = sized.find(({ bytes }) => bytes <= MAX_FUNCTION_CODE_BYTES);
  if (fitting === undefined) {
    throw new ConfigError(
      `${setting} has too many folders (${folders.length}) and files without an extension (${files.length}) for the front door's function: ` +
        `it would take ${Math.min(...sized.map(({ bytes }) => bytes))} bytes, and CloudFront takes ${MAX_FUNCTION_CODE_BYTES}`,
    );
  }
  return fitting.site;
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

function codeBytes(routing: FrontDoorRouting): number {
  return Buffer.byteLength(frontDoorFunctionCode(routing), 'utf8');
}
