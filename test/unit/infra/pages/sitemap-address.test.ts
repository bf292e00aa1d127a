import { describe, expect, it } from '@jest/globals';
import { builtForAnotherAddressNote, builtForAnotherOrigin, previewBuildLine, siteAddressNotes } from '../../../../lib/pages/sitemap-address.js';
import { siteFiles } from '../../../../lib/pages/site-files.js';
import { siteFolder } from '../../../support/site-folder.js';

const withSitemap = (sitemap: string) => siteFiles(siteFolder({ 'index.html': '<p>x</p>', 'sitemap.xml': sitemap }));
const urlset = (loc: string) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> ${loc} </loc></url></urlset>`;

/** The note on the folder's sitemap, if any. */
const sitemapAddressNote = (site: Parameters<typeof siteAddressNotes>[0], baseUrl: string, setting: string) => siteAddressNotes(site, baseUrl, setting)[0];

describe('siteAddressNotes: the base URL a generator wrote in the folder’s own sitemap', () => {
  it('says nothing when the sitemap names the site’s own origin, whatever the path and case of the host', () => {
    expect(sitemapAddressNote(withSitemap(urlset('https://WWW.Example.com/fr/a-propos/')), 'https://www.example.com', 'siteDir')).toBeUndefined();
  });

  it('names the origin a urlset, or a sitemap index, names, and the site’s', () => {
    expect(sitemapAddressNote(withSitemap(urlset('https://example.com/a?b=1&amp;c=2')), 'https://www.example.com', 'siteDir')).toMatch(
      /^siteDir: sitemap\.xml names your pages at https:\/\/example\.com, where the site is https:\/\/www\.example\.com: set your generator's base URL to https:\/\/www\.example\.com /,
    );
    const index = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://staging.example.com:1313/fr/sitemap.xml</loc></sitemap></sitemapindex>';
    expect(sitemapAddressNote(withSitemap(index), 'https://example.com', 'siteDir')).toMatch(/^siteDir: sitemap\.xml names your pages at http:\/\/staging\.example\.com:1313, where the site is https:\/\/example\.com:/);
  });

  it('says nothing without a sitemap of the folder’s, or one whose first <loc> is no URL', () => {
    expect(sitemapAddressNote(siteFiles(siteFolder({ 'index.html': '<p>x</p>' })), 'https://example.com', 'siteDir')).toBeUndefined();
    expect(sitemapAddressNote(withSitemap(urlset('/relative/')), 'https://example.com', 'siteDir')).toBeUndefined();
    expect(sitemapAddressNote(withSitemap('<urlset></urlset>'), 'https://example.com', 'siteDir')).toBeUndefined();
  });
});

describe('a folder built for the preview: its own files name a loopback address, which a deploy and a publish stop on', () => {
  const PREVIEW_BUILD =
    "siteDir was built for the preview: sitemap.xml names your pages at http://localhost:1313, where every visitor's links and style sheets would lead, as a deploy and a publish upload siteDir as it is: " +
    "build your site again for its own address (Hugo: hugo --cleanDestinationDir, without --baseURL, which builds for your config's baseURL; Zola: zola build; Jekyll: jekyll build, not jekyll serve)";

  it('names the file and the address, whether the site’s address is known yet or not, in place of the note on another address', () => {
    const site = withSitemap(urlset('http://localhost:1313/about/'));
    expect(previewBuildLine(site, 'siteDir')).toBe(PREVIEW_BUILD);
    expect(siteAddressNotes(site, 'https://example.com', 'siteDir')).toEqual([PREVIEW_BUILD]);
    expect(siteAddressNotes(site, undefined, 'siteDir')).toEqual([PREVIEW_BUILD]);
    for (const loopback of ['http://127.0.0.1:3000/', 'http://[::1]:8080/']) expect(previewBuildLine(withSitemap(urlset(loopback)), 'siteDir')).toMatch(/^siteDir was built for the preview: /);
  });

  it('says nothing of a folder that names another host, or none', () => {
    expect(previewBuildLine(withSitemap(urlset('https://example.com/')), 'siteDir')).toBeUndefined();
    expect(previewBuildLine(withSitemap(urlset('http://localhost.example.com/')), 'siteDir')).toBeUndefined();
    expect(previewBuildLine(siteFiles(siteFolder({ 'index.html': '<p>x</p>' })), 'siteDir')).toBeUndefined();
    expect(siteAddressNotes(withSitemap(urlset('https://example.com/')), undefined, 'siteDir')).toEqual([]);
  });

  it('finds a preview’s address in any of the files, a sitemap kept in the generator’s static files naming the site whatever the build', () => {
    const folder = siteFolder({ 'index.html': '<link rel="canonical" href="http://localhost:4321/">', 'sitemap.xml': urlset('https://example.com/') });
    expect(previewBuildLine(siteFiles(folder), 'siteDir')).toMatch(/^siteDir was built for the preview: the canonical link of index\.html names your pages at http:\/\/localhost:4321, /);
    const feedOnly = siteFolder({ 'index.html': '<title>x</title>', 'sitemap.xml': urlset('https://example.com/'), 'feed.xml': '<rss><channel><link>http://127.0.0.1:4000/</link></channel></rss>' });
    expect(previewBuildLine(siteFiles(feedOnly), 'siteDir')).toMatch(/^siteDir was built for the preview: feed\.xml names your pages at http:\/\/127\.0\.0\.1:4000, /);
  });

  it('gives the origin built for to synth’s Next: list: a preview’s always, another only where the site’s is known and differs', () => {
    expect(builtForAnotherOrigin(withSitemap(urlset('http://localhost:1313/')), undefined)).toBe('http://localhost:1313');
    expect(builtForAnotherOrigin(withSitemap(urlset('https://old.example/')), 'https://example.com')).toBe('https://old.example');
    expect(builtForAnotherOrigin(withSitemap(urlset('https://Example.com/a/')), 'https://example.com')).toBeUndefined();
    expect(builtForAnotherOrigin(withSitemap(urlset('https://old.example/')), undefined)).toBeUndefined();
    // As the deploy's stop finds a preview's: in any of the files.
    const canonicalOnly = siteFiles(siteFolder({ 'index.html': '<link rel="canonical" href="http://localhost:4321/">', 'sitemap.xml': urlset('https://example.com/') }));
    expect(builtForAnotherOrigin(canonicalOnly, 'https://example.com')).toBe('http://localhost:4321');
  });
});

describe('siteAddressNotes: the base URL a generator wrote in the home page’s canonical link, where the folder has no sitemap', () => {
  const withHome = (head: string, files: Record<string, string> = {}) => siteFiles(siteFolder({ 'index.html': `<!doctype html><head>${head}</head><p>x</p>`, ...files }));

  it('names the origin the canonical link names, and the site’s', () => {
    expect(sitemapAddressNote(withHome('<link rel="Canonical" href=" https://ada.netlify.app/ ">'), 'https://ada-lindqvist.se', 'siteDir')).toMatch(
      /^siteDir: the canonical link of index\.html names your pages at https:\/\/ada\.netlify\.app, where the site is https:\/\/ada-lindqvist\.se: set your generator's base URL to https:\/\/ada-lindqvist\.se /,
    );
    expect(sitemapAddressNote(withHome('<link rel="alternate canonical" href="https://old.example/">'), 'https://ada-lindqvist.se', 'siteDir')).toMatch(/^siteDir: the canonical link of index\.html names your pages at https:\/\/old\.example,/);
  });

  it('says nothing where it names the site’s origin, or a path, or there is none; a sitemap, when there is one, speaks for the folder', () => {
    expect(siteAddressNotes(withHome('<link rel="canonical" href="https://Ada-Lindqvist.se/">'), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
    expect(siteAddressNotes(withHome('<link rel="canonical" href="/">'), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
    expect(siteAddressNotes(withHome('<link rel="stylesheet" href="http://localhost:3200/site.css">'), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
    expect(siteAddressNotes(siteFiles(siteFolder({ 'about.html': '<link rel="canonical" href="http://localhost:3200/about">' })), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
    const sitemap = { 'sitemap.xml': urlset('https://ada-lindqvist.se/') };
    expect(siteAddressNotes(withHome('<link rel="canonical" href="https://ada.netlify.app/">', sitemap), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
  });
});

describe('siteAddressNotes: the base URL a generator wrote in its feed, where the folder has neither a sitemap nor a canonical link', () => {
  const rss = (link: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Ada</title><link> ${link} </link><item><link>https://elsewhere.example/</link></item></channel></rss>`;
  const atom = (href: string) => `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><link href='${href}' rel="self"/><title>Ada</title></feed>`;
  const withFeed = (files: Record<string, string>) => siteFiles(siteFolder({ 'index.html': '<title>Ada</title>', ...files }));

  it('names the origin the first feed names, RSS’s channel link or Atom’s first link', () => {
    expect(sitemapAddressNote(withFeed({ 'index.xml': rss('https://ada.netlify.app/') }), 'https://ada-lindqvist.se', 'siteDir')).toMatch(
      /^siteDir: index\.xml names your pages at https:\/\/ada\.netlify\.app, where the site is https:\/\/ada-lindqvist\.se: set your generator's base URL/,
    );
    expect(sitemapAddressNote(withFeed({ 'feed.xml': atom('https://kwame.github.io/feed.xml') }), 'https://kwamemensah.com', 'siteDir')).toMatch(/^siteDir: feed\.xml names your pages at https:\/\/kwame\.github\.io,/);
  });

  it('reads past an Atom hub’s link, and no RSS item’s for a channel without a link of its own', () => {
    const hubbed = `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="hub" href="https://pubsubhubbub.appspot.com/"/><link href="https://jonas.pages.dev/"/></feed>`;
    expect(sitemapAddressNote(withFeed({ 'atom.xml': hubbed }), 'https://jonasbecker.io', 'siteDir')).toMatch(/^siteDir: atom\.xml names your pages at https:\/\/jonas\.pages\.dev,/);
    const itemOnly = '<rss version="2.0"><channel><title>Ada</title><item><link>https://elsewhere.example/post</link></item></channel></rss>';
    expect(siteAddressNotes(withFeed({ 'rss.xml': itemOnly }), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
  });

  it('says nothing of a feed that names the site’s origin, or a path; the canonical link, where there is one, speaks for the folder', () => {
    expect(siteAddressNotes(withFeed({ 'index.xml': rss('https://ada-lindqvist.se/') }), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
    expect(siteAddressNotes(withFeed({ 'atom.xml': atom('/atom.xml') }), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
    const home = { 'index.html': '<link rel="canonical" href="https://ada-lindqvist.se/">' };
    expect(siteAddressNotes(withFeed({ ...home, 'rss.xml': rss('https://ada.netlify.app/') }), 'https://ada-lindqvist.se', 'siteDir')).toEqual([]);
  });
});

describe('siteAddressNotes: the sitemap the folder’s own robots.txt names', () => {
  const withRobots = (robots: string) => siteFiles(siteFolder({ 'index.html': '<p>x</p>', 'robots.txt': robots }));

  it('names a Sitemap line at another origin, as a copy of the preview’s robots.txt has it', () => {
    expect(siteAddressNotes(withRobots('User-agent: *\nAllow: /\n\nsitemap:  http://localhost:3252/sitemap.xml\n'), 'https://rafaelsouza.dev', 'siteDir')).toEqual([
      "siteDir: robots.txt names its sitemap at http://localhost:3252/sitemap.xml, where the site is https://rafaelsouza.dev: write Sitemap: https://rafaelsouza.dev/sitemap.xml in it (a copy of npm start's robots.txt names the machine's address)",
    ]);
  });

  it('says nothing of Sitemap lines at the site’s own origin, of none, or where the site’s origin is not known yet', () => {
    expect(siteAddressNotes(withRobots('User-agent: *\r\nSitemap: https://RafaelSouza.dev/sitemap.xml\r\n'), 'https://rafaelsouza.dev', 'siteDir')).toEqual([]);
    expect(siteAddressNotes(withRobots('User-agent: *\nDisallow:\n'), 'https://rafaelsouza.dev', 'siteDir')).toEqual([]);
    expect(siteAddressNotes(withRobots('Sitemap: http://localhost:3252/sitemap.xml'), '${Token[BaseUrl]}', 'siteDir')).toEqual([]);
  });
});

describe('builtForAnotherAddressNote: a folder built for another address than the preview’s', () => {
  const preview = 'http://localhost:3000';

  it('names the address the sitemap names and the contact page loads files from, and the two builds', () => {
    expect(builtForAnotherAddressNote(withSitemap(urlset('https://priyadesign.com/about/')), preview, ['https://fonts.example', 'https://priyadesign.com'], 'siteDir')).toBe(
      "siteDir: your site was built for https://priyadesign.com, which sitemap.xml names and its contact page loads files from, so the preview's pages take their style sheets and links from there, not from this folder: " +
        'to preview, build for http://localhost:3000 (Hugo: hugo --baseURL http://localhost:3000/; Zola: zola build --base-url http://localhost:3000), and for https://priyadesign.com again before a deploy or a publish',
    );
  });

  it('names the canonical link of a folder without a sitemap as what names the address', () => {
    const site = siteFiles(siteFolder({ 'index.html': '<link rel="canonical" href="https://priyadesign.com/">' }));
    expect(builtForAnotherAddressNote(site, preview, ['https://priyadesign.com'], 'siteDir')).toMatch(/^siteDir: your site was built for https:\/\/priyadesign\.com, which the canonical link of index\.html names and its contact page loads files from,/);
  });

  it('says only the preview’s build for a folder built for another preview (a generator’s own server)', () => {
    const other = 'http://localhost:1313';
    expect(builtForAnotherAddressNote(withSitemap(urlset(`${other}/about/`)), preview, [other], 'siteDir')).toMatch(/: to preview, build for http:\/\/localhost:3000 \(Hugo: hugo --baseURL http:\/\/localhost:3000\/; Zola: zola build --base-url http:\/\/localhost:3000\)$/);
  });

  it('says nothing where the contact page loads nothing from that address (links relative, the sitemap alone absolute), or the sitemap names the preview', () => {
    expect(builtForAnotherAddressNote(withSitemap(urlset('https://priyadesign.com/about/')), preview, ['https://fonts.example'], 'siteDir')).toBeUndefined();
    expect(builtForAnotherAddressNote(withSitemap(urlset('https://priyadesign.com/about/')), preview, [], 'siteDir')).toBeUndefined();
    expect(builtForAnotherAddressNote(withSitemap(urlset(`${preview}/about/`)), preview, [preview], 'siteDir')).toBeUndefined();
    expect(builtForAnotherAddressNote(siteFiles(siteFolder({ 'index.html': '<p>x</p>' })), preview, ['https://priyadesign.com'], 'siteDir')).toBeUndefined();
    // A file: address has an opaque origin, which URL writes "null", as it writes a data: image's.
    expect(builtForAnotherAddressNote(withSitemap(urlset('file:///home/priya/public/index.html')), preview, ['null'], 'siteDir')).toBeUndefined();
  });
});
