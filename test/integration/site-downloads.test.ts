import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { send } from '../support/http-client.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { residentBytes, residentPeak } from '../support/process-memory.js';
import { siteFolder } from '../support/site-folder.js';

/*
 * Local mode sends a site file as it reads it (docs/api.md §10, "Local mode"): parallel slow
 * downloads of a large file cost the server a stream's buffer each, not the file each.
 */

const FILE_BYTES = 48 * 1024 * 1024;
const DOWNLOADS = 12;
/**
 * What the downloads may add to the server's resident memory: the chunks read for the sockets,
 * until the garbage collector frees them, some tens of MB whatever the file's size, stay under
 * three copies of it; reading it whole took one copy per download, twelve.
 */
const MAX_GROWTH_BYTES = 3 * FILE_BYTES;

const file = randomBytes(FILE_BYTES);
let largeFile: string;
let server: LocalServer;

beforeAll(async () => {
  const site = siteFolder({ 'page.html': '<!doctype html><title>Page</title>' });
  largeFile = join(realpathSync(site), 'large.bin');
  writeFileSync(largeFile, file);
  server = await startLocalServer({ SITE_DIR: site });
}, 30_000);
afterAll(() => server?.stop());

interface Download {
  /** Resolves once the first bytes came, and the client stopped reading. */
  readonly stalled: Promise<void>;
  /** Stops reading, and closes the connection. */
  abandon(): void;
  /** Reads the rest; resolves to what came. */
  finish(): Promise<{ readonly status: number; readonly length: string | undefined; readonly bytes: number; readonly sha256: string }>;
}

/** A visitor on a slow line: reads the answer's first bytes, then nothing until told to finish. */
function slowDownload(url: string): Download {
  const hash = createHash('sha256');
  let bytes = 0;
  const read = (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.byteLength;
  };
  let response: IncomingMessage | undefined;
  const request = httpRequest(url, { agent: false });
  const stalled = new Promise<void>((resolve, reject) => {
    request.on('response', (incoming) => {
      response = incoming;
      incoming.once('data', (chunk: Buffer) => {
        incoming.pause();
        read(chunk);
        resolve();
      });
    });
    request.on('error', reject);
    request.end();
  });
  return {
    stalled,
    abandon: () => request.destroy(),
    finish: () =>
      new Promise((resolve, reject) => {
        const incoming = response as IncomingMessage;
        incoming.on('data', read);
        incoming.on('error', reject);
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, length: incoming.headers['content-length'], bytes, sha256: hash.digest('hex') }));
        incoming.resume();
      }),
  };
}

describe('a large site file', () => {
  it('is sent to parallel slow downloads with the server’s memory growing by a few copies of it at most, where it once held one per download', async () => {
    // The front door's function compiled, and the folder read once, before the measure.
    expect((await send(`${server.apiUrl}/page.html`)).status).toBe(200);
    const before = residentBytes(server.pid);
    const sampler = residentPeak(server.pid);

    const downloads = Array.from({ length: DOWNLOADS }, () => slowDownload(`${server.apiUrl}/large.bin`));
    await Promise.all(downloads.map(({ stalled }) => stalled));
    // Stalled a while, as on slow lines: what the server holds for them is what it keeps.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [finished, ...abandoned] = downloads as [Download, ...Download[]];
    for (const download of abandoned) download.abandon();
    const received = await finished.finish();
    const growth = sampler.stop() - before;

    expect(received).toEqual({ status: 200, length: String(FILE_BYTES), bytes: FILE_BYTES, sha256: createHash('sha256').update(file).digest('hex') });
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
    // Each abandoned download's file closed with its connection.
    for (const deadline = Date.now() + 5000; openFilesOf(server.pid, largeFile) > 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openFilesOf(server.pid, largeFile)).toBe(0);
  }, 60_000);

  it('answers HEAD with GET’s headers, its length included, and no body', async () => {
    const head = await send(`${server.apiUrl}/large.bin`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(FILE_BYTES));
    expect(head.text).toBe('');
  });

  it('answers a range or a conditional request with the whole file, as local mode plays neither', async () => {
    for (const headers of [{ Range: 'bytes=0-9' }, { 'If-None-Match': '*' }, { 'If-Modified-Since': new Date(Date.now() + 86_400_000).toUTCString() }] as Record<string, string>[]) {
      const response = await send(`${server.apiUrl}/page.html`, { headers });
      expect({ headers, status: response.status, text: response.text }).toEqual({ headers, status: 200, text: '<!doctype html><title>Page</title>' });
      expect(response.headers['content-length']).toBe('34');
    }
  });
});

/** How many of a process's file descriptors are open on `path`, from Linux's /proc. */
function openFilesOf(pid: number, path: string): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;
}
