import type { IncomingMessage, RequestListener } from 'node:http';
import type { FrontDoorOutcome, SiteFrontDoor } from '../../lib/edge/front-door-request.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { uploadContentType } from '../../lib/pages/upload-content-type.js';
import { answeringWith, requestTarget, type ApiGateway, type LocalAnswer } from './api-server.js';
import { FileBody } from './file-body.js';

/**
 * Local mode with SITE_DIR: the deployed distribution in front of the API and the site's folder
 * (docs/api.md §10), deciding each request with the front door's own rules (lib/edge/front-door-request.ts):
 * the service's paths to the API, the function's redirects and 405s, the folder's files, and the
 * site's 404.html for every 404, the API's own included, as the distribution's error response
 * answers them.
 */
export function siteDoorListener(api: ApiGateway, door: SiteFrontDoor): RequestListener {
  return answeringWith(async (request) => {
    const { path, query } = requestTarget(request.url ?? '/');
    let outcome: FrontDoorOutcome;
    try {
      outcome = door.route({ method: request.method ?? 'GET', path, query });
    } catch (error) {
      // The folder outgrew what the function can embed since start-up: synth would stop the same way.
      return plainAnswer(500, (error as Error).message);
    }
    switch (outcome.kind) {
      case 'service': {
        const answer = await api(request);
        return answer.statusCode === 404 ? ((await notFoundPage(door)) ?? answer) : answer;
      }
      case 'answer':
        drain(request);
        return { statusCode: outcome.status, headers: outcome.headers, body: Buffer.alloc(0) };
      case 'file':
        drain(request);
        return (await fileAnswer(200, outcome.key, outcome.file)) ?? missingAnswer(door);
      case 'missing':
        drain(request);
        return missingAnswer(door);
    }
  });
}

async function missingAnswer(door: SiteFrontDoor): Promise<LocalAnswer> {
  return (await notFoundPage(door)) ?? plainAnswer(404, 'Not Found: no file of SITE_DIR has this path, and it has no 404.html.');
}

async function notFoundPage(door: SiteFrontDoor): Promise<LocalAnswer | undefined> {
  const page = door.notFoundPage();
  return page === undefined ? undefined : fileAnswer(404, NOT_FOUND_PAGE, page);
}

/**
 * A file of the site with the type the upload gives its key (lib/pages/upload-content-type.ts),
 * sent as it is read; undefined when it was swapped for a link or taken away since the folder
 * was read, which makes it no file of the site.
 */
async function fileAnswer(statusCode: number, key: string, file: string): Promise<LocalAnswer | undefined> {
  const body = await FileBody.open(file);
  return body === undefined ? undefined : { statusCode, headers: { 'Content-Type': uploadContentType(key) }, body };
}

function plainAnswer(statusCode: number, text: string): LocalAnswer {
  return { statusCode, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from(`${text}\n`) };
}

/** A request answered without its body: read and dropped, so that the connection can serve the next one. */
function drain(request: IncomingMessage): void {
  request.resume();
}
