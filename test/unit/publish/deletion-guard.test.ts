import { describe, expect, it } from '@jest/globals';
import { deletesMostOfTheSite } from '../../../bin/publish/deletion-guard.js';

/* Past half of the bucket's files, a run deletes only when told to (--yes): its boundary. */

describe('a run that would delete most of the site', () => {
  it.each<[number, number, boolean]>([
    [0, 0, false],
    [0, 10, false],
    [5, 10, false],
    [6, 10, true],
    [2, 5, false],
    [3, 5, true],
    [1, 2, false],
    [1, 1, true],
    [500, 1000, false],
    [501, 1000, true],
  ])('deletes %i of %i: asks first, %s', (deletions, objects, asks) => {
    expect(deletesMostOfTheSite(deletions, objects)).toBe(asks);
  });
});
