import { describe, expect, it } from '@jest/globals';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { keyedRateKeys } from '../../../lambdas/intake/client-keys.js';
import { crossSiteCases } from '../../support/cross-site-cases.js';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { httpEvent, jsonPostEvent, lambdaContext } from '../../support/events.js';
import { awsError, isIncrement } from '../../support/fake-counter-store.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { conditionalCheckFailed, mockedContactClients } from '../../support/mocked-contact-clients.js';

/*
 * The contact Lambda as API Gateway invokes it, with the SDK clients mocked. The handler reads its
 * settings at import, so the environment is set first and the module imported afterwards.
 */

const ENVIRONMENT = {
  ...CONTACT_ENVIRONMENT,
  ALLOWED_ORIGINS: 'https://example.com,https://www.example.com',
};
const INQUIRY = {
  name: 'Ada Lovelace',
  email: 'Ada+site@Example.com',
  message: 'I would like an analytical engine programmed.',
  company: 'Babbage & Co',
};
const ALLOWED_ORIGIN = 'https://www.example.com';
const OTHER_ORIGIN = 'https://attacker.example';

const { documents, counters, inquiries } = mockedContactClients();
/** The inquiries the handler stored, by id. */
const stored = () => [...inquiries().values()];
const handler = handlerUnderTest('contact', ENVIRONMENT);

async function invoke(event: APIGatewayProxyEventV2, requestId?: string) {
  const response = await handler(event, lambdaContext(requestId));
  const headers = (response.headers ?? {}) as Record<string, string>;
  const body = response.body === undefined || response.body === '' ? undefined : (JSON.parse(response.body) as Record<string, unknown>);
  return { status: response.statusCode, headers, body, raw: response.body ?? '' };
}

const corsHeaderNames = (headers: Record<string, string>) => Object.keys(headers).filter((name) => /^access-control-/i.test(name));
const increments = () => documents.commandCalls(UpdateCommand).filter((call) => isIncrement(call.args[0].input));
const giveBacks = () => documents.commandCalls(UpdateCommand).filter((call) => !isIncrement(call.args[0].input));

describe('contact handler: a valid inquiry', () => {
  it('answers 202 with the Lambda request id, and stores the inquiry under that id, pending (docs/api.md §14)', async () => {
    const requestId = '6a3b9c2d-1e4f-4a5b-8c7d-9e0f1a2b3c4d';

    const response = await invoke(jsonPostEvent(INQUIRY), requestId);

    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'accepted', id: requestId });
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'RateLimit-Policy': '"ip";q=5;w=3600, "email";q=3;w=3600',
      RateLimit: expect.stringMatching(/^"email";r=2;t=\d+$/),
    });
    expect(stored()).toEqual([
      expect.objectContaining({
        pk: `inquiry#${requestId}`,
        id: requestId,
        requestId,
        state: 'pending',
        queue: 'pending',
        attempts: 0,
        text: INQUIRY,
      }),
    ]);
    const [put] = documents.commandCalls(PutCommand);
    expect(put?.args[0].input).toMatchObject({ TableName: ENVIRONMENT.INQUIRY_TABLE, ConditionExpression: 'attribute_not_exists(#pk)' });
  });

  it('reads a base64-encoded body', async () => {
    const event = httpEvent({
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from(JSON.stringify({ ...INQUIRY, name: 'Zoë 😀' })).toString('base64'),
      isBase64Encoded: true,
    });

    const response = await invoke(event);

    expect(response.status).toBe(202);
    expect(stored()[0]?.text).toMatchObject({ name: 'Zoë 😀' });
  });

  it('counts the platform\u2019s source IP, never X-Forwarded-For', async () => {
    await invoke(jsonPostEvent(INQUIRY, { sourceIp: '198.51.100.23', headers: { 'x-forwarded-for': '192.0.2.1' } }));

    const ipKeys = increments()
      .map((call) => String(call.args[0].input.Key?.pk))
      .filter((key) => key.startsWith('ip#'));
    expect(ipKeys).toHaveLength(1);
    const keys = keyedRateKeys(ENVIRONMENT.COUNTER_KEY_SECRET);
    expect(ipKeys[0]).toContain(keys.ip('198.51.100.23'));
    expect(ipKeys[0]).not.toContain(keys.ip('192.0.2.1'));
    expect(ipKeys[0]).not.toContain('198.51.100.23');
  });
});

describe('contact handler: CORS (docs/api.md §1)', () => {
  it.each([['https://example.com'], [ALLOWED_ORIGIN]])('lets the configured origin %s read the answer', async (origin) => {
    const response = await invoke(jsonPostEvent(INQUIRY, { headers: { origin } }));

    expect(response.status).toBe(202);
    expect(response.headers['Access-Control-Allow-Origin']).toBe(origin);
    expect(response.headers.Vary?.split(/,\s*/)).toContain('Origin');
    expect(response.headers['Access-Control-Expose-Headers']).toBe('RateLimit, RateLimit-Policy, Retry-After, Idempotency-Replayed');
  });

  it('gives another origin no CORS header, but still processes its request', async () => {
    const response = await invoke(jsonPostEvent(INQUIRY, { headers: { origin: OTHER_ORIGIN } }));

    expect(response.status).toBe(202);
    expect(corsHeaderNames(response.headers)).toEqual([]);
    expect(stored()).toHaveLength(1);
  });

  it('gives a request without Origin no CORS header', async () => {
    const response = await invoke(jsonPostEvent(INQUIRY));

    expect(corsHeaderNames(response.headers)).toEqual([]);
  });

  it('answers a preflight from a configured origin 204 with the allow headers, without counting it', async () => {
    const response = await invoke(
      httpEvent({
        method: 'OPTIONS',
        headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      }),
    );

    expect(response.status).toBe(204);
    expect(response.headers).toMatchObject({
      'Access-Control-Allow-Origin': ALLOWED_ORIGIN,
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(response.raw).toBe('');
    expect(documents.commandCalls(UpdateCommand)).toEqual([]);
  });

  it.each([
    ['another origin', { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST' }],
    ['no origin', {}],
  ])('answers a preflight from %s 204 without any allow header', async (_title, headers) => {
    const response = await invoke(httpEvent({ method: 'OPTIONS', headers }));

    expect(response.status).toBe(204);
    expect(corsHeaderNames(response.headers)).toEqual([]);
    expect(response.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(documents.commandCalls(UpdateCommand)).toEqual([]);
  });
});

describe('contact handler: cross-site form posts (docs/api.md §9)', () => {
  const formPost = (headers: Readonly<Record<string, string>>) =>
    httpEvent({
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ ...INQUIRY, project_url: '', _gotcha: '' }).toString(),
    });

  it.each(crossSiteCases(ENVIRONMENT.BASE_URL, ALLOWED_ORIGIN).map((testCase) => [testCase.title, testCase] as const))(
    '%s',
    async (_title, { headers, refused }) => {
      const response = await handler(formPost(headers), lambdaContext());

      if (refused) {
        expect(response.statusCode).toBe(403);
        expect(response.headers).toMatchObject({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        expect(response.body).toContain('The form must be sent from this site');
        expect(documents.calls()).toEqual([]);
      } else {
        expect(response.statusCode).toBe(303);
        expect(stored()).toHaveLength(1);
      }
    },
  );

  it('leaves POST /api/contact to CORS: a cross-site JSON post is processed, and its answer unreadable there', async () => {
    const response = await invoke(jsonPostEvent(INQUIRY, { headers: { origin: OTHER_ORIGIN, 'sec-fetch-site': 'cross-site' } }));

    expect(response.status).toBe(202);
    expect(corsHeaderNames(response.headers)).toEqual([]);
  });
});

describe('contact handler: a form post sent again, without JavaScript (docs/api.md §9)', () => {
  const formPost = (sourceIp = '203.0.113.7', fields: Partial<typeof INQUIRY> = {}) =>
    httpEvent({
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://example.com', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ ...INQUIRY, ...fields, _gotcha: '' }).toString(),
      sourceIp,
    });

  it('stores one inquiry for a second press of the button, from whichever network, answering both alike; another text is another', async () => {
    const first = await handler(formPost(), lambdaContext('request-1'));
    const second = await handler(formPost(), lambdaContext('request-2'));
    const elsewhere = await handler(formPost('198.51.100.9'), lambdaContext('request-3'));
    expect([first.statusCode, second.statusCode, elsewhere.statusCode]).toEqual([303, 303, 303]);
    expect(second.headers?.Location).toBe(first.headers?.Location);
    expect(stored().map((item) => item.requestId)).toEqual(['request-1']);

    // Each post counts, as every post does: the e-mail address's three an hour are spent here.
    await handler(formPost('203.0.113.7', { email: 'grace@example.com', message: `${INQUIRY.message} Again.` }), lambdaContext('request-4'));
    expect(stored().map((item) => item.requestId)).toEqual(['request-1', 'request-4']);
  });
});

describe('contact handler: the page an inquiry was sent from, on a site without a form page (docs/api.md §2)', () => {
  it('is the service’s own form, for a form post and for its script’s JSON post from there; a post from elsewhere names none', async () => {
    const form = (referer: string, message: string) =>
      httpEvent({
        path: '/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://example.com', 'sec-fetch-site': 'same-origin', referer },
        body: new URLSearchParams({ ...INQUIRY, message, _gotcha: '' }).toString(),
      });
    await handler(form('https://example.com/contact', INQUIRY.message), lambdaContext('form-post'));
    await handler(form('https://example.com/about/', `${INQUIRY.message} From about.`), lambdaContext('form-elsewhere'));
    await invoke(jsonPostEvent(INQUIRY, { headers: { referer: 'https://example.com/contact' } }), 'script-post');
    await invoke(jsonPostEvent({ ...INQUIRY, email: 'grace@example.com' }, { headers: { referer: 'https://example.com/about/' } }), 'elsewhere');
    expect(stored().map(({ requestId, sentFrom }) => ({ requestId, sentFrom }))).toEqual([
      { requestId: 'form-post', sentFrom: 'https://example.com/contact' },
      { requestId: 'form-elsewhere', sentFrom: undefined },
      { requestId: 'script-post', sentFrom: 'https://example.com/contact' },
      { requestId: 'elsewhere', sentFrom: undefined },
    ]);
  });
});

describe('contact handler: refused requests', () => {
  it.each([
    ['another media type', jsonPostEvent(INQUIRY, { headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type'],
    ['no media type', httpEvent({ body: JSON.stringify(INQUIRY) }), 415, 'unsupported_media_type'],
    ['a gzip body', jsonPostEvent(INQUIRY, { headers: { 'content-encoding': 'gzip' } }), 415, 'unsupported_content_encoding'],
    ['a body over 64 KiB', jsonPostEvent({ ...INQUIRY, message: 'a'.repeat(65536) }), 413, 'payload_too_large'],
    ['a body that is not JSON', jsonPostEvent('{"name":'), 400, 'malformed_json'],
    ['a JSON array', jsonPostEvent([INQUIRY]), 400, 'malformed_json'],
    [
      'base64 of invalid UTF-8',
      httpEvent({ headers: { 'content-type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'), isBase64Encoded: true }),
      400,
      'malformed_json',
    ],
    ['schema violations', jsonPostEvent({ ...INQUIRY, email: 'me@gmail' }), 422, 'validation_failed'],
    ['a filled-in honeypot', jsonPostEvent({ ...INQUIRY, _gotcha: 'x' }), 422, 'validation_failed'],
  ])('answers %s with %i %s, delivering nothing', async (_title, event, status, code) => {
    const requestId = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
    const withOrigin = { ...event, headers: { ...event.headers, origin: ALLOWED_ORIGIN } };

    const response = await invoke(withOrigin, requestId);

    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ type: 'about:blank', status, code, requestId });
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': ALLOWED_ORIGIN,
      RateLimit: expect.stringMatching(/^"ip";r=4;t=\d+$/),
    });
    expect(stored()).toEqual([]);
  });

  it('names the only content coding it reads beside the 415 of a compressed body (RFC 9110 §15.5.16)', async () => {
    const response = await invoke(jsonPostEvent(INQUIRY, { headers: { 'content-encoding': 'br' } }));

    expect(response.headers['Accept-Encoding']).toBe('identity');
    expect(response.body?.detail).toMatch(/Content-Encoding/);
  });

  it('answers a compressed form post with the page of a form it could not read', async () => {
    const form = httpEvent({
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      body: 'name=Ada',
    });

    const response = await handler(form, lambdaContext());

    expect(response.statusCode).toBe(415);
    expect(response.headers?.['Content-Type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/compressed/);
    expect(stored()).toEqual([]);
  });

  it('lists the violated fields of a 422', async () => {
    const response = await invoke(jsonPostEvent({ name: '', email: 'ada@example.com', message: 'x'.repeat(20), extra: 1 }));

    expect(response.body?.errors).toEqual([
      { field: 'name', code: 'too_short', message: expect.any(String), userMessage: 'Enter your name.' },
      { field: 'extra', code: 'unknown_field', message: expect.any(String), userMessage: expect.any(String) },
    ]);
  });

  it('never echoes the raw body', async () => {
    const marker = 'raw-body-marker-1234';

    const responses = await Promise.all([
      invoke(jsonPostEvent(`{"name":"${marker}`)),
      invoke(jsonPostEvent({ ...INQUIRY, email: marker })),
      invoke(jsonPostEvent({ ...INQUIRY, [marker]: marker })),
    ]);

    expect(responses.map((response) => response.status)).toEqual([400, 422, 422]);
    expect(responses[0]?.raw).not.toContain(marker);
    expect(responses[1]?.raw).not.toContain(marker);
    // An unknown field is named by its key in `errors` (its field and both sentences); its value is never quoted.
    expect(responses[2]?.raw.split(marker)).toHaveLength(4);
  });

  it('answers 429 with Retry-After and the scope when the IP is over its limit', async () => {
    counters().failIncrement = (slot) => (slot.id.startsWith('ip#') ? conditionalCheckFailed() : undefined);

    const response = await invoke(jsonPostEvent(INQUIRY, { headers: { origin: ALLOWED_ORIGIN } }));

    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({ code: 'rate_limited', scope: 'ip', title: 'Too Many Requests' });
    const retryAfter = Number(response.headers['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(response.headers.RateLimit).toBe(`"ip";r=0;t=${retryAfter}`);
    expect(response.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(response.headers['Access-Control-Allow-Origin']).toBe(ALLOWED_ORIGIN);
    expect(stored()).toEqual([]);
    // The e-mail counter that accepted the request is given back: counted in neither; and its text is not counted as sent.
    expect(giveBacks().map((call) => String(call.args[0].input.Key?.pk).split('#')[0]).sort()).toEqual(['email', 'text']);
  });
});

describe('contact handler: failing dependencies', () => {
  it('answers 503 without the AWS error when the counter store fails, and sends nothing', async () => {
    documents.on(UpdateCommand).rejects(awsError('ProvisionedThroughputExceededException', 'Rate of requests exceeds the allowed throughput'));

    const response = await invoke(jsonPostEvent(INQUIRY));

    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'temporarily_unavailable', title: 'Service Unavailable' });
    expect(response.headers).toMatchObject({ 'Retry-After': expect.stringMatching(/^\d+$/), 'X-Content-Type-Options': 'nosniff' });
    expect(response.headers).not.toHaveProperty('RateLimit');
    expect(response.raw).not.toMatch(/ProvisionedThroughput|allowed throughput/);
    expect(stored()).toEqual([]);
  });

  it('answers 503 without the AWS error when the inquiry cannot be stored, and gives every counter back', async () => {
    documents.on(PutCommand).rejects(awsError('InternalServerError', 'Internal server error storing ada@example.com'));

    const response = await invoke(jsonPostEvent(INQUIRY));

    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'temporarily_unavailable' });
    expect(response.raw).not.toMatch(/InternalServerError|storing|example\.com/);
    expect(response.headers).not.toHaveProperty('RateLimit');
    expect(increments().map((call) => call.args[0].input.Key?.pk).sort()).toEqual(
      giveBacks().map((call) => call.args[0].input.Key?.pk).sort(),
    );
    // The two rate limits' counters and the repeated-text one.
    expect(giveBacks()).toHaveLength(3);
  });
});

describe('contact handler: an unexpected error', () => {
  class SecretBugError extends Error {
    override readonly name = 'SecretBugError';
  }

  it('becomes a 500 problem with no stack, message or error name in the body', async () => {
    const event = jsonPostEvent(INQUIRY);
    Object.defineProperty(event, 'body', {
      get: () => {
        throw new SecretBugError('visitor wrote secret-marker');
      },
    });
    const requestId = 'd4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70';

    const response = await invoke(event, requestId);

    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: expect.stringMatching(/^[A-Z][^\n]*\.$/),
      code: 'internal_error',
      requestId,
    });
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(response.raw).not.toMatch(/secret-marker|SecretBugError|\bat\b.*\.ts|\n/);
  });
});

describe('contact handler: Idempotency-Key (docs/api.md §11)', () => {
  it.each(['', '""', 'k'.repeat(256), 'clé'])('answers a malformed key (%j) 400 invalid_idempotency_key, counting and sending nothing', async (key) => {
    const response = await invoke(jsonPostEvent(INQUIRY, { headers: { 'idempotency-key': key } }));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_idempotency_key', title: 'Bad Request' });
    expect(documents.calls()).toEqual([]);
  });

  it('ignores the header on the form route: a browser never sends it, and its 303 already guards a reload', async () => {
    const event = httpEvent({
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'not "valid' },
      body: new URLSearchParams(INQUIRY).toString(),
    });

    expect((await handler(event, lambdaContext())).statusCode).toBe(303);
  });
});
