import { describe, expect, it } from '@jest/globals';
import { deliveryErrorWords } from '../../../bin/inbox/delivery-error.js';
import { ERROR_CLASS_NAME } from '../../support/error-class-names.js';

/* Why a send failed, as npm run inbox and npm run verify say it (docs/api.md §14): never an error's class name. */

describe('deliveryErrorWords', () => {
  it.each([
    ['TimeoutError', 'no answer from SES in time'],
    ['ECONNRESET', 'no answer from SES (ECONNRESET)'],
    ['ClaimExpired', 'its worker stopped before it recorded the send'],
    ['TypeError', 'the worker failed before SES answered (its log group, the LogsDelivery output, says why)'],
    ['Error', 'the worker failed before SES answered (its log group, the LogsDelivery output, says why)'],
    ['MessageRejected', 'SES answered MessageRejected'],
    ['TooManyRequestsException', 'SES answered TooManyRequestsException'],
  ])('says %s as %s', (lastError, words) => {
    expect(deliveryErrorWords(lastError)).toBe(words);
    expect(words).not.toMatch(ERROR_CLASS_NAME);
  });
});
