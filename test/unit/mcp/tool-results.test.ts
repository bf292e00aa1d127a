import { describe, expect, it } from '@jest/globals';
import { RETRY_AFTER_SECONDS } from '../../../lambdas/http/reply.js';
import { ANSWER_DETAILS, rateLimitedDetail } from '../../../lambdas/inquiry/answer-details.js';
import { fieldErrorMessage } from '../../../lambdas/inquiry/field-errors.js';
import type { RateLimitStatus } from '../../../lambdas/intake/rate-limiter.js';
import { inquiryToolAnswer } from '../../../lambdas/mcp/tool-results.js';

const STATUS: RateLimitStatus = { scope: 'ip', remaining: 4, resetSeconds: 1800 };
const fieldError = (field: string, code: 'required' | 'honeypot' | 'too_short') => ({
  field,
  code,
  message: fieldErrorMessage(field, code),
  userMessage: 'in words for a person',
});

describe('inquiryToolAnswer: each outcome of an inquiry as the tool tells it (docs/api.md §17)', () => {
  it('an accepted inquiry: its id in the text and in the API’s 202 body, no error, held or not', () => {
    for (const heldFor of [[], [{ signal: 'link_stuffing' as const, links: 9, limit: 5, inOwnFields: false }]]) {
      const answer = inquiryToolAnswer({ kind: 'accepted', inquiryId: 'id-1', rateLimit: STATUS, heldFor });
      expect(answer).toEqual({
        result: { content: [{ type: 'text', text: expect.stringContaining('id-1') }], structuredContent: { status: 'accepted', id: 'id-1' } },
        outcome: 'accepted',
        inquiryId: 'id-1',
      });
      // A held inquiry is answered like any other (docs/api.md §15).
      expect(JSON.stringify(answer)).not.toMatch(/held|spam|link/i);
    }
  });

  it('invalid fields: a tool error naming each field with the API’s message, without the page’s words', () => {
    const errors = [fieldError('name', 'required'), fieldError('message', 'too_short')];
    const { result, outcome } = inquiryToolAnswer({ kind: 'invalid', errors, rateLimit: STATUS });
    expect(outcome).toBe('validation_failed');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      code: 'validation_failed',
      detail: ANSWER_DETAILS.validation_failed,
      errors: errors.map(({ field, code, message }) => ({ field, code, message })),
    });
    expect(result.content).toEqual([
      { type: 'text', text: `${ANSWER_DETAILS.validation_failed}\n- name: name is required.\n- message: ${fieldErrorMessage('message', 'too_short')}` },
    ]);
  });

  it('a filled honeypot: the same tool error, logged as the API logs it', () => {
    expect(inquiryToolAnswer({ kind: 'invalid', errors: [fieldError('_gotcha', 'honeypot')], rateLimit: STATUS }).outcome).toBe('honeypot');
  });

  it.each([
    ['ip', 1],
    ['email', 3600],
  ] as const)('over the %s limit with %i s to wait: a tool error with the API’s detail and the wait in seconds', (scope, resetSeconds) => {
    const { result, outcome } = inquiryToolAnswer({ kind: 'rate_limited', rateLimit: { scope, remaining: 0, resetSeconds } });
    expect(outcome).toBe(`rate_limited_${scope}`);
    const detail = rateLimitedDetail(scope, resetSeconds);
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: `${detail} Retry after ${resetSeconds} seconds.` }],
      structuredContent: { code: 'rate_limited', detail, scope, retryAfter: resetSeconds },
    });
  });

  it.each([
    ['counter_store', 'counter_store_failed'],
    ['inquiry_store', 'inquiry_store_failed'],
  ] as const)('the %s failing: a tool error asking for a retry after the API’s Retry-After, the error named in the log only', (dependency, outcome) => {
    const answer = inquiryToolAnswer({ kind: 'unavailable', dependency, errorName: 'ProvisionedThroughputExceededException' });
    expect(answer).toEqual({
      result: {
        isError: true,
        content: [{ type: 'text', text: `${ANSWER_DETAILS.temporarily_unavailable} Retry after ${RETRY_AFTER_SECONDS} seconds.` }],
        structuredContent: { code: 'temporarily_unavailable', detail: ANSWER_DETAILS.temporarily_unavailable, retryAfter: RETRY_AFTER_SECONDS },
      },
      outcome,
      errorName: 'ProvisionedThroughputExceededException',
    });
  });

  it('a body refused unread: a tool error with the API’s code and detail', () => {
    expect(inquiryToolAnswer({ kind: 'rejected', reason: 'malformed_json', rateLimit: STATUS })).toEqual({
      result: { isError: true, content: [{ type: 'text', text: ANSWER_DETAILS.malformed_json }], structuredContent: { code: 'malformed_json', detail: ANSWER_DETAILS.malformed_json } },
      outcome: 'malformed_json',
    });
  });
});
