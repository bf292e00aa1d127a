import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { DEFAULT_CONTENT_SIGNALS, parseContentSignals } from '../../../lambdas/config.js';
import { robotsTxt, robotsTxtGaps } from '../../../lib/pages/robots-txt.js';

/*
 * docs/examples/robots.txt is the owner's to copy where a generator always writes a robots.txt of
 * its own (Zola): the service's, under the default Content Signals policy, its Sitemap line in
 * Zola's template words, held here to what the service writes.
 */
const EXAMPLE = readFileSync(new URL('../../../docs/examples/robots.txt', import.meta.url), 'utf8');
const ZOLA_SITEMAP_URL = '{{ get_url(path="sitemap.xml") }}';

describe('docs/examples/robots.txt', () => {
  it('is the service’s robots.txt under the default policy, its sitemap named by Zola’s get_url', () => {
    expect(EXAMPLE).toBe(robotsTxt(parseContentSignals('CONTENT_SIGNALS', DEFAULT_CONTENT_SIGNALS), ZOLA_SITEMAP_URL));
  });

  it('lacks nothing the scanners look for, read as an own robots.txt is once Zola has built it', () => {
    expect(robotsTxtGaps(EXAMPLE.replace(ZOLA_SITEMAP_URL, 'https://example.com/sitemap.xml'))).toEqual([]);
  });
});
