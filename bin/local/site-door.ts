import type { IncomingMessage, RequestListener } from 'node:http';
import { readFile } from 'node:fs/promises';
import { lookup } from 'mime-types';
import type { FrontDoorOutcome, SiteFrontDoor } from '../../lib/front-door-request.js';
import { answeringWith, requestTarget, type ApiGateway, type LocalAnswer } from './api-server.js';

/** What S3 stores for a file whose name tells no type, as the upload's `aws s3 sync` leaves it. */
const UNKNOWN_TYPE = 'binary/octet-stream';

/**
 * Local mode with SITE_DIR: the deployed distribution in front of the API and the site's folder
 * (docs/api.md §10), deciding each request with the front door's own rules (lib/front-door-request.ts):
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
        return fileAnswer(200, outcome.file);
      case 'missing':
        drain(request);
        return (await notFoundPage(door)) ?? plainAnswer(404, 'Not Found: no file of SITE_DIR has this path, and it has no 404.html.');
    }
  });
}

async function notFoundPage(door: SiteFrontDoor): Promise<LocalAnswer | undefined> {
  const page = door.notFoundPage();
  return page === undefined ? undefined : fileAnswer(404, page);
}

/** A file of the site with the type its extension names (mime-db, as the upload guesses it from the name too). */
async function fileAnswer(statusCode: number, file: string): Promise<LocalAnswer> {
  return { statusCode, headers: { 'Content-Type': lookup(file) || UNKNOWN_TYPE }, body: await readFile(file) };
}

function plainAnswer(statusCode: number, text: string): LocalAnswer {
  return { statusCode, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from(`${text}\n`) };
}

/** A request answered without its body: read and dropped, so that the connection can serve the next one. */
function drain(request: IncomingMessage): void {
  request.resume();
}
