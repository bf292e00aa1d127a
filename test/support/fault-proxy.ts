import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * How the proxy treats the requests of a client and the answers of the service behind it.
 */
export type FaultMode =
  /** Requests and answers pass unchanged. */
  | 'pass'
  /** Requests pass; answers come `lateMs` late. */
  | 'late'
  /** Requests pass; answers never come, the connection stays open. */
  | 'silent'
  /** Requests pass; half the first chunk of an answer comes, then the connection is reset. */
  | 'reset'
  /** No request passes: the proxy answers each itself with `errorAnswer`. */
  | 'error'
  /** Nothing is listening: every connection is refused. */
  | 'refuse';

/** An error answer of an AWS JSON service, as the proxy gives it instead of the service. */
export interface ErrorAnswer {
  readonly status: number;
  /** The service's error code (`TooManyRequestsException`, `InternalServerError`, …). */
  readonly name: string;
}

export interface FaultProxy {
  readonly url: string;
  mode: FaultMode;
  /** What `error` mode, and a request `failWhen` picks, are answered with. */
  errorAnswer: ErrorAnswer;
  /** In any mode but `refuse`, a request (its head and body, as text) this returns true for is answered `errorAnswer`. */
  failWhen: ((request: string) => boolean) | undefined;
  /** HTTP requests that went through to the service so far. */
  requests(): number;
  close(): Promise<void>;
}

/** The head and body of every whole HTTP/1.1 request at the start of `buffer`, and what is left. */
function wholeRequests(buffer: Buffer): { requests: Buffer[]; rest: Buffer } {
  const requests: Buffer[] = [];
  let rest = buffer;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) return { requests, rest };
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(rest.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
    const end = headEnd + 4 + length;
    if (rest.byteLength < end) return { requests, rest };
    requests.push(rest.subarray(0, end));
    rest = rest.subarray(end);
  }
}

function errorResponse({ status, name }: ErrorAnswer): string {
  const body = JSON.stringify({ __type: name, message: `${name} (from the tests' fault proxy)` });
  return [
    `HTTP/1.1 ${status} Fault`,
    'Content-Type: application/x-amz-json-1.0',
    `x-amzn-ErrorType: ${name}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** A request with its Host header naming `host`: the service behind answers only under its own name, as local mode's emulators do. */
function addressedTo(request: Buffer, host: string): Buffer {
  const headEnd = request.indexOf('\r\n\r\n');
  const head = request.subarray(0, headEnd).toString('latin1').replace(/\r\nhost:[^\r]*/i, `\r\nHost: ${host}`);
  return Buffer.concat([Buffer.from(head, 'latin1'), request.subarray(headEnd)]);
}

/**
 * A TCP proxy to `target` (an http:// URL on loopback) that forwards each whole request, under the
 * target's own name, and answers as `mode` says; it listens on one port throughout, refusal aside.
 */
export async function startFaultProxy(target: string, { lateMs = 2500 } = {}): Promise<FaultProxy> {
  const { host, hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let requests = 0;
  let mode: FaultMode = 'pass';
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    let pending: Buffer = Buffer.alloc(0);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      const framed = wholeRequests(Buffer.concat([pending, chunk]));
      pending = framed.rest;
      for (const request of framed.requests) {
        if (mode === 'error' || proxy.failWhen?.(request.toString('utf8')) === true) {
          client.end(errorResponse(proxy.errorAnswer));
          return;
        }
        requests++;
        upstream.write(addressedTo(request, host));
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      switch (mode) {
        case 'late':
          setTimeout(() => client.writable && client.write(chunk), lateMs);
          return;
        case 'silent':
          return;
        case 'reset':
          client.write(chunk.subarray(0, Math.ceil(chunk.byteLength / 2)), () => client.resetAndDestroy());
          return;
        default:
          client.write(chunk);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const listeningPort = (server.address() as AddressInfo).port;
  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${listeningPort}`,
    get mode() {
      return mode;
    },
    set mode(next: FaultMode) {
      // Refused: the port closes, as a service that is down; connections already open stay.
      if (next === 'refuse' && mode !== 'refuse') server.close();
      if (next !== 'refuse' && mode === 'refuse') server.listen(listeningPort, '127.0.0.1');
      mode = next;
    },
    errorAnswer: { status: 500, name: 'InternalFailure' },
    failWhen: undefined,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (mode === 'refuse') resolve();
        else server.close(() => resolve());
      }),
  };
  return proxy;
}
