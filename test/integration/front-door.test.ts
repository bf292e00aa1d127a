import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ROUTES } from '../../lambdas/routes.js';
import { newClient, newEmail } from '../support/fresh-clients.js';
import { postContact, send, sendTarget } from '../support/http-client.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { awayFromWindowEdge } from '../support/rate-window.js';

/* Local mode plays the front door (docs/api.md §10): the handlers run the cloud's code path. */

const inquiry = { name: 'Ada Lovelace', message: 'An analytical engine, please.' };
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer();
}, 30_000);
afterAll(() => server.stop());

describe('client identity through the local front door', () => {
  beforeEach(() => awayFromWindowEdge(), 20_000);

  it('counts the socket address, whatever CloudFront-Viewer-Address and X-Origin-Verify a client forges', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const forged = { 'CloudFront-Viewer-Address': `192.0.2.${i + 1}:4000${i}`, 'X-Origin-Verify': `guess-${i}`, 'X-Forwarded-For': `198.51.100.${i + 1}` };
      const response = await postContact(server.apiUrl, { ...inquiry, email: newEmail() }, { from: client, headers: forged });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('lets another socket address through after one is limited', async () => {
    const response = await postContact(server.apiUrl, { ...inquiry, email: newEmail() }, { from: newClient() });
    expect(response.status).toBe(202);
  });
});

describe('HEAD wherever GET (docs/api.md §1)', () => {
  const getPaths = ROUTES.filter((route) => route.method === 'GET').map((route) => [route.path]);

  it.each(getPaths)('answers HEAD %s with the status and headers of GET, Content-Length included, and no body', async (path) => {
    const [head, get] = [await send(`${server.apiUrl}${path}`, { method: 'HEAD' }), await send(`${server.apiUrl}${path}`)];
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };

    expect(head.status).toBe(get.status);
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    expect(head.text).toBe('');
  });
});

describe('routing on the path as sent, as API Gateway does (docs/api.md §10)', () => {
  it.each([
    ['another host’s URL for a path', '//evil.example/api/contact'],
    ['a doubled slash', '/api//contact'],
    ['a dot segment', '/./api/contact'],
    ['a dot-dot segment', '/llms/../api/contact'],
    ['a backslash', '/api\\contact'],
    ['a percent-encoded letter', '/api/%63ontact'],
  ])('answers a path with %s 404, as the path it is', async (_title, target) => {
    const response = await sendTarget(server.apiUrl, target);

    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('reads the path apart from the query string, whatever the query holds', async () => {
    const response = await sendTarget(server.apiUrl, '/api/contact?next=//evil.example/x&x=/../');

    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ name: 'contact', url: `${server.baseUrl}/api/contact` });
  });
});

describe('/ of local mode without SITE_DIR, where the fallback answers as a deployment without pages (docs/api.md §1)', () => {
  it('is a small HTML page for a browser, a 404 leading to the form', async () => {
    const response = await sendTarget(server.apiUrl, '/', { headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });

    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('Accept');
    expect(response.text).toContain('<a href="/contact">');
  });

  it('stays the problem document for a client that asks for JSON', async () => {
    const response = await sendTarget(server.apiUrl, '/', { headers: { Accept: 'application/json' } });

    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
