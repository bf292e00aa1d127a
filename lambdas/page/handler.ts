import { readFormPage, readFormSuccessPath, readFormTokenSecret, readPageStylesheet, readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { routeEntry } from '../http/route-entry.js';
import { formTokens } from '../inquiry/form-token.js';
import type { RouteKeyOf } from '../routes.js';
import { renderFormPage, renderSentPage } from '../html/contact-page.js';
import { FORM_SCRIPT } from './form-script.js';
import { FORM_STYLE } from './form-style.js';
import { CACHEABLE, htmlReply } from '../html/html-reply.js';
import { PAGE_PATHS } from '../html/page-paths.js';
import { PAGE_ICON } from './page-icon.js';

const site = { ...readSiteSettings(process.env), stylesheet: readPageStylesheet(process.env) };
const tokens = formTokens(readFormTokenSecret(process.env), site.baseUrl);
const formPage = readFormPage(process.env);
const successPath = readFormSuccessPath(process.env);

/**
 * Each route's answer. The form is each visitor's own: its token tells when it was shown (docs/api.md
 * §15), so no cache may keep it. Everything else is fixed per deployment, built once per cold start.
 * With the owner's form page, the site has one contact page: the service's own form and
 * confirmation lead to the owner's (docs/api.md §9).
 */
const ANSWERS: Readonly<Record<RouteKeyOf<'page'>, () => Reply>> = {
  'GET /contact':
    formPage === undefined
      ? () => htmlReply(200, renderFormPage({ site, formToken: tokens.issue(new Date()) }), { ...NO_STORE }, 'served')
      : fixed(leadTo(formPage)),
  'GET /contact/sent': fixed(
    formPage !== undefined && successPath !== undefined && successPath !== PAGE_PATHS.sent
      ? leadTo(successPath)
      : htmlReply(200, renderSentPage(site), CACHEABLE, 'served'),
  ),
  'GET /contact/form.js': fixed(asset('text/javascript; charset=utf-8', FORM_SCRIPT)),
  'GET /contact/form.css': fixed(asset('text/css; charset=utf-8', FORM_STYLE)),
  'GET /contact/icon.svg': fixed(asset('image/svg+xml', PAGE_ICON)),
};

/** `GET /contact` (the human form, docs/api.md §9), its confirmation page, and its script, style and icon. */
export const handler = httpHandler(async (event) => routeEntry(ANSWERS, event)());

/**
 * A redirect to a path of the site, as a path: checked to be one (lambdas/config.ts,
 * parseSitePath), so it never leads off the site. Found, not moved for good: the owner may change
 * or drop the setting at the next deploy.
 */
function leadTo(path: string): Reply {
  return { statusCode: 302, headers: { Location: path, ...CACHEABLE }, body: '', outcome: 'served' };
}

function fixed(reply: Reply): () => Reply {
  return () => reply;
}

function asset(contentType: string, body: string): Reply {
  return { statusCode: 200, headers: { 'Content-Type': contentType, ...CACHEABLE }, body, outcome: 'served' };
}
