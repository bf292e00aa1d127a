import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillFormPage } from '../../../lambdas/contact/filled-form-page.js';
import { FormPageUnavailable } from '../../../lambdas/contact/form-page-unavailable.js';
import { fetchSitePage } from '../../../lambdas/contact/site-page-fetch.js';
import { MAX_FORM_PAGE_BYTES } from '../../../lambdas/html/owner-form-page.js';
import { ownerFormPage } from '../../support/form-pages.js';

/*
 * The owner's form page read where it is (FORM_PAGE_FILE, or fetched from the existing site at
 * FORM_PAGE_ORIGIN) and filled in for a refused post (docs/api.md §9).
 */

const refused = { values: { name: 'Ada' }, fieldErrors: [], summary: 'The inquiry was not sent.' };

function pageFile(html: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'form-page-')), 'form-page.html');
  writeFileSync(file, html);
  return file;
}

describe('fillFormPage from a file', () => {
  it('fills in the page at its file, up to the largest a form page may be', async () => {
    const page = ownerFormPage();
    const file = pageFile(`${page}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES - Buffer.byteLength(page) - 7)}-->`);
    const filled = await fillFormPage({ path: '/contact/', file }, refused);
    expect(filled?.html).toContain('<input value="Ada" id="name" name="name" required>');
  });

  it('refuses a page edited past that size', async () => {
    const file = pageFile(`${ownerFormPage()}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES)}-->`);
    await expect(fillFormPage({ path: '/contact/', file }, refused)).rejects.toThrow(FormPageUnavailable);
  });
});

/*
 * A local server standing in for https://you.github.io. It writes its redirects whole, as GitHub
 * Pages does, and with another scheme than its own (GitHub Pages' behind a proxy say http://),
 * which the fetch replaces with the origin's.
 */
describe('fillFormPage from an existing site', () => {
  const asked: string[] = [];
  let site: Server;
  let origin: string;

  beforeAll(async () => {
    site = createServer((request, response) => {
      asked.push(`${request.url} ${request.headers.accept}`);
      const html = { 'Content-Type': 'text/html; charset=utf-8' };
      switch (request.url) {
        case '/contact':
          return response.writeHead(301, { Location: `https://${request.headers.host}/contact/` }).end();
        case '/hop0/':
        case '/hop1/':
        case '/hop2/':
          return response.writeHead(302, { Location: `/hop${Number(request.url.slice(4, 5)) + 1}/` }).end();
        case '/hop3/':
          return response.writeHead(302, { Location: '/contact/' }).end();
        case '/untyped/':
          return response.end(ownerFormPage());
        case '/latin1/':
          return response.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' }).end(Buffer.from(ownerFormPage({ title: 'Café' }), 'latin1'));
        case '/feed/':
          return response.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end('<feed/>');
        case '/slashes/':
          return response.writeHead(302, { Location: '/.//elsewhere.example/contact/' }).end();
        case '/contact.html':
          return response.writeHead(308, { Location: '/contact' }).end();
        case '/broken/':
          return response.writeHead(302, { Location: 'http://[' }).end();
        case '/contact/':
          return response.writeHead(200, html).end(ownerFormPage());
        case '/largest/':
          return response.writeHead(200, html).end(`${ownerFormPage()}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES - Buffer.byteLength(ownerFormPage()) - 7)}-->`);
        case '/large/':
          return response.writeHead(200, html).end(`${ownerFormPage()}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES)}-->`);
        case '/away/':
          return response.writeHead(302, { Location: 'https://elsewhere.example/contact/' }).end();
        case '/loop/':
          return response.writeHead(302, { Location: '/loop/' }).end();
        case '/no-form/':
          return response.writeHead(200, html).end('<!doctype html><title>About</title><p>No form here.</p>');
        case '/mute/':
          return undefined;
        default:
          return response.writeHead(404, html).end('<h1>Not here</h1>');
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    site.closeAllConnections();
    site.close();
  });

  it('fetches the page as it is now, after the site’s own redirect on the site’s own scheme, its links read from where it was found', async () => {
    asked.length = 0;
    const filled = await fillFormPage({ path: '/contact', origin }, refused);
    expect(filled?.html).toContain('<input value="Ada" id="name" name="name" required>');
    expect(asked).toEqual(['/contact text/html', '/contact/ text/html']);
    await expect(fetchSitePage(origin, '/contact', MAX_FORM_PAGE_BYTES)).resolves.toMatchObject({ path: '/contact/' });
  });

  it('takes a page up to the largest a form page may be, and refuses one past it', async () => {
    await expect(fillFormPage({ path: '/largest/', origin }, refused)).resolves.toBeDefined();
    await expect(fillFormPage({ path: '/large/', origin }, refused)).rejects.toThrow(`${origin}/large/ is over ${MAX_FORM_PAGE_BYTES} bytes`);
  });

  it('follows three redirects of the site, not four', async () => {
    await expect(fillFormPage({ path: '/hop1/', origin }, refused)).resolves.toBeDefined();
    await expect(fillFormPage({ path: '/hop0/', origin }, refused)).rejects.toThrow(`${origin}/hop0/ redirects more than 3 times`);
  });

  it('keeps a redirect’s path that reads as a host on the site', async () => {
    asked.length = 0;
    await expect(fillFormPage({ path: '/slashes/', origin }, refused)).rejects.toThrow(`${origin}//elsewhere.example/contact/ answered 404`);
    expect(asked).toEqual(['/slashes/ text/html', '//elsewhere.example/contact/ text/html']);
  });

  it('takes a page served with no type, as a browser would', async () => {
    await expect(fillFormPage({ path: '/untyped/', origin }, refused)).resolves.toBeDefined();
  });

  it('is undefined for a page with no form that posts to /contact', async () => {
    await expect(fillFormPage({ path: '/no-form/', origin }, refused)).resolves.toBeUndefined();
  });

  it.each([
    ['a page the site does not have', '/gone/', /\/gone\/ answered 404$/],
    ['a redirect to another site', '/away/', /\/away\/ redirects to https:\/\/elsewhere\.example, another site$/],
    ['a redirect that never ends', '/loop/', /\/loop\/ redirects more than 3 times$/],
    ['a redirect to /contact, which the front door answers itself (a host dropping .html)', '/contact.html', /\/contact\.html redirects to \/contact, which the service answers itself/],
    ['a redirect to no address', '/broken/', /\/broken\/ redirects to "http:\/\/\[", which is no address$/],
    ['a page that is no HTML', '/feed/', /\/feed\/ answered 200 with application\/atom\+xml, not HTML$/],
    ['a page that is not UTF-8, which the answer could only garble', '/latin1/', /^\/latin1\/ is not UTF-8 text$/],
  ])('says what went wrong for %s', async (_case, path, said) => {
    const failure = fillFormPage({ path, origin }, refused);
    await expect(failure).rejects.toThrow(FormPageUnavailable);
    await expect(failure).rejects.toThrow(said);
  });

  it('gives up on a site that keeps silent, and on one that cannot be reached', async () => {
    await expect(fetchSitePage(origin, '/mute/', MAX_FORM_PAGE_BYTES, 200)).rejects.toThrow(`${origin}/mute/ did not answer in 0.2 s`);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nobody = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(fetchSitePage(nobody, '/contact/', MAX_FORM_PAGE_BYTES)).rejects.toThrow(`${nobody}/contact/ could not be reached (ECONNREFUSED)`);
  });
});
