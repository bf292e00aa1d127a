import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';

export interface HttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface HttpRequest {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
  /** The loopback address to send from (the whole of 127.0.0.0/8 is local): a distinct client IP. */
  readonly from?: string;
}

/** A plain node:http request, so tests choose the source address and send any bytes at all. */
export function send(url: string, options: HttpRequest = {}): Promise<HttpResponse> {
  return exchange(httpRequest(url, requestOptions(options)), options.body);
}

/**
 * Sends a request whose target is exactly `target`, byte for byte (`//evil.example/x`, `/./x`,
 * `http://host/x`), to the server at `serverUrl`: a URL would have normalized it first.
 */
export function sendTarget(serverUrl: string, target: string, options: HttpRequest = {}): Promise<HttpResponse> {
  const { hostname, port } = new URL(serverUrl);
  return exchange(httpRequest({ ...requestOptions(options), host: hostname, port, path: target }), options.body);
}

function requestOptions(options: HttpRequest) {
  return { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false as const };
}

function exchange(outgoing: ClientRequest, body: string | Uint8Array | undefined): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text,
          json: <T>() => JSON.parse(text) as T,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** POSTs a JSON value (or raw text or bytes, sent as they are) to the contact endpoint. */
export function postContact(apiUrl: string, body: unknown, options: Omit<HttpRequest, 'body' | 'method'> = {}) {
  return send(`${apiUrl}/api/contact`, {
    ...options,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...options.headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
  });
}
