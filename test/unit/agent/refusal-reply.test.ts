import { describe, expect, it } from '@jest/globals';
import { refusalReply } from '../../../lambdas/agent/refusal-reply.js';
import type { RefusalCode } from '../../../lambdas/agent/registration-service.js';

const STATUSES: Array<[RefusalCode, number]> = [
  ['invalid_request', 400],
  ['unsupported_response_type', 400],
  ['unsupported_grant_type', 400],
  ['anonymous_not_enabled', 403],
  ['verified_email_not_enabled', 403],
  ['issuer_not_enabled', 403],
  ['invalid_claim_token', 403],
];

describe('refusalReply', () => {
  it.each(STATUSES)('answers %s with %i', (error, status) => {
    expect(refusalReply({ error, description: 'Reserved.' }).statusCode).toBe(status);
  });

  it('is an OAuth error body in JSON that no cache stores', () => {
    const reply = refusalReply({ error: 'anonymous_not_enabled', description: 'Reserved and not enabled.' });
    expect(reply.headers).toEqual({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    expect(JSON.parse(reply.body ?? '')).toEqual({ error: 'anonymous_not_enabled', error_description: 'Reserved and not enabled.' });
    expect(reply.outcome).toBe('registration_refused');
  });
});
