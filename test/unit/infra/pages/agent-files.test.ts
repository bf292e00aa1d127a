import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseContentSignals, readAgentSettings } from '../../../../lambdas/config.js';
import { agentFiles, publishedContentType } from '../../../../lib/pages/agent-files.js';
import { AI_CRAWLERS, namedAiCrawlers, robotsTxt, robotsTxtGaps } from '../../../../lib/pages/robots-txt.js';
import { siteFiles } from '../../../../lib/pages/site-files.js';
import { pagePath } from '../../../../lib/pages/site-pages.js';
import { MAX_SITEMAP_URLS, sitemapXml } from '../../../../lib/pages/sitemap-xml.js';

const ALL_ON = readAgentSettings({});
const BASE = 'https://example.com';

function folderOf(files: Readonly<Record<string, string>>): string {
  const folder = mkdtempSync(join(tmpdir(), 'agent-files-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

describe('the Content Signals policy (docs/api.md §7, §16)', () => {
  it('defaults to search and AI answers, no training', () => {
    expect(ALL_ON.contentSignals).toEqual({ search: true, aiInput: true, aiTrain: false });
  });

  it.each([['ai-train=yes,search=no,ai-input=no'], [' search = yes , ai-input=no, ai-train=yes ']])('takes %j in any order and spacing', (value) => {
    expect(() => parseContentSignals('contentSignals', value)).not.toThrow();
  });

  it.each([[''], ['search=yes'], ['search=yes, ai-input=yes, ai-train=maybe'], ['search=yes, search=no, ai-input=yes, ai-train=no'], ['search=yes, ai-input=yes, ai-train=no, ai-other=yes'], ['search=yes; ai-input=yes; ai-train=no']])(
    'refuses %j with one line naming the setting',
    (value) => {
      expect(() => parseContentSignals('contentSignals', value)).toThrow(ConfigError);
      expect(() => parseContentSignals('contentSignals', value)).toThrow(/^contentSignals must set search, ai-input and ai-train once each to yes or no/);
    },
  );

  it.each([['yes'], ['1'], ['TRUE']])('refuses a part set to %j', (value) => {
    expect(() => readAgentSettings({ SITEMAP: value })).toThrow(/^SITEMAP must be true or false/);
  });
});

describe('the robots.txt of a site without one (RFC 9309, contentsignals.org)', () => {
  const text = robotsTxt(ALL_ON.contentSignals, `${BASE}/sitemap.xml`);

  it('lets every crawler in, under the policy, and ends with the absolute sitemap', () => {
    expect(text).toContain('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe('Sitemap: https://example.com/sitemap.xml');
    expect(robotsTxtGaps(text)).toEqual([]);
  });

  it("names every AI crawler in the group of its use, with the policy, allowed or not as the policy says of that use", () => {
    const groups = text.split('\n\n');
    for (const [use, allowed] of [['aiTrain', false], ['search', true], ['aiInput', true]] as const) {
      const group = groups.find((candidate) => candidate.includes(`User-agent: ${AI_CRAWLERS[use][0]}`))!;
      for (const crawler of AI_CRAWLERS[use]) expect(group).toContain(`User-agent: ${crawler}\n`);
      expect(group).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
      expect(group.endsWith(allowed ? 'Allow: /' : 'Disallow: /')).toBe(true);
    }
  });

  it('is ASCII lines without control characters', () => {
    expect(text).toMatch(/^[\x20-\x7e\n]+$/);
  });

  it.each<[string, string[]]>([
    ['User-agent: *\nDisallow: /private/\n', ['rules for AI crawlers (a User-agent line naming one, such as GPTBot)', 'a Content-Signal line (contentsignals.org)', 'a Sitemap line']],
    ['user-agent: gptbot\nDISALLOW: /\ncontent-signal: ai-train=no\nsitemap: https://x.test/s.xml', []],
    ['# User-agent: GPTBot\n# Content-Signal: search=yes\nUser-agent: *\nSitemap: https://x.test/s.xml', ['rules for AI crawlers (a User-agent line naming one, such as GPTBot)', 'a Content-Signal line (contentsignals.org)']],
  ])("tells what an owner's %j lacks for the scanners", (own, gaps) => {
    expect(robotsTxtGaps(own)).toEqual(gaps);
  });

  it("names the service's AI crawlers an owner's robots.txt names, as the service writes them, and none in a comment", () => {
    expect(namedAiCrawlers('user-agent: gptbot\nUser-Agent: ClaudeBot # the training one\n# User-agent: CCBot\nUser-agent: *\n')).toEqual(['GPTBot', 'ClaudeBot']);
    expect(namedAiCrawlers(robotsTxt(readAgentSettings({}).contentSignals, undefined))).toEqual(Object.values(AI_CRAWLERS).flat());
  });

  it('is shown whole in docs/api.md §16, for an owner whose generator writes their own to copy', () => {
    const docs = readFileSync(fileURLToPath(new URL('../../../../docs/api.md', import.meta.url)), 'utf8');
    expect(docs).toContain(`\`\`\`text\n${robotsTxt(readAgentSettings({}).contentSignals, 'https://example.com/sitemap.xml')}\`\`\`\n`);
  });
});

describe('the sitemap of a site without one (sitemaps.org 0.9)', () => {
  it("lists each page's absolute URL as visitors reach it, percent-encoded and entity-escaped, never the 404 page or other files", () => {
    const { xml, leftOut } = sitemapXml(BASE, ['index.html', 'about/index.html', "blog/café & 'tea'.html", '404.html', 'css/site.css', 'a/index.html.md', 'OLD.HTM'], new Set());
    expect(leftOut).toBe(0);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://example.com/OLD.HTM</loc></url>\n' +
        '  <url><loc>https://example.com/about/</loc></url>\n' +
        '  <url><loc>https://example.com/blog/caf%C3%A9%20%26%20&#39;tea&#39;.html</loc></url>\n' +
        '  <url><loc>https://example.com/</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it(`lists at most ${MAX_SITEMAP_URLS} pages, and says how many it left out`, () => {
    const keys = Array.from({ length: MAX_SITEMAP_URLS + 3 }, (_, index) => `p${index}.html`);
    const { xml, leftOut } = sitemapXml(BASE, keys, new Set());
    expect(leftOut).toBe(3);
    expect(xml.match(/<loc>/g)).toHaveLength(MAX_SITEMAP_URLS);
  });

  it("lists a page the front door's function reaches without .html at that path, and every other page at its key's", () => {
    const keys = ['index.html', 'about.html', 'blog/café tea.html', 'blog/old.html', 'work/index.html', 'OLD.HTM', 'notes.htm', 'Team.HTML'];
    const { xml } = sitemapXml(BASE, keys, new Set(['about', 'blog/café tea', 'notes', 'Team']));
    expect(xml.match(/<loc>[^<]*<\/loc>/g)).toEqual([
      '<loc>https://example.com/OLD.HTM</loc>',
      '<loc>https://example.com/Team.HTML</loc>',
      '<loc>https://example.com/about</loc>',
      '<loc>https://example.com/blog/caf%C3%A9%20tea</loc>',
      '<loc>https://example.com/blog/old.html</loc>',
      '<loc>https://example.com/</loc>',
      '<loc>https://example.com/notes.htm</loc>',
      '<loc>https://example.com/work/</loc>',
    ]);
  });

  it('names a folder by its slash', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('a b/index.html')).toBe('/a%20b/');
    expect(pagePath('a/INDEX.HTML')).toBe('/a/INDEX.HTML');
  });
});

describe('what the service adds to a folder (docs/api.md §16)', () => {
  it("adds robots.txt, sitemap.xml and each page's Markdown where the folder has none", () => {
    const site = siteFiles(folderOf({ 'index.html': '<title>Home</title><p>hi</p>', 'about/index.html': '<main><h1>About</h1></main>', 'css/a.css': '' }));
    const added = agentFiles(site, ALL_ON, BASE, [], 'siteDir');
    expect([...added.files.keys()].sort()).toEqual(['about/index.html.md', 'index.html.md', 'robots.txt', 'sitemap.xml']);
    expect(added.files.get('index.html.md')!.body()).toBe('# Home\n\nhi\n');
    expect(added.files.get('index.html.md')!.contentType).toBe('text/markdown; charset=utf-8');
    expect(added.files.get('robots.txt')!.body()).toContain('Sitemap: https://example.com/sitemap.xml');
    expect(added.notes).toEqual([]);
  });

  it('leaves out of the sitemap a page that asks search engines to leave it out (robots noindex or none), as sitemaps must', () => {
    const site = siteFiles(
      folderOf({
        'index.html': '<title>Home</title>',
        'draft/index.html': '<head><meta name="robots" content="noindex, nofollow"></head>',
        'old.html': '<meta name="ROBOTS" content="None">',
        'shared.html': '<meta name="robots" content="nofollow"><meta name="description" content="noindex">',
      }),
    );
    const xml = agentFiles(site, ALL_ON, BASE, [], 'siteDir').files.get('sitemap.xml')!.body();
    expect(xml.match(/<loc>[^<]*<\/loc>/g)).toEqual(['<loc>https://example.com/</loc>', '<loc>https://example.com/shared.html</loc>']);
  });

  it('lists a page reached without .html at the address the site’s own links use: its .html name where they name it alone', () => {
    const nav = '<nav><a href="index.html">Start</a> <a href="kontakt.html">Kontakt</a> <a href="./ueber-mich.html#team">Über mich</a> <a href="https://other.example/portfolio">x</a></nav>';
    const site = siteFiles(
      folderOf({
        'index.html': `<title>Start</title>${nav}`,
        'kontakt.html': nav,
        // Linked both ways: the address without .html, as the function reaches it.
        'ueber-mich.html': `${nav}<a href="/ueber-mich">again</a>`,
        'portfolio.html': '<p>linked by no page of the site</p>',
        // Under a <base>, a relative link is of the base's folder.
        'fotos/index.html': '<base href="/"><a href="portfolio.html">Portfolio</a>',
      }),
    );
    const xml = agentFiles(site, ALL_ON, BASE, ['kontakt', 'ueber-mich', 'portfolio'], 'siteDir').files.get('sitemap.xml')!.body();
    expect(xml.match(/<loc>[^<]*<\/loc>/g)).toEqual([
      '<loc>https://example.com/fotos/</loc>',
      '<loc>https://example.com/</loc>',
      '<loc>https://example.com/kontakt.html</loc>',
      '<loc>https://example.com/portfolio.html</loc>',
      '<loc>https://example.com/ueber-mich</loc>',
    ]);
  });

  it('leaves the example thank-you page out of the sitemap, as copied from docs/examples', () => {
    const thanks = readFileSync(fileURLToPath(new URL('../../../../docs/examples/thanks/index.html', import.meta.url)), 'utf8');
    const site = siteFiles(folderOf({ 'index.html': '<title>Home</title>', 'thanks/index.html': thanks }));
    const xml = agentFiles(site, ALL_ON, BASE, [], 'siteDir').files.get('sitemap.xml')!.body();
    expect(xml.match(/<loc>[^<]*<\/loc>/g)).toEqual(['<loc>https://example.com/</loc>']);
  });

  it("serves the owner's own robots.txt, sitemap and Markdown as written, with one line of what its robots.txt lacks", () => {
    const site = siteFiles(folderOf({ 'index.html': 'x', 'index.html.md': '# mine', 'robots.txt': 'User-agent: *\nAllow: /\n', 'sitemap.xml': '<urlset></urlset>' }));
    const added = agentFiles(site, ALL_ON, BASE, [], 'siteDir');
    expect([...added.files.keys()]).toEqual([]);
    expect(added.notes).toEqual([
      'siteDir: robots.txt is your own, served as written, which search engines read as before; for the agent-readiness scanners\' top level it lacks rules for AI crawlers (a User-agent line naming one, such as GPTBot), a Content-Signal line (contentsignals.org), a Sitemap line (docs/examples/robots.txt is the service\'s, under the default contentSignals, as a Zola template: copy it to templates/robots.txt, or its lines into yours; docs/api.md §16 says what they mean). Or, if it holds no rules of your own, delete it from your site\'s source (Hugo: enableRobotsTXT off), and the service writes its own; or keep it as it is, with "robotsTxt": false to have this line no more',
    ]);
  });

  it("says nothing of the owner's own robots.txt once robotsTxt is false: kept as it is, knowingly", () => {
    const site = siteFiles(folderOf({ 'index.html': 'x', 'robots.txt': 'User-agent: *\nAllow: /\n' }));
    const added = agentFiles(site, { ...ALL_ON, robotsTxt: false }, BASE, [], 'siteDir');
    expect({ files: [...added.files.keys()], notes: added.notes }).toEqual({ files: ['sitemap.xml', 'index.html.md'], notes: [] });
  });

  it("says when the owner's sitemap lists a page that asks search engines to leave it out, as jekyll-sitemap lists a thank-you page", () => {
    const noindex = '<meta name="robots" content="noindex">';
    const sitemap = (locs: readonly string[]) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;
    const pages = { 'index.html': 'home', 'obrigada.html': noindex, 'merci/index.html': noindex, 'café.html': noindex, 'sobre.html': 'about' };
    const listing = (locs: readonly string[]) => agentFiles(siteFiles(folderOf({ ...pages, 'sitemap.xml': sitemap(locs) })), ALL_ON, BASE, [], 'siteDir').notes;
    expect(listing(['https://fisio.example/', 'https://fisio.example/sobre', 'https://fisio.example/obrigada', 'https://fisio.example/merci/', 'https://fisio.example/caf%C3%A9.html?x=1&amp;y=2'])).toEqual([
      "siteDir: sitemap.xml is your own, served as written; it lists /obrigada, /merci/, /café.html, which ask search engines to leave them out (noindex): they do, though Google\'s Search Console reports the clash; to end it, leave them out of it too (in the page's front matter: sitemap: false for jekyll-sitemap, sitemap: {disable: true} for Hugo 0.125 or later, _build: {list: never} for an older one; exclude in next-sitemap.config.js), or, where your generator has no such switch, leave its sitemap out (MkDocs, Zola: delete sitemap.xml and sitemap.xml.gz after each build): the service then writes its own, which lists every page but the noindex ones",
    ]);
    expect(listing(['https://fisio.example/obrigada.html'])).toEqual([
      "siteDir: sitemap.xml is your own, served as written; it lists /obrigada.html, which asks search engines to leave it out (noindex): they do, though Google\'s Search Console reports the clash; to end it, leave it out of it too (in the page's front matter: sitemap: false for jekyll-sitemap, sitemap: {disable: true} for Hugo 0.125 or later, _build: {list: never} for an older one; exclude in next-sitemap.config.js), or, where your generator has no such switch, leave its sitemap out (MkDocs, Zola: delete sitemap.xml and sitemap.xml.gz after each build): the service then writes its own, which lists every page but the noindex ones",
    ]);
    // Pages that do not say noindex, a loc that is no URL, and a reference past Unicode say nothing.
    expect(listing(['https://fisio.example/sobre.html', 'obrigada.html', 'https://fisio.example/&#x110000;', 'https://fisio.example/%E0%A4%A'])).toEqual([]);
    // With the service's sitemap off, deleting the owner's would leave none: the line says only how to leave a page out.
    const withoutOwn = agentFiles(siteFiles(folderOf({ ...pages, 'sitemap.xml': sitemap(['https://fisio.example/obrigada']) })), { ...ALL_ON, sitemap: false }, BASE, [], 'siteDir').notes;
    expect(withoutOwn).toEqual([expect.stringMatching(/exclude in next-sitemap\.config\.js\)$/)]);
  });

  it("says when the owner's sitemap is no sitemap", () => {
    const added = agentFiles(siteFiles(folderOf({ 'sitemap.xml': '<html></html>' })), ALL_ON, BASE, [], 'SITE_DIR');
    expect(added.notes).toEqual(['SITE_DIR: sitemap.xml is your own, served as written; for the agent-readiness scanners it lacks a <urlset> or <sitemapindex> (sitemaps.org)']);
  });

  it('adds nothing a setting turned off, and no Sitemap line without a sitemap', () => {
    const site = siteFiles(folderOf({ 'index.html': 'x' }));
    const off = readAgentSettings({ ROBOTS_TXT: 'false', SITEMAP: 'false', MARKDOWN_PAGES: 'false' });
    expect([...agentFiles(site, off, BASE, [], 'siteDir').files.keys()]).toEqual([]);
    const robotsOnly = agentFiles(site, { ...off, robotsTxt: true }, BASE, [], 'siteDir');
    expect(robotsOnly.files.get('robots.txt')!.body()).not.toMatch(/^Sitemap:/m);
  });

  it("types a page's Markdown, anyone's, with its charset, and every other key as the upload does", () => {
    expect(publishedContentType('a/index.html.md')).toBe('text/markdown; charset=utf-8');
    expect(publishedContentType('A.HTM.md')).toBe('text/markdown; charset=utf-8');
    expect(publishedContentType('notes.md')).toBe('text/markdown');
    expect(publishedContentType('robots.txt')).toBe('text/plain');
  });
});
