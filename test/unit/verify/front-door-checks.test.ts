import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exitStatus, formatResult, isCheckResult, type CheckResult, type Notice } from '../../../bin/verify/check.js';
import { bareNameUrl, frontDoorChecks } from '../../../bin/verify/front-door-checks.js';
import { createProbe, deadlineIn, PROBE_LIMITS } from '../../../bin/verify/http-probe.js';
import { PUBLISHED } from '../../../bin/verify/published-documents.js';
import { MAX_FORM_PAGE_FILES } from '../../../bin/verify/site-page-checks.js';
import { PAGE, PROBLEM, send, startFakeFrontDoor, type FakeAnswer, type FakeFrontDoor } from '../../support/fake-front-door.js';
import { startRawAnswerServer } from '../../support/raw-answer-server.js';

/*
 * npm run verify's HTTP checks (docs/verify.md) against a front door of the test's own: healthy,
 * every check passes; broken one way at a time, the check that meets it fails, says what broke
 * and what to do, and the run's exit status is 1.
 */

let door: FakeFrontDoor;
beforeEach(async () => {
  await door?.close();
  door = await startFakeFrontDoor();
});
afterAll(() => door?.close());

/** Every line the checks yield, notices among the results. */
async function lines(target: { base: URL; apiUrl?: URL; otherName?: URL; bareName?: URL } = { base: door.base, apiUrl: door.apiUrl }, fetchImpl = door.fetch): Promise<Array<CheckResult | Notice>> {
  const yielded: Array<CheckResult | Notice> = [];
  for await (const line of frontDoorChecks(target, createProbe(fetchImpl))) yielded.push(line);
  return yielded;
}
async function run(target?: { base: URL; apiUrl?: URL; otherName?: URL; bareName?: URL }, fetchImpl?: typeof fetch): Promise<CheckResult[]> {
  return (await lines(target, fetchImpl)).filter(isCheckResult);
}
const failures = (results: readonly CheckResult[]) => results.filter((result) => result.status === 'FAIL');
const problem503 = () => JSON.stringify({ type: 'about:blank', status: 503, code: 'service_unavailable', detail: 'x', requestId: 'r' });
const named = (results: readonly CheckResult[], name: string) => results.find((result) => result.name === name);

describe('a healthy front door', () => {
  it('passes every check, one line each, exit status 0', async () => {
    const results = await run();

    expect(failures(results)).toEqual([]);
    expect(results.map((result) => result.status)).not.toContain('warn');
    expect(exitStatus(results)).toBe(0);
    expect(results.map((result) => result.name)).toEqual([
      ...PUBLISHED.map(([path]) => path),
      "the form page's style sheets and scripts",
      'GET /',
      'GET /about',
      'GET /work',
      expect.stringMatching(/^a missing page \(GET \/no-such-page-[0-9a-f]{8}\)$/),
      'dotfiles (GET /.env, /.git/config)',
      'GET //evil.example/x',
      'POST /api/contact with an invalid body',
      'security headers',
      "the API's own endpoint (ApiUrl)",
    ]);
  });

  it('asks for every GET path of the route table, with its HEAD, but the skills index (the agent-readiness checks read it)', async () => {
    await run();

    const gets = PUBLISHED.map(([path]) => path);
    for (const path of gets) expect(door.received).toEqual(expect.arrayContaining([`GET ${path}`, `HEAD ${path}`]));
  });

  it('posts once, and says what the post cost from the answer\'s own RateLimit fields', async () => {
    const results = await run();

    expect(door.received.filter((route) => route.startsWith('POST'))).toEqual(['POST /api/contact']);
    expect(named(results, 'POST /api/contact with an invalid body')?.detail).toBe(
      "422 validation_failed; it counted as one of this address's 5 posts this hour (4 left)",
    );
  });

  it('says before it posts which post it is and what it costs, from the limit the OpenAPI document publishes', async () => {
    const notices: string[] = [];
    let postsBefore: number | undefined;
    for await (const line of frontDoorChecks({ base: door.base, apiUrl: door.apiUrl }, createProbe(door.fetch))) {
      if (isCheckResult(line)) continue;
      notices.push(line.notice);
      postsBefore = door.received.filter((route) => route.startsWith('POST')).length;
    }

    expect(notices).toEqual(["POST /api/contact with an invalid body ({}) comes next: one of this address's 5 posts an hour, as every post is (docs/api.md §4)"]);
    expect(postsBefore).toBe(0);
  });

  it('with --url alone, also says where local mode’s limits are raised; without a readable OpenAPI document, no number', async () => {
    const withoutOpenApi: typeof fetch = async (input, init) =>
      new URL(input instanceof Request ? input.url : input).pathname === '/openapi.json' ? new Response('{}', { status: 404 }) : door.fetch(input, init);

    const notices = (await lines({ base: door.base }, withoutOpenApi)).filter((line) => !isCheckResult(line));

    expect(notices).toEqual([
      {
        notice:
          "POST /api/contact with an invalid body ({}) comes next: one of this address's posts of the hour, as every post is (docs/api.md §4); npm start's Limits line says how to raise them locally",
      },
    ]);
  });

  it('with --url alone and limits raised already, says nothing of raising them', async () => {
    const raised: typeof fetch = async (input, init) => {
      const answer = await door.fetch(input, init);
      if (new URL(input instanceof Request ? input.url : input).pathname !== '/openapi.json') return answer;
      return new Response((await answer.text()).replace(/(\\"ip\\";q=)\d+/, '$1100'), { status: answer.status, headers: answer.headers });
    };

    const notices = (await lines({ base: door.base }, raised)).filter((line) => !isCheckResult(line));

    expect(notices).toEqual([{ notice: "POST /api/contact with an invalid body ({}) comes next: one of this address's 100 posts an hour, as every post is (docs/api.md §4)" }]);
  });

  it('tries the first folder the home page links, outside the service\'s paths', async () => {
    await run();

    expect(door.received).toEqual(expect.arrayContaining(['GET /about', 'GET /about/']));
    expect(door.received).not.toContain('GET /api');
  });
});

/** The fake, and at another host of the test's what `answer` gives for the URL asked. */
const answeringAt =
  (host: URL, answer: (url: URL) => Response): typeof fetch =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return url.host === host.host ? answer(url) : door.fetch(input, init);
  }) as typeof fetch;

describe('the domain’s other name (redirectDomainName, the OtherNameUrl output)', () => {
  const otherName = new URL('https://www.site.test');
  const withOtherName = (answer: (url: URL) => Response) => answeringAt(otherName, answer);
  const otherNameLine = async (fetchImpl: typeof fetch) =>
    named(await run({ base: door.base, apiUrl: door.apiUrl, otherName }, fetchImpl), 'the other name (www.site.test)');

  it('passes when a page of it, with its query, moves for good to the same at {base}', async () => {
    const moved = withOtherName((url) => new Response(null, { status: 301, headers: { location: `https://site.test${url.pathname}${url.search}` } }));
    expect(await otherNameLine(moved)).toEqual({ status: 'ok', name: 'the other name (www.site.test)', detail: 'GET /contact?from=verify: 301 to https://site.test/contact?from=verify' });
  });

  it.each<[string, (url: URL) => Response, RegExp]>([
    ['serves the site itself', () => new Response('<p>page</p>', { status: 200, headers: { 'content-type': 'text/html' } }), /^GET https:\/\/www\.site\.test\/contact\?from=verify: 200 .*; expected 301 to https:\/\/site\.test\/contact\?from=verify$/],
    ['moves to its home page, the path lost', () => new Response(null, { status: 301, headers: { location: 'https://site.test/' } }), /; expected 301 to https:\/\/site\.test\/contact\?from=verify$/],
  ])('fails when it %s, saying the record and the certificate to check', async (_title, answer, detail) => {
    const line = await otherNameLine(withOtherName(answer));
    expect(line?.status).toBe('FAIL');
    expect(line?.detail).toMatch(detail);
    expect(line?.fix).toMatch(/^its DNS record must point at DistributionDomainName, and the certificate name it/);
  });

  it('fails when nothing answers at it, the rest of the site checked all the same', async () => {
    const results = await run({ base: door.base, apiUrl: door.apiUrl, otherName }, withOtherName(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND www.site.test'), { code: 'ENOTFOUND' }) });
    }));
    expect(failures(results).map((result) => [result.name, result.detail])).toEqual([['the other name (www.site.test)', 'GET https://www.site.test/contact?from=verify could not be reached']]);
  });
});

describe('the bare name of a www. site without another name (docs/your-domain.md)', () => {
  // The fake front door answers at https://site.test: the bare name is another host of the test's.
  const bareName = new URL('https://bare.test');
  const atBareName = (answer: (url: URL) => Response) => answeringAt(bareName, answer);
  const bareNameLine = async (fetchImpl: typeof fetch) => named(await run({ base: door.base, apiUrl: door.apiUrl, bareName }, fetchImpl), 'the bare name (bare.test)');

  it('is asked only of a www. site without redirectDomainName', () => {
    expect(bareNameUrl(new URL('https://www.example.de'), undefined)?.href).toBe('https://example.de/');
    expect(bareNameUrl(new URL('https://www.example.de'), new URL('https://example.de'))).toBeUndefined();
    for (const base of ['https://example.de', 'https://blog.example.de', 'https://www.de', 'http://localhost:3000']) expect(bareNameUrl(new URL(base), undefined)).toBeUndefined();
  });

  it('passes when it leads to {base}, as a DNS host’s forwarding does', async () => {
    const forwarded = atBareName(() => new Response(null, { status: 302, headers: { location: `${door.base.origin}/` } }));
    expect(await bareNameLine(forwarded)).toEqual({ status: 'ok', name: 'the bare name (bare.test)', detail: `GET https://bare.test/: 302 to ${door.base.origin}/` });
  });

  it.each<[string, (url: URL) => Response]>([
    ['nothing answers there', () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    }],
    ['plain HTTP alone answers there, as a forwarding without https:// does', () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('wrong version number'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }) });
    }],
    ['another site answers there (the old host, still)', () => new Response('<p>old site</p>', { status: 200, headers: { 'content-type': 'text/html' } })],
  ])('warns, the rest passing, when %s', async (_title, answer) => {
    const results = await run({ base: door.base, apiUrl: door.apiUrl, bareName }, atBareName(answer));
    const line = named(results, 'the bare name (bare.test)');
    expect(line).toMatchObject({ status: 'warn', fix: expect.stringMatching(/^visitors who type bare\.test find no site: have your DNS host forward it to .*, https:\/\/ included/) });
    expect(failures(results)).toEqual([]);
  });
});

describe('a front door broken one way at a time', () => {
  it('names a 403 on /llms.txt as the Host reaching API Gateway', async () => {
    door.breakPath('GET /llms.txt', (_request, response) => send(response, 403, 'application/json', '{"message":"Forbidden"}'));

    const results = await run();

    expect(failures(results)).toEqual([
      {
        status: 'FAIL',
        name: '/llms.txt',
        detail: expect.stringContaining("403 application/json, API Gateway's own \"Forbidden\""),
        fix: expect.stringContaining('npm run cdk -- deploy --all'),
      },
    ]);
    expect(exitStatus(results)).toBe(1);
  });

  it('names the front door\'s secret when the service itself answers forbidden', async () => {
    door.breakPath('GET /openapi.json', (_request, response) => send(response, 403, PROBLEM, '{"code":"forbidden"}'));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: '/openapi.json', fix: expect.stringContaining('X-Origin-Verify') })]);
  });

  it('fails a document answered by the site instead of the service', async () => {
    door.breakPath('GET /.well-known/api-catalog', (_request, response) => send(response, 404, PAGE, '<title>Not found</title>'));

    expect(failures(await run())).toEqual([
      expect.objectContaining({ name: '/.well-known/api-catalog', detail: expect.stringContaining("your site's 404 page answered") }),
    ]);
  });

  it('fails a document whose Cache-Control is not the service\'s', async () => {
    door.breakPath('GET /llms.txt', (_request, response) => send(response, 200, 'text/plain; charset=utf-8', 'x', { 'cache-control': 'max-age=86400' }));

    expect(failures(await run())).toEqual([
      expect.objectContaining({ name: '/llms.txt', detail: '200 text/plain, but Cache-Control "max-age=86400" where the service sends "public, max-age=300"' }),
    ]);
  });

  it('fails a contact page that is not the service\'s form described for agents', async () => {
    door.breakPath('GET /contact', (_request, response) => send(response, 200, PAGE, '<form></form>', { 'cache-control': 'no-store' }));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: '/contact', detail: '200 text/html, but without toolname="sendInquiry"' })]);
  });

  it('follows a document leading on within the site, checking its end\'s status and type', async () => {
    door.breakPath('GET /contact', (_request, response) => send(response, 301, undefined, '', { location: '/contact/' }));
    const ownPage = '<form method="post" action="../contact">the owner\'s own</form>';
    door.breakPath('GET /contact/', (_request, response) => send(response, 200, PAGE, ownPage));
    door.breakPath('HEAD /contact/', (_request, response) => send(response, 200, PAGE, ownPage));

    const results = await run();
    expect(failures(results)).toEqual([]);
    expect(named(results, '/contact')?.detail).toBe('200 text/html via /contact/, the contact form; HEAD the same');
  });

  it('fails the contact page /contact leads to when its form posts elsewhere: a form service’s, an existing site’s page not yet converted', async () => {
    const formspree = '<form action="https://formspree.io/f/xyzzy" method="POST"><input name="name"><input name="email"><textarea name="message"></textarea></form>';
    door.breakPath('GET /contact', (_request, response) => send(response, 302, undefined, '', { location: '/contact/' }));
    door.breakPath('GET /contact/', (_request, response) => send(response, 200, PAGE, formspree));
    door.breakPath('HEAD /contact/', (_request, response) => send(response, 200, PAGE, formspree));

    expect(failures(await run())).toEqual([
      expect.objectContaining({
        name: '/contact',
        detail: '200 text/html via /contact/, your contact page, but its form sends the inquiry to formspree.io, a form service, not to /contact',
        fix: expect.stringMatching(/^give its form method="post" action="\/contact"/),
      }),
    ]);
  });

  it.each([
    ['a form that is not posted', '<form action="/contact"><input name="email"></form>', 'its form to /contact has no method="post", so a browser never posts it'],
    ['no form at all', '<p>Write to me at ada@example.com</p>', 'it has no form posting to /contact'],
  ])('fails the contact page /contact leads to with %s', async (_case, body, said) => {
    door.breakPath('GET /contact', (_request, response) => send(response, 302, undefined, '', { location: '/contact/' }));
    door.breakPath('GET /contact/', (_request, response) => send(response, 200, PAGE, body));
    door.breakPath('HEAD /contact/', (_request, response) => send(response, 200, PAGE, body));
    expect(failures(await run())).toEqual([expect.objectContaining({ name: '/contact', detail: `200 text/html via /contact/, your contact page, but ${said}` })]);
  });

  it('fails the flat contact.html shown at /contact when its form posts elsewhere', async () => {
    const formspree = '<form method="post" action="https://formspree.io/f/xyzzy"><input name="name"><input name="email"><textarea name="message"></textarea></form>';
    for (const path of ['/contact', '/contact.html']) for (const method of ['GET', 'HEAD']) door.breakPath(`${method} ${path}`, (_request, response) => send(response, 200, PAGE, formspree));
    door.breakPath('OPTIONS /contact', (_request, response) => send(response, 405, PROBLEM, '{}', { allow: 'GET, HEAD, POST' }));
    expect(failures(await run())).toEqual([
      expect.objectContaining({ name: '/contact', detail: '200 text/html, your contact page, but its form sends the inquiry to formspree.io, a form service, not to /contact' }),
    ]);
  });

  it('takes the flat contact.html shown at /contact for the contact form, whatever its Cache-Control, once its posts are seen to reach the API', async () => {
    const ownPage = '<form method="post" action="/contact"><input name="name"><input name="email"><textarea name="message"></textarea></form>';
    for (const path of ['/contact', '/contact.html']) for (const method of ['GET', 'HEAD']) door.breakPath(`${method} ${path}`, (_request, response) => send(response, 200, PAGE, ownPage));
    door.breakPath('OPTIONS /contact', (_request, response) => send(response, 405, PROBLEM, '{}', { allow: 'GET, HEAD, POST' }));
    const results = await run();
    expect(failures(results)).toEqual([]);
    expect(named(results, '/contact')?.detail).toBe('200 text/html, your contact.html, shown there; HEAD the same; its posts reach the API');

    // The routing function's own 405 on /contact: its posts would never reach the API.
    door.breakPath('OPTIONS /contact', (_request, response) => send(response, 405, undefined, '', { allow: 'GET, HEAD' }));
    expect(failures(await run())).toEqual([
      expect.objectContaining({ name: '/contact', detail: "200 text/html, your contact.html; but OPTIONS /contact 405 (Allow: GET, HEAD), not the API's 405 naming POST" }),
    ]);
  });

  it('takes no other page at /contact for the owner’s: the service’s form without its Cache-Control, a page that is not contact.html', async () => {
    const serviceForm = '<form method="post" action="/contact"><input type="hidden" name="form_token" value="t"><input name="name"></form>';
    for (const method of ['GET', 'HEAD']) door.breakPath(`${method} /contact`, (_request, response) => send(response, 200, PAGE, serviceForm));
    expect(failures(await run())).toEqual([expect.objectContaining({ name: '/contact', detail: expect.stringMatching(/^200 text\/html, but Cache-Control none where the service sends "no-store"/) })]);
    door.breakPath('GET /contact.html', (_request, response) => send(response, 200, PAGE, '<p>another page</p>'));
    expect(failures(await run())).toEqual([expect.objectContaining({ name: '/contact', detail: expect.stringMatching(/^200 text\/html, but Cache-Control none/) })]);
  });

  it('asks for each style sheet and script of the site the owner’s form page loads, and warns of one that is not there, naming it', async () => {
    const ownPage = '<link rel="stylesheet" href="/css/site.css"><form method="post" action="/contact"></form><script src="contact-form.js"></script><script src="https://cdn.example/x.js"></script>';
    door.breakPath('GET /contact', (_request, response) => send(response, 301, undefined, '', { location: '/contact/' }));
    for (const method of ['GET', 'HEAD']) door.breakPath(`${method} /contact/`, (_request, response) => send(response, 200, PAGE, ownPage));
    door.breakPath('HEAD /css/site.css', (_request, response) => send(response, 200, 'text/css', ''));

    const results = await run();
    expect(door.received).toEqual(expect.arrayContaining(['HEAD /css/site.css', 'HEAD /contact/contact-form.js']));
    expect(named(results, "the form page's style sheets and scripts")).toEqual(
      expect.objectContaining({
        status: 'warn',
        detail: '/contact/ loads /contact/contact-form.js (404), not there',
        fix: expect.stringMatching(/^put each file in your site \(siteDir\) and publish, or take its tag out of the form page/),
      }),
    );
    expect(exitStatus(results)).toBe(0);

    door.breakPath('HEAD /contact/contact-form.js', (_request, response) => send(response, 200, 'text/javascript', ''));
    expect(named(await run(), "the form page's style sheets and scripts")).toEqual(
      expect.objectContaining({ status: 'ok', detail: "2 of the site's that /contact/ loads, each 200" }),
    );
  });

  it('asks for a file the form page names by the site’s whole address, as a generator’s base URL writes it (Zola)', async () => {
    const ownPage = `<link rel="stylesheet" href="${door.base.origin}/style.css"><form method="post" action="/contact"></form><script src="${door.base.origin}/contact-form.js"></script>`;
    door.breakPath('GET /contact', (_request, response) => send(response, 200, PAGE, ownPage, { 'cache-control': 'no-store' }));
    door.breakPath('HEAD /style.css', (_request, response) => send(response, 200, 'text/css', ''));

    const results = await run();
    expect(door.received).toEqual(expect.arrayContaining(['HEAD /style.css', 'HEAD /contact-form.js']));
    expect(named(results, "the form page's style sheets and scripts")?.detail).toBe('/contact loads /contact-form.js (404), not there');
  });

  it('asks the site itself for a file whose path reads as another host’s address (`/.//evil.example/x.js`)', async () => {
    door.breakPath('GET /contact', (_request, response) => send(response, 200, PAGE, 'toolname="sendInquiry" <script src="/.//evil.example/x.js"></script>', { 'cache-control': 'no-store' }));

    const results = await run();
    expect(door.received).toContain('HEAD //evil.example/x.js');
    expect(named(results, "the form page's style sheets and scripts")?.detail).toBe('/contact loads //evil.example/x.js (404), not there');
  });

  it('asks for no more of a form page’s files than a page has any reason to load', async () => {
    const scripts = Array.from({ length: MAX_FORM_PAGE_FILES + 5 }, (_, n) => `<script src="/js/${n}.js"></script>`).join('');
    door.breakPath('GET /contact', (_request, response) => send(response, 200, PAGE, `toolname="sendInquiry" ${scripts}`, { 'cache-control': 'no-store' }));

    const results = await run();
    expect(door.received.filter((route) => route.startsWith('HEAD /js/'))).toHaveLength(MAX_FORM_PAGE_FILES);
    expect(named(results, "the form page's style sheets and scripts")?.detail).toBe(`/contact loads /js/0.js (404), /js/1.js (404), ${Array.from({ length: MAX_FORM_PAGE_FILES - 2 }, (_, n) => `/js/${n + 2}.js (404)`).join(', ')}, not there`);
  });

  it('skips the form page’s files when /contact gives no page', async () => {
    door.breakPath('GET /contact', (_request, response) => send(response, 503, PROBLEM, problem503()));

    expect(named(await run(), "the form page's style sheets and scripts")).toEqual(expect.objectContaining({ status: 'skip', detail: 'not checked: /contact gave no page (its line says why)' }));
  });

  it('fails a HEAD that does not answer as its GET', async () => {
    door.breakPath('HEAD /contact/form.js', (_request, response) => send(response, 404, PAGE));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: '/contact/form.js', detail: expect.stringContaining('but HEAD answered 404') })]);
  });

  it.each<[string, (response: ServerResponse) => void]>([
    ["S3's 403 (the distribution may not list the bucket)", (response) => send(response, 403, 'application/xml', '<Error><Code>AccessDenied</Code></Error>')],
    ['a 200 (a soft 404)', (response) => send(response, 200, PAGE, '<title>Home</title>')],
  ])('fails a missing page answered with %s', async (_case, answer) => {
    door.breakMissingPages((_request, response) => answer(response));

    const results = await run();
    expect(failures(results)).toEqual([expect.objectContaining({ name: expect.stringMatching(/^a missing page/) })]);
    // The same answer for a dotfile says nothing of it: no second failure for one fault.
    expect(named(results, 'dotfiles (GET /.env, /.git/config)')?.status).toBe('skip');
  });

  it("warns of a missing page answered by S3's own XML 404: the site has no 404.html", async () => {
    door.breakMissingPages((_request, response) => send(response, 404, 'application/xml', '<Error><Code>NoSuchKey</Code></Error>'));

    const results = await run();
    expect(results.find((result) => result.name.startsWith('a missing page'))).toMatchObject({ status: 'warn', fix: expect.stringContaining('404.html') });
    expect(exitStatus(results)).toBe(0);
  });

  it('warns of a missing page answered with a line of text (local mode without a 404.html): visitors see no page', async () => {
    door.breakMissingPages((_request, response) => send(response, 404, 'text/plain', 'Not Found: no file of SITE_DIR has this path, and it has no 404.html.'));

    const results = await run();
    expect(results.find((result) => result.name.startsWith('a missing page'))).toMatchObject({ status: 'warn', detail: expect.stringMatching(/404 text\/plain, not a page$/), fix: expect.stringContaining('404.html') });
    expect(exitStatus(results)).toBe(0);
  });

  it('fails a page without HSTS, naming it', async () => {
    const withoutHsts: FakeAnswer = (_request, response) => send(response, 200, PAGE, 'toolname="sendInquiry"', { 'strict-transport-security': '', 'cache-control': 'no-store' });
    door.breakPath('GET /contact', withoutHsts);
    door.breakPath('HEAD /contact', withoutHsts);

    expect(failures(await run())).toEqual([
      { status: 'FAIL', name: 'security headers', detail: 'no Strict-Transport-Security on GET /contact, HEAD /contact', fix: expect.stringContaining('response headers policy') },
    ]);
  });

  it('counts an HSTS of max-age=0 as none: it tells the browser to forget the site (RFC 6797 §6.1.1)', async () => {
    door.breakPath('GET /', (_request, response) => send(response, 200, PAGE, '<title>Home</title>', { 'strict-transport-security': 'max-age=0' }));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: 'security headers', detail: 'no Strict-Transport-Security on GET /' })]);
  });

  it('fails an answer without nosniff', async () => {
    door.breakPath('GET /', (_request, response) => send(response, 200, PAGE, '<title>Home</title>', { 'x-content-type-options': '' }));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: 'security headers', detail: 'no nosniff on GET /' })]);
  });

  it('fails an API endpoint that answers without the secret', async () => {
    door.breakApi((_request, response) => send(response, 200, 'application/json', '{}'));

    expect(failures(await run())).toEqual([
      expect.objectContaining({ name: "the API's own endpoint (ApiUrl)", detail: expect.stringContaining("answers without the front door's secret") }),
    ]);
  });

  it('accepts API Gateway\'s own 403 from the endpoint as a refusal too', async () => {
    door.breakApi((_request, response) => send(response, 403, 'application/json', '{"message":"Forbidden"}'));

    expect(named(await run(), "the API's own endpoint (ApiUrl)")).toMatchObject({ status: 'ok', detail: expect.stringContaining("API Gateway's own") });
  });

  it('fails an invalid post that is not refused 422', async () => {
    door.breakPath('POST /api/contact', (_request, response) => send(response, 500, PROBLEM, '{"code":"internal_error"}'));

    expect(failures(await run())).toEqual([
      expect.objectContaining({ name: 'POST /api/contact with an invalid body', detail: expect.stringContaining('500 application/problem+json (internal_error): the service failed') }),
    ]);
  });

  it('warns, without failing, when this address has used the hour\'s posts, saying when to run again; for a site of this machine (the preview), how to raise its limit', async () => {
    door.breakPath('POST /api/contact', (_request, response) => send(response, 429, PROBLEM, '{"code":"rate_limited"}'));
    const post = 'POST /api/contact with an invalid body';
    const again = 'run npm run verify again after the hour turns (UTC)';

    const results = await run();
    expect(named(results, post)).toEqual({ status: 'warn', name: post, detail: "429 rate_limited: this address has used this hour's posts", fix: again });
    expect(exitStatus(results)).toBe(0);
    expect(named(await run({ base: new URL(door.localUrl) }, fetch), post)).toMatchObject({
      status: 'warn',
      fix: `${again}, or start npm start again with RATE_LIMIT_IP=100 (its Limits line)`,
    });
  });

  it('fails a folder whose redirect leaves the site, and never follows it', async () => {
    door.breakPath('GET /about', (_request, response) => send(response, 301, undefined, '', { location: 'https://elsewhere.test/about/' }));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: 'GET /about', detail: '301 to https://elsewhere.test, another site' })]);
  });

  it('fails a folder redirected anywhere but to its slash', async () => {
    door.breakPath('GET /about', (_request, response) => send(response, 301, undefined, '', { location: '/' }));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: 'GET /about', detail: '301 to /, not to /about/' })]);
  });

  it('says a folder whose slash form the site has no page for is the site’s to add, not a deploy’s', async () => {
    door.breakPath('GET /about', (_request, response) => send(response, 301, undefined, '', { location: '/about/' }));
    door.breakPath('GET /about/', (_request, response) => send(response, 404, PAGE, '<title>Not found</title>'));

    expect(failures(await run())).toEqual([
      expect.objectContaining({
        name: 'GET /about',
        fix: "your home page links /about/, which your site has no page for: add it (its folder's index.html) or mend the link; if siteDir has it, npm run publish",
      }),
    ]);
  });

  it('tries no folder of the service\'s paths, /contact/ among them', async () => {
    door.breakPath('GET /', (_request, response) => send(response, 200, PAGE, '<a href="/contact/">Contact</a> <a href="/agent/x/">x</a> <a href="https://elsewhere.test/y/">y</a>'));

    const results = await run();
    expect(named(results, 'a folder without its slash')).toMatchObject({
      status: 'skip',
      detail: "your home page links to no folder of the site (an address ending in /) to try, the service's own, /contact/ among them, left out",
    });
    expect(door.received).not.toContain('GET /agent/x');
  });

  it.each([['/.env'], ['/.git/config']])('fails a dotfile the site serves, %s, as no deploy or publish would', async (path) => {
    door.breakPath(`GET ${path}`, (_request, response) => send(response, 200, 'application/octet-stream', 'SECRET=1'));

    expect(failures(await run())).toEqual([
      {
        status: 'FAIL',
        name: 'dotfiles (GET /.env, /.git/config)',
        detail: `${path} answers 200 (8 bytes): anyone can read it`,
        fix: expect.stringContaining('npm run publish deletes from the bucket what the folder no longer publishes'),
      },
    ]);
  });

  it('warns of a dotfile answered otherwise than a missing page', async () => {
    door.breakPath('GET /.env', (_request, response) => send(response, 403, 'application/xml', '<Error><Code>AccessDenied</Code></Error>'));

    expect(named(await run(), 'dotfiles (GET /.env, /.git/config)')).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^\/\.env answers 403 application\/xml/) });
  });

  it('fails a path that reads as another host’s, answered with a redirect to it', async () => {
    door.breakPath('GET //evil.example/x', (_request, response) => send(response, 301, undefined, '', { location: '//evil.example/x/' }));

    const results = await run();

    expect(failures(results)).toEqual([
      {
        status: 'FAIL',
        name: 'GET //evil.example/x',
        detail: '301 to https://evil.example: a redirect off your site, which a phishing mail can borrow your domain for',
        fix: expect.stringContaining('npm run cdk -- deploy --all'),
      },
    ]);
    expect(door.received).toContain('GET //evil.example/x');
    expect(door.received).not.toContain('GET //evil.example/x/');
  });

  it('takes a redirect of such a path onto the site for no harm', async () => {
    door.breakPath('GET //evil.example/x', (_request, response) => send(response, 301, undefined, '', { location: '/evil.example/x/' }));

    expect(named(await run(), 'GET //evil.example/x')).toMatchObject({ status: 'ok', detail: '301 to /evil.example/x/, on your site' });
  });

  it('warns, without failing, of a page linked by its .html name that its name without .html does not reach', async () => {
    door.breakPath('GET /work', (_request, response) => send(response, 301, undefined, '', { location: '/work/' }));

    const results = await run();
    expect(failures(results)).toEqual([]);
    expect(named(results, 'GET /work')).toMatchObject({ status: 'warn', detail: '301 to /work/, where /work.html is linked', fix: expect.stringContaining('npm run publish or a deploy lists your pages named .html') });
  });

  it('leaves alone a page whose name a folder of the site holds, which wins, and one whose name the front door never lists', async () => {
    door.breakPath('GET /work', (_request, response) => send(response, 301, undefined, '', { location: '/work/' }));
    door.breakPath('GET /work/', (_request, response) => send(response, 200, PAGE, '<title>Work</title>'));
    expect(named(await run(), 'GET /work')).toBeUndefined();

    door.breakPath('GET /', (_request, response) => send(response, 200, PAGE, '<title>Home</title><a href="/about/">About</a> <a href="/v1.2.html">v1.2</a>'));
    const results = await run();
    expect(results.map((result) => result.name)).not.toContain('GET /v1.2');
    expect(door.received).not.toContain('GET /v1.2');
  });

  it('fails a folder the front door does not know', async () => {
    door.breakPath('GET /about', (_request, response) => send(response, 404, PAGE, '<title>Not found</title>'));

    expect(failures(await run())).toEqual([expect.objectContaining({ name: 'GET /about', fix: expect.stringContaining('siteDir') })]);
  });

  it('says a page that the front door could not fetch from an existing site is the site\'s host\'s silence, not the service\'s failure', async () => {
    const unfetched = 'Bad Gateway: https://elodie.github.io/ (siteOrigin) could not be fetched: ENOTFOUND.';
    door.breakPath('GET /', (_request, response) => send(response, 502, 'text/plain; charset=utf-8', unfetched));

    expect(named(await run(), 'GET /')).toEqual(
      expect.objectContaining({
        status: 'FAIL',
        detail: `502 text/plain ${JSON.stringify(unfetched)}: the front door had no answer from where it fetches this path`,
        fix: expect.stringMatching(/^with siteOrigin, check that your host answers it/),
      }),
    );
  });

  it('skips the pages\' checks for a site without pages, where / is the API\'s 404', async () => {
    door.breakPath('GET /', (_request, response) => send(response, 404, PROBLEM, '{"code":"not_found"}'));
    door.breakMissingPages((_request, response) => send(response, 404, PROBLEM, '{"code":"not_found"}'));

    const results = await run();

    expect(failures(results)).toEqual([]);
    expect(named(results, 'your pages')).toMatchObject({ status: 'skip' });
    expect(results.map((result) => result.name)).not.toContain('GET /about');
    expect(results.find((result) => result.name.startsWith('a missing page'))).toMatchObject({ status: 'ok', detail: expect.stringContaining('you have no pages') });
  });

  it('skips the security headers over plain HTTP and the endpoint without ApiUrl, as in local mode', async () => {
    const results = await run({ base: new URL(door.localUrl) }, fetch);

    expect(named(results, 'security headers')).toMatchObject({ status: 'skip' });
    expect(named(results, "the API's own endpoint (ApiUrl)")).toMatchObject({ status: 'skip' });
    expect(failures(results)).toEqual([]);
  });

  it('says once that a site cannot be reached, instead of a time-out per check', async () => {
    const refused: typeof fetch = async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    };

    const results = await run({ base: door.base }, refused);

    expect(results).toEqual([
      expect.objectContaining({ status: 'FAIL', name: PUBLISHED[0]![0], detail: 'could not check (could not connect (ECONNREFUSED))' }),
      { status: 'skip', name: 'the rest of the site', detail: 'not checked: https://site.test could not be reached' },
      expect.objectContaining({ status: 'skip', name: "the API's own endpoint (ApiUrl)" }),
    ]);
  });

  it('stops asking a site that answered too slowly twice', async () => {
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));

    const results: CheckResult[] = [];
    for await (const line of frontDoorChecks({ base: door.base }, createProbe(silent, { timeoutMs: 100, maxBytes: 1024 }))) if (isCheckResult(line)) results.push(line);

    expect(results.map((result) => `${result.status} ${result.name}: ${result.detail}`)).toEqual([
      `FAIL ${PUBLISHED[0]![0]}: could not check (no whole answer within 0.1 s)`,
      `FAIL ${PUBLISHED[1]![0]}: could not check (no whole answer within 0.1 s)`,
      'skip the rest of the site: not checked: https://site.test answered too slowly 2 times',
      expect.stringMatching(/^skip the API's own endpoint/),
    ]);
  });

  it('names a site that answers with what is not HTTP as such, and stops asking it after twice', async () => {
    const ssh = await startRawAnswerServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    try {
      const results = await run({ base: new URL(ssh.url) }, fetch);

      const notHttp = 'could not check (answered with what is not well-formed HTTP (Expected HTTP/, RTSP/ or ICE/))';
      expect(results.map((result) => `${result.status} ${result.name}: ${result.detail}`)).toEqual([
        `FAIL ${PUBLISHED[0]![0]}: ${notHttp}`,
        `FAIL ${PUBLISHED[1]![0]}: ${notHttp}`,
        `skip the rest of the site: not checked: ${ssh.url} answered with what is not well-formed HTTP 2 times`,
        expect.stringMatching(/^skip the API's own endpoint/),
      ]);
      expect(results[0]!.fix).toMatch(/no web server, or a broken one between/);
      expect(results.map((result) => result.detail).join('\n')).not.toMatch(/could not be reached|could not connect/);
    } finally {
      await ssh.close();
    }
  });

  it('ends with one line once the time the run gives the site is up, the request under way cut short', async () => {
    // Every answer 400 ms late: a run of some 25 requests would take 10 s; it has 1.5 s.
    const slow = createServer((_request, response) => setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 400));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const base = new URL(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`);
    try {
      const started = performance.now();
      const results: CheckResult[] = [];
      for await (const line of frontDoorChecks({ base }, createProbe(fetch, PROBE_LIMITS, deadlineIn(1500)))) if (isCheckResult(line)) results.push(line);

      expect(performance.now() - started).toBeLessThan(2500);
      expect(results.length).toBeGreaterThan(2);
      expect(results.slice(-2)).toEqual([
        expect.objectContaining({ status: 'FAIL', detail: "could not check (the 1.5 s a run gives the site's checks are up)", fix: expect.stringMatching(/too slowly for the run to finish/) }),
        { status: 'skip', name: 'the rest of the site', detail: `not checked: ${base.origin} answered too slowly: the 1.5 s a run gives the site's checks are up` },
      ]);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('cuts what a server wrote to a length that fits a line', async () => {
    door.breakPath('GET /llms.txt', (_request, response) => send(response, 403, 'application/json', JSON.stringify({ message: 'x'.repeat(5000) })));

    const line = formatResult(failures(await run())[0]!);
    expect(line).toContain(`"${'x'.repeat(60)}…"`);
    expect(line.length).toBeLessThan(400);
  });

  it('never prints a line break or a terminal escape a server put in its answer', async () => {
    door.breakPath('GET /llms.txt', (_request, response) => send(response, 403, 'application/json', '{"message":"Forbidden\\n\\u001b[2Jok    all fine"}'));

    const line = formatResult(failures(await run())[0]!);
    expect(line).not.toMatch(/[\n\u001b]/);
    expect(line.startsWith('FAIL  /llms.txt: ')).toBe(true);
  });
});
