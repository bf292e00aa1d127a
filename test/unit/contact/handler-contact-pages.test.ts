import { describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CONTACT_ENVIRONMENT } from '../../support/contact-environment.js';
import { httpEvent, jsonPostEvent, lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { mockedContactClients } from '../../support/mocked-contact-clients.js';

/*
 * The contact Lambda of a site with two contact pages (docs/api.md §9): the form page at
 * `/contact/`, and `/fr/contact/`, which answers the posts sent from it. Which page a post came
 * from decides where a delivered one goes, and the address its mail gives (§2).
 */

const handler = handlerUnderTest('contact', {
  ...CONTACT_ENVIRONMENT,
  FORM_PAGE: '/contact/',
  FORM_PAGE_FILE: 'form-page.html',
  FORM_SUCCESS_PATH: '/thanks/',
  OTHER_FORM_PAGES: JSON.stringify([['/fr/contact/', 'form-page-1.html', '/fr/merci/']]),
});
const { inquiries } = mockedContactClients();
const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like an analytical engine programmed.' };
const SITE = CONTACT_ENVIRONMENT.BASE_URL;
const FORM_PAGE = `${SITE}/contact/`;
const FRENCH_PAGE = `${SITE}/fr/contact/`;

/** What became of one post: where it was sent on, and the page its stored inquiry names. */
async function sent(event: APIGatewayProxyEventV2) {
  const response = await handler(event, lambdaContext());
  const [item] = [...inquiries().values()];
  return { status: response.statusCode, location: response.headers?.Location, sentFrom: item?.sentFrom };
}

const formPost = (headers: Readonly<Record<string, string>>, carried?: string) =>
  httpEvent({
    path: '/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams({ ...INQUIRY, _gotcha: '', ...(carried === undefined ? {} : { form_page: carried }) }).toString(),
  });

describe('a form post without JavaScript', () => {
  it.each([
    ['its Referer, at its index.html address', { referer: `${SITE}/fr/contact/index.html` }, undefined],
    ['its Referer, percent-encoded', { referer: `${SITE}/%66r/contact/` }, undefined],
    ['the path its answer at /contact carries', { referer: `${SITE}/contact` }, '/fr/contact/'],
    ['the path its answer carries, past a Referer of another page', { referer: `${SITE}/elsewhere/` }, '/fr/contact/'],
  ])('from the other contact page, named by %s, goes to its thank-you page and names it', async (_title, headers, carried) => {
    expect(await sent(formPost(headers, carried))).toEqual({ status: 303, location: '/fr/merci/', sentFrom: FRENCH_PAGE });
  });

  it.each([
    ['the form page', { referer: FORM_PAGE }, undefined],
    ['the form page, named by its carried path', { referer: `${SITE}/contact` }, '/contact/index.html'],
    ['an answer at /contact that carries no path, the form page’s', { referer: `${SITE}/contact` }, undefined],
    ['an answer at /contact whose carried path is empty', { referer: `${SITE}/contact` }, ''],
  ])('from %s is the form page’s: its thank-you page, and its address', async (_title, headers, carried) => {
    expect(await sent(formPost(headers, carried))).toEqual({ status: 303, location: '/thanks/', sentFrom: FORM_PAGE });
  });

  it.each([
    ['a page with no form of the owner’s', { referer: `${SITE}/elsewhere/` }, undefined],
    ['no Referer at all', {}, undefined],
    ['a Referer that is no URL', { referer: 'not a url' }, undefined],
    ['a carried path of no contact page', { referer: `${SITE}/fr/contact/` }, '/elsewhere/'],
  ])('from %s is answered as the form page’s, and its mail names no page', async (_title, headers, carried) => {
    expect(await sent(formPost(headers, carried))).toEqual({ status: 303, location: '/thanks/', sentFrom: undefined });
  });
});

describe('a JSON post, the example script’s', () => {
  it.each([
    [`${SITE}/fr/contact/?ref=nav#form`, FRENCH_PAGE],
    [`${SITE}/contact/index.html`, FORM_PAGE],
    // An answer at /contact may show either page: the script's post there names none.
    [`${SITE}/contact`, undefined],
    [`${SITE}/elsewhere/`, undefined],
    // A page of another site at the same path is no page of this one.
    ['https://elsewhere.example/fr/contact/', undefined],
    ['not a url', undefined],
    [undefined, undefined],
  ])('with a Referer of %s names %s', async (referer, sentFrom) => {
    const headers: Record<string, string> = referer === undefined ? {} : { referer };
    expect(await sent(jsonPostEvent(INQUIRY, { headers }))).toEqual({ status: 202, location: undefined, sentFrom });
  });
});
