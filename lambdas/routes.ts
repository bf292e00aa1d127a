/**
 * The route table: every method and path the service answers, and the handler (one Lambda
 * function, one folder under lambdas/) that answers it. The stack, the local server and the
 * 404/405 answers are all built from this list.
 */
export const ROUTES = [
  { method: 'GET', path: '/api/contact', handler: 'schema' },
  { method: 'POST', path: '/api/contact', handler: 'contact' },
  { method: 'OPTIONS', path: '/api/contact', handler: 'contact' },
] as const satisfies readonly RouteDefinition[];

/** Answers whatever no route matches: the contract's 404, or 405 with `Allow`. */
export const FALLBACK_HANDLER = 'fallback';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'OPTIONS';

interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly handler: string;
}

export type Route = (typeof ROUTES)[number];
export type HandlerName = Route['handler'] | typeof FALLBACK_HANDLER;

/** Every handler, each once, the fallback last. */
export const HANDLER_NAMES: readonly HandlerName[] = [...new Set(ROUTES.map((route) => route.handler)), FALLBACK_HANDLER];

export function findRoute(method: string, path: string): Route | undefined {
  return ROUTES.find((route) => route.method === method && route.path === path);
}

/** The methods the route table serves at a path, sorted; empty for an unknown path. */
export function allowedMethods(path: string): string[] {
  return [...new Set(ROUTES.filter((route) => route.path === path).map((route) => route.method))].sort();
}
