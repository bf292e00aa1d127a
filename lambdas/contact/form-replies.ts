import type { SiteSettings } from '../config.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { renderFormPage, renderProblemPage, type PageSite } from '../html/contact-page.js';
import { invalidNotice, NOTICES, rateLimitedNotice } from '../inquiry/form-messages.js';
import { htmlReply } from '../html/html-reply.js';
import { PAGE_PATHS } from '../html/page-paths.js';
import { contactReply } from './contact-replies.js';
import { MAX_BODY_SIZE, type RejectionReason } from '../inquiry/answer-details.js';
import type { ReadBody } from './read-body.js';
import type { ContactOutcome } from './submit-inquiry.js';

const REJECTION_PAGES: Readonly<Record<RejectionReason, { heading: string; text: string }>> = {
  payload_too_large: {
    heading: 'The form was too large',
    text: `The form was larger than ${MAX_BODY_SIZE}, so it was not read and nothing was sent. Please shorten it and send it again.`,
  },
  unsupported_content_encoding: {
    heading: 'The form could not be read',
    text: 'It was sent compressed (with a Content-Encoding), which this service does not read, so nothing was sent.',
  },
  unsupported_media_type: {
    heading: 'The form could not be read',
    text: 'It was not sent as a browser sends a form (application/x-www-form-urlencoded, UTF-8), so nothing was sent.',
  },
  malformed_json: {
    heading: 'The form could not be read',
    text: 'Nothing was sent. Please fill in the form again.',
  },
};

/** The site as the form's answers show it: its pages in the owner's style, a delivered form sent to the owner's thank-you page. */
export interface FormSite extends SiteSettings, PageSite {
  /** Where a delivered form post goes (a path of the site); the service's confirmation when none. */
  readonly successPath?: string;
}

const CROSS_SITE = {
  heading: 'The form must be sent from this site',
  text: 'This form was sent from another website, so it was not read and nothing was sent. To write to me, open the contact page on this site and send the form from there.',
} as const;

/** `POST /contact` from another site's page (docs/api.md §9): 403, nothing counted, nothing sent. */
export function crossSiteReply(site: FormSite): Reply {
  return htmlReply(403, renderProblemPage(site, CROSS_SITE.heading, CROSS_SITE.text), { ...NO_STORE }, 'cross_site_refused');
}

/**
 * The answer to `POST /contact` (docs/api.md §9): the status and headers the API gives the same
 * outcome (RateLimit fields, Retry-After, no-store), with a page in place of the JSON; a delivered
 * inquiry is a 303 to the confirmation (the owner's thank-you page, if set), so that reloading it
 * cannot send the inquiry twice. Refused forms come back filled in, so that nothing the visitor
 * wrote is lost, with `formToken`.
 */
export function formReply(outcome: ContactOutcome, submitted: ReadBody, formToken: string, requestId: string, site: FormSite): Reply {
  const api = contactReply(outcome, requestId, site.limits);
  const { 'Content-Type': _problemJson, ...headers } = api.headers;
  const values = submitted.kind === 'fields' ? submitted.fields : {};
  const page = (html: string): Reply => ({
    ...htmlReply(api.statusCode, html, headers, api.outcome ?? 'served'),
    ...(api.errorName === undefined ? {} : { errorName: api.errorName }),
  });
  switch (outcome.kind) {
    case 'accepted':
      // A path, so the browser stays on the origin it posted to (form-action 'self' follows
      // redirects); the owner's is checked to be one (lambdas/config.ts, parseSitePath).
      return { ...api, statusCode: 303, headers: { ...headers, Location: site.successPath ?? PAGE_PATHS.sent }, body: '' };
    case 'invalid':
      return page(renderFormPage({ site, formToken, values, errors: outcome.errors, notice: invalidNotice(outcome.errors, values) }));
    case 'rate_limited': {
      const { scope, resetSeconds } = outcome.rateLimit;
      return page(renderFormPage({ site, formToken, values, notice: rateLimitedNotice(scope, resetSeconds) }));
    }
    case 'unavailable':
      return page(renderFormPage({ site, formToken, values, notice: NOTICES.unavailable }));
    case 'rejected': {
      const { heading, text } = REJECTION_PAGES[outcome.reason];
      return page(renderProblemPage(site, heading, text));
    }
  }
}
