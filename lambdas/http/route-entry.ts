import type { HttpEvent } from './handler.js';

/**
 * The entry for the route API Gateway matched, from a handler's table keyed by route key. The
 * route table wires only those routes to the handler, so a missing entry is a deployment bug.
 */
export function routeEntry<T>(table: Readonly<Record<string, T>>, event: HttpEvent): T {
  const entry = table[event.routeKey];
  if (entry === undefined) throw new Error(`No entry for route ${event.routeKey}`);
  return entry;
}
