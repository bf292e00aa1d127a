import { describe, expect, it } from '@jest/globals';
import { contactRequestSchema } from '../../../lambdas/inquiry/schema.js';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';

const handler = handlerUnderTest('schema', {
  BASE_URL: 'https://example.com',
  RATE_LIMIT_IP: '7',
});

describe('schema handler (docs/api.md §3)', () => {
  it('answers 200 with the published document, cacheable and readable from any origin', async () => {
    const response = await handler(httpEvent({ method: 'GET', headers: { origin: 'https://anywhere.example' } }), lambdaContext());

    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'Content-Type': expect.stringMatching(/^application\/json(; charset=utf-8)?$/),
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    });
    const document = JSON.parse(response.body ?? '') as Record<string, unknown>;
    expect(document).toMatchObject({
      name: 'contact',
      method: 'POST',
      url: 'https://example.com/api/contact',
      rateLimits: [
        { scope: 'ip', limit: 7, windowSeconds: 3600 },
        { scope: 'email', limit: 3, windowSeconds: 3600 },
      ],
    });
    expect(document.requestSchema).toEqual(JSON.parse(JSON.stringify(contactRequestSchema('https://example.com'))));
  });

  it('answers GET /openapi.json with the OpenAPI document, whatever the Accept', async () => {
    for (const accept of ['application/vnd.oai.openapi+json', 'application/json', '*/*']) {
      const response = await handler(httpEvent({ method: 'GET', path: '/openapi.json', headers: { accept } }), lambdaContext());

      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'Content-Type': 'application/vnd.oai.openapi+json;version=3.1',
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
      });
      expect(JSON.parse(response.body ?? '')).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./), servers: [{ url: 'https://example.com' }] });
    }
  });

  it('answers the same document to every request', async () => {
    const first = await handler(httpEvent({ method: 'GET' }), lambdaContext());
    const second = await handler(httpEvent({ method: 'GET' }), lambdaContext());

    expect(second.body).toBe(first.body);
  });
});
