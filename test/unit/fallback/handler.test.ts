import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';

const handler = handlerUnderTest('fallback', {});

async function invoke(method: string, path: string) {
  const requestId = 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b';
  const response = await handler(httpEvent({ method, path }), lambdaContext(requestId));
  return { requestId, response, body: JSON.parse(response.body ?? '') as Record<string, unknown> };
}

/** The fallback's answer to a request with this Accept header (none when undefined). */
function withAccept(accept: string | undefined, { method = 'GET', path = '/' } = {}) {
  return handler(httpEvent({ method, path, headers: accept === undefined ? {} : { accept } }), lambdaContext('a1b2c3d4-0000-4000-8000-000000000000'));
}

/** What Chromium and Firefox send for a page they navigate to. */
const BROWSER_ACCEPTS = [
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
];

describe('fallback handler (docs/api.md §1: 404 and 405)', () => {
  it.each([['GET'], ['POST']])('answers %s of an unknown path 404 not_found', async (method) => {
    const { response, body, requestId } = await invoke(method, '/nothing-here');

    expect(response.statusCode).toBe(404);
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: expect.stringMatching(/^[A-Z][^\n]*\.$/),
      code: 'not_found',
      requestId,
    });
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it.each([['PUT'], ['DELETE'], ['PATCH']])('answers %s /api/contact 405 with Allow listing the served methods', async (method) => {
    const { response, body } = await invoke(method, '/api/contact');

    expect(response.statusCode).toBe(405);
    expect(response.headers).toMatchObject({ Allow: 'GET, HEAD, OPTIONS, POST', 'X-Content-Type-Options': 'nosniff' });
    expect(body).toMatchObject({ title: 'Method Not Allowed', status: 405, code: 'method_not_allowed' });
  });

  it('marks an answer to POST no-store', async () => {
    const { response } = await invoke('POST', '/nothing-here');

    expect(response.headers?.['Cache-Control']).toBe('no-store');
  });
});

describe('GET / of a site without pages (docs/api.md §1: unknown paths)', () => {
  it.each(BROWSER_ACCEPTS)('answers a browser (%s) 404 with a small page that says what answers here and leads to /contact', async (accept) => {
    const response = await withAccept(accept);

    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept', 'X-Content-Type-Options': 'nosniff' });
    expect(response.headers?.['Content-Security-Policy']).toMatch(/default-src 'none'/);
    expect(response.body).toMatch(/^<!doctype html>/);
    expect(response.body).toContain('<h1>No page here</h1>');
    expect(response.body).toContain('<a href="/contact">');
    expect(response.body).not.toMatch(/<script/);
  });

  it.each([
    ['JSON', 'application/json'],
    ['the problem document', 'application/problem+json'],
    ['anything, as curl asks', '*/*'],
    ['nothing: no Accept', undefined],
    ['JSON first, HTML as well', 'application/json, text/html'],
    ['HTML refused', 'text/html;q=0, */*'],
    ['what is no media range', 'garbage'],
  ])('answers a client that asks for %s with the 404 problem document, never cached either', async (_what, accept) => {
    const response = await withAccept(accept);

    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({ 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept' });
    expect(JSON.parse(response.body ?? '')).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers HEAD as GET (whose body API Gateway leaves out)', async () => {
    const [head, get] = await Promise.all([withAccept(BROWSER_ACCEPTS[1], { method: 'HEAD' }), withAccept(BROWSER_ACCEPTS[1])]);

    expect({ status: head.statusCode, headers: head.headers, body: head.body }).toEqual({ status: get.statusCode, headers: get.headers, body: get.body });
  });

  it('keeps the problem document for a browser at any other unknown path, and for POST /', async () => {
    for (const [method, path] of [['GET', '/nothing-here'], ['POST', '/']] as const) {
      const response = await withAccept(BROWSER_ACCEPTS[0], { method, path });
      expect(response.headers?.['Content-Type']).toBe('application/problem+json; charset=utf-8');
      expect(response.headers?.Vary).toBeUndefined();
    }
  });

  it('answers 404 whatever the Accept header holds, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (accept) => {
        const response = await withAccept(accept);
        expect(response.statusCode).toBe(404);
      }),
      { numRuns: 300 },
    );
  });
});
