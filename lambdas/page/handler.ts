import { readFormTokenSecret, readPageStylesheet, readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { routeEntry } from '../http/route-entry.js';
import { formTokens } from '../inquiry/form-token.js';
import type { RouteKeyOf } from '../routes.js';
import { renderFormPage, renderSentPage } from '../html/contact-page.js';
import { FORM_SCRIPT } from './form-script.js';
import { FORM_STYLE } from './form-style.js';
import { CACHEABLE, htmlReply } from '../html/html-reply.js';
import { PAGE_ICON } from './page-icon.js';

const site = { ...readSiteSettings(process.env), stylesheet: readPageStylesheet(process.env) };
const tokens = formTokens(readFormTokenSecret(process.env), site.baseUrl);

/**
 * Each route's answer. The form is each visitor's own: its token tells when it was shown (docs/api.md
 * §15), so no cache may keep it. Everything else is fixed per deployment, built once per cold start.
 */
const ANSWERS: Readonly<Record<RouteKeyOf<'page'>, () => Reply>> = {
  'GET /contact': () => htmlReply(200, renderFormPage({ site, formToken: tokens.issue(new Date()) }), { ...NO_STORE }, 'served'),
  'GET /contact/sent': fixed(htmlReply(200, renderSentPage(site), CACHEABLE, 'served')),
  'GET /contact/form.js': fixed(asset('text/javascript; charset=utf-8', FORM_SCRIPT)),
  'GET /contact/form.css': fixed(asset('text/css; charset=utf-8', FORM_STYLE)),
  'GET /contact/icon.svg': fixed(asset('image/svg+xml', PAGE_ICON)),
};

/** `GET /contact` (the human form, docs/api.md §9), its confirmation page, and its script, style and icon. */
export const handler = httpHandler(async (event) => routeEntry(ANSWERS, event)());

function fixed(reply: Reply): () => Reply {
  return () => reply;
}

function asset(contentType: string, body: string): Reply {
  return { statusCode: 200, headers: { 'Content-Type': contentType, ...CACHEABLE }, body, outcome: 'served' };
}
