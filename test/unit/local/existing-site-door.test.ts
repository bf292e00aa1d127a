import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fetchFromExistingSite } from '../../../bin/local/existing-site-fetch.js';
import { siteDoorListener } from '../../../bin/local/site-door.js';
import { readAgentSettings } from '../../../lambdas/config.js';
import { existingSiteFrontDoor } from '../../../lib/edge/front-door-request.js';
import { send, sendTarget } from '../../support/http-client.js';

/*
 * Local mode in front of an existing site (`siteOrigin`, docs/api.md §10): the preview fetches every
 * path but the service's from the site, as the deployed distribution does, through the very
 * functions CloudFront runs. The site here is a local server standing in for https://you.github.io,
 * writing its redirects whole with its own host, as GitHub Pages does.
 */

interface SiteRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

const seen: SiteRequest[] = [];
const said: string[] = [];
let site: Server;
let siteOrigin: string;
let preview: Server;
let previewUrl: string;

function listening(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  site = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    if (request.url === '/about') {
      response.writeHead(301, { Location: `http://${request.headers.host}/about/` }).end();
    } else if (request.url === '/about/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': '14', ETag: '"v1"', 'Set-Cookie': 'session=site' }).end('<h1>About</h1>');
    } else if (request.url === '/old-domain/') {
      response.writeHead(301, { Location: 'https://www.owner.example/old-domain/' }).end();
    } else if (request.url === '/hop') {
      response.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'x-secret', 'X-Secret': '1', Upgrade: 'h2c', 'Proxy-Authenticate': 'Basic' }).end('hop');
    } else if (request.url === '/slow') {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.write('a beginning');
    } else if (request.url === '/mute') {
      // Never a word.
    } else if (request.url === '/css/site.css') {
      response.writeHead(200, { 'Content-Type': 'text/css', 'Content-Encoding': 'gzip' }).end(gzipSync('body { color: teal }'));
    } else {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not here</h1>');
    }
  });
  siteOrigin = await listening(site);
  const door = existingSiteFrontDoor(siteOrigin, { agents: { settings: readAgentSettings({}), baseUrl: 'http://localhost:3000' } });
  const api = async () => ({ statusCode: 200, headers: { 'X-Answered-By': 'api' }, body: Buffer.from('service') });
  preview = createServer(siteDoorListener(api, door, (line) => said.push(line)));
  previewUrl = await listening(preview);
});

afterAll(() => {
  site.closeAllConnections();
  site.close();
  preview.close();
});

/** What the site was asked for by one request to the preview. */
async function asked(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = seen.length;
  const answer = await send(`${previewUrl}${path}`, { method, headers });
  return { answer, requests: seen.slice(before) };
}

describe('local mode in front of an existing site', () => {
  it('fetches a page by its path alone, with none of the visitor’s cookies or credentials, and gives its answer with the pages’ Link header', async () => {
    const { answer, requests } = await asked('/about/?utm_source=x', {
      Cookie: 'a=b',
      Authorization: 'Bearer x',
      'If-None-Match': '"v0"',
      Range: 'bytes=0-3',
      'Accept-Encoding': 'compress',
      Via: '1.1 elsewhere',
      'CDN-Loop': 'elsewhere',
    });

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/about/' });
    expect(requests[0]!.headers).toMatchObject({ host: new URL(siteOrigin).host, 'if-none-match': '"v0"', range: 'bytes=0-3' });
    // CloudFront's own, and what CloudFront keeps from the site.
    expect(requests[0]!.headers['accept-encoding']).not.toBe('compress');
    for (const name of ['cookie', 'authorization', 'via', 'cdn-loop']) expect(requests[0]!.headers).not.toHaveProperty(name);
    expect([answer.status, answer.text, answer.headers.etag]).toEqual([200, '<h1>About</h1>', '"v1"']);
    expect(answer.headers.link).toBe('</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel="describedby"; type="text/plain"');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a redirect that names the site’s host at the preview, as the deployed viewer-response function does', async () => {
    const { answer } = await asked('/about');
    expect([answer.status, answer.headers.location]).toEqual([301, '/about/']);
  });

  it('gives a compressed file as the site sent it, decoded', async () => {
    const { answer } = await asked('/css/site.css');
    expect([answer.status, answer.text, answer.headers['content-encoding']]).toEqual([200, 'body { color: teal }', undefined]);
  });

  it('gives the site’s own 404, without the pages’ headers', async () => {
    const { answer } = await asked('/nope/');
    expect([answer.status, answer.text, answer.headers.link]).toEqual([404, '<h1>Not here</h1>', undefined]);
  });

  it('answers a HEAD from the site, without a body but with the length the site gives', async () => {
    const { answer, requests } = await asked('/about/', {}, 'HEAD');
    expect([answer.status, answer.text, answer.headers['content-length'], requests[0]?.method]).toEqual([200, '', '14', 'HEAD']);
  });

  it('gives none of the site’s connection headers, nor one its Connection names', async () => {
    const { answer } = await asked('/hop');
    expect(answer.text).toBe('hop');
    for (const name of ['x-secret', 'upgrade', 'proxy-authenticate']) expect(answer.headers).not.toHaveProperty(name);
  });

  it('passes a redirect to another site on, as the deployment would, and says once why it may come', async () => {
    const first = await asked('/old-domain/');
    await asked('/old-domain/');
    expect([first.answer.status, first.answer.headers.location]).toEqual([301, 'https://www.owner.example/old-domain/']);
    expect(said).toEqual([
      `Site       ${siteOrigin}/old-domain/ redirects to https://www.owner.example, another site (your host's own domain setting still on?): the preview passes that on, as the deployment would; turn the setting off right before your names move (docs/your-domain.md, "A site that stays at its host")`,
    ]);
  });

  it('answers a post to a page 405 at the edge, never asking the site', async () => {
    const { answer, requests } = await asked('/about/', {}, 'POST');
    expect([answer.status, answer.headers.allow, requests]).toEqual([405, 'GET, HEAD', []]);
  });

  it.each(['/contact', '/llms.txt', '/api/contact'])('sends the service’s %s to the API, never to the site', async (path) => {
    const { answer, requests } = await asked(path);
    expect([answer.headers['x-answered-by'], requests]).toEqual(['api', []]);
  });

  it('refuses a request target that is no path, which would be read as part of the site’s host, never asking anyone', async () => {
    const before = seen.length;
    const answer = await sendTarget(previewUrl, '*');
    expect([answer.status, answer.text, seen.length - before]).toEqual([400, 'Bad Request: "*" is no path of the site.\n', 0]);
  });

  it.each([
    ['/mute', 'no answer in 0.2 s'],
    ['/slow', 'it stopped sending for 0.2 s'],
  ])('answers %s 504 in words once the site kept silent as long as CloudFront waits', async (path, why) => {
    const answer = await fetchFromExistingSite(siteOrigin, 'GET', path, {}, 200);
    expect([answer.statusCode, answer.body?.toString()]).toEqual([504, `Gateway Timeout: ${siteOrigin}${path} (siteOrigin) could not be fetched: ${why}. The deployment fetches it from there too.\n`]);
  });

  it('answers 502 in words when the site cannot be reached, as CloudFront would', async () => {
    const closed = createServer();
    const gone = await listening(closed);
    closed.close();
    const door = existingSiteFrontDoor(gone);
    const server = createServer(siteDoorListener(async () => ({ statusCode: 204, headers: {} }), door));
    try {
      const answer = await send(`${await listening(server)}/about/`);
      expect([answer.status, answer.text]).toEqual([502, `Bad Gateway: ${gone}/about/ (siteOrigin) could not be fetched: ECONNREFUSED. The deployment fetches it from there too.\n`]);
    } finally {
      server.close();
    }
  });
});
