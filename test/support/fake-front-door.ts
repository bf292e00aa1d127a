import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fetch } from '../../bin/verify/http-probe.js';
import { PUBLISHED } from '../../bin/verify/published-documents.js';
import { DEFAULT_CONTENT_SIGNALS, parseContentSignals, readSiteSettings } from '../../lambdas/config.js';
import { agentSkillsIndex, contactSkill } from '../../lambdas/discovery/agent-skills.js';
import { openApiDocument } from '../../lambdas/schema/openapi.js';
import { robotsTxt } from '../../lib/pages/robots-txt.js';
import { sitemapXml } from '../../lib/pages/sitemap-xml.js';

/** How the fake answers one request: the test's own answer in place of the healthy one. */
export type FakeAnswer = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A front door of the tests' own (node:http), answering as a healthy deployment with pages does:
 * every document of the route table, a home page linking a folder, the folder's redirect, a 404
 * page, the invalid post's 422, HSTS and nosniff on every answer; and an API endpoint that
 * refuses what carries no secret. A test breaks one answer at a time with `breakPath`.
 */
export interface FakeFrontDoor {
  /** What the checks are told: `https://site.test`, which `fetch` below sends to the fake. */
  readonly base: URL;
  /** The fake's own address, for a command line run against it over plain HTTP. */
  readonly localUrl: string;
  readonly apiUrl: URL;
  /** The API endpoint's own address, likewise. */
  readonly localApiUrl: string;
  /** Answers a method and path (`GET /llms.txt`) the test's way from now on. */
  breakPath(route: string, answer: FakeAnswer): void;
  /** Answers every path the site has no page for the test's way from now on. */
  breakMissingPages(answer: FakeAnswer): void;
  /** Answers the API endpoint the test's way from now on. */
  breakApi(answer: FakeAnswer): void;
  /** Every request the fake received, `GET /llms.txt`, in order. */
  readonly received: string[];
  /** The bodies of the POSTs it received, in order. */
  readonly posted: string[];
  /** Sends the checks' requests for `https://site.test` and `https://api.test` to the fake's two servers. */
  readonly fetch: Fetch;
  close(): Promise<void>;
}

/** An answer with the headers the deployed front door adds to every one (docs/api.md §10), unless left out. */
export function send(
  response: ServerResponse,
  status: number,
  contentType: string | undefined,
  body = '',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'strict-transport-security': 'max-age=31536000',
    'x-content-type-options': 'nosniff',
    ...(contentType === undefined ? {} : { 'content-type': contentType }),
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

export const PAGE = 'text/html; charset=utf-8';
export const PROBLEM = 'application/problem+json; charset=utf-8';

const problem = (status: number, code: string) => JSON.stringify({ type: 'about:blank', status, code, detail: 'x', requestId: 'r' });

/** The path as sent: `//evil.example/x` too, which a URL parser would read as another host's. */
const pathOf = (request: IncomingMessage) => (request.url ?? '/').split('?')[0]!;

const BASE = 'https://site.test';
const SKILL = contactSkill(readSiteSettings({ BASE_URL: BASE }));
/** What a deployment adds for agents (docs/api.md §16), made by the service's own code, and the bodies its documents' checks read. */
const AGENT_ANSWERS: Readonly<Record<string, readonly [string, string]>> = {
  '/robots.txt': ['text/plain', robotsTxt(parseContentSignals('contentSignals', DEFAULT_CONTENT_SIGNALS), `${BASE}/sitemap.xml`)],
  '/sitemap.xml': ['text/xml', sitemapXml(BASE, ['index.html', 'about/index.html'], new Set()).xml],
  '/.well-known/agent-skills/index.json': ['application/json', JSON.stringify(agentSkillsIndex(readSiteSettings({ BASE_URL: BASE }), SKILL))],
  '/.well-known/agent-skills/contact-site-owner/SKILL.md': ['text/markdown; charset=utf-8', SKILL],
};
const DOCUMENT_BODIES: Readonly<Record<string, string>> = {
  '/.well-known/api-catalog': '{"linkset":[]}',
  '/.well-known/oauth-authorization-server': `{"issuer":"${BASE}"}`,
  '/.well-known/oauth-protected-resource': `{"resource":"${BASE}/"}`,
  // The service's own, whose RateLimit-Policy says the limits before the invalid post spends one.
  '/openapi.json': JSON.stringify(openApiDocument(readSiteSettings({ BASE_URL: BASE }))),
};
const HOME_HEADERS = { vary: 'Accept', link: '</.well-known/api-catalog>; rel="api-catalog", </index.html.md>; rel="alternate"; type="text/markdown"' };

function healthyAnswer(request: IncomingMessage, response: ServerResponse, missingPage: FakeAnswer): void {
  const path = pathOf(request);
  const document = PUBLISHED.find(([published]) => published === path);
  const added = AGENT_ANSWERS[path];
  if (added !== undefined) return send(response, 200, added[0], added[1]);
  if (path === '/' && /text\/markdown/.test(request.headers.accept ?? '')) return send(response, 200, 'text/markdown; charset=utf-8', '# Home\n', HOME_HEADERS);
  if (request.method === 'POST' && path === '/api/contact') {
    return send(response, 422, PROBLEM, problem(422, 'validation_failed'), { 'ratelimit-policy': '"ip";q=5;w=3600, "email";q=3;w=3600', ratelimit: '"ip";r=4;t=1800' });
  }
  if (document !== undefined) {
    const [, expected] = document;
    return send(response, expected.status, expected.mediaType, DOCUMENT_BODIES[path] ?? `${expected.holds ?? ''}{"path":"${path}"}`, { 'cache-control': expected.cacheControl });
  }
  if (path === '/') return send(response, 200, PAGE, '<!doctype html><title>Home</title><a href="/api/">API</a> <a href="/about/">About</a> <a href="/work.html">Work</a>', HOME_HEADERS);
  if (path === '/about') return send(response, 301, undefined, '', { location: '/about/' });
  if (path === '/work' || path === '/work.html') return send(response, 200, PAGE, '<!doctype html><title>Work</title>');
  if (path === '/about/') return send(response, 200, PAGE, '<!doctype html><title>About</title>');
  return missingPage(request, response);
}

export async function startFakeFrontDoor(): Promise<FakeFrontDoor> {
  const broken = new Map<string, FakeAnswer>();
  let missingPage: FakeAnswer = (_request, response) => send(response, 404, PAGE, '<!doctype html><title>Not found</title>');
  let apiAnswer: FakeAnswer = (_request, response) => send(response, 403, PROBLEM, problem(403, 'forbidden'));
  const received: string[] = [];
  const posted: string[] = [];
  const site = await listen((request, response, body) => {
    const route = `${request.method} ${pathOf(request)}`;
    received.push(route);
    if (request.method === 'POST') posted.push(body);
    const answer = broken.get(route);
    if (answer === undefined) healthyAnswer(request, response, missingPage);
    else answer(request, response);
  });
  const api = await listen((request, response) => apiAnswer(request, response));
  const base = new URL('https://site.test');
  const apiUrl = new URL('https://api.test');
  const local = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fakeFetch: Fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const server = url.origin === base.origin ? site : url.origin === apiUrl.origin ? api : undefined;
    if (server === undefined) throw new Error(`the fake front door was asked for another host: ${url.origin}`);
    return fetch(`${local(server)}${url.pathname}${url.search}`, init);
  };
  return {
    base,
    localUrl: local(site),
    apiUrl,
    localApiUrl: local(api),
    breakPath: (route, answer) => broken.set(route, answer),
    breakMissingPages: (answer) => (missingPage = answer),
    breakApi: (answer) => (apiAnswer = answer),
    received,
    posted,
    fetch: fakeFetch,
    close: async () => {
      await Promise.all(
        [site, api].map((server) => {
          server.closeAllConnections();
          return new Promise((resolve) => server.close(resolve));
        }),
      );
    },
  };
}

function listen(handler: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, response, body));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
