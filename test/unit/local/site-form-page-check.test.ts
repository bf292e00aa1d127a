import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteFormPageLine } from '../../../bin/local/site-form-page-check.js';
import { ownerFormPage } from '../../support/form-pages.js';

/*
 * npm start's line of an existing site's form page (`formPage` with `siteOrigin`), which synth
 * cannot read: fetched at start-up as the contact function fetches it, and checked as far as the
 * page alone tells. The site here is a local server standing in for https://you.github.io.
 */

const PAGES: Readonly<Record<string, string>> = {
  '/contact/': ownerFormPage({ successPath: '/thanks/' }),
  '/bare/': ownerFormPage(),
  '/formspree/': ownerFormPage({ action: 'https://formspree.io/f/xyzzy' }),
  '/elsewhere/': ownerFormPage({ action: '/contact/' }),
  '/about/': '<!doctype html><title>About</title><p>Write to me.</p>',
  '/get/': ownerFormPage().replace('method="post"', 'method="get"'),
  '/fonts/': ownerFormPage().replace('</head>', '<link rel="stylesheet" href="https://fonts.example/css"></head>'),
  '/own-domain/': ownerFormPage().replace('/css/site.css', 'https://camille.example/css/site.css'),
  '/whole-action/': ownerFormPage({ action: 'https://camille.example/contact' }),
};
/** Pages a test adds, which name the test server's own address. */
const PAGES_SERVED = new Map<string, string>();
const LATIN1 = Buffer.from(ownerFormPage({ title: 'Café' }), 'latin1');

let site: Server;
let origin: string;

/** The deployment's own names as the settings file gives them (domainName), and a thank-you page. */
const context = (thanks: string | undefined) => ({ ownOrigins: ['https://camille.example'], extraFields: [], thanks });

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/contact') return response.writeHead(301, { Location: '/contact/' }).end();
    if (request.url === '/latin1/') return response.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' }).end(LATIN1);
    if (request.url === '/feed/') return response.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end('<feed/>');
    const page = PAGES[request.url ?? ''] ?? PAGES_SERVED.get(request.url ?? '');
    if (page === undefined) return response.writeHead(404).end();
    return response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site.close();
});

describe('siteFormPageLine', () => {
  it('says the page answers a refused post when its form posts to /contact and names the thank-you page formSuccessPath names', async () => {
    expect(await siteFormPageLine(origin, '/contact', context('/thanks/'))).toBe(
      `Form page  ${origin}/contact/: read from your site now: its form posts to /contact, so a refused post comes back in it`,
    );
    expect(await siteFormPageLine(origin, '/bare/', context(undefined))).toMatch(/: read from your site now: /);
  });

  it('says what the answer’s policy leaves out of the page: the site’s own files alone are loaded', async () => {
    expect(await siteFormPageLine(origin, '/fonts/', context(undefined))).toMatch(
      /: read from your site now: its form posts to \/contact, so a refused post comes back in it; a refused post's answer with it leaves out what it loads from https:\/\/fonts\.example, /,
    );
  });

  it('takes the files the page names by the deployment’s own address as the site’s, as the deployed answer does, and the host’s own address as another', async () => {
    expect(await siteFormPageLine(origin, '/own-domain/', context(undefined))).toBe(
      `Form page  ${origin}/own-domain/: read from your site now: its form posts to /contact, so a refused post comes back in it`,
    );
    const hostAddress = ownerFormPage().replace('/css/site.css', `${origin}/css/site.css`);
    PAGES_SERVED.set('/host-address/', hostAddress);
    // The host here is this machine's: its address is taken for a preview's build, to build again, not to move.
    expect(await siteFormPageLine(origin, '/host-address/', context(undefined))).toContain(`it loads its files from ${origin}, a local address: build your site for the address it is served at`);
  });

  it('says where the thank-you pages of a post with and without JavaScript differ', async () => {
    expect(await siteFormPageLine(origin, '/contact/', context(undefined))).toBe(
      `Form page  ${origin}/contact/: its form's data-success-path is "/thanks/", while a post made without JavaScript lands on the service's own /contact/sent: name the same page in both`,
    );
    expect(await siteFormPageLine(origin, '/bare/', context('/thanks/'))).toBe(
      `Form page  ${origin}/bare/: its form's data-success-path is not set, while a post made without JavaScript lands on /thanks/ (formSuccessPath): name the same page in both`,
    );
  });

  it.each([
    ['still sends to a form service', '/formspree/', /its form sends the inquiry to formspree\.io, a form service, not \/contact \(docs\/form-services\.md says how to change it\): until it does, a refused post/],
    ['sends to another path of the site', '/elsewhere/', /it has no form that posts to \/contact \(its form sends the inquiry to \/contact\/\); write <form method="post" action="\/contact">: until it does/],
    ['names /contact by a whole address', '/whole-action/', /it has no form that posts to \/contact \(its form sends the inquiry to https:\/\/camille\.example\/contact, a whole address, which the preview/],
    ['has no form', '/about/', /it has no form that posts to \/contact; write <form method="post" action="\/contact">: until it does/],
    ['is not posted', '/get/', /its form has method="get", so /],
  ])('says what to change on a page that %s', async (_case, path, said) => {
    expect(await siteFormPageLine(origin, path, context(undefined))).toMatch(said);
  });

  it.each([
    ['is not UTF-8', '/latin1/', 'is not UTF-8 text'],
    ['is no HTML', '/feed/', 'answered 200 with application/atom+xml, not HTML'],
  ])('refuses a page that %s, as the contact function does', async (_case, path, said) => {
    expect(await siteFormPageLine(origin, path, context(undefined))).toBe(
      `Form page  not read now: ${origin}${path} ${said}; while it cannot be, a refused post made without JavaScript comes back in the service's own form`,
    );
  });

  it('says why it could not read the page, and what answers meanwhile', async () => {
    expect(await siteFormPageLine(origin, '/gone/', context(undefined))).toBe(
      `Form page  not read now: ${origin}/gone/ answered 404; while it cannot be, a refused post made without JavaScript comes back in the service's own form`,
    );
  });
});
