import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { createProbe, deadlineIn, getFollowingOnSite, MAX_REDIRECTS } from '../../../bin/verify/http-probe.js';
import { startRawAnswerServer } from '../../support/raw-answer-server.js';

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
// Where the time limit is not what a test is about: 0.5 s is too short for a loaded machine, and
// 4 s stays within jest's 5 s, so that a hang fails with the probe's own message.
const patientProbe = createProbe(fetch, { timeoutMs: 4000, maxBytes: 256 * 1024 });

describe('a probe', () => {
  it('stops reading a body past its cap, at once', async () => {
    const started = performance.now();

    await expect(patientProbe(urlOf(hostile, '/huge'))).rejects.toMatchObject({ message: 'answered more than 256 KiB: no document of the service is that large', failure: 'unreadable' });
    // Reading on would run into the probe's 4 s: the cap, not the clock, ended it.
    expect(performance.now() - started).toBeLessThan(2000);
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

    await expect(patientProbe(url)).rejects.toMatchObject({ message: 'could not connect (ECONNREFUSED)', failure: 'unreachable' });
  });

  it.each([
    ['a banner of another protocol', (socket: Socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'), 'answered with what is not well-formed HTTP (Expected HTTP/, RTSP/ or ICE/)'],
    ['a broken header', (socket: Socket) => socket.end('HTTP/1.1 200 OK\r\nBad Header: x\r\nContent-Length: 0\r\n\r\n'), 'answered with what is not well-formed HTTP (Invalid header token)'],
    ['a chunk size that is no number', (socket: Socket) => socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhi\r\n0\r\n\r\n'), 'answered with what is not well-formed HTTP (Invalid character in chunk size)'],
    ['a body cut short', (socket: Socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhi'), 'closed the connection before a whole answer'],
    ['nothing at all', (socket: Socket) => socket.end(), 'closed the connection before a whole answer'],
  ])('names an answer that is not well-formed HTTP (%s) as such, never as a connection that failed', async (_case, answer, message) => {
    const server = await startRawAnswerServer(answer);
    try {
      await expect(patientProbe(new URL(server.url))).rejects.toMatchObject({ message, failure: 'not http' });
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('names plain HTTP at an https address as an answer that is not TLS', async () => {
    const { port } = hostile.address() as AddressInfo;

    await expect(patientProbe(new URL(`https://127.0.0.1:${port}/headers`))).rejects.toMatchObject({ message: expect.stringMatching(/^answered with what is not TLS \(ERR_SSL_\w+\)$/), failure: 'not http' });
  });

  it('shares a deadline with the other requests of its group: one under way is cut short, the next fails at once', async () => {
    // Each answer comes after 1 s, and the group has 1.5 s: the second is cut short half-way.
    const late = await startRawAnswerServer((socket) => setTimeout(() => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), 1000));
    try {
      const timed = createProbe(fetch, { timeoutMs: 5000, maxBytes: 1024 }, deadlineIn(1500));

      expect((await timed(new URL(late.url))).status).toBe(200);
      const started = performance.now();
      await expect(timed(new URL(late.url))).rejects.toMatchObject({ message: "the 1.5 s a run gives the site's checks are up", failure: 'out of time' });
      expect(performance.now() - started).toBeLessThan(900);
      const after = performance.now();
      await expect(timed(new URL(late.url))).rejects.toMatchObject({ failure: 'out of time' });
      expect(performance.now() - after).toBeLessThan(50);
      expect(late.connections()).toBe(2);
    } finally {
      await late.close();
    }
  });

  it('asks for no compression, and names itself', async () => {
    await patientProbe(urlOf(hostile, '/headers'));

    expect(seenHeaders.at(-1)).toMatchObject({ 'accept-encoding': 'identity', 'user-agent': expect.stringContaining('npm run verify') });
  });
});

describe('getFollowingOnSite', () => {
  it(`stops a redirect loop after ${MAX_REDIRECTS} hops`, async () => {
    await expect(getFollowingOnSite(patientProbe, urlOf(hostile, '/loop'))).rejects.toThrow(/redirected more than 3 times \(\/loop -> \/loop-2 -> \/loop -> \/loop-2 -> …\): a loop/);
  });

  it('reports a redirect to another host, and never sends it a request', async () => {
    const landing = await getFollowingOnSite(patientProbe, urlOf(hostile, '/away'));

    expect(landing.offSite?.href).toBe(urlOf(elsewhere, '/steal').href);
    expect(landing.answer.status).toBe(301);
    expect(elsewhereRequests).toBe(0);
  });
});
