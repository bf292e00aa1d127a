import { describe, expect, it } from '@jest/globals';
import { isCrossSitePost } from '../../../lambdas/contact/cross-site.js';
import { crossSiteCases } from '../../support/cross-site-cases.js';

const SITE = 'https://example.com';
const ALLOWED = 'https://www.example.com';

describe('isCrossSitePost (docs/api.md §9)', () => {
  it.each(crossSiteCases(SITE, ALLOWED).map((testCase) => [testCase.title, testCase] as const))('%s', (_title, { headers, refused }) => {
    const from = { origin: headers.origin, fetchSite: headers['sec-fetch-site'] };

    expect(isCrossSitePost(from, new Set([SITE, ALLOWED]))).toBe(refused);
  });

  it('compares origins exactly, as browsers serialize them', () => {
    const site = new Set([SITE]);

    expect(isCrossSitePost({ origin: 'https://example.com/', fetchSite: undefined }, site)).toBe(true);
    expect(isCrossSitePost({ origin: 'http://example.com', fetchSite: undefined }, site)).toBe(true);
    expect(isCrossSitePost({ origin: '', fetchSite: 'same-origin' }, site)).toBe(true);
  });
});
