import { describe, expect, it } from '@jest/globals';
import {
  frontDoorFunctionCode,
  frontDoorRouting,
  loadFrontDoorFunction,
  loadPageHeadersFunction,
  MAX_FUNCTION_CODE_BYTES,
  pageHeaders,
  pageHeadersFunctionCode,
} from '../../../../lib/edge/front-door-function.js';
import { serviceRouting } from '../../../../lib/front-door-paths.js';

/*
 * Markdown for agents at the front door (docs/api.md §16): the viewer-request function chooses the
 * Markdown by the URI, from the Accept header, and the viewer-response function gives the pages'
 * answers their Link and Vary headers; both run with vm from the very text CloudFront runs.
 */

const routing = frontDoorRouting(['index.html', 'about/index.html', 'CNAME'], { markdown: true });
const routeWith = loadFrontDoorFunction(frontDoorFunctionCode(routing));

function uriFor(uri: string, accept?: string | string[]): unknown {
  const header = accept === undefined ? {} : { accept: Array.isArray(accept) ? { value: accept[0], multiValue: accept.map((value) => ({ value })) } : { value: accept } };
  return routeWith({ request: { method: 'GET', uri, querystring: {}, headers: header, cookies: {} } }).result.uri;
}

describe('the viewer-request function: Markdown asked for by Accept (RFC 9110 §12.5.1)', () => {
  it.each<[string, string | string[] | undefined, string]>([
    ['/', 'text/markdown', '/index.html.md'],
    ['/about/', 'text/markdown', '/about/index.html.md'],
    ['/post.html', 'text/markdown', '/post.html.md'],
    ['/OLD.HTM', 'text/markdown', '/OLD.HTM.md'],
    ['/about/', 'text/markdown, text/html;q=0.9', '/about/index.html.md'],
    ['/about/', 'text/html, text/markdown', '/about/index.html.md'],
    ['/about/', 'TEXT/MARKDOWN;charset=utf-8', '/about/index.html.md'],
    ['/about/', ['text/html;q=0.5', 'text/markdown'], '/about/index.html.md'],
    ['/about/', 'text/markdown;q=0.5, */*;q=0.4', '/about/index.html.md'],
    // A browser, a client that names no Markdown, and Markdown refused or preferred less.
    ['/about/', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', '/about/index.html'],
    ['/about/', undefined, '/about/index.html'],
    ['/about/', '*/*', '/about/index.html'],
    ['/about/', 'text/*', '/about/index.html'],
    ['/about/', 'text/markdown;q=0', '/about/index.html'],
    ['/about/', 'text/markdown;q=0.5, text/html', '/about/index.html'],
    ['/about/', 'text/markdown;q=0.5, text/*;q=0.9', '/about/index.html'],
    ['/about/', 'text/markdown;q=abc', '/about/index.html'],
    ['/about/', 'text/x-markdown', '/about/index.html'],
    // Not a page: the file itself, whatever Accept says.
    ['/css/site.css', 'text/markdown', '/css/site.css'],
    ['/CNAME', 'text/markdown', '/CNAME'],
    ['/about/index.html.md', 'text/markdown', '/about/index.html.md'],
  ])('sends %s with Accept %j to %s', (uri, accept, expected) => {
    expect(uriFor(uri, accept)).toBe(expected);
  });

  it("leaves the cache key alone: the Accept header is not passed on, so the edge keeps one copy of each URI", () => {
    const { result } = routeWith({ request: { method: 'GET', uri: '/', querystring: {}, headers: { accept: { value: 'text/markdown' } }, cookies: {} } });
    expect(result.headers).not.toHaveProperty('accept');
  });

  it('still redirects a folder without its slash first', () => {
    const { result } = routeWith({ request: { method: 'GET', uri: '/about', querystring: {}, headers: { accept: { value: 'text/markdown' } }, cookies: {} } });
    expect(result).toMatchObject({ statusCode: 301, headers: { location: { value: '/about/' } } });
  });

  it('asks for no Markdown when the pages have none', () => {
    const without = loadFrontDoorFunction(frontDoorFunctionCode(frontDoorRouting(['index.html'], { markdown: false })));
    expect(without({ request: { method: 'GET', uri: '/', querystring: {}, headers: { accept: { value: 'text/markdown' } }, cookies: {} } }).result.uri).toBe('/index.html');
  });

  it("fits CloudFront's 10 KB with a site's index, and its viewer-response function too", () => {
    // The rules' budget, 6 KB: the rest is for a site's index, its files without an extension and its pages (listedPages counts it).
    expect(Buffer.byteLength(frontDoorFunctionCode(routing))).toBeLessThan(MAX_FUNCTION_CODE_BYTES - 4 * 1024);
    expect(Buffer.byteLength(pageHeadersFunctionCode(pageHeaders({ linkHeaders: true, markdown: true })))).toBeLessThan(MAX_FUNCTION_CODE_BYTES / 2);
  });
});

const respond = (options: { linkHeaders: boolean; markdown: boolean }, uri: string, status: number, headers: Record<string, string>, method = 'GET') =>
  loadPageHeadersFunction(pageHeadersFunctionCode(pageHeaders(options)))({
    request: { method, uri, querystring: {}, headers: {}, cookies: {} },
    response: { statusCode: status, headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }])) },
  }).headers as Record<string, { value: string }>;
const ALL = { linkHeaders: true, markdown: true };
const CATALOG_AND_LLMS = '</.well-known/api-catalog>; rel="api-catalog", </llms.txt>; rel="describedby"; type="text/plain"';

describe('the viewer-response function: Link and Vary on the pages (RFC 8288, RFC 9110 §12.5.5)', () => {
  it.each([['/about/'], ['/about/index.html']])("gives a page's HTML at %s the catalog, llms.txt and its Markdown alternate, varying by Accept", (uri) => {
    const headers = respond(ALL, uri, 200, { 'content-type': 'text/html' });
    expect(headers.link?.value).toBe(`${CATALOG_AND_LLMS}, </about/index.html.md>; rel="alternate"; type="text/markdown"`);
    expect(headers.vary?.value).toBe('Accept');
  });

  it.each([['/about/'], ['/about/index.html.md']])('gives its Markdown at %s the canonical page, varying by Accept', (uri) => {
    const headers = respond(ALL, uri, 200, { 'content-type': 'text/markdown; charset=utf-8' });
    expect(headers.link?.value).toBe('</about/>; rel="canonical"; type="text/html"');
    expect(headers.vary?.value).toBe('Accept');
  });

  it.each([['/about'], ['/about.html'], ['/about.html.md']])('gives a page reached without .html, at %s, its alternate or canonical, varying by Accept', (uri) => {
    const html = respond(ALL, uri, 200, { 'content-type': uri.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/html' });
    expect(html.vary?.value).toBe('Accept');
    expect(html.link?.value).toMatch(uri.endsWith('.md') ? /^<\/about\.html>; rel="canonical"/ : /<\/about\.html\.md>; rel="alternate"; type="text\/markdown"$/);
    expect(respond(ALL, '/about', 200, { 'content-type': 'text/markdown; charset=utf-8' }).link?.value).toBe('</about.html>; rel="canonical"; type="text/html"');
  });

  it('gives a 304 of a page reached without .html the Vary its 200 has (RFC 9110 §15.4.5)', () => {
    expect(respond(ALL, '/about', 304, {}).vary?.value).toBe('Accept');
  });

  it('leaves a file without an extension that is no page alone', () => {
    expect(respond(ALL, '/LICENSE', 200, { 'content-type': 'binary/octet-stream' })).toEqual({ 'content-type': { value: 'binary/octet-stream' } });
  });

  it('adds to what the answer had, and never names Accept twice', () => {
    const headers = respond(ALL, '/post.html', 200, { 'content-type': 'text/html', vary: 'Origin', link: '</a.css>; rel="preload"' });
    expect(headers.vary?.value).toBe('Origin, Accept');
    expect(headers.link?.value).toBe(`</a.css>; rel="preload", ${CATALOG_AND_LLMS}, </post.html.md>; rel="alternate"; type="text/markdown"`);
    expect(respond(ALL, '/', 200, { 'content-type': 'text/html', vary: 'accept' }).vary?.value).toBe('accept');
  });

  it('percent-encodes what would end a Link target', () => {
    expect(respond(ALL, '/a>b/', 200, { 'content-type': 'text/html' }).link?.value).toContain('</a%3Eb/index.html.md>; rel="alternate"');
  });

  it('leaves the service’s answers and the other files alone', () => {
    expect(respond(ALL, '/llms.txt', 200, { 'content-type': 'text/plain' })).toEqual({ 'content-type': { value: 'text/plain' } });
    expect(respond(ALL, '/contact/sent', 200, { 'content-type': 'text/html' })).toEqual({ 'content-type': { value: 'text/html' } });
    expect(respond(ALL, '/css/site.css', 200, { 'content-type': 'text/css' })).toEqual({ 'content-type': { value: 'text/css' } });
  });

  it('gives the form page /contact shows its page’s headers, and leaves the API’s answers to a post there alone', () => {
    expect(respond(ALL, '/contact', 200, { 'content-type': 'text/html' }, 'HEAD').link?.value).toBe(`${CATALOG_AND_LLMS}, </contact.html.md>; rel="alternate"; type="text/markdown"`);
    for (const method of ['POST', 'OPTIONS']) {
      expect(respond(ALL, '/contact', 200, { 'content-type': 'text/html; charset=utf-8' }, method)).toEqual({ 'content-type': { value: 'text/html; charset=utf-8' } });
    }
  });

  it('gives no alternate or Vary when the pages have no Markdown, and no Link when Link headers are off', () => {
    expect(respond({ linkHeaders: true, markdown: false }, '/', 200, { 'content-type': 'text/html' })).toEqual({ 'content-type': { value: 'text/html' }, link: { value: CATALOG_AND_LLMS } });
    expect(respond({ linkHeaders: false, markdown: true }, '/', 200, { 'content-type': 'text/html' })).toEqual({ 'content-type': { value: 'text/html' }, vary: { value: 'Accept' } });
  });

  it("is told the route table's paths through the default behaviour", () => {
    expect(pageHeaders(ALL).servicePaths).toEqual(serviceRouting().throughDefault);
  });
});

