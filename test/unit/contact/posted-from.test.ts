import { describe, expect, it } from '@jest/globals';
import { contactPageAddress, contactPageAt, formPostPage, jsonPostPage, postedFromPath, refererPath, visitedFormPagePath } from '../../../lambdas/contact/posted-from.js';

/* Which contact page a form post without JavaScript came from (docs/api.md §9). */

describe('postedFromPath', () => {
  it('is the path the answer in another contact page carries, else the Referer’s path, else none', () => {
    expect(postedFromPath('/fr/contact/', 'https://example.com/contact')).toBe('/fr/contact/');
    expect(postedFromPath(undefined, 'https://example.com/fr/contact/?ref=nav#form')).toBe('/fr/contact/');
    expect(postedFromPath(undefined, undefined)).toBeUndefined();
    // A field written without its value carries nothing: the Referer tells.
    expect(postedFromPath('', 'https://example.com/fr/contact/')).toBe('/fr/contact/');
    // Sent from an answer, shown at /contact, without the path it carries: no page, even where one is at /contact.html.
    expect(postedFromPath(undefined, 'https://example.com/contact')).toBeUndefined();
    expect(postedFromPath(undefined, 'https://example.com/contact?x=1')).toBeUndefined();
    expect(postedFromPath(undefined, 'https://example.com/contact.html')).toBe('/contact.html');
    // A Referer that is no URL (a proxy's, a hand-made request) tells nothing.
    for (const referer of ['', 'fr/contact/', '//example.com/fr/contact/', 'not a url']) expect(postedFromPath(undefined, referer)).toBeUndefined();
  });
});

describe('refererPath', () => {
  it('is the path of a Referer that is a URL, /contact too, and none of one that is not', () => {
    expect(refererPath('https://example.com/fr/contact/?ref=nav#form')).toBe('/fr/contact/');
    expect(refererPath('https://example.com/contact')).toBe('/contact');
    for (const referer of [undefined, '', 'fr/contact/', '//example.com/fr/contact/']) expect(refererPath(referer)).toBeUndefined();
  });
});

describe('formPostPage and jsonPostPage', () => {
  const ownerPages = [{ path: '/contact.html' }, { path: '/fr/contact/' }];
  const servicePages = [{ path: '/contact' }];
  const from = (path: string) => `https://example.com${path}`;
  const origins = new Set(['https://example.com']);

  it('name the page a form post’s carried path or Referer names, the form page from an answer at /contact naming none, else none', () => {
    expect(formPostPage(ownerPages, undefined, from('/fr/contact/index.html'))).toBe(ownerPages[1]);
    expect(formPostPage(ownerPages, '/fr/contact/', from('/contact'))).toBe(ownerPages[1]);
    expect(formPostPage(ownerPages, undefined, from('/contact.html'))).toBe(ownerPages[0]);
    expect(formPostPage(ownerPages, undefined, from('/contact'))).toBe(ownerPages[0]);
    expect(formPostPage(servicePages, undefined, from('/contact'))).toBe(servicePages[0]);
    for (const [carried, referer] of [[undefined, undefined], [undefined, from('/about/')], ['/about/', from('/contact')], [undefined, 'not a url']]) {
      expect(formPostPage(ownerPages, carried, referer)).toBeUndefined();
    }
  });

  it('name the page a JSON post’s Referer of the site’s own origin names; from /contact, the page shown there, unless an answer there may show another', () => {
    expect(jsonPostPage(ownerPages, from('/fr/contact/'), origins)).toBe(ownerPages[1]);
    expect(jsonPostPage(ownerPages, from('/contact.html'), origins)).toBe(ownerPages[0]);
    // The flat form page is shown at /contact, but an answer there may show the other page too.
    expect(jsonPostPage(ownerPages, from('/contact'), origins)).toBeUndefined();
    expect(jsonPostPage(ownerPages.slice(0, 1), from('/contact'), origins)).toBe(ownerPages[0]);
    expect(jsonPostPage(servicePages, from('/contact'), origins)).toBe(servicePages[0]);
    expect(jsonPostPage([...servicePages, ownerPages[1]!], from('/contact'), origins)).toBe(servicePages[0]);
    // A folder's form page has an address of its own, which /contact leads to: none.
    expect(jsonPostPage([{ path: '/contact/' }], from('/contact'), origins)).toBeUndefined();
    for (const referer of [undefined, 'not a url', 'https://elsewhere.example/fr/contact/', from('/about/')]) expect(jsonPostPage(ownerPages, referer, origins)).toBeUndefined();
  });
});

describe('visitedFormPagePath', () => {
  it('names a flat site’s form page by /contact, where visitors see it, and every other form page by its own path', () => {
    expect(['/contact.html', '/contact/', '/blog/contact.html', '/kontakt'].map(visitedFormPagePath)).toEqual(['/contact', '/contact/', '/blog/contact.html', '/kontakt']);
  });
});

describe('contactPageAt', () => {
  const pages = [{ path: '/contact/' }, { path: '/fr/%C3%A9crire/' }];

  it('is the page a path is an address of, as the page’s settings give it', () => {
    expect(contactPageAt(pages, '/contact/index.html')).toBe(pages[0]);
    expect(contactPageAt(pages, '/fr/écrire/')).toBe(pages[1]);
    expect(contactPageAt(pages, '/fr/%c3%a9crire/index.html')).toBe(pages[1]);
  });

  it('is none for no path, or one of no page', () => {
    for (const path of [undefined, '', '/contact', '/fr/', '/fr/ecrire/']) expect(contactPageAt(pages, path)).toBeUndefined();
  });
});

describe('contactPageAddress', () => {
  it('keys every path the front door serves a page at alike', () => {
    expect(['/fr/contact/', '/fr/contact/index.html', '/%66r/contact/'].map(contactPageAddress)).toEqual(['/fr/contact/', '/fr/contact/', '/fr/contact/']);
    expect(['/fr/contact.html', '/fr/contact'].map(contactPageAddress)).toEqual(['/fr/contact', '/fr/contact']);
    expect(['/café/', '/caf%C3%A9/', '/caf%C3%A9/index.html'].map(contactPageAddress)).toEqual(['/café/', '/café/', '/café/']);
  });

  it('keeps apart what the front door serves apart', () => {
    const keys = ['/', '/index.html', '/fr/', '/fr/contact/', '/fr/contact', '/fr/Contact/', '/fr/contact/index.htm'].map(contactPageAddress);
    expect(keys).toEqual(['/', '/', '/fr/', '/fr/contact/', '/fr/contact', '/fr/Contact/', '/fr/contact/index.htm']);
  });

  it('leaves a segment that is no percent-encoding as it is', () => {
    expect(contactPageAddress('/100%/contact/')).toBe('/100%/contact/');
  });
});
