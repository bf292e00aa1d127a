import { readCounterKeySecret, readCounterTableName, readIdempotencyTableName, readMailSettings, readSiteSettings } from '../config.js';
import { clientAddress } from '../http/client-address.js';
import { corsForOrigins, httpHandler, requestBody, requestHeader } from '../http/handler.js';
import { readOriginVerifySecret } from '../http/origin-verify.js';
import { lazyModule } from '../lazy-module.js';
import { PAGE_PATHS } from '../page/page-paths.js';
import { contactReply } from './contact-replies.js';
import { isCrossSitePost } from './cross-site.js';
import { createContactDependencies } from './dependencies.js';
import { readIdempotencyKey } from './idempotency-key.js';
import { idempotencyReplies } from './idempotency-replies.js';
import { readFormBody, readJsonBody } from './read-body.js';
import { submitInquiry } from './submit-inquiry.js';

const site = readSiteSettings(process.env);
const dependencies = createContactDependencies({
  limits: site.limits,
  mail: readMailSettings(process.env),
  counterTable: readCounterTableName(process.env),
  counterKeySecret: readCounterKeySecret(process.env),
});
const cors = corsForOrigins(site.allowedOrigins);
/** The origins whose pages may post the form: the site itself and the origins allowed to use the API. */
const siteOrigins: ReadonlySet<string> = new Set([site.baseUrl, ...site.allowedOrigins]);
const idempotencyTable = readIdempotencyTableName(process.env);

// Bundled apart (lib/function-profiles.ts): a JSON POST without a key loads neither.
const REMEMBERED_ANSWERS_MODULE = './remembered-answers.js';
const FORM_REPLIES_MODULE = './form-replies.js';
const rememberedAnswers = lazyModule(() =>
  (import(REMEMBERED_ANSWERS_MODULE) as Promise<typeof import('./remembered-answers.js')>).then((module) =>
    module.createRememberedAnswers(idempotencyTable),
  ),
);
const formReplies = lazyModule(() => import(FORM_REPLIES_MODULE) as Promise<typeof import('./form-replies.js')>);
const originSecret = readOriginVerifySecret(process.env);

/**
 * `POST /api/contact` (JSON) and its CORS preflight, and `POST /contact` (the human form, HTML):
 * one function, so both share the rules, the limits and the delivery; only how the body is read
 * and how the outcome is told differ.
 */
export const handler = httpHandler(
  async (event, context) => {
    if (event.requestContext.http.method === 'OPTIONS') {
      const allowed = cors.isAllowed(requestHeader(event, 'origin'));
      return {
        statusCode: 204,
        headers: allowed
          ? {
              'Access-Control-Allow-Methods': 'POST',
              'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
              'Access-Control-Max-Age': '600',
            }
          : {},
        outcome: allowed ? 'preflight_allowed' : 'preflight_refused',
      };
    }
    const isForm = event.rawPath === PAGE_PATHS.form;
    // Loaded before anything is counted or sent, so that a failed load costs the visitor nothing.
    const forms = isForm ? await formReplies() : undefined;
    // Refused before any counter is asked: a hostile page spends neither its visitors' limits
    // nor the owner's mail quota.
    const from = { origin: requestHeader(event, 'origin'), fetchSite: requestHeader(event, 'sec-fetch-site') };
    if (forms !== undefined && isCrossSitePost(from, siteOrigins)) return forms.crossSiteReply(site);
    const bytes = requestBody(event);
    const submit = async () => {
      const readBody = isForm ? readFormBody : readJsonBody;
      const body = readBody(requestHeader(event, 'content-type'), bytes);
      const outcome = await submitInquiry(
        { requestId: context.awsRequestId, clientIp: clientAddress(event, originSecret), body },
        dependencies,
      );
      return forms !== undefined
        ? forms.formReply(outcome, body, context.awsRequestId, site)
        : contactReply(outcome, context.awsRequestId, site.limits);
    };
    // The form's own guard against a second send is its 303; browsers never send the header.
    if (forms !== undefined) return submit();
    const idempotency = readIdempotencyKey(requestHeader(event, 'idempotency-key'));
    switch (idempotency.kind) {
      case 'absent':
        return submit();
      case 'invalid':
        return idempotencyReplies.invalid(context.awsRequestId);
      case 'key':
        return (await rememberedAnswers()).answer(idempotency.key, bytes, context, submit);
    }
  },
  { cors },
);
