import { describe, expect, it } from '@jest/globals';
import { disabledRegistrationService } from '../../../lambdas/agent/disabled-registration-service.js';
import type { ReservedRequest } from '../../../lambdas/agent/registration-service.js';

const request = (body: string | Uint8Array, contentType: string | undefined = 'application/json'): ReservedRequest => ({
  body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
  contentType,
  query: new URLSearchParams(),
});

/** Bodies that are not a JSON object, each of a different kind. */
const NOT_AN_OBJECT: Array<[string, string | Uint8Array]> = [
  ['empty', ''],
  ['malformed', '{"type":'],
  ['an array', '[{"type":"anonymous"}]'],
  ['null', 'null'],
  ['a string', '"anonymous"'],
  ['not UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
  ['form-encoded', 'type=anonymous'],
];

describe('disabledRegistrationService.register', () => {
  const errorFor = async (body: string | Uint8Array) => (await disabledRegistrationService.register(request(body))).error;

  it('refuses each identity type with the code of docs/api.md §5', async () => {
    expect(await errorFor('{"type":"anonymous","requested_credential_type":"api_key"}')).toBe('anonymous_not_enabled');
    expect(await errorFor('{"type":"identity_assertion","assertion_type":"verified_email","assertion":"a@b.example"}')).toBe(
      'verified_email_not_enabled',
    );
    expect(
      await errorFor('{"type":"identity_assertion","assertion_type":"urn:ietf:params:oauth:token-type:id-jag","assertion":"x.y.z"}'),
    ).toBe('issuer_not_enabled');
  });

  it('refuses any other identity assertion as from an issuer not enabled', async () => {
    expect(await errorFor('{"type":"identity_assertion"}')).toBe('issuer_not_enabled');
    expect(await errorFor('{"type":"identity_assertion","assertion_type":42}')).toBe('issuer_not_enabled');
  });

  it('answers invalid_request to a missing or unknown type', async () => {
    expect(await errorFor('{}')).toBe('invalid_request');
    expect(await errorFor('{"type":"service_auth"}')).toBe('invalid_request');
    expect(await errorFor('{"type":["anonymous"]}')).toBe('invalid_request');
    expect(await errorFor('{"type":"Anonymous"}')).toBe('invalid_request');
  });

  it.each(NOT_AN_OBJECT)('answers invalid_request to a body that is %s', async (_kind, body) => {
    expect(await errorFor(body)).toBe('invalid_request');
  });

  it('reads the body whatever its content type claims', async () => {
    const refusal = await disabledRegistrationService.register(request('{"type":"anonymous"}', 'text/plain'));
    expect(refusal.error).toBe('anonymous_not_enabled');
  });
});

describe('disabledRegistrationService.claim', () => {
  it('refuses any JSON object as an invalid claim token', async () => {
    for (const body of ['{}', '{"claim_token":"clm_123","email":"a@b.example"}']) {
      expect((await disabledRegistrationService.claim(request(body))).error).toBe('invalid_claim_token');
    }
  });

  it.each(NOT_AN_OBJECT)('answers invalid_request to a body that is %s', async (_kind, body) => {
    expect((await disabledRegistrationService.claim(request(body))).error).toBe('invalid_request');
  });
});

describe('disabledRegistrationService: revoke, authorize and token', () => {
  it('refuses every revocation as from an issuer not enabled', async () => {
    for (const body of ['', 'eyJhbGciOiJub25lIn0.e30.', '{"type":"anonymous"}']) {
      expect((await disabledRegistrationService.revoke(request(body, 'application/logout+jwt'))).error).toBe('issuer_not_enabled');
    }
  });

  it('supports no response type and no grant type', async () => {
    const authorize = await disabledRegistrationService.authorize({
      ...request(''),
      query: new URLSearchParams({ response_type: 'code', client_id: 'agent' }),
    });
    expect(authorize.error).toBe('unsupported_response_type');
    const token = await disabledRegistrationService.token(request('grant_type=client_credentials', 'application/x-www-form-urlencoded'));
    expect(token.error).toBe('unsupported_grant_type');
  });
});

describe('every refusal', () => {
  it('says in one sentence that registration is reserved and not enabled', async () => {
    const service = disabledRegistrationService;
    const refusals = await Promise.all([
      service.register(request('{"type":"anonymous"}')),
      service.register(request('{')),
      service.claim(request('{}')),
      service.claim(request('[]')),
      service.revoke(request('')),
      service.authorize(request('')),
      service.token(request('')),
    ]);
    for (const { description } of refusals) {
      expect(description).toMatch(/^Agent registration on this site is reserved and not enabled\b[^.]*\.$/);
    }
  });
});
