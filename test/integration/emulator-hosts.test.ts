import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { startDynamoEmulator, startSesEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { startTableStream } from '../../bin/local/table-stream.js';

/*
 * Local mode's emulators answer only their own names (docs/api.md §7): the mailbox (the SES
 * emulator's page and /store), dynalite and the stand-in of the table's stream in front of it
 * refuse a request whose Host is not a loopback name with their port, as a page of another site
 * sends after DNS rebinding (its own name made to resolve to 127.0.0.1), and one whose Origin is
 * another site's, as such a page sends to 127.0.0.1 itself.
 */

let dynamo: RunningServer;
let ses: RunningServer;
let stream: RunningServer;
beforeAll(async () => {
  [dynamo, ses] = await Promise.all([startDynamoEmulator('127.0.0.1'), startSesEmulator('127.0.0.1', 0)]);
  stream = await startTableStream({ target: dynamo.url, host: '127.0.0.1', port: 0, tableName: 'inquiries', keyAttribute: 'pk', filter: {}, consume: async () => undefined, stopDrainMs: 0 });
}, 30_000);
afterAll(async () => {
  await stream?.close();
  await Promise.all([dynamo?.close(), ses?.close()]);
});

/** A GET of `path` at the server, its Host header exactly `host`, as a browser sends it for the name it resolved. */
function getWithHost(server: RunningServer, path: string, host: string): Promise<{ status: number; body: string }> {
  return send(server, { path, headers: { host } });
}

/** A request at the server as given, and its answer. */
function send(
  server: RunningServer,
  { method = 'GET', path, headers }: { method?: string; path: string; headers: Record<string, string> },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const servers = [
  ['the mailbox’s page', () => ses, '/'],
  ['the mailbox’s JSON store', () => ses, '/store'],
  ['dynalite', () => dynamo, '/'],
  ['the stand-in of the table’s stream', () => stream, '/'],
] as const;

describe.each(servers)('%s', (_what, server, path) => {
  it.each([
    ['another site’s name, rebound to 127.0.0.1', (port: number) => `attacker.example:${port}`],
    ['a name that only starts as localhost', (port: number) => `localhost.attacker.example:${port}`],
    ['a loopback name with another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['a loopback name without its port', () => 'localhost'],
  ])('refuses %s with 421, saying where it answers', async (_host, host) => {
    const answer = await getWithHost(server(), path, host(server().port));

    expect(answer.status).toBe(421);
    expect(answer.body).toBe(`Local mode's emulators answer only at localhost:${server().port}, 127.0.0.1:${server().port} and [::1]:${server().port}.\n`);
  });

  it('refuses a request without a Host, as HTTP/1.0 allows one', async () => {
    const socket = connect(server().port, '127.0.0.1');
    socket.end(`GET ${path} HTTP/1.0\r\n\r\n`);
    let answer = '';
    for await (const chunk of socket) answer += String(chunk);

    expect(answer).toMatch(/^HTTP\/1\.1 421 Misdirected Request\r\n/);
  });

  it.each([['localhost'], ['LocalHost'], ['127.0.0.1'], ['[::1]']])('answers at %s with its port', async (name) => {
    expect((await getWithHost(server(), path, `${name}:${server().port}`)).status).not.toBe(421);
  });

  // A page of another site reaches 127.0.0.1 by its own Host, no rebinding needed: what it may read
  // is what CORS lets it, and dynalite allows every origin.
  it.each([
    ['a CORS preflight', 'OPTIONS', { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-amz-date,x-amz-target' }],
    ['a request', 'GET', {}],
  ])('refuses %s from a page of another site with 403 and no CORS header, at its own Host', async (_what, method, headers) => {
    for (const origin of ['https://attacker.example', `http://attacker.example:${server().port}`, `http://127.0.0.1:${server().port + 1}`, 'null']) {
      const answer = await send(server(), { method, path, headers: { ...headers, host: `127.0.0.1:${server().port}`, origin } });

      expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([403, undefined]);
      expect(answer.body).toBe("Local mode's emulators answer no page of another site (Origin).\n");
    }
  });

  it('answers a page of its own loopback origin, as the mailbox’s page posts to its store', async () => {
    const { port } = server();
    const answer = await send(server(), { path, headers: { host: `localhost:${port}`, origin: `http://localhost:${port}` } });

    expect(answer.status).not.toBe(403);
  });
});

it('the stand-in forwards a client’s calls to dynalite under dynalite’s own name, so the SDK reaches the tables through it', async () => {
  const client = new DynamoDBClient({ endpoint: stream.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  try {
    await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: expect.any(Array) });
  } finally {
    client.destroy();
  }
});
