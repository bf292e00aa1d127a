import { httpHandler } from '../http/handler.js';
import { problemReply } from '../http/problem.js';
import { NO_STORE } from '../http/reply.js';
import { allowedMethods } from '../routes.js';

/** Every request no route matches: 405 with `Allow` on a known path, 404 elsewhere. */
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
  return problemReply(
    { status: 404, code: 'not_found', detail: 'There is nothing at this address.', requestId },
    noStore,
    'not_found',
  );
});
