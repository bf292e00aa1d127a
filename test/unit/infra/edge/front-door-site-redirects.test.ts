import { describe, expect, it } from '@jest/globals';
import { loadPageHeadersFunction, MAX_FUNCTION_CODE_BYTES, pageHeaders, pageHeadersFunctionCode } from '../../../../lib/edge/front-door-function.js';
import { serviceRouting } from '../../../../lib/front-door-paths.js';

/*
 * An existing site's redirects at the front door (docs/api.md §10): CloudFront asks the site by its
 * own host name, so a redirect it writes whole (GitHub Pages' `/about` to
 * `https://you.github.io/about/`) would take the visitor off the site; the viewer-response function
 * makes it a path of this origin, run with vm from the very text CloudFront runs.
 */

const onSite = loadPageHeadersFunction(pageHeadersFunctionCode(pageHeaders({ linkHeaders: false, markdown: false, siteHost: 'You.GitHub.io' })));

/** The Location a redirect of the site leaves the edge with, for a GET of `uri`. */
function leaving(location: string, { uri = '/about', method = 'GET', status = 301 } = {}): string | undefined {
  const response = onSite({
    request: { method, uri, querystring: {}, headers: {}, cookies: {} },
    response: { statusCode: status, headers: { location: { value: location } } },
  });
  return (response.headers as Record<string, { value: string }>).location?.value;
}

describe('the viewer-response function: an existing site’s redirects stay at the site', () => {
  it.each([
    ['https://you.github.io/about/', '/about/'],
    ['http://you.github.io/about/', '/about/'],
    ['https://YOU.github.io:443/about/?q=1#top', '/about/?q=1#top'],
    ['http://you.github.io:80/about/', '/about/'],
    ['https://you.github.io', '/'],
    ['https://you.github.io?q=1', '/?q=1'],
    ['https://you.github.io#top', '/#top'],
  ])('makes %s, naming the site’s host, the path %s', (location, path) => {
    expect(leaving(location)).toBe(path);
  });

  it.each([
    ['https://you.github.io//evil.example/x', '/evil.example/x'],
    ['https://you.github.io/\\evil.example/x', '/evil.example/x'],
    ['https://you.github.io\\evil.example/x', '/evil.example/x'],
    // A browser drops tabs and line breaks from a URL before it reads it.
    ['https://you.github.io/\t/evil.example/x', '/evil.example/x'],
    ['https://you.github.io/\t\r\n//evil.example/x', '/evil.example/x'],
  ])('never makes %s a path a browser reads as another host', (location, path) => {
    expect(leaving(location)).toBe(path);
  });

  it.each([
    ['another host', 'https://example.org/about/'],
    ['a host that only begins with the site’s', 'https://you.github.io.evil.example/about/'],
    ['a host that only ends with the site’s', 'https://evilyou.github.io/about/'],
    ['another host, the site’s address in its query', 'https://evil.example/?next=https://you.github.io/about/'],
    ['the site’s host as a user name', 'https://you.github.io@evil.example/about/'],
    ['another port of the site’s host', 'https://you.github.io:8443/about/'],
    ['a path already', '/about/'],
    ['a relative reference', 'about/'],
  ])('leaves a Location naming %s as it is', (_title, location) => {
    expect(leaving(location)).toBe(location);
  });

  it('leaves the service’s own answers as they are', () => {
    const [path] = serviceRouting().throughDefault;
    expect(leaving('https://you.github.io/x', { uri: path! })).toBe('https://you.github.io/x');
    expect(leaving('https://you.github.io/x', { method: 'POST' })).toBe('https://you.github.io/x');
  });

  it('changes nothing without a site host, as with a folder of the site', () => {
    const folder = loadPageHeadersFunction(pageHeadersFunctionCode(pageHeaders({ linkHeaders: true, markdown: false })));
    const response = folder({
      request: { method: 'GET', uri: '/about', querystring: {}, headers: {}, cookies: {} },
      response: { statusCode: 301, headers: { location: { value: 'https://you.github.io/about/' } } },
    });
    expect((response.headers as Record<string, { value: string }>).location?.value).toBe('https://you.github.io/about/');
  });

  it("fits CloudFront's 10 KB with every part turned on", () => {
    expect(Buffer.byteLength(pageHeadersFunctionCode(pageHeaders({ linkHeaders: true, markdown: true, siteHost: 'you.github.io' })))).toBeLessThan(MAX_FUNCTION_CODE_BYTES / 2);
  });
});
