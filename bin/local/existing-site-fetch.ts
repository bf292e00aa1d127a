import { connectionFailure } from '../aws-failure.js';

/** How long the site may keep silent, for its answer's headers and between two parts of its body: CloudFront's default origin response timeout (AWS, "Response timeout"). */
export const SITE_TIMEOUT_MS = 30_000;

/**
 * What the preview sends the site of the headers the viewer-request function kept: none that
 * CloudFront sets itself (its Host, Via, CDN-Loop, a body's framing), and no encoding but what
 * fetch asks for and decodes.
 */
const NOT_FORWARDED = new Set(['host', 'via', 'cdn-loop', 'content-length', 'transfer-encoding', 'accept-encoding']);

/**
 * What a page's answer loses on its way through the preview: the headers of its connection (RFC 9110
 * §7.6.1), and its encoding, which fetch has decoded (and its length with it). A cookie of the site
 * is none of the preview's: CloudFront's cache policy keys pages by path alone.
 */
const NOT_RELAYED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-encoding',
  'content-length',
  'set-cookie',
]);

/** A page of the existing site as the preview relays it, or what the distribution answers without one. */
export interface SiteAnswer {
  readonly statusCode: number;
  /** By lower-case name. */
  readonly headers: Record<string, string>;
  /** None for a HEAD, whose headers keep the site's Content-Length. */
  readonly body?: Buffer;
}

/**
 * Local mode's fetch of a page of the existing site (`siteOrigin`), as the distribution's default
 * behaviour makes it: the path and the headers the viewer-request function kept, its answer as
 * given, a redirect included. A site that does not answer, or keeps silent `silenceMs` while it
 * does, gets the distribution's 502 or 504, in words.
 */
export async function fetchFromExistingSite(origin: string, method: string, path: string, kept: Readonly<Record<string, string>>, silenceMs = SITE_TIMEOUT_MS): Promise<SiteAnswer> {
  // A request target that is no path (`*`, which Node takes with any method) would be read as part of the origin's host.
  if (!path.startsWith('/')) return textAnswer(400, `Bad Request: ${JSON.stringify(path)} is no path of the site.`);
  const headers = Object.fromEntries(Object.entries(kept).filter(([name]) => !NOT_FORWARDED.has(name)));
  const silence = new AbortController();
  let timer = setTimeout(() => silence.abort(), silenceMs);
  const spoke = () => {
    clearTimeout(timer);
    timer = setTimeout(() => silence.abort(), silenceMs);
  };
  let answered = false;
  try {
    const answer = await fetch(`${origin}${path}`, { method, headers, redirect: 'manual', signal: silence.signal });
    answered = true;
    const named = new Set((answer.headers.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase()));
    const relayed = Object.fromEntries([...answer.headers].filter(([name]) => !NOT_RELAYED.has(name) && !named.has(name)));
    const length = answer.headers.get('content-length');
    if (method === 'HEAD') return { statusCode: answer.status, headers: { ...relayed, ...(length === null || answer.headers.has('content-encoding') ? {} : { 'content-length': length }) } };
    const parts: Buffer[] = [];
    for await (const part of answer.body ?? []) {
      spoke();
      parts.push(Buffer.from(part));
    }
    return { statusCode: answer.status, headers: relayed, body: Buffer.concat(parts) };
  } catch (error) {
    const silent = silence.signal.aborted;
    const why = !silent ? connectionFailure(error) : answered ? `it stopped sending for ${silenceMs / 1000} s` : `no answer in ${silenceMs / 1000} s`;
    return textAnswer(silent ? 504 : 502, `${silent ? 'Gateway Timeout' : 'Bad Gateway'}: ${origin}${path} (siteOrigin) could not be fetched: ${why}. The deployment fetches it from there too.`);
  } finally {
    clearTimeout(timer);
  }
}

/** A plain-text answer of the preview's own. */
export function textAnswer(statusCode: number, text: string): SiteAnswer & { body: Buffer } {
  return { statusCode, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(`${text}\n`) };
}
