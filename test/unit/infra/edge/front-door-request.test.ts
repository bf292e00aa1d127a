import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readAgentSettings } from '../../../../lambdas/config.js';
import { METHODS_BY_PATH } from '../../../../lambdas/routes.js';
import { MAX_FUNCTION_CODE_BYTES } from '../../../../lib/edge/front-door-function.js';
import { linkFinds, requireLinkFinds, siteFrontDoor, type FrontDoorOutcome, type ViewerRequest } from '../../../../lib/edge/front-door-request.js';
import { serviceRouting } from '../../../../lib/front-door-paths.js';
import { siteFileAt, siteFiles } from '../../../../lib/pages/site-files.js';
import { publishedContentType } from '../../../../lib/pages/agent-files.js';
import { configErrorOf } from '../../../support/config-error.js';

/*
 * The deployed distribution in front of a site's folder, as local mode plays it and synth checks a
 * link with (docs/api.md §10): which requests reach the API, what the function answers, which file
 * the bucket would serve, and that no request names a file outside the folder.
 */

function folderOf(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'front-door-'));
  const site = join(root, 'site');
  mkdirSync(site);
  // A secret beside the site, which no request may reach.
  writeFileSync(join(root, 'secret.txt'), 'not of the site');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), text);
  }
  return site;
}

const SITE = folderOf({
  'index.html': 'home',
  'about/index.html': 'about',
  'blog/first-post/index.html': 'post',
  'café/index.html': 'café',
  'css/site.css': 'body {}',
  'a file.txt': 'spaced',
  'llms.txt': 'the site’s own, hidden by the service’s',
  'contact/index.html': 'the site’s own, hidden by the service’s',
  'api/contact': 'the site’s own, hidden by the service’s',
  '404.html': 'not found',
});
symlinkSync(join(SITE, '..', 'secret.txt'), join(SITE, 'leak.txt'));
symlinkSync(join(SITE, 'css', 'site.css'), join(SITE, 'style.css'));

const door = siteFrontDoor(SITE, 'SITE_DIR');
const get = (path: string, query = ''): ReturnType<typeof door.route> => door.route({ method: 'GET', path, query });

describe('which requests reach the API', () => {
  it.each([...METHODS_BY_PATH.keys()].map((path) => [path]))('sends %s of the route table to the API, with every method', (path) => {
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) expect(door.route({ method, path, query: '' })).toEqual({ kind: 'service' });
  });

  it.each([['/api/nothing'], ['/api/'], ['/agent/x'], ['/oauth/x/y'], ['/api/../index.html']])(
    'sends %s under an uncached behaviour’s pattern to the API, whose 404 the distribution answers',
    (path) => {
      expect(get(path)).toEqual({ kind: 'service' });
    },
  );

  it('lets the service’s paths win over the site’s files of the same name', () => {
    expect(get('/llms.txt')).toEqual({ kind: 'service' });
    expect(get('/contact')).toEqual({ kind: 'service' });
    expect(get('/api/contact')).toEqual({ kind: 'service' });
    expect(serviceRouting().uncachedPatterns).toContain('/api/*');
  });
});

describe('what the function answers at the edge', () => {
  it.each<[string, string, string]>([
    ['/about', '', '/about/'],
    ['/blog/first-post', 'utm=x&flag', '/blog/first-post/?utm=x&flag'],
    ['/caf%C3%A9', '', '/caf%C3%A9/'],
  ])('redirects the folder %s?%s to %s', (path, query, location) => {
    expect(get(path, query)).toEqual({ kind: 'answer', status: 301, headers: { location, 'cache-control': 'max-age=300' } });
  });

  it('answers a method pages do not take with 405 and Allow', () => {
    expect(door.route({ method: 'POST', path: '/about/', query: '' })).toEqual({ kind: 'answer', status: 405, headers: { allow: 'GET, HEAD' } });
  });

  it('takes a path without an extension that is no file for a folder: a missing page redirects to its slash, which finds nothing', () => {
    expect(get('/missing')).toEqual({ kind: 'answer', status: 301, headers: { location: '/missing/', 'cache-control': 'max-age=300' } });
    expect(get('/missing/')).toEqual({ kind: 'missing' });
  });

  it('reads the folder at each request, as the bucket after a publish: a folder made meanwhile is served at once', () => {
    expect(get('/later')).toEqual({ kind: 'answer', status: 301, headers: { location: '/later/', 'cache-control': 'max-age=300' } });
    expect(get('/later/')).toEqual({ kind: 'missing' });
    mkdirSync(join(SITE, 'later'));
    writeFileSync(join(SITE, 'later', 'index.html'), 'later');
    expect(get('/later')).toEqual({ kind: 'answer', status: 301, headers: { location: '/later/', 'cache-control': 'max-age=300' } });
    expect(get('/later/')).toEqual({ kind: 'file', key: 'later/index.html', file: join(SITE, 'later', 'index.html'), contentType: 'text/html' });
  });

  it('serves a flat site’s page without .html, a page made meanwhile too, as the next deploy would', () => {
    const flat = folderOf({ 'index.html': 'home', 'about.html': 'about', 'work/garden.html': 'garden' });
    const flatDoor = siteFrontDoor(flat, 'SITE_DIR');
    expect(flatDoor.route({ method: 'GET', path: '/about', query: '' })).toEqual({ kind: 'file', key: 'about.html', file: join(flat, 'about.html'), contentType: 'text/html' });
    expect(flatDoor.route({ method: 'GET', path: '/work/garden', query: '' })).toMatchObject({ kind: 'file', key: 'work/garden.html' });
    // The top folder is flat: a missing page there is the 404 at once, never a redirect to a folder first.
    expect(flatDoor.route({ method: 'GET', path: '/thanks', query: '' })).toMatchObject({ kind: 'missing' });
    writeFileSync(join(flat, 'thanks.html'), 'thanks');
    expect(flatDoor.route({ method: 'GET', path: '/thanks', query: '' })).toMatchObject({ kind: 'file', key: 'thanks.html' });
    expect(linkFinds(flatDoor, '/thanks?sent=1')).toBe(true);
  });

  it('lists a flat site’s pages in the sitemap it adds at the paths the function serves them at, a page whose name is a folder at its .html', () => {
    const flat = folderOf({ 'index.html': 'home', 'about.html': 'about', 'work/garden.html': 'garden', 'work/index.html': 'work', 'work.html': 'work too' });
    const flatDoor = siteFrontDoor(flat, 'SITE_DIR', { agents: { settings: readAgentSettings({}), baseUrl: 'http://localhost:3000' } });
    const sitemap = flatDoor.route({ method: 'GET', path: '/sitemap.xml', query: '' });
    expect(sitemap).toMatchObject({ kind: 'added', key: 'sitemap.xml' });
    const body = (sitemap as Extract<typeof sitemap, { kind: 'added' }>).body();
    expect(body.match(/<loc>[^<]*<\/loc>/g)).toEqual([
      '<loc>http://localhost:3000/about</loc>',
      '<loc>http://localhost:3000/</loc>',
      '<loc>http://localhost:3000/work.html</loc>',
      '<loc>http://localhost:3000/work/garden</loc>',
      '<loc>http://localhost:3000/work/</loc>',
    ]);
  });

  it('shows a flat site’s contact.html at /contact when it is the form page, and lists it there in the sitemap; posts go to the API', () => {
    const flat = folderOf({ 'index.html': 'home', 'about.html': 'about', 'contact.html': 'form page' });
    const agents = { settings: readAgentSettings({}), baseUrl: 'http://localhost:3000' };
    const shown = siteFrontDoor(flat, 'SITE_DIR', { agents, formPage: '/contact.html' });
    for (const method of ['GET', 'HEAD']) {
      expect(shown.route({ method, path: '/contact', query: 'ref=nav' })).toEqual({ kind: 'file', key: 'contact.html', file: join(flat, 'contact.html'), contentType: 'text/html' });
    }
    for (const method of ['POST', 'OPTIONS']) expect(shown.route({ method, path: '/contact', query: '' })).toEqual({ kind: 'service' });
    expect(shown.route({ method: 'GET', path: '/contact/sent', query: '' })).toEqual({ kind: 'service' });
    const sitemap = shown.route({ method: 'GET', path: '/sitemap.xml', query: '' }) as Extract<FrontDoorOutcome, { kind: 'added' }>;
    expect(sitemap.body()).toContain('<loc>http://localhost:3000/contact</loc>');
    expect(sitemap.body()).not.toContain('contact.html');
    // Without the setting, /contact is the service's, which leads to a form page named elsewhere.
    expect(siteFrontDoor(flat, 'SITE_DIR').route({ method: 'GET', path: '/contact', query: '' })).toEqual({ kind: 'service' });
  });

  it('stops with one line naming the setting when the folder is too big for the function', () => {
    const crowded = folderOf(Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`file-${i}`, 'x'])));
    const error = configErrorOf(() => siteFrontDoor(crowded, 'SITE_DIR').route({ method: 'GET', path: '/', query: '' }));
    expect(error.message).toMatch(new RegExp(`^SITE_DIR has too many files without an extension \\(1200\\).*CloudFront takes ${MAX_FUNCTION_CODE_BYTES}$`));
  });
});

describe('which file the bucket serves', () => {
  it.each<[string, string, string]>([
    ['/', 'index.html', 'index.html'],
    ['/about/', 'about/index.html', 'about/index.html'],
    ['/blog/first-post/', 'blog/first-post/index.html', 'blog/first-post/index.html'],
    ['/caf%C3%A9/', 'café/index.html', 'café/index.html'],
    ['/css/site.css', 'css/site.css', 'css/site.css'],
    ['/a%20file.txt', 'a file.txt', 'a file.txt'],
    ['/style.css', 'style.css', 'css/site.css'],
  ])('serves %s: the key %s, from %s', (path, key, file) => {
    expect(get(path)).toEqual({ kind: 'file', key, file: join(SITE, file), contentType: publishedContentType(key) });
  });

  it.each([['/missing/'], ['/missing.html'], ['/about/missing.html'], ['/css/'], ['/index.html/x/']])('has no file for %s', (path) => {
    expect(get(path)).toEqual({ kind: 'missing' });
  });

  it.each<[string, string]>([
    ['/../secret.txt', 'a dot-dot segment'],
    ['/about/../../secret.txt', 'dot-dot segments inside a folder'],
    ['/%2e%2e/secret.txt', 'an encoded dot-dot segment'],
    ['/%2E%2E%2Fsecret.txt', 'an encoded dot-dot and slash'],
    ['/..%2fsecret.txt', 'a dot-dot and an encoded slash'],
    ['/..%5csecret.txt', 'a dot-dot and an encoded backslash'],
    ['/./index.html', 'a dot segment'],
    ['//secret.txt', 'an empty segment'],
    [`/${SITE}/index.html`, 'an absolute path of this machine'],
    [`/%2F${encodeURIComponent(join(SITE, '..', 'secret.txt').slice(1))}`, 'an encoded absolute path'],
    ['/leak.txt', 'a symbolic link out of the folder'],
    ['/index.html%00.css', 'an encoded NUL'],
    ['/%E0%A4%A', 'a malformed escape'],
  ])('names no file for %s (%s)', (path) => {
    expect(get(path)).toEqual({ kind: 'missing' });
    expect(siteFileAt(siteFiles(SITE), path)).toBeUndefined();
  });

  it('finds the 404 page, and none in a folder without one', () => {
    expect(door.notFoundPage()).toBe(join(SITE, '404.html'));
    expect(siteFrontDoor(folderOf({ 'index.html': 'home' }), 'SITE_DIR').notFoundPage()).toBeUndefined();
  });
});

describe('whether a link finds a page', () => {
  it.each([['/'], ['/about/'], ['/about'], ['/about?x=1#top'], ['/css/site.css?v=2'], ['/contact/sent'], ['/contact/form.css']])('finds %s', (link) => {
    expect(linkFinds(door, link)).toBe(true);
  });

  it.each([['/missing/'], ['/missing'], ['/api/nothing'], ['/contact/nothing'], ['/../secret.txt']])('finds nothing at %s', (link) => {
    expect(linkFinds(door, link)).toBe(false);
  });

  it('finds only the service’s pages in a deployment without pages of the site', () => {
    expect(linkFinds(null, '/contact/sent')).toBe(true);
    expect(linkFinds(null, '/about/')).toBe(false);
  });

  it('says in one line which setting links to nothing, and in which folder', () => {
    expect(configErrorOf(() => requireLinkFinds('FORM_SUCCESS_PATH', '/thanks/', { folder: SITE, setting: 'SITE_DIR' })).message).toBe(
      `FORM_SUCCESS_PATH /thanks/ is no page of SITE_DIR (${SITE}): a visitor sent there would get a 404`,
    );
    expect(() => requireLinkFinds('FORM_SUCCESS_PATH', '/about/', { folder: SITE, setting: 'SITE_DIR' })).not.toThrow();
  });
});

describe('a request that is not a viewer’s path', () => {
  it('names nothing for a URI without its leading slash', () => {
    const request: ViewerRequest = { method: 'GET', path: 'index.html', query: '' };
    expect(door.route(request)).toEqual({ kind: 'missing' });
  });
});
