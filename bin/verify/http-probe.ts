/**
 * The requests `npm run verify` makes, bounded whatever answers them: a time limit for the whole
 * exchange, a cap on the body, no redirect followed by itself, and no compression, so that a
 * body's length can be compared with what `HEAD` announces.
 */
export type Fetch = typeof fetch;

export interface Answer {
  readonly url: URL;
  readonly method: string;
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  /** The body's length in bytes, as received. */
  readonly bytes: number;
  /** From sending the request to the body's last byte. */
  readonly elapsedMs: number;
}

export interface ProbeRequest {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export type Probe = (url: URL, request?: ProbeRequest) => Promise<Answer>;

/**
 * Why a request got no usable answer: no connection at all (the host's other paths will not
 * answer either), no whole answer in time, an answer that is not well-formed HTTP, an answer the
 * checks will not read, or no time left of what the whole run gives the site.
 */
export type ProbeFailure = 'unreachable' | 'too slow' | 'not http' | 'unreadable' | 'out of time';

/** A request that got no usable answer: why, in a few words (`no answer within 10 s`, `ECONNREFUSED`). */
export class ProbeError extends Error {
  override readonly name = 'ProbeError';

  constructor(
    message: string,
    readonly failure: ProbeFailure,
  ) {
    super(message);
  }
}

export interface ProbeLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** Every document the service publishes is a few KiB; the form page and the OpenAPI document the largest. */
export const PROBE_LIMITS: ProbeLimits = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };

/** Says who is asking, so that the owner can tell these requests apart in the logs. */
const USER_AGENT = 'personal-site-verify (npm run verify)';

/** The time a run gives a group of requests all together (the site's checks), from now on. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly limitMs: number;
}

export function deadlineIn(limitMs: number): Deadline {
  return { signal: AbortSignal.timeout(limitMs), limitMs };
}

/** No time shared with other requests: each has its own limit only. */
const NO_DEADLINE: Deadline = { signal: new AbortController().signal, limitMs: Infinity };

/**
 * Requests bounded as above; with a `deadline`, also by what is left of it: a request under way
 * then is cut short, and any later one fails at once, as `out of time`.
 */
export function createProbe(fetchImpl: Fetch, limits: ProbeLimits = PROBE_LIMITS, deadline: Deadline = NO_DEADLINE): Probe {
  return async (url, request = {}) => {
    const method = request.method ?? 'GET';
    const started = performance.now();
    if (deadline.signal.aborted) throw outOfTime(deadline);
    const signal = AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), deadline.signal]);
    try {
      const response = await fetchImpl(url, {
        method,
        headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'identity', ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        redirect: 'manual',
        signal,
      });
      const bytes = await readCapped(response, limits.maxBytes);
      return {
        url,
        method,
        status: response.status,
        headers: response.headers,
        body: new TextDecoder().decode(bytes),
        bytes: bytes.byteLength,
        elapsedMs: performance.now() - started,
      };
    } catch (error) {
      throw deadline.signal.aborted ? outOfTime(deadline) : whyNoAnswer(error, limits);
    }
  };
}

function outOfTime(deadline: Deadline): ProbeError {
  return new ProbeError(`the ${deadline.limitMs / 1000} s a run gives the site's checks are up`, 'out of time');
}

/** The body, up to the cap: past it, the rest is never read. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ProbeError(`answered more than ${maxBytes / 1024} KiB: no document of the service is that large`, 'unreadable');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function whyNoAnswer(error: unknown, limits: ProbeLimits): ProbeError {
  if (error instanceof ProbeError) return error;
  // Errors of fetch may come from another realm than this module's Error: read them by shape.
  const { name, message, cause } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; message?: unknown; cause?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return new ProbeError(`no whole answer within ${limits.timeoutMs / 1000} s`, 'too slow');
  // fetch's TypeError carries the socket's error as its cause: ENOTFOUND, ECONNREFUSED, a certificate's;
  // undici's HTTPParserError for bytes that are no HTTP answer, its SocketError for a connection
  // closed part-way, OpenSSL's for bytes that are no TLS, all after a connection was made.
  const { name: causeName, code, message: causeMessage } = (typeof cause === 'object' && cause !== null ? cause : {}) as { name?: unknown; code?: unknown; message?: unknown };
  if (causeName === 'HTTPParserError') {
    const why = typeof causeMessage === 'string' ? (/\(([^)]+)\)$/.exec(causeMessage)?.[1] ?? causeMessage) : 'unparsable';
    return new ProbeError(`answered with what is not well-formed HTTP (${why})`, 'not http');
  }
  if (code === 'UND_ERR_SOCKET') return new ProbeError('closed the connection before a whole answer', 'not http');
  // OpenSSL's reading of a TLS record that is none: plain HTTP, say, at an https address.
  if (typeof code === 'string' && code.startsWith('ERR_SSL_')) return new ProbeError(`answered with what is not TLS (${code})`, 'not http');
  if (typeof code === 'string') return new ProbeError(`could not connect (${code})`, 'unreachable');
  return new ProbeError(typeof message === 'string' ? `could not connect (${message})` : 'could not connect', 'unreachable');
}

/** Where a GET ended after the redirects it was allowed to follow. */
export interface Landing {
  readonly answer: Answer;
  /** The addresses it was sent on to, in order. */
  readonly redirects: readonly URL[];
  /** Set when the last answer sends the visitor to another origin: never followed. */
  readonly offSite?: URL;
}

/** Same-origin redirects followed, at most this many: more is a loop, or near enough. */
export const MAX_REDIRECTS = 3;

/**
 * A GET that follows redirects within the URL's own origin only (a redirect to another host is
 * reported, never followed: nothing the checks send should reach a host the owner did not name).
 */
export async function getFollowingOnSite(probe: Probe, url: URL): Promise<Landing> {
  const redirects: URL[] = [];
  let answer = await probe(url);
  for (;;) {
    const location = redirectTarget(answer);
    if (location === undefined) return { answer, redirects };
    if (location.origin !== url.origin) return { answer, redirects, offSite: location };
    if (redirects.length === MAX_REDIRECTS) {
      throw new ProbeError(`redirected more than ${MAX_REDIRECTS} times (${[url, ...redirects].map((hop) => hop.pathname).join(' -> ')} -> …): a loop`, 'unreadable');
    }
    redirects.push(location);
    answer = await probe(location);
  }
}

/** The absolute URL a 3xx answer sends to, or undefined for any other answer. */
export function redirectTarget(answer: Answer): URL | undefined {
  const location = answer.headers.get('location');
  if (answer.status < 300 || answer.status > 399 || location === null) return undefined;
  return URL.canParse(location, answer.url.href) ? new URL(location, answer.url) : undefined;
}

/** `text/html` of `text/html; charset=utf-8`: the media type without its parameters, in lower case. */
export function mediaType(answer: Pick<Answer, 'headers'>): string {
  return (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}
