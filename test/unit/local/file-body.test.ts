import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileBody } from '../../../bin/local/file-body.js';

/* A file of the site as local mode sends it (bin/local/site-door.ts): opened as it is now, read as it is sent. */

const folder = mkdtempSync(join(tmpdir(), 'file-body-'));
const path = (name: string) => join(folder, name);

describe('FileBody.open', () => {
  beforeAll(() => {
    writeFileSync(path('page.html'), 'hello');
    writeFileSync(path('empty.txt'), '');
    symlinkSync(path('page.html'), path('link.html'));
    mkdirSync(path('folder'));
    execFileSync('mkfifo', [path('fifo')]);
  });

  it('opens a regular file with its length, an empty one too', async () => {
    for (const [name, length] of [['page.html', 5], ['empty.txt', 0]] as const) {
      const body = await FileBody.open(path(name));
      expect(body?.byteLength).toBe(length);
      await body?.close();
    }
  });

  it.each([
    ['a link, even to a file of the folder: the path it is given is a real one', 'link.html'],
    ['a path that is gone', 'gone.html'],
    ['a path through a file', 'page.html/x'],
    ['a folder', 'folder'],
    ['a FIFO, without waiting for a writer', 'fifo'],
  ])('finds no file at %s', async (_case, name) => {
    expect(await FileBody.open(path(name))).toBeUndefined();
  });
});

describe('FileBody.copyTo', () => {
  it.each([
    ['the whole file', 'hello, world', undefined, 'hello, world'],
    ['its first bytes', 'hello, world', 5, 'hello'],
    ['an empty file', '', undefined, ''],
  ])('writes %s to a new file', async (_case, text, maxBytes, copied) => {
    writeFileSync(path('source.txt'), text);
    const destination = path(`copy-${maxBytes}-${text.length}.txt`);
    await (await FileBody.open(path('source.txt')))?.copyTo(destination, maxBytes);
    expect(readFileSync(destination, 'utf8')).toBe(copied);
  });

  it('never writes through a file already at the destination, a link there included', async () => {
    writeFileSync(path('source.txt'), 'hello');
    symlinkSync(path('victim.txt'), path('planted.txt'));
    const body = (await FileBody.open(path('source.txt'))) as FileBody;
    await expect(body.copyTo(path('planted.txt'))).rejects.toThrow(/EEXIST/);
    expect(existsSync(path('victim.txt'))).toBe(false);
  });
});

describe('FileBody.sendTo', () => {
  let server: Server;
  let url: string;
  /** What the next request is answered with: the file at that path as it is when the request comes, changed by `meanwhile` once opened. */
  let next: { name: string; meanwhile?: () => void };

  beforeAll(async () => {
    server = createServer(async (_request, response) => {
      const body = (await FileBody.open(path(next.name))) as FileBody;
      next.meanwhile?.();
      response.writeHead(200, { 'Content-Length': String(body.byteLength) });
      body.sendTo(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The answer's status, length and body as a client reads them, or the error that broke it. */
  const fetchBody = (method = 'GET') =>
    new Promise<{ length?: string; body: string } | { error: string }>((resolve) => {
      const request = httpRequest(url, { method, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        response.on('end', () => resolve({ length: response.headers['content-length'], body: Buffer.concat(chunks).toString() }));
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      request.end();
    });

  it('sends the file whole, and an empty one as no body', async () => {
    writeFileSync(path('large.txt'), 'x'.repeat(1_000_000));
    next = { name: 'large.txt' };
    expect(await fetchBody()).toEqual({ length: '1000000', body: 'x'.repeat(1_000_000) });
    writeFileSync(path('none.txt'), '');
    next = { name: 'none.txt' };
    expect(await fetchBody()).toEqual({ length: '0', body: '' });
  });

  it('sends HEAD the length and no body', async () => {
    writeFileSync(path('head.txt'), 'hello');
    next = { name: 'head.txt' };
    expect(await fetchBody('HEAD')).toEqual({ length: '5', body: '' });
  });

  it('sends the length it opened with of a file that grows meanwhile', async () => {
    writeFileSync(path('grows.txt'), 'hello');
    next = { name: 'grows.txt', meanwhile: () => appendFileSync(path('grows.txt'), ', world') };
    expect(await fetchBody()).toEqual({ length: '5', body: 'hello' });
  });

  it('breaks the answer of a file cut short meanwhile, rather than leave the client waiting for the rest', async () => {
    writeFileSync(path('shrinks.txt'), 'y'.repeat(100_000));
    next = { name: 'shrinks.txt', meanwhile: () => truncateSync(path('shrinks.txt'), 10) };
    expect(await fetchBody()).toEqual({ error: expect.stringMatching(/^(aborted|ECONNRESET)$/) });
  });
});
