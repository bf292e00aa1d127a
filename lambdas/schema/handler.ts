import { readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { routeEntry } from '../http/route-entry.js';
import { jsonReply, PUBLIC_DOCUMENT, type Reply } from '../http/reply.js';
import type { RouteKeyOf } from '../routes.js';
import { contactDescription } from './contact-description.js';
import { openApiDocument } from './openapi.js';
import { OPENAPI_CONTENT_TYPE } from '../http/media-type.js';

const site = readSiteSettings(process.env);

/** Built once per cold start: both depend on configuration only. */
const replies: Readonly<Record<RouteKeyOf<'schema'>, Reply>> = {
  'GET /api/contact': jsonReply(200, contactDescription(site), PUBLIC_DOCUMENT, 'served'),
  // One representation whatever the Accept: a client asking for application/json gets it too.
  'GET /openapi.json': jsonReply(200, openApiDocument(site), { ...PUBLIC_DOCUMENT, 'Content-Type': OPENAPI_CONTENT_TYPE }, 'served'),
};

/**
 * The descriptions of the contact endpoint: `GET /api/contact`, the published schema (the very one
 * the contact route validates with), and `GET /openapi.json`, the OpenAPI document built from it.
 */
export const handler = httpHandler(async (event) => routeEntry(replies, event));
