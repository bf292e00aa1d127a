import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../../../lambdas/config.js';
import { METHODS_BY_PATH } from '../../../../lambdas/routes.js';
import {
  cleanUrlPages,
  frontDoorFunctionCode,
  frontDoorRouting,
  loadFrontDoorFunction,
  MAX_FUNCTION_CODE_BYTES,
  otherNameRedirectCode,
  readFrontDoorRouting,
  siteIndexFor,
  type EdgeMessage,
  type FrontDoorRouting,
  type SiteIndex,
  unlistedPagesNote,
} from '../../../../lib/edge/front-door-function.js';
import { API_ORIGIN_ID, MAX_CACHE_BEHAVIORS, matchesPathPattern, serviceRouting, SITE_ORIGIN_ID } from '../../../../lib/front-door-paths.js';
import { OFF_SITE_FOLDER_PATHS } from '../../../support/site-path-cases.js';

/*
 * The front door's viewer-request function (lib/edge/front-door-routing.js), run with vm from the very
 * text CloudFront runs, on a table of requests (docs/api.md §10).
 */

const routes = serviceRouting();
const serviceOnly = { serviceOrigin: API_ORIGIN_ID, servicePaths: routes.throughDefault, form: '/contact' };

interface ViewerRequest {
  readonly method?: string;
  readonly uri: string;
  readonly querystring?: Record<string, { value: string; multiValue?: Array<{ value: string }> }>;
  readonly headers?: Record<string, string>;
  readonly cookies?: Record<string, string>;
}

/** A viewer-request event as CloudFront Functions hands it over. */
function viewerRequest(request: ViewerRequest): { request: EdgeMessage } {
  return {
    request: {
      method: request.method ?? 'GET',
      uri: request.uri,
      querystring: request.querystring ?? {},
      headers: Object.fromEntries(Object.entries({ host: 'example.com', ...request.headers }).map(([name, value]) => [name, { value }])),
      cookies: Object.fromEntries(Object.entries(request.cookies ?? {}).map(([name, value]) => [name, { value }])),
    },
  };
}

function route(site: SiteIndex | null, request: ViewerRequest) {
  return loadFrontDoorFunction(frontDoorFunctionCode({ ...serviceOnly, site }))(viewerRequest(request));
}

/** A site whose files without an extension are these: every other such path is a folder. */
const SITE: SiteIndex = { files: ['CNAME', 'LICENSE', 'blog/feed'] };

describe('the route table at the front door', () => {
  it('sends every path that takes POST or OPTIONS, with its folder, to an uncached behaviour, within the Free plan’s behaviours', () => {
    expect(routes.uncachedPatterns).toEqual(['/api/*', '/contact', '/agent/*', '/oauth/*']);
    expect(routes.uncachedPatterns.length + 1).toBeLessThanOrEqual(MAX_CACHE_BEHAVIORS);
    for (const [path, methods] of METHODS_BY_PATH) {
      const uncached = routes.uncachedPatterns.some((pattern) => matchesPathPattern(pattern, path));
      expect({ path, reached: uncached || routes.throughDefault.includes(path) }).toEqual({ path, reached: true });
      if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) expect({ path, uncached }).toEqual({ path, uncached: true });
    }
  });

  it('leaves to the default behaviour the GET-only documents, none of them under an uncached pattern', () => {
    expect(routes.throughDefault).toEqual(expect.arrayContaining(['/llms.txt', '/openapi.json', '/.well-known/api-catalog', '/contact/form.js']));
    expect(routes.throughDefault).not.toContain('/contact');
    expect(routes.throughDefault).not.toContain('/oauth/authorize');
  });

  it('stops synth when the paths that take POST need more behaviours than the Free plan has', () => {
    const crowded = new Map(['/a', '/b', '/c', '/d', '/e'].map((path) => [path, ['GET', 'POST']]));
    expect(() => serviceRouting(crowded)).toThrow(/need 5 behaviours/);
  });

  it.each([
    ['/contact', '/contact', true],
    ['/contact', '/contact/sent', false],
    ['/api/*', '/api/contact', true],
    ['/api/*', '/api', false],
    ['/oauth/*', '/oauth/token', true],
    ['/a?c', '/abc', true],
    ['/a.c', '/abc', false],
  ])('matches CloudFront’s path pattern %s against %s: %s', (pattern, path, matches) => {
    expect(matchesPathPattern(pattern, path)).toBe(matches);
  });
});

describe('the routing function', () => {
  it.each(routes.throughDefault.map((path) => [path]))('sends %s to the API untouched, whatever the method', (path) => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT']) {
      const request = { method, uri: path, querystring: { a: { value: '1' } }, headers: { origin: 'https://example.com' }, cookies: { c: '1' } };
      const { result, selectedOrigin } = route(SITE, request);
      expect(selectedOrigin).toBe(API_ORIGIN_ID);
      expect(result).toEqual(viewerRequest(request).request);
    }
  });

  it.each<[string, string, string]>([
    ['/', '/index.html', 'the home page'],
    ['/about/', '/about/index.html', 'a folder'],
    ['/blog/post-1/', '/blog/post-1/index.html', 'a folder in a folder'],
    ['/missing/', '/missing/index.html', 'a missing folder, which S3 answers 404'],
    ['/style.css', '/style.css', 'a file'],
    ['/missing.html', '/missing.html', 'a missing file, which S3 answers 404'],
    ['/CNAME', '/CNAME', 'a file without an extension'],
    ['/blog/feed', '/blog/feed', 'a file without an extension in a folder'],
    ['/about.html', '/about.html', 'a page of a flat site'],
    ['/about%2Ehtml', '/about%2Ehtml', 'a file whose extension is percent-encoded, as S3 decodes its key'],
  ])('serves %s from %s (%s)', (uri, served) => {
    const { result, selectedOrigin } = route(SITE, { uri });
    expect(selectedOrigin).toBeUndefined();
    expect(result.uri).toBe(served);
  });

  it.each<[string, ViewerRequest, string]>([
    ['a folder without its slash', { uri: '/about' }, '/about/'],
    ['a folder in a folder', { uri: '/blog/post-1' }, '/blog/post-1/'],
    ['a folder whose name is percent-encoded', { uri: '/caf%C3%A9' }, '/caf%C3%A9/'],
    ['a folder published after synth, which no list names', { uri: '/blog/new-post' }, '/blog/new-post/'],
    ['a missing page without an extension, whose folder the bucket then answers 404', { uri: '/missing' }, '/missing/'],
    ['a folder with a query', { uri: '/about', querystring: { utm: { value: 'x' }, flag: { value: '' }, t: { value: '1', multiValue: [{ value: '1' }, { value: '2' }] } } }, '/about/?utm=x&flag&t=1&t=2'],
  ])('redirects %s to its slash, kept by a browser five minutes', (_title, request, location) => {
    expect(route(SITE, request).result).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: location }, 'cache-control': { value: 'max-age=300' } },
    });
  });

  it('never has a browser keep for good a redirect that a publish may reverse: a page turned folder, and back, leads there at once', () => {
    // about.html, then about/index.html in its place: each function's redirect points the other way.
    const asPage: SiteIndex = { files: [], pages: ['about'] };
    const asFolder: SiteIndex = { files: [] };
    expect(route(asPage, { uri: '/about/' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/about' }, 'cache-control': { value: 'max-age=300' } } });
    expect(route(asFolder, { uri: '/about' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/about/' }, 'cache-control': { value: 'max-age=300' } } });
  });

  it('sends the service form’s folder, /contact/, to the form while the site has no page there, its query kept; a page there is served', () => {
    const withoutPage = { ...SITE, formPath: '/contact' };
    for (const method of ['GET', 'HEAD']) {
      expect(route(withoutPage, { method, uri: '/contact/' }).result).toEqual({ statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/contact' } } });
    }
    expect(route(withoutPage, { uri: '/contact/', querystring: { ref: { value: 'nav' } } }).result).toMatchObject({ headers: { location: { value: '/contact?ref=nav' } } });
    expect(route(withoutPage, { uri: '/contact/sent/' }).result).toMatchObject({ uri: '/contact/sent/index.html' });
    expect(route(SITE, { uri: '/contact/' }).result).toMatchObject({ uri: '/contact/index.html' });
  });

  it('tells a folder from a file by the files without an extension alone: a file it lists is served, any other such path is a folder', () => {
    expect(route(SITE, { uri: '/LICENSE' }).result).toMatchObject({ uri: '/LICENSE' });
    expect(route(SITE, { uri: '/LICENSE/' }).result).toMatchObject({ uri: '/LICENSE/index.html' });
    expect(route({ files: [] }, { uri: '/LICENSE' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/LICENSE/' } } });
  });

  describe('a flat site’s pages, reached without .html', () => {
    const flat: SiteIndex = { ...SITE, pages: ['about', 'work/garden', 'café'] };

    it.each<[string, string]>([
      ['/about', '/about.html'],
      ['/work/garden', '/work/garden.html'],
      ['/caf%C3%A9', '/caf%C3%A9.html'],
      ['/about.html', '/about.html'],
    ])('serves %s from %s', (uri, served) => {
      expect(route(flat, { uri }).result.uri).toBe(served);
    });

    it('serves a listed page’s Markdown to a reader that prefers it', () => {
      expect(route(flat, { uri: '/about', headers: { accept: 'text/markdown' } }).result.uri).toBe('/about.html');
      const routing: FrontDoorRouting = { ...serviceOnly, site: flat, markdown: true };
      const edge = loadFrontDoorFunction(frontDoorFunctionCode(routing));
      expect(edge(viewerRequest({ uri: '/about', headers: { accept: 'text/markdown' } })).result.uri).toBe('/about.html.md');
    });

    it('leads a listed page’s path with a slash, as a link or a visitor may write it, to the page, its query kept', () => {
      expect(route(flat, { uri: '/about/' }).result).toEqual({
        statusCode: 301,
        statusDescription: 'Moved Permanently',
        headers: { location: { value: '/about' }, 'cache-control': { value: 'max-age=300' } },
      });
      expect(route(flat, { uri: '/work/garden/', querystring: { ref: { value: 'nav' } } }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/work/garden?ref=nav' } } });
      expect(route(flat, { uri: '/caf%C3%A9/' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/caf%C3%A9' } } });
      // An encoded slash, an empty segment: no page's path.
      expect(route(flat, { uri: '/work%2Fgarden/' }).result).toMatchObject({ uri: '/work%2Fgarden/index.html' });
      expect(route(flat, { uri: '/about//' }).result).toMatchObject({ uri: '/about//index.html' });
      expect(route(SITE, { uri: '/about/' }).result).toMatchObject({ uri: '/about/index.html' });
    });

    it('leaves every other path to the rules before: a name it does not list is a folder', () => {
      expect(route(flat, { uri: '/blog' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/blog/' } } });
      expect(route(flat, { uri: '/blog/' }).result).toMatchObject({ uri: '/blog/index.html' });
      expect(route(flat, { uri: '/About' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/About/' } } });
      expect(route(flat, { uri: '/work%2Fgarden%' }).result).toMatchObject({ uri: '/work%2Fgarden%' });
      // An encoded slash would serve the page where its relative links break: the folder's rule, as before.
      expect(route(flat, { uri: '/work%2fgarden' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/work%2fgarden/' } } });
      expect(route(SITE, { uri: '/about' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/about/' } } });
    });
  });

  describe.each<[string, SiteIndex]>([
    // Whatever the index holds: no folder or page of a site has such a path.
    ['a site of a few files without an extension', SITE],
    ['a site with none', { files: [] }],
    ['a flat site, every path without an extension a page', { files: [], flat: [''], pages: ['about'] }],
  ])('never redirects off the site, for %s', (_form, site) => {
    it.each(OFF_SITE_FOLDER_PATHS.map(([path, why]) => [path, why]))('sends %s (%s) on to the bucket as it came, and with a slash its folder’s index', (uri) => {
      expect(route(site, { uri }).result).toMatchObject({ uri });
      expect(route(site, { uri: `${uri}/` }).result).toMatchObject({ uri: `${uri}/index.html` });
    });
  });

  it.each([
    ['/\t/evil.example/x', 'a tab, which a browser drops from a URL: the Location would be //evil.example/x/'],
    ['/\n/evil.example/x', 'a line feed, dropped likewise'],
    ['/%09/evil.example/x', 'an encoded tab'],
    ['/about\u007f', 'a DEL'],
  ])('takes no path with a control character for a folder: %j (%s)', (uri) => {
    expect(route(SITE, { uri }).result).toMatchObject({ uri });
  });

  it('takes a malformed percent-encoding for a file, for S3 to answer', () => {
    expect(route(SITE, { uri: '/caf%E9%' }).result).toMatchObject({ uri: '/caf%E9%' });
  });

  it('sends the site only the encodings, a byte range and validators: no cookie, credential or query string', () => {
    const { result } = route(SITE, {
      uri: '/about/',
      querystring: { 'response-content-type': { value: 'text/html' } },
      headers: {
        'accept-encoding': 'br, gzip',
        range: 'bytes=0-9',
        'if-none-match': '"etag"',
        'if-modified-since': 'Mon, 01 Jan 2030 00:00:00 GMT',
        authorization: 'Basic eDp5',
        'x-amz-expected-bucket-owner': '000000000000',
        'user-agent': 'curl/8',
      },
      cookies: { session: 'abc' },
    });
    expect(result).toEqual({
      method: 'GET',
      uri: '/about/index.html',
      querystring: {},
      cookies: {},
      headers: {
        host: { value: 'example.com' },
        'accept-encoding': { value: 'br, gzip' },
        range: { value: 'bytes=0-9' },
        'if-none-match': { value: '"etag"' },
        'if-modified-since': { value: 'Mon, 01 Jan 2030 00:00:00 GMT' },
      },
    });
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('answers %s to a page 405, allowing GET and HEAD', (method) => {
    expect(route(SITE, { method, uri: '/about/' }).result).toEqual({
      statusCode: 405,
      statusDescription: 'Method Not Allowed',
      headers: { allow: { value: 'GET, HEAD' } },
    });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'same-origin', 307, 'Temporary Redirect'],
    ['Application/X-WWW-Form-Urlencoded ; charset=UTF-8', undefined, 307, 'Temporary Redirect'],
    // The form reads no multipart body: a 307 would carry one only to be refused.
    ['multipart/form-data; boundary=----x', 'same-origin', 303, 'See Other'],
    // From the domain's other name (its 308 before) or another site, the browser would send the post on with Origin null, which the form refuses.
    ['application/x-www-form-urlencoded', 'same-site', 303, 'See Other'],
    ['application/x-www-form-urlencoded', 'cross-site', 303, 'See Other'],
  ])('sends a form posted to a page (%s, Sec-Fetch-Site %s) to the form with a %s, which a browser follows', (type, fetchSite, statusCode, statusDescription) => {
    for (const [site, mode] of [[SITE, 'navigate'], [null, 'navigate'], [SITE, undefined]] as const) {
      const headers: Record<string, string> = { 'content-type': type, ...(mode === undefined ? {} : { 'sec-fetch-mode': mode }), ...(fetchSite === undefined ? {} : { 'sec-fetch-site': fetchSite }) };
      expect(route(site, { method: 'POST', uri: '/success/', headers }).result).toEqual({
        statusCode,
        statusDescription,
        headers: { location: { value: '/contact' } },
      });
    }
  });

  it.each([
    ['POST', 'application/json'],
    ['POST', 'text/plain'],
    ['POST', 'application/x-www-form-urlencodedx'],
    ['POST', undefined],
    ['PUT', 'application/x-www-form-urlencoded'],
  ])('answers %s with %s to a page 405: no form sent it', (method, type) => {
    const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
    expect(route(SITE, { method, uri: '/about/', headers }).result).toMatchObject({ statusCode: 405 });
  });

  it('leaves an existing site’s paths to it, sending only what a page request may carry', () => {
    const { result, selectedOrigin } = route(null, { uri: '/about', headers: { cookie: 'x=1' } });
    expect(selectedOrigin).toBeUndefined();
    expect(result).toMatchObject({ uri: '/about', headers: { host: { value: 'example.com' } } });
    expect(result.headers).not.toHaveProperty('cookie');
    expect(route(null, { uri: '/' }).result).toMatchObject({ uri: '/' });
  });
});

describe('a form’s post to a page from a script (Netlify’s fetch to /)', () => {
  it.each(['cors', 'same-origin', 'no-cors'])('answers Sec-Fetch-Mode %s 405, as a 307 would lead the script to take the form’s answer for its own', (mode) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': mode };
    expect(route(SITE, { method: 'POST', uri: '/', headers }).result).toMatchObject({ statusCode: 405 });
  });
});

describe('a flat site’s contact.html as the form page (formPage /contact.html, docs/api.md §9)', () => {
  const flat: SiteIndex = { files: [], formPath: '/contact', flat: [''] };
  const routing = frontDoorRouting(['index.html', 'about.html', 'contact.html'], { formPage: '/contact.html', markdown: true });
  const edge = (request: ViewerRequest) => loadFrontDoorFunction(frontDoorFunctionCode(routing))(viewerRequest(request));

  it('is told the page the service’s form’s path shows, for that page alone', () => {
    expect(routing.formPage).toEqual({ path: '/contact', page: '/contact.html', origin: SITE_ORIGIN_ID });
    expect(routing.site).toEqual(flat);
    for (const formPage of [undefined, '/contact/', '/kontakt.html', '/en/contact.html', '/contact.htm']) {
      expect({ formPage, told: frontDoorRouting(['index.html', 'contact.html'], formPage === undefined ? {} : { formPage }).formPage }).toEqual({ formPage, told: undefined });
    }
    // An existing site answers its own paths: the service has no page of it to show.
    expect(frontDoorRouting(null, { formPage: '/contact.html' }).formPage).toBeUndefined();
  });

  it.each(['GET', 'HEAD'])('sends a %s of /contact to the site’s origin as the page, as a page request is sent', (method) => {
    const { result, selectedOrigin } = edge({ method, uri: '/contact', querystring: { ref: { value: 'nav' } }, headers: { cookie: 'x=1', 'accept-encoding': 'gzip' } });
    expect(selectedOrigin).toBe(SITE_ORIGIN_ID);
    expect(result).toEqual({ method, uri: '/contact.html', querystring: {}, cookies: {}, headers: { host: { value: 'example.com' }, 'accept-encoding': { value: 'gzip' } } });
  });

  it('sends the page’s Markdown to a reader that prefers it', () => {
    expect(edge({ uri: '/contact', headers: { accept: 'text/markdown' } }).result.uri).toBe('/contact.html.md');
  });

  it.each(['POST', 'OPTIONS', 'PUT'])('sends a %s of /contact on to the API, its behaviour’s origin, as sent', (method) => {
    const request = { method, uri: '/contact', querystring: { a: { value: '1' } }, headers: { origin: 'https://example.com', cookie: 'x=1' } };
    const { result, selectedOrigin } = edge(request);
    expect(selectedOrigin).toBeUndefined();
    expect(result).toEqual(viewerRequest(request).request);
  });

  it('routes every other path as before: the page at its own address, /contact/ to the form', () => {
    expect(edge({ uri: '/contact.html' })).toEqual({ result: expect.objectContaining({ uri: '/contact.html' }) });
    expect(edge({ uri: '/about' })).toEqual({ result: expect.objectContaining({ uri: '/about.html' }) });
    expect(edge({ uri: '/contact/' }).result).toMatchObject({ statusCode: 302, headers: { location: { value: '/contact' } } });
    expect(edge({ method: 'POST', uri: '/about' }).result).toMatchObject({ statusCode: 405 });
  });
});

describe('the redirect of the domain’s other name (docs/api.md §10)', () => {
  const redirect = { from: 'www.example.com', to: 'https://example.com' };
  const routed = (request: ViewerRequest) => loadFrontDoorFunction(frontDoorFunctionCode({ ...serviceOnly, site: SITE, redirect }))(viewerRequest(request)).result;
  const alone = (request: ViewerRequest) => loadFrontDoorFunction(otherNameRedirectCode(redirect))(viewerRequest(request)).result;

  it.each([['the routing function', routed], ['the function of the service’s other behaviours', alone]])('%s: moves every path of the other name, its query as sent, first of all', (_name, edge) => {
    const query = { q: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] }, flag: { value: '' } };
    for (const uri of ['/', '/api/contact', '/llms.txt', '//evil.example/x']) {
      expect(edge({ uri, querystring: query, headers: { host: 'www.example.com' } })).toEqual({
        statusCode: 301,
        statusDescription: 'Moved Permanently',
        headers: { location: { value: `https://example.com${uri}?q=a&q=b&flag` } },
      });
    }
    expect(edge({ method: 'POST', uri: '/api/contact', headers: { host: 'www.example.com' } })).toMatchObject({ statusCode: 308, statusDescription: 'Permanent Redirect' });
  });

  it('takes the other name as DNS does: case aside, with a port or the root’s trailing dot', () => {
    for (const host of ['WWW.Example.COM', 'www.example.com:443', 'www.example.com.', 'www.example.com.:443']) {
      expect({ host, status: alone({ uri: '/', headers: { host } }).statusCode }).toEqual({ host, status: 301 });
    }
    expect(alone({ uri: '/', headers: { host: 'www.example.com.evil.example' } }).statusCode).toBeUndefined();
  });

  it('is in the routing function’s code only when the domain has another name', () => {
    expect(frontDoorFunctionCode({ ...serviceOnly, site: SITE })).not.toContain('otherNameRedirect(request) {');
    expect(frontDoorFunctionCode({ ...serviceOnly, site: SITE, redirect })).toContain('otherNameRedirect(request) {');
  });

  it('leaves the domain’s own name, and a request without Host, to the rest of the rules', () => {
    expect(routed({ uri: '/about/', headers: { host: 'example.com' } })).toMatchObject({ uri: '/about/index.html' });
    expect(alone({ method: 'POST', uri: '/api/contact', headers: { host: 'example.com' } })).toMatchObject({ method: 'POST', uri: '/api/contact' });
    const withoutHost = viewerRequest({ uri: '/api/contact' });
    delete (withoutHost.request.headers as Record<string, unknown>).host;
    expect(loadFrontDoorFunction(otherNameRedirectCode(redirect))(withoutHost).result).toMatchObject({ uri: '/api/contact' });
  });
});

describe('the function’s code', () => {
  const routing: FrontDoorRouting = { ...serviceOnly, site: SITE };

  it('imports CloudFront’s helpers on its first line, as origin selection requires, and fits CloudFront’s limit', () => {
    const code = frontDoorFunctionCode(routing);
    expect(code.split('\n')[0]).toBe("import cf from 'cloudfront';");
    // The rules' budget, 6 KB: the rest is for a site's index, its files without an extension and its pages (listedPages counts it).
    expect(Buffer.byteLength(code)).toBeLessThan(MAX_FUNCTION_CODE_BYTES - 4 * 1024);
    expect(code).toContain(`var FRONT_DOOR = ${JSON.stringify(routing)};`);
  });
});

describe('the site’s index', () => {
  it('lists the files without an extension, at any depth', () => {
    const paths = ['index.html', '404.html', 'about/index.html', 'blog/post-1/index.html', 'img/logo.png', 'CNAME', 'docs/LICENSE', '.well-known/atproto-did'];
    expect(siteIndexFor(paths, serviceOnly)).toEqual({ files: ['.well-known/atproto-did', 'CNAME', 'docs/LICENSE'], formPath: '/contact' });
  });

  it('lists no folder, however many the site has: the function fits whatever folders are published later', () => {
    const pages = Array.from({ length: 5000 }, (_, index) => `posts/a-rather-long-title-of-post-number-${index}/index.html`);
    expect(siteIndexFor([...pages, 'CNAME'], serviceOnly)).toEqual({ files: ['CNAME'], formPath: '/contact' });
  });

  it('names the service’s form only while the folder has no page in its folder, /contact/', () => {
    expect(siteIndexFor(['index.html', 'contact/style.css'], serviceOnly)).toEqual({ files: [], formPath: '/contact' });
    expect(siteIndexFor(['index.html', 'contact/index.html'], serviceOnly)).toEqual({ files: [] });
  });

  it('lists the pages reached without .html, the shallowest first: never a folder’s index.html, the 404 page, a name with an extension, a folder, a file or the service holds', () => {
    const paths = [
      'index.html', '404.html', 'work/garden.html', 'about.html', 'work/index.html', 'blog/404.html', 'news.html', 'news/index.html',
      'LICENSE.html', 'LICENSE', 'contact.html', 'notes.htm', 'v1.2.html', 'robots.txt.html', 'zebra.html',
    ];
    // blog/ and work/ hold pages and no folder with an index.html: flat, their pages need no list.
    expect(siteIndexFor(paths, serviceOnly)).toEqual({ files: ['LICENSE'], formPath: '/contact', flat: ['blog', 'work'], pages: ['about', 'zebra'] });
    // Folders with an indexed folder in them, none flat: the service's paths are left out as such.
    const service = ['about/index.html', 'api.html', 'agent/auth.html', 'agent/x/index.html', 'llms.html', 'openapi.html', 'contact/sent.html', 'contact/y/index.html'];
    expect(cleanUrlPages(service)).toEqual(['api', 'llms', 'openapi']);
  });

  it('lists a page beside a folder of its name without an index.html, as Hugo writes a section’s page with uglyURLs: /articoli is the page, and /articoli/ leads to it', () => {
    const paths = ['index.html', 'articoli.html', 'articoli/primo.html', 'tags.html', 'tags/traduzione.html', 'about.html', 'about/index.html'];
    const site = siteIndexFor(paths, serviceOnly);
    expect(site).toMatchObject({ flat: ['articoli', 'tags'], pages: ['articoli', 'tags'] });
    expect(route(site, { uri: '/articoli' }).result).toMatchObject({ uri: '/articoli.html' });
    expect(route(site, { uri: '/articoli/' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/articoli' } } });
    expect(route(site, { uri: '/about' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/about/' } } });
  });

  it('takes every path without an extension in a flat folder for its page, however many, a post published later and a missing one too: no list, no redirect to a folder, and its path with a slash leads to it', () => {
    const posts = Array.from({ length: 2000 }, (_, index) => `articoli/2027-01-01-note-di-traduzione-numero-${index}.html`);
    const paths = ['index.html', 'chi-sono.html', 'about/index.html', 'articoli/index.html', 'articoli/feed', ...posts];
    const site = siteIndexFor(paths, serviceOnly);
    expect(site).toEqual({ files: ['articoli/feed'], formPath: '/contact', flat: ['articoli'], pages: ['chi-sono'] });
    expect(Buffer.byteLength(frontDoorFunctionCode({ ...serviceOnly, site }))).toBeLessThan(MAX_FUNCTION_CODE_BYTES);
    for (const [uri, answer] of [
      ['/articoli/2027-01-01-note-di-traduzione-numero-1999', { uri: '/articoli/2027-01-01-note-di-traduzione-numero-1999.html' }],
      ['/articoli/published-after-the-deploy', { uri: '/articoli/published-after-the-deploy.html' }],
      ['/articoli/feed', { uri: '/articoli/feed' }],
      ['/articoli/', { uri: '/articoli/index.html' }],
      ['/articoli/published-after-the-deploy/', { statusCode: 301, headers: { location: { value: '/articoli/published-after-the-deploy' } } }],
      ['/articoli', { statusCode: 301, headers: { location: { value: '/articoli/' } } }],
      ['/articoli%2Fx', { statusCode: 301 }],
      ['/about', { statusCode: 301, headers: { location: { value: '/about/' } } }],
    ] as const) {
      expect({ uri, result: route(site, { uri }).result }).toMatchObject({ uri, result: answer });
    }
  });

  it('names the shallowest flat folders alone, however many dated folders a blog has, and takes a path at any depth below one for its page', () => {
    // Jekyll's default permalinks: a folder per day, 2000 of them, beside a blog/ page with its index.html.
    const posts = Array.from({ length: 2000 }, (_, index) => `${2020 + (index % 6)}/${String((index % 12) + 1).padStart(2, '0')}/${String(index % 28 + 1).padStart(2, '0')}/post-${index}.html`);
    const site = siteIndexFor(['index.html', 'about.html', 'blog/index.html', ...posts], serviceOnly);
    expect(site).toEqual({ files: [], formPath: '/contact', flat: ['2020', '2021', '2022', '2023', '2024', '2025'], pages: ['about'] });
    expect(route(site, { uri: '/2021/02/02/post-1' }).result).toMatchObject({ uri: '/2021/02/02/post-1.html' });
    expect(route(site, { uri: '/2021/02/02/published-later' }).result).toMatchObject({ uri: '/2021/02/02/published-later.html' });
    expect(route(site, { uri: '/blog' }).result).toMatchObject({ statusCode: 301, headers: { location: { value: '/blog/' } } });
  });

  it('takes neither /index nor /404 in a flat folder for a page: the 404 page would answer 200, and an index page has its folder’s path', () => {
    const site = siteIndexFor(['index.html', '404.html', 'about.html', 'blog/index.html.bak', 'blog/a.html'], serviceOnly);
    expect(site.flat).toEqual(['']);
    for (const uri of ['/404', '/index', '/blog/index']) expect({ uri, result: route(site, { uri }).result }).toMatchObject({ uri, result: { statusCode: 301 } });
  });

  it('has no flat folder where a folder in it has an index.html, whose path without its slash must lead to it', () => {
    expect(siteIndexFor(['index.html', 'blog/a.html', 'blog/b.html', 'blog/archive/index.html'], serviceOnly)).toEqual({ files: [], formPath: '/contact', pages: ['blog/a', 'blog/b'] });
    // The top folder, with a page of its own and no indexed folder below it, is, and covers blog/.
    expect(siteIndexFor(['index.html', 'about.html', 'blog/a.html'], serviceOnly)).toEqual({ files: [], formPath: '/contact', flat: [''] });
  });

  it('lists as many as fit beside whatever else a deployment tells the function, and says in one line which are left', () => {
    const posts = Array.from({ length: 600 }, (_, index) => `posts/a-rather-long-title-of-post-${String(index).padStart(3, '0')}.html`);
    // Folders with their index.html beside the pages: neither the top nor posts/ is flat.
    const paths = ['about.html', 'work/index.html', 'posts/archive/index.html', ...posts];
    const site = siteIndexFor(paths, serviceOnly);
    const listed = site.pages ?? [];
    expect(listed.slice(0, 2)).toEqual(['about', 'posts/a-rather-long-title-of-post-000']);
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.length).toBeLessThan(paths.length);
    // With every part on and the longest names DNS allows, the same list still fits: local mode, synth and publish agree.
    const longest = 'x'.repeat(253);
    const widest: FrontDoorRouting = { ...serviceOnly, markdown: true, redirect: { from: longest, to: `https://${longest}` }, site };
    expect(Buffer.byteLength(frontDoorFunctionCode(widest))).toBeLessThanOrEqual(MAX_FUNCTION_CODE_BYTES);
    expect(siteIndexFor(paths, { ...serviceOnly, markdown: true })).toEqual(site);
    const left = 1 + posts.length - listed.length;
    const next = `posts/a-rather-long-title-of-post-${String(listed.length - 1).padStart(3, '0')}`;
    expect(unlistedPagesNote('siteDir', paths, site)).toBe(
      `siteDir: ${left} of your 601 pages named <name>.html are more than the front door's function can list: ${next}.html and ${left - 1} more are reached by the .html name alone (/${next}.html, not /${next})`,
    );
    expect(unlistedPagesNote('siteDir', paths.slice(0, 10), siteIndexFor(paths.slice(0, 10), serviceOnly))).toBeUndefined();
  });

  it('lists none for a site of folders, and says nothing of it', () => {
    const paths = ['index.html', 'about/index.html'];
    expect(siteIndexFor(paths, serviceOnly)).not.toHaveProperty('pages');
    expect(unlistedPagesNote('siteDir', paths, siteIndexFor(paths, serviceOnly))).toBeUndefined();
  });

  it('stops synth with one line when the files without an extension do not fit', () => {
    const paths = Array.from({ length: 600 }, (_, index) => `files/a-rather-long-name-of-thing-number-${index}`);
    expect(() => siteIndexFor(paths, serviceOnly)).toThrow(ConfigError);
    expect(() => siteIndexFor(paths, serviceOnly)).toThrow(/^siteDir has too many files without an extension \(600\) for the front door's function: it would take \d+ bytes, and CloudFront takes 10240$/);
  });
});

describe('the deployed function read back', () => {
  it('gives what the function was told, from the very code CloudFront runs', () => {
    const routing: FrontDoorRouting = { ...serviceOnly, site: SITE };
    expect(readFrontDoorRouting(frontDoorFunctionCode(routing))).toEqual(routing);
    expect(readFrontDoorRouting(frontDoorFunctionCode({ ...serviceOnly, site: null }))).toEqual({ ...serviceOnly, site: null });
  });

  it('writes names an ES5 line would end at (U+2028, U+2029) escaped, and reads them back', () => {
    const routing: FrontDoorRouting = { ...serviceOnly, site: { files: ['notes\u2028a'], pages: ['para\u2029graph'] } };
    const code = frontDoorFunctionCode(routing);
    expect(code).not.toMatch(/[\u2028\u2029]/);
    expect(code).toContain('notes\\u2028a');
    expect(readFrontDoorRouting(code)).toEqual(routing);
    expect(route(routing.site, { uri: '/para%E2%80%A9graph' }).result).toMatchObject({ uri: '/para%E2%80%A9graph.html' });
  });

  it.each([
    ['code of another function', 'function handler(event) { return event.request; }'],
    ['a second line that is no declaration', "import cf from 'cloudfront';\nvar OTHER = {};\n"],
    ['a declaration that is no JSON', "import cf from 'cloudfront';\nvar FRONT_DOOR = {site:1};\n"],
  ])('gives nothing for %s', (_what, code) => {
    expect(readFrontDoorRouting(code)).toBeUndefined();
  });
});
