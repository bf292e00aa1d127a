import { describe, expect, it } from '@jest/globals';
import { agentReadinessChecks, EVERY_PART, type PublishedParts } from '../../../bin/verify/agent-readiness.js';
import type { CheckResult } from '../../../bin/verify/check.js';
import type { Answer, Probe } from '../../../bin/verify/http-probe.js';

/*
 * The agent-readiness probes of npm run verify (docs/verify.md) against answers of the test's own,
 * where a live site's files could be anything its generator wrote.
 */

/** A site that answers robots.txt with `robots`, and 404 to everything else. */
function siteWithRobots(robots: string): Probe {
  return async (url) => {
    const found = url.pathname === '/robots.txt';
    const body = found ? robots : 'not found';
    return {
      url,
      method: 'GET',
      status: found ? 200 : 404,
      headers: new Headers({ 'content-type': 'text/plain' }),
      body,
      bytes: Buffer.byteLength(body),
      elapsedMs: 1,
    } satisfies Answer;
  };
}

async function robotsLine(robots: string): Promise<CheckResult> {
  for await (const result of agentReadinessChecks(new URL('https://site.test'), siteWithRobots(robots))) {
    if (result.name === 'GET /robots.txt') return result;
  }
  throw new Error('no robots.txt line');
}

describe('the robots.txt probe', () => {
  it('warns of a valid file with no group (a generator’s Sitemap line alone), which fails nothing for visitors', async () => {
    expect(await robotsLine('Sitemap: https://site.test/sitemap.xml\n')).toEqual({
      status: 'warn',
      name: 'GET /robots.txt',
      detail: '200, but no User-agent line: crawlers read it as allowing every page, and the scanners do not count it (RFC 9309 §2.2.1)',
      fix: expect.stringMatching(/^your own robots\.txt is served as written/),
    });
  });

  it('passes a file with a group', async () => {
    expect(await robotsLine('User-agent: *\nAllow: /\n')).toMatchObject({ status: 'ok', detail: '200 text/plain, 23 bytes' });
  });
});

describe('the sitemap probe', () => {
  /** A site whose robots.txt names its sitemap, which is `sitemap`. */
  const siteWithSitemap = (sitemap: string): Probe => {
    const robots = siteWithRobots('User-agent: *\nAllow: /\nSitemap: https://site.test/sitemap.xml\n');
    return async (url, request) => {
      if (url.pathname !== '/sitemap.xml') return robots(url, request);
      return { url, method: 'GET', status: 200, headers: new Headers({ 'content-type': 'application/xml' }), body: sitemap, bytes: Buffer.byteLength(sitemap), elapsedMs: 1 } satisfies Answer;
    };
  };
  const sitemapLine = async (sitemap: string) => {
    for await (const result of agentReadinessChecks(new URL('https://site.test'), siteWithSitemap(sitemap))) {
      if (result.name === 'GET /sitemap.xml') return result;
    }
    throw new Error('no sitemap line');
  };

  it('counts a urlset’s pages, and a sitemap index’s sitemaps, as what they are', async () => {
    const locs = (paths: string[]) => paths.map((path) => `<url><loc>https://site.test${path}</loc></url>`).join('');
    expect(await sitemapLine(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs(['/', '/about/'])}</urlset>`)).toMatchObject({
      status: 'ok',
      detail: '200 application/xml, 2 URLs, named by robots.txt',
    });
    const index = '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://site.test/fr/sitemap.xml</loc></sitemap><sitemap><loc>https://site.test/en/sitemap.xml</loc></sitemap></sitemapindex>';
    expect(await sitemapLine(index)).toMatchObject({ status: 'ok', detail: '200 application/xml, 2 sitemaps, named by robots.txt' });
  });
});

describe('a probe that fails for a part the owner’s settings leave out (docs/api.md §16)', () => {
  /** A site that answers 404 to everything: no robots.txt, sitemap, Link header, Markdown or Agent Skills. */
  const bare: Probe = async (url) => ({ url, method: 'GET', status: 404, headers: new Headers({ 'content-type': 'text/html' }), body: 'Not found', bytes: 9, elapsedMs: 1 });
  const lines = async (parts: PublishedParts) => {
    const results: CheckResult[] = [];
    for await (const result of agentReadinessChecks(new URL('https://site.test'), bare, parts)) results.push(result);
    return new Map(results.map((result) => [result.name, result]));
  };
  const CHOSEN = ['GET /robots.txt', 'GET /sitemap.xml', 'GET / Accept: text/markdown', 'AI bot rules', 'Content Signals'];

  it('fails it when every part is on over a folder of the site’s: a fault', async () => {
    const results = await lines(EVERY_PART);
    expect(CHOSEN.map((name) => results.get(name)?.status)).toEqual(CHOSEN.map(() => 'FAIL'));
    expect(results.get('GET / Link')?.status).toBe('FAIL');
  });

  it('warns with siteOrigin of what the host keeps, saying how to add it', async () => {
    const results = await lines({ ...EVERY_PART, existingSite: true });
    expect(CHOSEN.map((name) => results.get(name)?.status)).toEqual(CHOSEN.map(() => 'warn'));
    expect(results.get('GET /robots.txt')?.fix).toBe("with siteOrigin, robots.txt is your host's, and the service makes none: add one to your site (docs/api.md §16 shows the service's, to copy)");
    expect(results.get('GET / Accept: text/markdown')?.fix).toMatch(/^with siteOrigin, each page is your host's, and the service makes none: it makes the Markdown of the pages of a siteDir alone/);
    // The service adds its Link headers to the host's pages: their absence is a fault.
    expect(results.get('GET / Link')?.status).toBe('FAIL');
  });

  it('keeps a fault a FAIL with siteOrigin: no answer, the service’s own 404, a 5xx', async () => {
    const broken: Probe = async (url, request) => {
      if (url.pathname === '/robots.txt') throw new Error('socket hang up');
      if (url.pathname === '/sitemap.xml') {
        const body = JSON.stringify({ code: 'not_found', title: 'Not Found' });
        return { url, method: 'GET', status: 404, headers: new Headers({ 'content-type': 'application/problem+json' }), body, bytes: body.length, elapsedMs: 1 };
      }
      if (url.pathname === '/' && request?.headers?.accept === 'text/markdown') return { url, method: 'GET', status: 502, headers: new Headers({ 'content-type': 'text/html' }), body: 'Bad Gateway', bytes: 11, elapsedMs: 1 };
      return bare(url, request);
    };
    const results: CheckResult[] = [];
    for await (const result of agentReadinessChecks(new URL('https://site.test'), broken, { ...EVERY_PART, existingSite: true })) results.push(result);
    const byName = new Map(results.map((result) => [result.name, result.status]));
    expect(CHOSEN.map((name) => byName.get(name))).toEqual(CHOSEN.map(() => 'FAIL'));
  });

  it('warns of each part a setting turned off, naming the setting', async () => {
    const off = { ...EVERY_PART.agents, robotsTxt: false, sitemap: false, linkHeaders: false, markdown: false, agentSkills: false };
    const results = await lines({ existingSite: false, agents: off });
    expect(results.get('GET /robots.txt')).toMatchObject({ status: 'warn', fix: 'robotsTxt is false in your settings file, so the service publishes none; the scanners count it as missing (docs/api.md §16)' });
    expect(results.get('GET / Accept: text/markdown')?.fix).toMatch(/^markdownPages is false/);
    expect(results.get('GET / Link')?.fix).toMatch(/^linkHeaders is false/);
    expect(results.get('GET /.well-known/agent-skills/index.json')?.fix).toMatch(/^agentSkills is false/);
    expect(results.get('GET /.well-known/api-catalog')?.status).toBe('FAIL');
  });
});
