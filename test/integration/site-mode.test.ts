import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SITE_NAME } from '../../lambdas/config.js';
import { CONTENT_SECURITY_POLICY } from '../../lambdas/html/html-reply.js';
import { send, sendTarget, type HttpResponse } from '../support/http-client.js';
import { clearSentEmails, deliveredEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { parseLlmsTxt } from '../support/llms-txt-parser.js';
import { newEmail } from '../support/fresh-clients.js';
import { buildEleventySite } from '../support/static-site.js';

/*
 * Local mode is the whole site (docs/api.md §7, §10): SITE_DIR=<a generator's output> npm start
 * serves the site at the service's origin with the deployed front door's rules. The site is built
 * by Eleventy, as its owner would build it, with nested folders, a 404 page, a style sheet, a
 * thank-you page, and files at paths the service answers itself.
 */

const SOURCES = {
  'eleventy.config.mjs': "export default function (config) { config.addPassthroughCopy({ 'src/static': '/' }); }\n",
  'src/_includes/page.njk': '<!doctype html><html lang="en"><title>{{ title }}</title><link rel="stylesheet" href="/css/site.css"><main>{{ content | safe }}</main></html>\n',
  'src/index.md': '---\nlayout: page.njk\ntitle: Home\n---\n# Ada’s workshop\n',
  'src/about.md': '---\nlayout: page.njk\ntitle: About\n---\n# About\n',
  'src/blog/first-post.md': '---\nlayout: page.njk\ntitle: First post\n---\n# A first post\n',
  'src/blog/2026/café.md': '---\nlayout: page.njk\ntitle: Café\n---\n# Café\n',
  'src/thanks.md': '---\nlayout: page.njk\ntitle: Thank you\n---\n# Thank you, I will write back soon\n',
  'src/contact.md': '---\nlayout: page.njk\ntitle: The site’s own contact page\n---\n# The site’s own contact page\n',
  'src/404.md': '---\nlayout: page.njk\ntitle: Not found\npermalink: 404.html\n---\n# There is no such page here\n',
  'src/static/css/site.css': 'main { max-width: 40rem; }\n',
  'src/static/llms.txt': '# Ada’s workshop\n\n> Bridges, and writing about them.\n\nI design footbridges in Bristol.\n\n## Work\n\n- [Bridges](https://ada.example/bridges/): what I build\n\n## Optional\n\n- [Old posts](https://ada.example/old/): archive\n',
  'src/static/images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  'src/static/fonts/site.woff2': 'not really a font\n',
  'src/static/CNAME': 'example.com\n',
};

let site: string;
let server: LocalServer;

beforeAll(async () => {
  site = await buildEleventySite(SOURCES);
  server = await startLocalServer({ SITE_DIR: site, FORM_SUCCESS_PATH: '/thanks/', PAGE_STYLESHEET: '/css/site.css' });
}, 90_000);
afterAll(() => server?.stop());

const get = (target: string, options = {}) => sendTarget(server.apiUrl, target, options);
const fileOf = (path: string) => readFileSync(join(site, path), 'utf8');
const NOT_FOUND = () => fileOf('404.html');

describe('the site’s pages, as the deployed front door serves siteDir', () => {
  it('prints where the site comes from', () => {
    expect(server.output()).toMatch(new RegExp(`^Site\\s+${site.replaceAll('.', '\\.')}\\s`, 'm'));
  });

  it.each<[string, string, string]>([
    ['/', 'index.html', 'text/html'],
    ['/about/', 'about/index.html', 'text/html'],
    ['/blog/first-post/', 'blog/first-post/index.html', 'text/html'],
    ['/blog/2026/caf%C3%A9/', 'blog/2026/café/index.html', 'text/html'],
    ['/css/site.css', 'css/site.css', 'text/css'],
    ['/images/logo.svg', 'images/logo.svg', 'image/svg+xml'],
    // Python 3.13's table, which the deploy's upload guesses with, knows no font type.
    ['/fonts/site.woff2', 'fonts/site.woff2', 'binary/octet-stream'],
    ['/CNAME', 'CNAME', 'binary/octet-stream'],
    ['/404.html', '404.html', 'text/html'],
  ])('serves %s from %s as %s', async (target, file, type) => {
    const response = await get(target);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.text).toBe(fileOf(file));
  });

  it('answers HEAD with the headers of GET, Content-Length included, and no body', async () => {
    const [head, got] = [await get('/about/', { method: 'HEAD' }), await get('/about/')];
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(got.text)));
    expect(head.headers['content-type']).toBe(got.headers['content-type']);
    expect(head.text).toBe('');
  });

  it.each<[string, string]>([
    ['/about', '/about/'],
    ['/blog/first-post', '/blog/first-post/'],
    ['/blog/2026/caf%C3%A9', '/blog/2026/caf%C3%A9/'],
    ['/about?utm_source=x&ref', '/about/?utm_source=x&ref'],
  ])('redirects the folder %s to %s, its query kept', async (target, location) => {
    const response = await get(target);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it.each([['POST', 'x'], ['PUT', 'x'], ['DELETE', undefined]])('answers %s to a page 405 with Allow: GET, HEAD, at the edge', async (method, body) => {
    const response = await get('/about/', { method, ...(body === undefined ? {} : { headers: { 'Content-Type': 'text/plain' }, body }) });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('sends a form posted to a page (an old tab’s, to a form service’s thank-you page) to the form, as the deployed edge does: the same post by a 307, a multipart one by a 303', async () => {
    const post = (type: string, body: string) => get('/success/', { method: 'POST', headers: { 'Content-Type': type, 'Sec-Fetch-Site': 'same-origin' }, body });
    const resent = await post('application/x-www-form-urlencoded', 'form-name=contact&name=Ada&email=ada%40example.com&message=Hello');
    expect([resent.status, resent.headers.location]).toEqual([307, '/contact']);
    const multipart = await post('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n');
    expect([multipart.status, multipart.headers.location]).toEqual([303, '/contact']);
  });

  it.each([['/missing/'], ['/missing.html'], ['/blog/second-post/'], ['/about/index.htm']])('answers %s 404 with the site’s 404.html', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/html');
    expect(response.text).toBe(NOT_FOUND());
  });

  it('takes a missing path without an extension for a folder published later: a redirect to its slash, then the 404 page', async () => {
    const response = await get('/missing');
    expect({ status: response.status, location: response.headers.location }).toEqual({ status: 301, location: '/missing/' });
  });
});

describe('while the site’s folder is built anew', () => {
  it('answers 503, to come back in a moment, while SITE_DIR is not there, and the site again once it is', async () => {
    renameSync(site, `${site}.away`);
    try {
      const away = await get('/about/');
      expect({ status: away.status, retryAfter: away.headers['retry-after'] }).toEqual({ status: 503, retryAfter: '5' });
      expect(away.text).toMatch(/^Service Unavailable: SITE_DIR, the site's folder, is not there just now/);
    } finally {
      renameSync(`${site}.away`, site);
    }
    expect((await get('/about/')).status).toBe(200);
  });
});

describe('the service at the same origin', () => {
  it('wins over the site’s files of the same path, but for llms.txt, which takes the site’s own in (docs/api.md §6)', async () => {
    const llms = await get('/llms.txt');
    expect(llms.headers['content-type']).toBe('text/plain; charset=utf-8');
    const parsed = parseLlmsTxt(llms.text);
    expect([parsed.title, parsed.summary]).toEqual(['Ada’s workshop', 'Bridges, and writing about them.']);
    expect([...parsed.sections.keys()]).toEqual(['Work', 'API', 'Site', 'Agent discovery', 'Optional']);
    expect(parsed.sections.get('Optional')?.map((link) => link.url)).toEqual(['https://ada.example/old/', `${server.baseUrl}/contact`]);
    const form = await get('/contact');
    expect(form.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(form.text).toContain('<form id="contact-form"');
  });

  it('reads the site’s own llms.txt at each request: an edit shows at once, and without it the service’s own answers', async () => {
    const own = fileOf('llms.txt');
    try {
      writeFileSync(join(site, 'llms.txt'), 'Edited, with no title of its own.\n');
      const edited = parseLlmsTxt((await get('/llms.txt')).text);
      expect([edited.title, edited.info]).toEqual([DEFAULT_SITE_NAME, 'Edited, with no title of its own.']);
      rmSync(join(site, 'llms.txt'));
      const alone = parseLlmsTxt((await get('/llms.txt')).text);
      expect(alone.summary).toContain('public HTTP APIs on this site');
    } finally {
      writeFileSync(join(site, 'llms.txt'), own);
    }
  });

  it('leaves the site the paths the route table does not name, /contact/ among them', async () => {
    const response = await get('/contact/');
    expect(response.status).toBe(200);
    expect(response.text).toBe(fileOf('contact/index.html'));
  });

  it('answers the API’s own 404 with the site’s 404.html, as the distribution’s error response does', async () => {
    for (const target of ['/api/nothing', '/agent/nothing', '/oauth/nothing/else']) {
      const response = await get(target);
      expect({ target, status: response.status, body: response.text }).toEqual({ target, status: 404, body: NOT_FOUND() });
    }
  });

  it('leaves every other answer of the API as it is', async () => {
    const wrongMethod = await get('/api/contact', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json()).toMatchObject({ code: 'method_not_allowed' });
    expect((await get('/api/contact')).json()).toMatchObject({ name: 'contact' });
  });

  it('draws its pages in the owner’s style, under the same CSP', async () => {
    const form = await get('/contact');
    expect([...form.text.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1])).toEqual(['/contact/form.css', '/css/site.css']);
    expect(form.headers['content-security-policy']).toContain("style-src 'self'");
  });

  it('sends a delivered form to the owner’s thank-you page, which the site serves', async () => {
    await clearSentEmails(server);
    const email = newEmail();
    const posted = await send(`${server.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl },
      body: new URLSearchParams({ name: 'Ada Lovelace', email, message: 'An analytical engine, programmed, please.', _gotcha: '' }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/thanks/');
    const thanks = await get(posted.headers.location ?? '');
    expect(thanks.status).toBe(200);
    expect(thanks.text).toBe(fileOf('thanks/index.html'));
    expect((await deliveredEmails(server, 1)).map((mail) => mail.replyTo)).toEqual([[email]]);
  });
});

describe('nothing outside SITE_DIR', () => {
  const secret = () => readFileSync(join(site, '..', 'eleventy.config.mjs'), 'utf8');

  it.each([
    ['/../eleventy.config.mjs'],
    ['/%2e%2e/eleventy.config.mjs'],
    ['/%2E%2E%2Feleventy.config.mjs'],
    ['/css/..%2f..%2feleventy.config.mjs'],
    ['/..%5celeventy.config.mjs'],
    ['/css/../../eleventy.config.mjs'],
    ['//eleventy.config.mjs'],
    ['/.%2e/eleventy.config.mjs'],
    ['http://localhost/../eleventy.config.mjs'],
  ])('answers %s 404, and never with a file beside the site', async (target) => {
    const response: HttpResponse = await get(target);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain(secret().trim());
  });

  it('answers a path of this machine 404', async () => {
    for (const target of [`/${join(site, '..', 'eleventy.config.mjs')}`, `/${encodeURIComponent(join(site, '..', 'eleventy.config.mjs'))}`, '/etc/passwd/', '/%2Fetc%2Fpasswd']) {
      const response = await get(target);
      expect({ target, status: response.status }).toEqual({ target, status: 404 });
      expect(response.text).toBe(NOT_FOUND());
    }
  });
});
