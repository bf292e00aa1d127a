import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProbe, getFollowingOnSite, MAX_REDIRECTS } from '../../../bin/verify/http-probe.js';

/*
 * What npm run verify's requests do against a hostile or broken server (docs/verify.md): every
 * exchange is bounded in time and size, and no redirect is followed off the site.
 */

let hostile: Server;
let elsewhere: Server;
let elsewhereRequests = 0;
const seenHeaders: IncomingMessage['headers'][] = [];
const urlOf = (server: Server, path: string) => new URL(path, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

const ROUTES: Record<string, (response: ServerResponse) => void> = {
  '/huge': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    // Far more than the cap, as fast as the socket takes it: the probe must stop reading.
    const write = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', write);
    };
    write();
  },
  '/silent': () => undefined,
  '/trickle': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => response.write('a'), 50);
    response.on('close', () => clearInterval(timer));
  },
  '/loop': (response) => {
    response.writeHead(302, { location: '/loop-2' });
    response.end();
  },
  '/loop-2': (response) => {
    response.writeHead(302, { location: '/loop' });
    response.end();
  },
  '/away': (response) => {
    response.writeHead(301, { location: urlOf(elsewhere, '/steal').href });
    response.end();
  },
  '/headers': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('fine');
  },
};

beforeAll(async () => {
  hostile = createServer((request, response) => {
    seenHeaders.push(request.headers);
    ROUTES[new URL(request.url ?? '/', 'http://x').pathname]?.(response);
  });
  elsewhere = createServer((_request, response) => {
    elsewhereRequests += 1;
    response.end('stolen');
  });
  await Promise.all([hostile, elsewhere].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
});
afterAll(async () => {
  for (const server of [hostile, elsewhere]) server.closeAllConnections();
  await Promise.all([hostile, elsewhere].map((server) => new Promise((resolve) => server.close(resolve))));
});

const probe = createProbe(fetch, { timeoutMs: 500, maxBytes: 256 * 1024 });

describe('a probe', () => {
  it('stops reading a body past its cap, at once', async () => {
    const started = performance.now();

    await expect(probe(urlOf(hostile, '/huge'))).rejects.toMatchObject({ message: 'answered more than 256 KiB: no document of the service is that large', failure: 'unreadable' });
    expect(performance.now() - started).toBeLessThan(400);
  });

  it('gives up on a server that never answers, and on one that trickles its body', async () => {
    for (const path of ['/silent', '/trickle']) {
      const started = performance.now();
      await expect(probe(urlOf(hostile, path))).rejects.toMatchObject({ message: 'no whole answer within 0.5 s', failure: 'too slow' });
      expect(performance.now() - started).toBeLessThan(1500);
    }
  });

  it('says a refused connection in a few words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = urlOf(closed, '/');
    await new Promise((resolve) => closed.close(resolve));

    await expect(probe(url)).rejects.toMatchObject({ message: 'could not connect (ECONNREFUSED)', failure: 'unreachable' });
  });

  it('asks for no compression, and names itself', async () => {
    await probe(urlOf(hostile, '/headers'));

    expect(seenHeaders.at(-1)).toMatchObject({ 'accept-encoding': 'identity', 'user-agent': expect.stringContaining('npm run verify') });
  });
});

describe('getFollowingOnSite', () => {
  it(`stops a redirect loop after ${MAX_REDIRECTS} hops`, async () => {
    await expect(getFollowingOnSite(probe, urlOf(hostile, '/loop'))).rejects.toThrow(/redirected more than 3 times \(\/loop -> \/loop-2 -> \/loop -> \/loop-2 -> …\): a loop/);
  });

  it('reports a redirect to another host, and never sends it a request', async () => {
    const landing = await getFollowingOnSite(probe, urlOf(hostile, '/away'));

    expect(landing.offSite?.href).toBe(urlOf(elsewhere, '/steal').href);
    expect(landing.answer.status).toBe(301);
    expect(elsewhereRequests).toBe(0);
  });
});
