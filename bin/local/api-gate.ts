import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';

/** How long a stop waits for the requests in flight before it answers the rest itself. */
export const STOP_GRACE_MS = 5000;

/**
 * The local API server's door: it listens from the start, holds every request until the handlers
 * are loaded (or answers 503 if they never will be), and on stop takes no new request, lets the
 * ones in flight finish, and answers any still unfinished after the grace period: no client is
 * ever left waiting on an open connection.
 */
export class ApiGate {
  readonly server: Server;
  private readonly inFlight = new Set<ServerResponse>();
  private readonly listener: Promise<RequestListener>;
  private open!: (listener: RequestListener) => void;
  private fail!: (error: unknown) => void;
  private stopping = false;
  private settled?: () => void;

  constructor() {
    this.listener = new Promise((resolve, reject) => {
      this.open = resolve;
      this.fail = reject;
    });
    // Held requests wait on it; nobody else does, so a failed start-up is no unhandled rejection.
    this.listener.catch(() => undefined);
    this.server = createServer((request, response) => this.accept(request, response));
  }

  /** The handlers are ready: held requests go through, in the order they came. */
  ready(listener: RequestListener): void {
    this.open(listener);
  }

  /**
   * Answers new requests 503, waits up to `graceMs` for those in flight, answers what is left, and
   * closes. It listens until then, so that a client that comes during the stop is told to come back
   * rather than refused at the door.
   */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopping = true;
    // Held requests (start-up never finished) are answered 503.
    this.fail(new Error('stopping'));
    for (const response of this.inFlight) response.shouldKeepAlive = false;
    this.server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        this.settled = resolve;
        if (this.inFlight.size === 0) resolve();
      }),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    for (const response of this.inFlight) answerUnavailable(response, 'The local server stopped before this request was finished.');
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private accept(request: IncomingMessage, response: ServerResponse): void {
    if (this.stopping) {
      answerUnavailable(response, 'The local server is stopping.');
      return;
    }
    this.inFlight.add(response);
    response.once('close', () => {
      this.inFlight.delete(response);
      if (this.stopping) this.server.closeIdleConnections();
      if (this.inFlight.size === 0) this.settled?.();
    });
    this.listener.then(
      (listener) => listener(request, response),
      () => answerUnavailable(response, 'The local server could not start.'),
    );
  }
}

function answerUnavailable(response: ServerResponse, text: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Retry-After': '5',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  response.end(`${text}\n`);
}
