import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

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
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false },
      (incoming) => {
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
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
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
