import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SITE_PAGE_KEPT_MS } from '../../../lambdas/contact/kept-site-page.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { capturedOutput } from '../../support/captured-output.js';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';
import { ownerFormPage } from '../../support/form-pages.js';

/*
 * The contact Lambda of an existing site (`siteOrigin`) with a form page (`formPage`, docs/api.md
 * §9): a refused post made without JavaScript comes back in the site's own page, fetched from the
 * site as it was at most a minute before. The site is a local server standing in for
 * https://you.github.io, which can be told to lose the page.
 */

let pageThere = true;
let asked = 0;
const site: Server = createServer((request, response) => {
  asked += 1;
  if (request.url === '/contact/' && pageThere) return response.writeHead(200, { 'Content-Type': 'text/html' }).end(ownerFormPage({ title: 'Write to me' }));
  return response.writeHead(404).end();
});
const environment: Record<string, string> = { ...CONTACT_ENVIRONMENT, FORM_PAGE: '/contact/', FORM_PAGE_FILE: '' };
beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // Read when the handler is imported, just after this.
  environment.FORM_PAGE_ORIGIN = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site.close();
});
const handler = handlerUnderTest('contact', environment);
mockedContactClients();
const output = capturedOutput();

const SITE = CONTACT_ENVIRONMENT.BASE_URL;
const refusedPost = () =>
  httpEvent({
    path: '/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, 'sec-fetch-site': 'same-origin', referer: `${SITE}/contact/` },
    body: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Too short', _gotcha: '' }).toString(),
  });

describe('a refused form post, with the existing site’s form page', () => {
  afterEach(() => {
    pageThere = true;
    jest.restoreAllMocks();
  });

  it('comes back in the page as the site serves it, filled in, which a warm function asks the site for once a minute', async () => {
    const response = await handler(refusedPost(), lambdaContext());
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('<h1>Write to me</h1>');
    expect(response.body).toContain('value="Ada Lovelace"');
    expect(output.text()).not.toContain('"level":"WARN"');
    expect((await handler(refusedPost(), lambdaContext())).body).toContain('<h1>Write to me</h1>');
    expect(asked).toBe(1);
  });

  it('comes back in the service’s own form once the site has lost the page, and a warning line says why', async () => {
    pageThere = false;
    const later = Date.now() + SITE_PAGE_KEPT_MS;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const response = await handler(refusedPost(), lambdaContext());
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('id="contact-form"');
    expect(response.body).toContain('Ada Lovelace');
    expect(output.text()).toContain(`"message":"The form page could not be used (${environment.FORM_PAGE_ORIGIN}/contact/ answered 404): answered with the service's own"`);
  });
});
