import { describe, expect, it } from '@jest/globals';
import { PROBLEM_CONTENT_TYPE, problemReply } from '../../../lambdas/http/problem.js';

const REQUEST_ID = 'f6a7b8c9-d0e1-4f2a-9b3c-4d5e6f7a8b9c';

describe('problemReply (docs/api.md §1: RFC 9457 problem details)', () => {
  it.each([
    [400, 'Bad Request'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [413, 'Content Too Large'],
    [415, 'Unsupported Media Type'],
    [422, 'Unprocessable Content'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
  ])('titles %i with the RFC 9110 reason phrase %j', (status, title) => {
    const reply = problemReply({ status, code: 'malformed_json', detail: 'A sentence.', requestId: REQUEST_ID }, {}, 'malformed_json');

    expect(reply.statusCode).toBe(status);
    expect(JSON.parse(reply.body ?? '')).toEqual({
      type: 'about:blank',
      title,
      status,
      detail: 'A sentence.',
      code: 'malformed_json',
      requestId: REQUEST_ID,
    });
    expect(reply.headers['Content-Type']).toBe('application/problem+json; charset=utf-8');
  });

  it('adds extensions beside the standard members and keeps the caller\u2019s headers', () => {
    const reply = problemReply(
      { status: 429, code: 'rate_limited', detail: 'Wait.', requestId: REQUEST_ID, extensions: { scope: 'ip' } },
      { 'Retry-After': '60' },
      'rate_limited_ip',
    );

    expect(JSON.parse(reply.body ?? '')).toMatchObject({ scope: 'ip', status: 429 });
    expect(reply.headers).toEqual({ 'Retry-After': '60', 'Content-Type': PROBLEM_CONTENT_TYPE });
    expect(reply.outcome).toBe('rate_limited_ip');
  });

  it('refuses a status it has no reason phrase for', () => {
    expect(() => problemReply({ status: 418, code: 'internal_error', detail: 'No.', requestId: REQUEST_ID }, {}, 'unexpected_error')).toThrow('418');
  });
});
