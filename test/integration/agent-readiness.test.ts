import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { agentReadinessChecks } from '../../bin/verify/agent-readiness.js';
import type { CheckResult } from '../../bin/verify/check.js';
import { createProbe } from '../../bin/verify/http-probe.js';
import { send, type HttpResponse } from '../support/http-client.js';
import { parseLlmsTxt } from '../support/llms-txt-parser.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { buildEleventySite } from '../support/static-site.js';

/*
 * An owner's plain Eleventy site, with no robots.txt, sitemap or Markdown, through local mode: every
 * scored probe of the agent-readiness scanners passes, as they describe it (docs/api.md §16), by
 * what the service adds; and an owner's own robots.txt is served as written.
 */

const LAYOUT =
  '<!doctype html><html lang="en"><title>{{ title }}</title><header><a href="/">Ada’s workshop</a></header>' +
  '<nav><a href="/">Home</a> <a href="/about/">About</a></nav><main>{{ content | safe }}</main><footer>© Ada</footer></html>\n';
const SOURCES = {
  'src/_includes/page.njk': LAYOUT,
  'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\n# Ada’s workshop\n\nI build *bridges* & write about them.\n',
  'src/about.md': '---\nlayout: page.njk\ntitle: About\n---\n# About\n\nA page about &lt;script&gt;-free things.\n',
  'src/404.md': '---\nlayout: page.njk\ntitle: Not found\npermalink: 404.html\n---\n# No such page\n',
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ SITE_DIR: await buildEleventySite(SOURCES) });
}, 90_000);
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<HttpResponse> => send(`${server.apiUrl}${path}`, { method, headers });

describe('the probes, as the scanners describe them, on a site that brought none of it', () => {
  it('robots.txt: 200 text/plain with User-agent groups naming AI crawlers, the Content Signals and the absolute sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain');
    expect(robots.text).toMatch(/^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: \/$/m);
    expect(robots.text).toMatch(/^User-agent: GPTBot$/m);
    expect(robots.text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml\n`);
  });

  it("sitemap.xml: a urlset of each page's absolute URL, not the 404 page", async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect([...sitemap.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([`${server.baseUrl}/about/`, `${server.baseUrl}/`]);
  });

  it('Link headers: HEAD / names the API catalog, llms.txt and the Markdown alternate', async () => {
    const head = await get('/', {}, 'HEAD');
    expect(head.headers.link).toBe('</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel="describedby"; type="text/plain", </index.html.md>; rel="alternate"; type="text/markdown"');
    expect(head.headers.vary).toBe('Accept');
  });

  it('Markdown negotiation: Accept: text/markdown on a page gets its main content as text/markdown, varying by Accept; a browser gets the HTML', async () => {
    const markdown = await get('/about/', { accept: 'text/markdown' });
    expect(markdown.status).toBe(200);
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.vary).toBe('Accept');
    expect(markdown.headers.link).toBe('</about/>; rel="canonical"; type="text/html"');
    expect(markdown.text).toBe('# About\n\nA page about \\<script>-free things.\n');
    const html = await get('/about/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(html.headers['content-type']).toBe('text/html');
    expect(html.headers.vary).toBe('Accept');
    expect(html.text).toContain('<nav>');
  });

  it("serves each page's Markdown at its own .md URL too, and the home page's without its chrome", async () => {
    const home = await get('/index.html.md');
    expect(home.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(home.text).toBe('# Ada’s workshop\n\nI build *bridges* & write about them.\n');
  });

  it('the Agent Skills index: one skill, its SKILL.md matching the digest', async () => {
    const index = await get('/.well-known/agent-skills/index.json');
    expect(index.headers['content-type']).toMatch(/^application\/json/);
    const [skill] = index.json<{ skills: Array<{ name: string; url: string; digest: string }> }>().skills;
    const file = await get(skill!.url);
    expect(file.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(`sha256:${createHash('sha256').update(file.text).digest('hex')}`).toBe(skill!.digest);
    expect(file.text).toMatch(/^---\nname: contact-site-owner\ndescription: "/);
    expect(file.text).toContain(`POST ${server.baseUrl}/api/contact`);
    expect(file.text).toContain(`the Streamable HTTP endpoint ${server.baseUrl}/api/mcp, without authentication`);
  });

  it("npm run verify's probes pass them all and name Level 5", async () => {
    const lines = [];
    for await (const line of agentReadinessChecks(new URL(server.apiUrl), createProbe(fetch))) lines.push(line);
    expect(lines.filter((line) => line.status !== 'ok').map((line) => line.name)).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ status: 'ok', name: 'agent-readiness level', detail: 'Level 5, Agent-Native, of 5 by the probes above' });
  }, 30_000);

  it("llms.txt links the site: the home page's Markdown and the sitemap, each answering as its type (docs/api.md §6)", async () => {
    const llms = parseLlmsTxt((await get('/llms.txt')).text);
    const site = llms.sections.get('Site') ?? [];
    expect(site.map((link) => link.url)).toEqual([`${server.baseUrl}/index.html.md`, `${server.baseUrl}/sitemap.xml`]);
    const [home, sitemap] = await Promise.all(site.map((link) => send(link.url, { method: 'GET' })));
    expect([home!.status, home!.headers['content-type']]).toEqual([200, 'text/markdown; charset=utf-8']);
    expect(home!.text).toContain('I build *bridges*');
    expect([sitemap!.status, sitemap!.headers['content-type']]).toEqual([200, 'text/xml']);
    expect(llms.info).toContain("Every page of this site has a Markdown version at its file's address with .md appended");
  });
});

describe("an owner's own robots.txt", () => {
  let own: LocalServer;
  beforeAll(async () => {
    own = await startLocalServer({
      SITE_DIR: await buildEleventySite({ ...SOURCES, 'eleventy.config.mjs': "export default function (config) { config.addPassthroughCopy({ 'src/static': '/' }); }\n", 'src/static/robots.txt': 'User-agent: *\nDisallow: /drafts/\n' }),
      CONTENT_SIGNALS: 'search=yes, ai-input=no, ai-train=no',
    });
  }, 90_000);
  afterAll(() => own?.stop());

  it('is served as written, and npm start says in one line what it lacks for the scanners', async () => {
    const robots = await send(`${own.apiUrl}/robots.txt`);
    expect(robots.text).toBe('User-agent: *\nDisallow: /drafts/\n');
    expect(own.output()).toMatch(/^SITE_DIR: robots\.txt is your own, served as written, which search engines read as before; for the agent-readiness scanners' top level it lacks rules for AI crawlers \(a User-agent line naming one, such as GPTBot\), a Content-Signal line \(contentsignals\.org\), a Sitemap line \(docs\/examples\/robots\.txt is the service's, under the default contentSignals, as a Zola template: copy it to templates\/robots\.txt, or its lines into yours; docs\/api\.md §16 says what they mean\)\. Or, if it holds no rules of your own, delete it from your site's source \(Hugo: enableRobotsTXT off\), and the service writes its own; or keep it as it is, with "robotsTxt": false to have this line no more$/m);
    expect((await send(`${own.apiUrl}/sitemap.xml`)).status).toBe(200);
  });

  it("makes npm run verify warn of what it lacks, pointing at the file, not at a setting that changes nothing; nothing fails", async () => {
    const results: CheckResult[] = [];
    for await (const line of agentReadinessChecks(new URL(own.apiUrl), createProbe(fetch))) results.push(line);
    expect(results.filter((result) => result.status === 'FAIL')).toEqual([]);
    const named = (name: string) => results.find((result) => result.name === name);
    for (const [name, lacks] of [['AI bot rules', 'rules for AI crawlers'], ['Content Signals', 'a Content-Signal line']] as const) {
      expect(named(name)).toEqual({
        status: 'warn',
        name,
        detail: expect.stringContaining(`robots.txt lacks ${lacks}`),
        fix: expect.stringMatching(/^your own robots\.txt is served as written \(the service's has both\): add what it lacks, as the robots\.txt line of npm start and synth names it, or, with siteDir, remove yours so that the service's is published \(docs\/api\.md §16 shows it, to copy; a generator's plugin may write one, as Jekyll's jekyll-sitemap does\); or keep yours as it is: search engines read it as before$/),
      });
    }
  });
});
