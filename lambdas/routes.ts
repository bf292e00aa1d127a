/**
 * The route table: every method and path the service answers, and the handler (one Lambda
 * function, one folder under lambdas/) that answers it. The stack, the front door's behaviours,
 * the local server and the 404/405 answers are all built from this list.
 */
const DECLARED_ROUTES = [
  { method: 'GET', path: '/api/contact', handler: 'schema' },
  { method: 'POST', path: '/api/contact', handler: 'contact' },
  { method: 'OPTIONS', path: '/api/contact', handler: 'contact' },
  { method: 'GET', path: '/contact', handler: 'page' },
  // The form posts to the contact function itself, which answers this path with HTML.
  { method: 'POST', path: '/contact', handler: 'contact' },
  { method: 'GET', path: '/contact/sent', handler: 'page' },
  { method: 'GET', path: '/contact/form.js', handler: 'page' },
  { method: 'GET', path: '/contact/form.css', handler: 'page' },
  { method: 'GET', path: '/contact/icon.svg', handler: 'page' },
  { method: 'GET', path: '/.well-known/oauth-protected-resource', handler: 'discovery' },
  { method: 'GET', path: '/.well-known/oauth-authorization-server', handler: 'discovery' },
  { method: 'GET', path: '/.well-known/api-catalog', handler: 'discovery' },
  { method: 'GET', path: '/.well-known/agent-skills/index.json', handler: 'discovery' },
  { method: 'GET', path: '/.well-known/agent-skills/contact-site-owner/SKILL.md', handler: 'discovery' },
  { method: 'GET', path: '/llms.txt', handler: 'discovery' },
  { method: 'GET', path: '/openapi.json', handler: 'schema' },
  { method: 'POST', path: '/api/mcp', handler: 'mcp' },
  { method: 'OPTIONS', path: '/api/mcp', handler: 'mcp' },
  { method: 'GET', path: '/api/mcp/server-card', handler: 'discovery' },
  { method: 'GET', path: '/.well-known/mcp/server-card.json', handler: 'discovery' },
  { method: 'POST', path: '/agent/auth', handler: 'agent' },
  { method: 'POST', path: '/agent/auth/claim', handler: 'agent' },
  { method: 'POST', path: '/agent/auth/revoke', handler: 'agent' },
  { method: 'GET', path: '/oauth/authorize', handler: 'agent' },
  { method: 'POST', path: '/oauth/token', handler: 'agent' },
] as const satisfies readonly RouteDefinition[];

/** Answers whatever no route matches: the contract's 404, or 405 with `Allow`. */
export const FALLBACK_HANDLER = 'fallback';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'OPTIONS';

interface RouteDefinition {
  /** HEAD is never declared: every GET brings its own. */
  readonly method: Exclude<HttpMethod, 'HEAD'>;
  readonly path: string;
  readonly handler: string;
}

type DeclaredRoute = (typeof DECLARED_ROUTES)[number];

export interface Route {
  readonly method: HttpMethod;
  readonly path: DeclaredRoute['path'];
  readonly handler: DeclaredRoute['handler'];
}

/**
 * Every declared route, and HEAD wherever GET (docs/api.md §1): the shared http wrapper answers a
 * HEAD as the GET of the same path, so handlers never see one.
 */
export const ROUTES: readonly Route[] = DECLARED_ROUTES.flatMap((route): Route[] =>
  route.method === 'GET' ? [route, { ...route, method: 'HEAD' }] : [route],
);

/** API Gateway's route key (`GET /llms.txt`) of each route a handler answers itself (HEAD aside). */
export type RouteKeyOf<H extends Route['handler']> = RouteKey<Extract<DeclaredRoute, { handler: H }>>;
type RouteKey<R> = R extends DeclaredRoute ? `${R['method']} ${R['path']}` : never;
export type HandlerName = Route['handler'] | typeof FALLBACK_HANDLER;

/** Every handler, each once, the fallback last. */
export const HANDLER_NAMES: readonly HandlerName[] = [...new Set(ROUTES.map((route) => route.handler)), FALLBACK_HANDLER];

/**
 * The function that answers no route: the delivery worker, fed by the inquiry table's stream and
 * a schedule (docs/api.md §14), in lambdas/delivery/ like every handler in a folder of its own.
 */
export const WORKER_HANDLER = 'delivery';
export type FunctionName = HandlerName | typeof WORKER_HANDLER;
/** Every function of the stack: the route table's handlers, then the worker. */
export const FUNCTION_NAMES: readonly FunctionName[] = [...HANDLER_NAMES, WORKER_HANDLER];

export function findRoute(method: string, path: string): Route | undefined {
  return ROUTES.find((route) => route.method === method && route.path === path);
}

/** Every path of the route table, with the methods served there, sorted. */
export const METHODS_BY_PATH: ReadonlyMap<string, readonly string[]> = new Map(
  [...new Set(ROUTES.map((route) => route.path))].map((path) => [
    path,
    ROUTES.filter((route) => route.path === path)
      .map((route) => route.method)
      .sort(),
  ]),
);

/** The methods the route table serves at a path, sorted; empty for an unknown path. */
export function allowedMethods(path: string): readonly string[] {
  return METHODS_BY_PATH.get(path) ?? [];
}
