import Negotiator from 'negotiator';
import { htmlReply } from '../html/html-reply.js';
import { renderNoPagesPage } from '../html/no-pages-page.js';
import { httpHandler, requestHeader, type HttpEvent } from '../http/handler.js';
import { problemReply } from '../http/problem.js';
import { NO_STORE } from '../http/reply.js';
import { allowedMethods } from '../routes.js';

/**
 * `/` is answered in two representations, by Accept, and the edge caches by path alone: neither
 * may be kept there (a 404 with no-store is not, by CloudFront's "Control how long CloudFront
 * caches errors"), and `Vary` tells any other cache.
 */
const BY_ACCEPT = { ...NO_STORE, Vary: 'Accept' } as const;

/**
 * Every request no route matches: 405 with `Allow` on a known path, 404 elsewhere; at `/` of a
 * site without pages, to a browser (an Accept that prefers HTML to JSON), a page that says so.
 */
export const handler = httpHandler(async (event, context) => {
  const allow = allowedMethods(event.rawPath);
  const requestId = context.awsRequestId;
  const noStore = event.requestContext.http.method === 'POST' ? NO_STORE : {};
  if (allow.length > 0) {
    return problemReply(
      {
        status: 405,
        code: 'method_not_allowed',
        detail: `${event.requestContext.http.method} is not served here; use ${allow.join(' or ')}.`,
        requestId,
      },
      { ...noStore, Allow: allow.join(', ') },
      'method_not_allowed',
    );
  }
  const home = event.rawPath === '/' && ['GET', 'HEAD'].includes(event.requestContext.http.method);
  if (home && prefersHtml(event)) return htmlReply(404, renderNoPagesPage(), BY_ACCEPT, 'not_found');
  return problemReply(
    { status: 404, code: 'not_found', detail: 'There is nothing at this address.', requestId },
    home ? BY_ACCEPT : noStore,
    'not_found',
  );
});

/** Whether the request's Accept ranks HTML above the problem document, as a browser's does; a tie (`*\/*`, or none) is JSON's. */
function prefersHtml(event: HttpEvent): boolean {
  const accept = requestHeader(event, 'accept');
  return new Negotiator({ headers: { accept } }).mediaType(['application/problem+json', 'application/json', 'text/html']) === 'text/html';
}
