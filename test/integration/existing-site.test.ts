import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send } from '../support/http-client.js';
import { parseLlmsTxt } from '../support/llms-txt-parser.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';

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
  writeFileSync(settings, JSON.stringify({ siteOrigin: SITE_ORIGIN, pageStylesheet: '/css/site.css', formSuccessPath: '/thanks/' }));
  server = await startLocalServer({ SITE_SETTINGS: settings });
}, 60_000);
afterAll(() => server?.stop());

describe('npm start with siteOrigin', () => {
  it('says where the pages come from, and what synth says of the form’s pages', () => {
    const banner = server.output();
    expect(banner).toContain(`Site       ${SITE_ORIGIN}  (siteOrigin: every path but /contact and the service's fetched from it`);
    expect(banner).toContain("Form page  the service's own, at /contact, with your /css/site.css (pageStylesheet)");
    expect(banner).toContain('Thank-you  /thanks/  (formSuccessPath');
  });

  it('fetches a page from the site, and says in words when it cannot', async () => {
    const answer = await send(`${server.apiUrl}/about/`);
    expect(answer.status).toBe(502);
    expect(answer.text).toMatch(new RegExp(`^Bad Gateway: ${SITE_ORIGIN}/about/ \\(siteOrigin\\) could not be fetched: (ENOTFOUND|EAI_AGAIN)\\.`));
  });

  it('answers /contact itself, in the page that links the site’s style sheet, which the site serves', async () => {
    const page = await send(`${server.apiUrl}/contact`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<link rel="stylesheet" href="/css/site.css">');
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
