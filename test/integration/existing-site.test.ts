import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send } from '../support/http-client.js';
import { parseLlmsTxt } from '../support/llms-txt-parser.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { siteFolder } from '../support/site-folder.js';

/*
 * npm start with an existing site (`siteOrigin` in the settings file, docs/api.md §10): the preview
 * fetches every path but the service's from the site, as the deployed distribution does. The site
 * here is one no resolver finds (`.invalid`, RFC 6761), so the preview's answer for its pages is the
 * 502 that names it, on any machine; test/unit/local/existing-site-door.test.ts fetches from a live one.
 */

const SITE_ORIGIN = 'https://site.invalid';
let server: LocalServer;

beforeAll(async () => {
  const settings = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
  writeFileSync(settings, JSON.stringify({ siteOrigin: SITE_ORIGIN, formPage: '/contact/', pageStylesheet: '/css/site.css', formSuccessPath: '/thanks/' }));
  server = await startLocalServer({ SITE_SETTINGS: settings });
}, 60_000);
afterAll(() => server?.stop());

describe('npm start with siteOrigin', () => {
  it('says where the pages come from, and what synth says of the form’s pages', () => {
    const banner = server.output();
    expect(banner).toContain(`Site       ${SITE_ORIGIN}  (siteOrigin: every path but /contact and the service's fetched from it`);
    expect(banner).toContain(`Form page  /contact/ at ${SITE_ORIGIN}  (formPage: /contact leads there, and a refused post made without JavaScript comes back in it`);
    // Fetched at start-up, as the contact function fetches it.
    expect(banner).toMatch(
      new RegExp(`^Form page  not read now: ${SITE_ORIGIN}/contact/ could not be reached \\((ENOTFOUND|EAI_AGAIN)\\); while it cannot be, a refused post made without JavaScript comes back in the service's own form$`, 'm'),
    );
    expect(banner).toContain('Thank-you  /thanks/  (formSuccessPath');
  });

  it('fetches a page from the site, and says in words when it cannot', async () => {
    const answer = await send(`${server.apiUrl}/about/`);
    expect(answer.status).toBe(502);
    expect(answer.text).toMatch(new RegExp(`^Bad Gateway: ${SITE_ORIGIN}/about/ \\(siteOrigin\\) could not be fetched: (ENOTFOUND|EAI_AGAIN)\\.`));
  });

  it('leads /contact to the form page, which the site serves', async () => {
    const lead = await send(`${server.apiUrl}/contact`);
    expect([lead.status, lead.headers.location]).toEqual([302, '/contact/']);
    expect((await send(`${server.apiUrl}/contact/`)).text).toMatch(new RegExp(`^Bad Gateway: ${SITE_ORIGIN}/contact/ \\(siteOrigin\\)`));
  });

  it('answers a refused post in the service’s own form, with the site’s style sheet, while the site’s page cannot be had, and says why', async () => {
    const refused = await send(`${server.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl },
      body: new URLSearchParams({ name: 'Ada', email: 'ada@example.com', message: 'Too short', _gotcha: '' }).toString(),
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('id="contact-form"');
    expect(refused.text).toContain('<link rel="stylesheet" href="/css/site.css">');
    expect(server.output()).toMatch(/"message":"The form page could not be used \(https:\/\/site\.invalid\/contact\/ could not be reached \((ENOTFOUND|EAI_AGAIN)\)\): answered with the service's own"/);
  });

  it('answers a post to a page 405, as the deployed edge does', async () => {
    const answer = await send(`${server.apiUrl}/about/`, { method: 'POST', body: 'x' });
    expect([answer.status, answer.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('links the site’s home page from llms.txt, as deployed', async () => {
    const llms = parseLlmsTxt((await send(`${server.apiUrl}/llms.txt`)).text);
    expect(llms.sections.get('Site')?.map((link) => link.url)).toEqual([`${server.baseUrl}/`]);
  });
});

describe('npm start with siteOrigin, previewing a build of the site as SITE_DIR (offline)', () => {
  it('says the host serves the site once deployed, and nothing of what the folder would publish, such as a 404 page it lacks', async () => {
    const settings = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
    writeFileSync(settings, JSON.stringify({ siteOrigin: SITE_ORIGIN }));
    const build = await startLocalServer({ SITE_SETTINGS: settings, SITE_DIR: siteFolder() });
    try {
      const banner = build.output();
      expect(banner).toMatch(new RegExp(`^Deployed   from ${SITE_ORIGIN} \\(siteOrigin\\)`, 'm'));
      expect(banner).not.toContain('404.html');
    } finally {
      build.stop();
    }
  }, 60_000);
});
