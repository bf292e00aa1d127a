import { describe, expect, it } from '@jest/globals';
import { errorName } from '../../../lambdas/http/error-name.js';

describe('errorName: what a log line may say of an error', () => {
  it('is an AWS error’s name, its code, never its message', () => {
    expect(errorName(Object.assign(new Error('owner@example.com is not verified'), { name: 'MessageRejected' }))).toBe('MessageRejected');
  });

  it('is a socket error’s code, since its name is only Error', () => {
    expect(errorName(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8005'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
  });

  it.each([
    ['a plain Error', new Error('about ada@example.com'), 'Error'],
    ['an Error with a code that is no socket code', Object.assign(new Error('x'), { code: 'ada@example.com' }), 'Error'],
    ['a named error with a code', Object.assign(new TypeError('x'), { code: 'ERR_INVALID_ARG_TYPE' }), 'TypeError'],
    ['no Error at all', 'a string about ada@example.com', 'UnknownError'],
  ])('is the name alone for %s', (_case, error, name) => {
    expect(errorName(error)).toBe(name);
  });
});
