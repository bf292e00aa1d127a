import { readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { problemReply } from '../http/problem.js';
import type { Reply } from '../http/reply.js';
import { renderFormPage, renderSentPage } from './contact-page.js';
import { FORM_SCRIPT } from './form-script.js';
import { FORM_STYLE } from './form-style.js';
import { CACHEABLE, htmlReply } from './html-reply.js';
import { PAGE_ICON } from './page-icon.js';
import { PAGE_PATHS } from './page-paths.js';

const site = readSiteSettings(process.env);

/** Every answer is fixed per deployment: built once per cold start. */
const ANSWERS: Readonly<Record<string, Reply>> = {
  [PAGE_PATHS.form]: htmlReply(200, renderFormPage({ site }), CACHEABLE, 'served'),
  [PAGE_PATHS.sent]: htmlReply(200, renderSentPage(site), CACHEABLE, 'served'),
  [PAGE_PATHS.script]: asset('text/javascript; charset=utf-8', FORM_SCRIPT),
  [PAGE_PATHS.style]: asset('text/css; charset=utf-8', FORM_STYLE),
  [PAGE_PATHS.icon]: asset('image/svg+xml', PAGE_ICON),
};

/** `GET /contact` (the human form, CONTRACT §9), its confirmation page, and its script, style and icon. */
export const handler = httpHandler(async (event, context) => {
  const answer = ANSWERS[event.rawPath];
  if (answer !== undefined) return { ...answer };
  // Only a route table that sends here a path this handler does not know.
  return problemReply({
    status: 404,
    code: 'not_found',
    detail: 'There is nothing at this address.',
    requestId: context.awsRequestId,
  });
});

function asset(contentType: string, body: string): Reply {
  return { statusCode: 200, headers: { 'Content-Type': contentType, ...CACHEABLE }, body, outcome: 'served' };
}
