import { readCounterKeySecret, readCounterTableName, readMailSettings, readSiteSettings } from '../config.js';
import { corsForOrigins, httpHandler, requestBody, requestHeader } from '../http/handler.js';
import { PAGE_PATHS } from '../page/page-paths.js';
import { contactReply } from './contact-replies.js';
import { isCrossSitePost } from './cross-site.js';
import { createContactDependencies } from './dependencies.js';
import { crossSiteReply, formReply } from './form-replies.js';
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
              'Access-Control-Allow-Headers': 'Content-Type',
              'Access-Control-Max-Age': '600',
            }
          : {},
        outcome: allowed ? 'preflight_allowed' : 'preflight_refused',
      };
    }
    const isForm = event.rawPath === PAGE_PATHS.form;
    // Refused before any counter is asked: a hostile page spends neither its visitors' limits
    // nor the owner's mail quota.
    const from = { origin: requestHeader(event, 'origin'), fetchSite: requestHeader(event, 'sec-fetch-site') };
    if (isForm && isCrossSitePost(from, siteOrigins)) return crossSiteReply(site);
    const readBody = isForm ? readFormBody : readJsonBody;
    const body = readBody(requestHeader(event, 'content-type'), requestBody(event));
    const outcome = await submitInquiry(
      { requestId: context.awsRequestId, sourceIp: event.requestContext.http.sourceIp, body },
      dependencies,
    );
    return isForm
      ? formReply(outcome, body, context.awsRequestId, site)
      : contactReply(outcome, context.awsRequestId, site.limits);
  },
  { cors },
);
