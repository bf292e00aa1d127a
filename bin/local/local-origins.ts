import { isLoopbackName, LOOPBACK_NAMES } from '../../lib/loopback-names.js';

/**
 * Where local mode's emulators and the DynamoDB stand-in listen, whatever HOST is: the mailbox
 * (every test inquiry, no login) and the tables (the inbox, any credentials) are for this machine.
 * Another machine that needs them is given endpoints of its own (AWS_ENDPOINT_URL_DYNAMODB, _SESV2).
 */
export const EMULATOR_HOST = '127.0.0.1';

/**
 * The DynamoDB stand-in's port unless DYNAMODB_PORT says otherwise: the Inbox line's `--endpoint`
 * stays the same from one start to the next. Here, not in settings.ts, so that `npm run verify`
 * can name it without loading local mode's settings.
 */
export const LOCAL_DYNAMODB_PORT = 8006;

/** A host to listen on that means every address of this machine, and the loopback address that reaches it. */
const WILDCARD_HOSTS: Readonly<Record<string, string>> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

/**
 * The URL of a local server listening on `host`, as a browser or client on this machine opens it:
 * a wildcard host is reached through loopback (browsers refuse `http://0.0.0.0`).
 */
export function localUrl(host: string, port: number): string {
  const reachable = WILDCARD_HOSTS[host] ?? host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * The origins a page served by the local server has on this machine: each loopback name on its
 * port, and the address it prints (often one of them). A visitor opens it under any of them.
 */
export function localOrigins(host: string, port: number): string[] {
  return [...LOOPBACK_NAMES.map((name) => `http://${name}:${port}`), localUrl(host, port)];
}

/**
 * Where a server listening on `host` takes connections from, when its URL (localUrl) does not say
 * it: a wildcard host is every address of this machine, which other machines may reach.
 */
export function wildcardListening(host: string): string | undefined {
  return host in WILDCARD_HOSTS ? `listening on ${host}, every address of this machine: other machines reach it too` : undefined;
}

/**
 * Whether a request's `Host` names this machine's loopback on `port`: one of the loopback names (a
 * name in any case), the port as sent, or none when it is 80. What a page of another site can make
 * a browser send after DNS rebinding (its own name, resolved to 127.0.0.1) is none of them.
 */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  const [, name, given] = /^([^:]+|\[[^\]]*\])(?::(\d+))?$/.exec(host ?? '') ?? [];
  return name !== undefined && isLoopbackName(name) && Number(given ?? 80) === port;
}

/**
 * Whether a request's `Origin` is one local mode's emulators answer: none (the SDK, a command, a
 * browser opening the mailbox, a page's own GET), or a loopback name on `port` (the mailbox's page
 * clearing its store). A page of another site sends its origin with every request whose answer it
 * could read, and needs no DNS rebinding for it: its requests to 127.0.0.1 carry that Host, and
 * dynalite answers any origin `Access-Control-Allow-Origin: *`, preflights included.
 */
export function isLoopbackOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  const [, host] = /^http:\/\/(.*)$/.exec(origin) ?? [];
  return host !== undefined && isLoopbackHost(host, port);
}
