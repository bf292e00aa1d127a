import { readCounterTableName, readMailSettings, readSiteSettings } from '../config.js';
import { clientAddress } from '../http/client-address.js';
import { corsForOrigins, httpHandler, requestBody, requestHeader } from '../http/handler.js';
import { readOriginVerifySecret } from '../http/origin-verify.js';
import { PAGE_PATHS } from '../page/page-paths.js';
import { contactReply } from './contact-replies.js';
import { createContactDependencies } from './dependencies.js';
import { formReply } from './form-replies.js';
import { readFormBody } from './read-form-body.js';
import { readJsonBody, submitInquiry } from './submit-inquiry.js';

const site = readSiteSettings(process.env);
const dependencies = createContactDependencies({
  baseUrl: site.baseUrl,
  limits: site.limits,
  mail: readMailSettings(process.env),
  counterTable: readCounterTableName(process.env),
});
const cors = corsForOrigins(site.allowedOrigins);
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
              'Access-Control-Allow-Headers': 'Content-Type',
              'Access-Control-Max-Age': '600',
            }
          : {},
        outcome: allowed ? 'preflight_allowed' : 'preflight_refused',
      };
    }
    const isForm = event.rawPath === PAGE_PATHS.form;
    const readBody = isForm ? readFormBody : readJsonBody;
    const body = readBody(requestHeader(event, 'content-type'), requestBody(event));
    const outcome = await submitInquiry(
      { requestId: context.awsRequestId, sourceIp: clientAddress(event, originSecret), body },
      dependencies,
    );
    return isForm
      ? formReply(outcome, body, context.awsRequestId, site)
      : contactReply(outcome, context.awsRequestId, site.limits);
  },
  { cors },
);
