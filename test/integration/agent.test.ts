import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as oauth from 'oauth4webapi';
import { RESERVED_MAX_BODY_BYTES } from '../../lambdas/agent/registration-service.js';
import { send, type HttpResponse } from '../support/http-client.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { expectMethodNotAllowed } from '../support/method-not-allowed.js';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server?.stop());

const JSON_TYPE = 'application/json';
/** A JSON object of these fields, padded to `bytes` bytes. */
function objectOfSize(fields: Record<string, unknown>, bytes: number): string {
  const shortest = JSON.stringify({ ...fields, padding: '' });
  return JSON.stringify({ ...fields, padding: 'x'.repeat(bytes - shortest.length) });
}
/** A JSON object of these fields, as large as the reserved routes read. */
const largestObject = (fields: Record<string, unknown>) => objectOfSize(fields, RESERVED_MAX_BODY_BYTES);

interface Case {
  readonly method: string;
  readonly path: string;
  readonly body: string | Uint8Array;
  readonly contentType: string | undefined;
  readonly status: number;
  readonly error: string;
}

/** Bodies that are not a JSON object, each of a different kind, sent as JSON and as something else. */
const NOT_AN_OBJECT: ReadonlyArray<[string | Uint8Array, string | undefined]> = [
  ['', JSON_TYPE],
  ['', undefined],
  ['{"type":"anonymous"', JSON_TYPE],
  ['[{"type":"anonymous"}]', JSON_TYPE],
  ['null', JSON_TYPE],
  [new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), JSON_TYPE],
  ['type=anonymous', 'application/x-www-form-urlencoded'],
  ['x'.repeat(RESERVED_MAX_BODY_BYTES), 'text/plain'],
];

const post = (path: string, body: string | Uint8Array, contentType: string | undefined, status: number, error: string): Case => ({
  method: 'POST',
  path,
  body,
  contentType,
  status,
  error,
});

/** docs/api.md §5's table, for valid, empty, malformed, mistyped bodies and bodies of the largest size read. */
const CASES: readonly Case[] = [
  post('/agent/auth', '{"type":"anonymous","requested_credential_type":"api_key"}', JSON_TYPE, 403, 'anonymous_not_enabled'),
  post('/agent/auth', '{"type":"anonymous"}', 'text/plain', 403, 'anonymous_not_enabled'),
  post('/agent/auth', '\uFEFF{"type":"anonymous"}', JSON_TYPE, 403, 'anonymous_not_enabled'),
  post('/agent/auth', largestObject({ type: 'anonymous' }), JSON_TYPE, 403, 'anonymous_not_enabled'),
  post(
    '/agent/auth',
    '{"type":"identity_assertion","assertion_type":"verified_email","assertion":"ada@example.org"}',
    JSON_TYPE,
    403,
    'verified_email_not_enabled',
  ),
  post(
    '/agent/auth',
    '{"type":"identity_assertion","assertion_type":"urn:ietf:params:oauth:token-type:id-jag","assertion":"eyJhbGciOiJub25lIn0.e30."}',
    JSON_TYPE,
    403,
    'issuer_not_enabled',
  ),
  post('/agent/auth', '{"type":"identity_assertion"}', JSON_TYPE, 403, 'issuer_not_enabled'),
  post('/agent/auth', '{}', JSON_TYPE, 400, 'invalid_request'),
  post('/agent/auth', '{"type":"service_auth"}', JSON_TYPE, 400, 'invalid_request'),
  ...NOT_AN_OBJECT.map(([body, type]) => post('/agent/auth', body, type, 400, 'invalid_request')),

  post('/agent/auth/claim', '{"claim_token":"clm_0123456789","email":"ada@example.org"}', JSON_TYPE, 403, 'invalid_claim_token'),
  post('/agent/auth/claim', '{}', JSON_TYPE, 403, 'invalid_claim_token'),
  post('/agent/auth/claim', largestObject({ claim_token: 'clm_0' }), JSON_TYPE, 403, 'invalid_claim_token'),
  ...NOT_AN_OBJECT.map(([body, type]) => post('/agent/auth/claim', body, type, 400, 'invalid_request')),

  post('/agent/auth/revoke', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2ln', 'application/logout+jwt', 403, 'issuer_not_enabled'),
  post('/agent/auth/revoke', '{"type":"anonymous"}', JSON_TYPE, 403, 'issuer_not_enabled'),
  ...NOT_AN_OBJECT.map(([body, type]) => post('/agent/auth/revoke', body, type, 403, 'issuer_not_enabled')),

  post('/oauth/token', 'grant_type=client_credentials&client_id=agent', 'application/x-www-form-urlencoded', 400, 'unsupported_grant_type'),
  post('/oauth/token', 'grant_type=authorization_code&code=abc', 'application/x-www-form-urlencoded', 400, 'unsupported_grant_type'),
  ...NOT_AN_OBJECT.map(([body, type]) => post('/oauth/token', body, type, 400, 'unsupported_grant_type')),

  { method: 'GET', path: '/oauth/authorize', body: '', contentType: undefined, status: 400, error: 'unsupported_response_type' },
  {
    method: 'GET',
    path: '/oauth/authorize?response_type=code&client_id=agent&redirect_uri=https%3A%2F%2Fagent.example%2Fcb&state=xyz',
    body: '',
    contentType: undefined,
    status: 400,
    error: 'unsupported_response_type',
  },
];

/** Shapes of secrets an answer must never carry: auth.md keys and claim tokens, JWTs, long random strings. */
const CREDENTIAL_LIKE = [/\b(?:sk|clm|reg)_[A-Za-z0-9]/, /eyJ[A-Za-z0-9_-]{4,}/, /[A-Za-z0-9+/_-]{32,}/];

function expectRefusal(response: HttpResponse, expected: { status: number; error: string }): void {
  expect({ status: response.status, error: response.json().error }).toEqual(expected);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers.location).toBeUndefined();
  expect(response.headers['set-cookie']).toBeUndefined();

  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
  expect(body.error_description).toMatch(/^[^.]*reserved and not enabled[^.]*\.$/);
  for (const pattern of CREDENTIAL_LIKE) expect({ body: response.text, pattern }).not.toEqual({ body: expect.stringMatching(pattern), pattern });
}

describe('the reserved registration routes through the local server', () => {
  it.each(CASES.map((testCase) => [`${testCase.method} ${testCase.path.split('?')[0]} (${describeBody(testCase)})`, testCase] as const))(
    '%s',
    async (_name, { method, path, body, contentType, status, error }) => {
      const response = await send(`${server.apiUrl}${path}`, {
        method,
        body,
        headers: contentType === undefined ? {} : { 'Content-Type': contentType },
      });
      expectRefusal(response, { status, error });
    },
  );

  it('answers wrong methods with 405 and the methods the route table serves', async () => {
    await expectMethodNotAllowed(server.apiUrl, [
      ['GET', '/agent/auth', 'POST'],
      ['PUT', '/agent/auth', 'POST'],
      ['GET', '/agent/auth/claim', 'POST'],
      ['DELETE', '/agent/auth/revoke', 'POST'],
      ['POST', '/oauth/authorize', 'GET, HEAD'],
      ['GET', '/oauth/token', 'POST'],
      ['OPTIONS', '/oauth/token', 'POST'],
    ]);
  });
});

describe('a body over the reserved routes’ limit', () => {
  it.each([
    ['/agent/auth', RESERVED_MAX_BODY_BYTES + 1],
    ['/agent/auth/claim', RESERVED_MAX_BODY_BYTES + 1],
    ['/agent/auth/revoke', RESERVED_MAX_BODY_BYTES + 1],
    ['/oauth/token', RESERVED_MAX_BODY_BYTES + 1],
    ['/agent/auth', 3 * 1024 * 1024],
    ['/agent/auth/claim', 3 * 1024 * 1024],
  ])('POST %s of %i bytes is the contract’s 413, whatever the body says', async (path, bytes) => {
    const response = await send(`${server.apiUrl}${path}`, {
      method: 'POST',
      body: objectOfSize({ type: 'anonymous', claim_token: 'clm_0' }, bytes),
      headers: { 'Content-Type': JSON_TYPE },
    });

    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ status: 413, code: 'payload_too_large', detail: 'The request body is larger than 16 KiB.' });
  });
});

describe('an OAuth client against the reserved endpoints', () => {
  it('oauth4webapi reads the token endpoint refusal as an OAuth error', async () => {
    const issuer = new URL(server.baseUrl);
    const options = { [oauth.allowInsecureRequests]: true };
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }));
    const client: oauth.Client = { client_id: 'agent' };

    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.None(), new URLSearchParams(), options);
    const failure = await oauth.processClientCredentialsResponse(as, client, response).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(oauth.ResponseBodyError);
    expect(failure).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
  });
});

function describeBody({ body, contentType }: Case): string {
  const size = typeof body === 'string' ? body.length : body.byteLength;
  const shown = size > 60 ? `${size} bytes` : typeof body === 'string' ? JSON.stringify(body) : 'invalid UTF-8';
  return `${shown} as ${contentType ?? 'no content type'}`;
}
