import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * How the proxy treats the answers of the service behind it. Requests always go through at once,
 * so the service acts on every one: only whether, when and how its answer comes back differs.
 */
export type FaultMode =
  /** Answers pass unchanged. */
  | 'pass'
  /** Answers come `lateMs` late. */
  | 'late'
  /** Answers never come; the connection stays open. */
  | 'silent'
  /** Half the first chunk of an answer comes, then the connection is reset. */
  | 'reset';

export interface FaultProxy {
  readonly url: string;
  mode: FaultMode;
  /** HTTP requests that went through to the service so far. */
  requests(): number;
  close(): Promise<void>;
}

const REQUEST_LINE = /(?:^|\r\n)(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ HTTP\/1\.1\r\n/g;

/** A TCP proxy to `target` (an http:// URL on loopback) that forwards at once and answers as `mode` says. */
export async function startFaultProxy(target: string, { lateMs = 2500 } = {}): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let requests = 0;
  const proxy: FaultProxy = {
    url: '',
    mode: 'pass',
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
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
      requests += chunk.toString('latin1').match(REQUEST_LINE)?.length ?? 0;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      switch (proxy.mode) {
        case 'pass':
          client.write(chunk);
          return;
        case 'late':
          setTimeout(() => client.writable && client.write(chunk), lateMs);
          return;
        case 'silent':
          return;
        case 'reset':
          client.write(chunk.subarray(0, Math.ceil(chunk.byteLength / 2)), () => client.resetAndDestroy());
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
