import { describe, expect, it } from '@jest/globals';
import { sitemapAddressNote } from '../../../../lib/pages/sitemap-address.js';
import { siteFiles } from '../../../../lib/pages/site-files.js';
import { siteFolder } from '../../../support/site-folder.js';

const withSitemap = (sitemap: string) => siteFiles(siteFolder({ 'index.html': '<p>x</p>', 'sitemap.xml': sitemap }));
const urlset = (loc: string) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> ${loc} </loc></url></urlset>`;

describe('sitemapAddressNote: the base URL a generator wrote in the folder’s own sitemap', () => {
  it('says nothing when the sitemap names the site’s own origin, whatever the path and case of the host', () => {
    expect(sitemapAddressNote(withSitemap(urlset('https://WWW.Example.com/fr/a-propos/')), 'https://www.example.com', 'siteDir')).toBeUndefined();
  });

  it('names the origin a urlset, or a sitemap index, names, and the site’s', () => {
    expect(sitemapAddressNote(withSitemap(urlset('https://example.com/a?b=1&amp;c=2')), 'https://www.example.com', 'siteDir')).toMatch(
      /^siteDir: sitemap\.xml names your pages at https:\/\/example\.com, where the site is https:\/\/www\.example\.com: set your generator's base URL to https:\/\/www\.example\.com /,
    );
    const index = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://localhost:1313/fr/sitemap.xml</loc></sitemap></sitemapindex>';
    expect(sitemapAddressNote(withSitemap(index), 'https://example.com', 'siteDir')).toMatch(/^siteDir: sitemap\.xml names your pages at http:\/\/localhost:1313, where the site is https:\/\/example\.com:/);
  });

  it('says nothing without a sitemap of the folder’s, or one whose first <loc> is no URL', () => {
    expect(sitemapAddressNote(siteFiles(siteFolder({ 'index.html': '<p>x</p>' })), 'https://example.com', 'siteDir')).toBeUndefined();
    expect(sitemapAddressNote(withSitemap(urlset('/relative/')), 'https://example.com', 'siteDir')).toBeUndefined();
    expect(sitemapAddressNote(withSitemap('<urlset></urlset>'), 'https://example.com', 'siteDir')).toBeUndefined();
  });
});
