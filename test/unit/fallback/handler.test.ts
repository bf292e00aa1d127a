import { describe, expect, it } from '@jest/globals';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';

const handler = handlerUnderTest('fallback', {});

async function invoke(method: string, path: string) {
  const requestId = 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b';
  const response = await handler(httpEvent({ method, path }), lambdaContext(requestId));
  return { requestId, response, body: JSON.parse(response.body ?? '') as Record<string, unknown> };
}

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
