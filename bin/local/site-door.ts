import type { IncomingMessage, RequestListener } from 'node:http';
import type { FrontDoorOutcome, SiteFrontDoor } from '../../lib/edge/front-door-request.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { publishedContentType } from '../../lib/pages/agent-files.js';
import { answeringWith, requestTarget, type ApiGateway, type LocalAnswer } from './api-server.js';
import { fetchFromExistingSite, textAnswer, type SiteAnswer } from './existing-site-fetch.js';
import { FileBody } from './file-body.js';

/** What a walk of the folder meets while it is being written: a path gone, or a folder become a file. */
const FOLDER_CHANGING = new Set(['ENOENT', 'ENOTDIR']);

/**
 * Local mode with the site's pages: the deployed distribution in front of the API and the site's
 * folder or the existing site (docs/api.md §10), deciding each request with the front door's own
 * rules (lib/edge/front-door-request.ts): the service's paths to the API, the function's redirects
 * and 405s, the folder's files, and the site's 404.html for every 404, the API's own included, as
 * the distribution's error response answers them; or the existing site's pages, fetched from it.
 */
export function siteDoorListener(api: ApiGateway, door: SiteFrontDoor, say: (line: string) => void = () => {}): RequestListener {
  let saidAway = false;
  return answeringWith(async (request) => {
    const { path, query } = requestTarget(request.url ?? '/');
    let outcome: FrontDoorOutcome;
    try {
      outcome = door.route({ method: request.method ?? 'GET', path, query, headers: singleValued(request) });
    } catch (error) {
      drain(request);
      // Gone for a moment, or a folder of it swapped for a file mid-scan, as while a generator builds
      // the folder anew: nothing is lost by coming back.
      if (FOLDER_CHANGING.has((error as NodeJS.ErrnoException).code ?? '')) {
        const answer = textAnswer(503, "Service Unavailable: SITE_DIR, the site's folder, is not there just now (being built again?). Try again in a moment.");
        return { ...answer, headers: { ...answer.headers, 'retry-after': '5' } };
      }
      // The folder outgrew what the function can embed since start-up: synth would stop the same way.
      return textAnswer(500, (error as Error).message);
    }
    switch (outcome.kind) {
      case 'service': {
        const answer = await api(request);
        return answer.statusCode === 404 ? ((await notFoundPage(door)) ?? answer) : answer;
      }
      case 'answer':
        drain(request);
        return { statusCode: outcome.status, headers: outcome.headers, body: Buffer.alloc(0) };
      case 'file': {
        drain(request);
        const answer = await fileAnswer(200, outcome.contentType, outcome.file);
        return answer === undefined ? missingAnswer(door) : withPageHeaders(door, path, answer);
      }
      case 'added':
        drain(request);
        return withPageHeaders(door, path, { statusCode: 200, headers: { 'content-type': outcome.contentType }, body: Buffer.from(outcome.body()) });
      case 'missing':
        drain(request);
        return missingAnswer(door);
      case 'origin': {
        drain(request);
        const answer = await fetchFromExistingSite(outcome.origin, request.method ?? 'GET', outcome.path, outcome.headers);
        const away = redirectAway(outcome.origin, answer);
        if (away !== undefined && !saidAway) {
          saidAway = true;
          say(
            `Site       ${outcome.origin}${outcome.path} redirects to ${away}, another site (your host's own domain setting still on?): the preview passes that on, as the deployment would; turn the setting off right before your names move (docs/your-domain.md, "A site that stays at its host")`,
          );
        }
        return withPageHeaders(door, path, answer);
      }
    }
  });
}

/** Where a redirect of the existing site sends the visitor when that is another site than it: the one a host's own domain setting makes. */
function redirectAway(origin: string, answer: SiteAnswer): string | undefined {
  const location = answer.headers.location;
  if (answer.statusCode < 300 || answer.statusCode > 399 || location === undefined || !URL.canParse(location)) return undefined;
  const target = new URL(location);
  return /^https?:$/.test(target.protocol) && target.hostname !== new URL(origin).hostname ? target.origin : undefined;
}

async function missingAnswer(door: SiteFrontDoor): Promise<LocalAnswer> {
  return (await notFoundPage(door)) ?? textAnswer(404, 'Not Found: no file of SITE_DIR has this path, and it has no 404.html.');
}

async function notFoundPage(door: SiteFrontDoor): Promise<LocalAnswer | undefined> {
  const page = door.notFoundPage();
  return page === undefined ? undefined : fileAnswer(404, publishedContentType(NOT_FOUND_PAGE), page);
}

/**
 * A file of the site with the type the upload gives it (publishedContentType), sent as it is
 * read; undefined when it was swapped for a link or taken away since the folder was read, which
 * makes it no file of the site.
 */
async function fileAnswer(statusCode: number, contentType: string, file: string): Promise<(LocalAnswer & { headers: Record<string, string> }) | undefined> {
  const body = await FileBody.open(file);
  return body === undefined ? undefined : { statusCode, headers: { 'content-type': contentType }, body };
}

/** An answer of the site as it leaves the edge: with the headers the viewer-response function gives it (docs/api.md §10, §16). */
function withPageHeaders(door: SiteFrontDoor, path: string, answer: LocalAnswer & { headers: Record<string, string> }): LocalAnswer {
  return { ...answer, headers: capitalized(door.pageHeaders(path, answer.statusCode, answer.headers)) };
}

/** Header names as CloudFront writes those a function set: each word capitalized (`link` is `Link`). */
function capitalized(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()), value]));
}


/** A request's headers as CloudFront gives a function them, each with one value: a repeated one's joined. */
function singleValued(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

/** A request answered without its body: read and dropped, so that the connection can serve the next one. */
function drain(request: IncomingMessage): void {
  request.resume();
}
