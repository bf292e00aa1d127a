import { describe, expect, it } from '@jest/globals';
import { RESERVED_MAX_BODY_BYTES } from '../../../lambdas/agent/registration-service.js';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';

/* The reserved routes' function (docs/api.md §5): a body over its limit is refused before it is parsed. */

const handler = handlerUnderTest('agent', {});

/** A JSON object the service would refuse as anonymous registration, padded to exactly `bytes` bytes. */
function anonymousRegistration(bytes: number): string {
  const shortest = JSON.stringify({ type: 'anonymous', padding: '' });
  return JSON.stringify({ type: 'anonymous', padding: 'x'.repeat(bytes - shortest.length) });
}

async function invoke(method: string, path: string, body: string, isBase64Encoded = false) {
  const requestId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
  const response = await handler(httpEvent({ method, path, body, isBase64Encoded, headers: { 'content-type': 'application/json' } }), lambdaContext(requestId));
  return { requestId, response, body: JSON.parse(response.body ?? '') as Record<string, unknown> };
}

const RESERVED_ROUTES: ReadonlyArray<[string, string]> = [
  ['POST', '/agent/auth'],
  ['POST', '/agent/auth/claim'],
  ['POST', '/agent/auth/revoke'],
  ['POST', '/oauth/token'],
  ['GET', '/oauth/authorize'],
];

describe('the reserved routes’ body limit', () => {
  it('is 16 KiB', () => {
    expect(RESERVED_MAX_BODY_BYTES).toBe(16_384);
  });

  it('reads a body of exactly the limit', async () => {
    const body = anonymousRegistration(RESERVED_MAX_BODY_BYTES);
    expect(Buffer.byteLength(body)).toBe(RESERVED_MAX_BODY_BYTES);

    const { response, body: answer } = await invoke('POST', '/agent/auth', body);
    expect({ status: response.statusCode, error: answer.error }).toEqual({ status: 403, error: 'anonymous_not_enabled' });
  });

  it.each(RESERVED_ROUTES)('answers %s %s the contract’s 413 for one byte more, without reading what it says', async (method, path) => {
    const { response, body, requestId } = await invoke(method, path, anonymousRegistration(RESERVED_MAX_BODY_BYTES + 1));

    expect(response.statusCode).toBe(413);
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Content Too Large',
      status: 413,
      detail: 'The request body is larger than 16 KiB.',
      code: 'payload_too_large',
      requestId,
    });
  });

  it('counts the bytes of the body, however the platform passed it', async () => {
    const over = Buffer.from(anonymousRegistration(RESERVED_MAX_BODY_BYTES + 1)).toString('base64');
    expect((await invoke('POST', '/agent/auth', over, true)).response.statusCode).toBe(413);
    // Characters of two bytes each: the limit is in bytes, not characters.
    const wide = JSON.stringify({ type: 'anonymous', padding: 'é'.repeat(RESERVED_MAX_BODY_BYTES / 2) });
    expect(wide.length).toBeLessThan(RESERVED_MAX_BODY_BYTES);
    expect((await invoke('POST', '/agent/auth', wide)).response.statusCode).toBe(413);
  });

  const half = RESERVED_MAX_BODY_BYTES / 2;
  it.each([
    ['unclosed arrays', '['.repeat(RESERVED_MAX_BODY_BYTES)],
    ['unclosed objects', '{"a":'.repeat(Math.floor(RESERVED_MAX_BODY_BYTES / 5))],
    ['closed arrays', `${'['.repeat(half)}${']'.repeat(half)}`],
  ])('answers invalid_request to %s nested as deep as the limit allows', async (_kind, deepest) => {
    expect(Buffer.byteLength(deepest)).toBeLessThanOrEqual(RESERVED_MAX_BODY_BYTES);
    const { response, body } = await invoke('POST', '/agent/auth', deepest);
    expect({ status: response.statusCode, error: body.error }).toEqual({ status: 400, error: 'invalid_request' });
  });
});
