import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server that answers each request's first bytes with bytes of the test's own, written
 * straight to the socket: what no HTTP server library would send (a banner of another protocol, a
 * broken header, a body cut short), as a misconfigured proxy or another service on the port does.
 */
export interface RawAnswerServer {
  readonly url: string;
  /** Connections it accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

export async function startRawAnswerServer(answer: (socket: Socket) => void): Promise<RawAnswerServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => answer(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
