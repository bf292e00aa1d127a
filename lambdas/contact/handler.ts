import { readCounterTableName, readMailSettings, readSiteSettings } from '../config.js';
import { corsForOrigins, httpHandler, requestBody, requestHeader } from '../http/handler.js';
import { contactReply } from './contact-replies.js';
import { createContactDependencies } from './dependencies.js';
import { readJsonBody, submitInquiry } from './submit-inquiry.js';

const site = readSiteSettings(process.env);
const dependencies = createContactDependencies({
  baseUrl: site.baseUrl,
  limits: site.limits,
  mail: readMailSettings(process.env),
  counterTable: readCounterTableName(process.env),
});
const cors = corsForOrigins(site.allowedOrigins);

/** `POST /api/contact` and its CORS preflight. */
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
    const outcome = await submitInquiry(
      {
        requestId: context.awsRequestId,
        sourceIp: event.requestContext.http.sourceIp,
        body: readJsonBody(requestHeader(event, 'content-type'), requestBody(event)),
      },
      dependencies,
    );
    return contactReply(outcome, context.awsRequestId, site.limits);
  },
  { cors },
);
