import { describe, expect, it } from '@jest/globals';
import { MAIL_CALLS, STORE_CALLS, worstCaseMs } from '../../../lambdas/aws/call-budgets.js';
import { retrySchedule } from '../../../lambdas/delivery/retry-schedule.js';

describe('retrySchedule (docs/api.md §14)', () => {
  it.each([
    [1, 60],
    [2, 120],
    [3, 240],
    [6, 1920],
    [7, 3600],
    [8, 3600],
    [500, 3600],
  ])('waits, after failed attempt %i, %i seconds at a minute per unit: doubling, at most an hour', (attempts, seconds) => {
    expect(retrySchedule(60).delaySeconds(attempts)).toBe(seconds);
  });

  it('scales every delay and the period with the unit, as local mode does with 5 s', () => {
    const local = retrySchedule(5);

    expect([1, 2, 3, 4, 7, 8].map((attempts) => local.delaySeconds(attempts))).toEqual([5, 10, 20, 40, 300, 300]);
    expect(local.periodSeconds).toBe(6 * 60 * 60);
  });

  it('retries for three days at a minute per unit', () => {
    expect(retrySchedule(60).periodSeconds).toBe(3 * 24 * 60 * 60);
  });

  it('lets a claim outlast the longest a live worker can hold it (two sends, the hour’s count and the record, at their slowest)', () => {
    const hold = (2 * worstCaseMs(MAIL_CALLS) + 3 * worstCaseMs(STORE_CALLS)) / 1000;

    expect(retrySchedule(1).leaseSeconds).toBeGreaterThanOrEqual(2 * hold);
    expect(retrySchedule(60).leaseSeconds).toBe(60);
  });
});
