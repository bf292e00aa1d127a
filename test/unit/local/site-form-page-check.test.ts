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
};

let site: Server;
let origin: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/contact') return response.writeHead(301, { Location: '/contact/' }).end();
    const page = PAGES[request.url ?? ''];
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
    expect(await siteFormPageLine(origin, '/contact', [], '/thanks/')).toBe(
      `Form page  ${origin}/contact/: read from your site now: its form posts to /contact, so a refused post comes back in it`,
    );
    expect(await siteFormPageLine(origin, '/bare/', [], undefined)).toMatch(/: read from your site now: /);
  });

  it('says what the answer’s policy leaves out of the page: the site’s own files alone are loaded', async () => {
    expect(await siteFormPageLine(origin, '/fonts/', [], undefined)).toMatch(
      /: read from your site now: its form posts to \/contact, so a refused post comes back in it; a refused post's answer with it leaves out what it loads from https:\/\/fonts\.example, /,
    );
  });

  it('says where the thank-you pages of a post with and without JavaScript differ', async () => {
    expect(await siteFormPageLine(origin, '/contact/', [], undefined)).toBe(
      `Form page  ${origin}/contact/: its form's data-success-path is "/thanks/", while a post made without JavaScript lands on the service's own /contact/sent: name the same page in both`,
    );
    expect(await siteFormPageLine(origin, '/bare/', [], '/thanks/')).toBe(
      `Form page  ${origin}/bare/: its form's data-success-path is not set, while a post made without JavaScript lands on /thanks/ (formSuccessPath): name the same page in both`,
    );
  });

  it.each([
    ['still sends to a form service', '/formspree/', /its form sends the inquiry to formspree\.io, a form service, not \/contact \(docs\/form-services\.md says how to change it\): until it does, a refused post/],
    ['sends to another path of the site', '/elsewhere/', /it has no form that posts to \/contact \(its form sends the inquiry to \/contact\/\); write <form method="post" action="\/contact">: until it does/],
    ['has no form', '/about/', /it has no form that posts to \/contact; write <form method="post" action="\/contact">: until it does/],
    ['is not posted', '/get/', /its form has method="get", so /],
  ])('says what to change on a page that %s', async (_case, path, said) => {
    expect(await siteFormPageLine(origin, path, [], undefined)).toMatch(said);
  });

  it('says why it could not read the page, and what answers meanwhile', async () => {
    expect(await siteFormPageLine(origin, '/gone/', [], undefined)).toBe(
      `Form page  not read now: ${origin}/gone/ answered 404; while it cannot be, a refused post made without JavaScript comes back in the service's own form`,
    );
  });
});
