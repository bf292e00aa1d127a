import { readSiteSettings } from '../config.js';
import { httpHandler } from '../http/handler.js';
import { jsonReply, PUBLIC_DOCUMENT } from '../http/reply.js';
import { contactDescription } from './contact-description.js';

const reply = jsonReply(200, contactDescription(readSiteSettings(process.env)), PUBLIC_DOCUMENT, 'served');

/** `GET /api/contact`: the published schema, the very one the contact route validates with. */
export const handler = httpHandler(async () => reply);
