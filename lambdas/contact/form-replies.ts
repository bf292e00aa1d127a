import type { SiteSettings } from '../config.js';
import { errorName } from '../http/error-name.js';
import { NO_STORE, type Reply } from '../http/reply.js';
import { writeWarning } from '../http/request-log.js';
import { renderFormPage, renderProblemPage, type PageSite } from '../html/contact-page.js';
import type { FilledFormPage, RefusedForm } from '../html/owner-form-page.js';
import type { FieldError } from '../inquiry/field-errors.js';
import { invalidNotice, NOTICES, pageErrors, rateLimitedNotice, waitMinutes } from '../inquiry/form-messages.js';
import type { OwnerNotice } from '../html/owner-markup.js';
import { CONTENT_SECURITY_POLICY, htmlReply, ownerPagePolicy } from '../html/html-reply.js';
import { PAGE_PATHS } from '../html/page-paths.js';
import { contactReply } from './contact-replies.js';
import { unavailableReason } from './form-page-unavailable.js';
import { MAX_BODY_SIZE, type RejectionReason } from '../inquiry/answer-details.js';
import type { ReadForm } from './read-body.js';
import type { ContactOutcome } from '../intake/submit-inquiry.js';

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

/**
 * The site as the form's answers show it: its pages in the owner's style, a delivered form sent
 * to the owner's thank-you page, a refused one answered in the owner's own form page.
 */
export interface FormSite extends SiteSettings, Omit<PageSite, 'extraFields'> {
  /** Where a delivered form post goes (a path of the site); the service's confirmation when none. */
  readonly successPath?: string;
  /** The owner's form page (docs/api.md §9); the service's own form when none. */
  readonly formPage?: OwnerFormPageSource;
}

/** Where the owner's form page comes from: read and filled in only for a refused post. */
export interface OwnerFormPageSource {
  /** The page filled in; undefined when it holds no form that posts to `/contact`. Throws when it cannot be read. */
  fill(refused: Omit<RefusedForm, 'pagePath'>): Promise<FilledFormPage | undefined>;
}

/** Another contact page, which answers the posts sent from it: its path, which its answers carry, and the thank-you page its form names. */
export interface OtherFormPageSource extends OwnerFormPageSource {
  readonly path: string;
  readonly successPath?: string;
}

/** What a 415 adds for a JSON body, which only a script sends. */
const JSON_TO_API = `A script sends JSON to ${PAGE_PATHS.api} instead.`;

const CROSS_SITE = {
  heading: 'The form must be sent from this site',
  text: 'This form was sent from another website, so it was not read and nothing was sent. To write to me, open the contact page on this site and send the form from there.',
  /** On the owner's form page, which the visitor now has before them at the site's own origin. */
  onFormPage: 'This form was sent from another website, so it was not read and nothing was sent. To write to me, send it again from this page.',
} as const;

/**
 * `POST /contact` from another site's page (docs/api.md §9): 403, nothing counted, nothing sent;
 * the owner's form page as it is, saying so, when there is one.
 */
export async function crossSiteReply(site: FormSite, requestId: string): Promise<Reply> {
  const owned = await ownerPage(site.formPage, { values: {}, fieldErrors: [], summary: CROSS_SITE.onFormPage, notice: { kind: 'crossSite' } }, requestId);
  if (owned !== undefined) return htmlReply(403, owned.html, { ...NO_STORE }, 'cross_site_refused', ownerPagePolicy(owned));
  return htmlReply(403, renderProblemPage(site, CROSS_SITE.heading, CROSS_SITE.text), { ...NO_STORE }, 'cross_site_refused');
}

/**
 * The answer to `POST /contact` (docs/api.md §9): the status and headers the API gives the same
 * outcome (RateLimit fields, Retry-After, no-store), with a page in place of the JSON; a delivered
 * inquiry is a 303 to the confirmation (the owner's thank-you page, if set), so that reloading it
 * cannot send the inquiry twice. Refused forms come back filled in, so that nothing the visitor
 * wrote is lost, with `formToken`. A post from another contact page (`postedFrom`, which the
 * handler finds by postedFromPath) is answered in that page, and a delivered one goes to the
 * thank-you page its form names, if any.
 */
export async function formReply(
  outcome: ContactOutcome,
  submitted: ReadForm,
  formToken: string,
  requestId: string,
  site: FormSite,
  other?: OtherFormPageSource,
): Promise<Reply> {
  const api = contactReply(outcome, requestId, site.limits);
  const { 'Content-Type': _problemJson, ...headers } = api.headers;
  const values = submitted.kind === 'fields' ? submitted.fields : {};
  const page = (html: string, policy = CONTENT_SECURITY_POLICY): Reply => ({
    ...htmlReply(api.statusCode, html, headers, api.outcome ?? 'served', policy),
    ...(api.errorName === undefined ? {} : { errorName: api.errorName }),
  });
  /**
   * The form again: the owner's page when there is one to use (the page it came from, else the form
   * page; either may word `kind`'s notice itself), else the service's.
   */
  const formAgain = async (notice: string, kind: OwnerNotice, errors: readonly FieldError[] = []): Promise<Reply> => {
    const refused = {
      values,
      fieldErrors: pageErrors(errors),
      // Each message has a place of its own there, or the summary the page gets (owner-form-page.ts).
      summary: errors.length > 0 ? NOTICES.invalid : notice,
      notice: kind,
      // The owner's page is static: it carries the token it was posted with, while valid, and no new one.
      ...(submitted.formToken === formToken ? { formToken } : {}),
    };
    const owned =
      (other === undefined ? undefined : await ownerPage(other, { ...refused, postedFrom: other.path }, requestId)) ?? (await ownerPage(site.formPage, refused, requestId));
    if (owned !== undefined) return page(owned.html, ownerPagePolicy(owned));
    return page(renderFormPage({ site, formToken, values, errors, notice }));
  };
  switch (outcome.kind) {
    case 'accepted':
      // A path, so the browser stays on the origin it posted to (form-action 'self' follows
      // redirects); the owner's is checked to be one (lambdas/config.ts, parseSitePath).
      return { ...api, statusCode: 303, headers: { ...headers, Location: other?.successPath ?? site.successPath ?? PAGE_PATHS.sent }, body: '' };
    case 'invalid':
      return formAgain(invalidNotice(outcome.errors), { kind: 'invalid' }, outcome.errors);
    case 'rate_limited': {
      const { scope, resetSeconds } = outcome.rateLimit;
      return formAgain(rateLimitedNotice(scope, resetSeconds), { kind: 'rateLimited', minutes: waitMinutes(resetSeconds) });
    }
    case 'unavailable':
      return formAgain(NOTICES.unavailable, { kind: 'unavailable' });
    case 'rejected': {
      const { heading, text } = REJECTION_PAGES[outcome.reason];
      // JSON is a script's, whose author reads this page in the browser's tools: where JSON goes.
      return page(renderProblemPage(site, heading, submitted.sentJson ? `${text} ${JSON_TO_API}` : text));
    }
  }
}

/**
 * The owner's form page (or another contact page) filled in, or undefined to answer with the
 * service's own: when there is none, or it can no longer be used (local mode reads it at each request, and an edit may have
 * taken its form away; an existing site's may be gone or slow), which a warning line tells the owner.
 */
async function ownerPage(source: OwnerFormPageSource | undefined, refused: Omit<RefusedForm, 'pagePath'>, requestId: string): Promise<FilledFormPage | undefined> {
  if (source === undefined) return undefined;
  // Another contact page gives way to the form page, which there always is beside it (lib/settings/contact-pages.ts).
  const [page, instead] = refused.postedFrom === undefined ? ['The form page', "the service's own"] : ['The other contact page', 'the form page'];
  try {
    const filled = await source.fill(refused);
    if (filled === undefined) writeWarning(`${page} holds no form that posts to /contact: answered with ${instead}`, { requestId });
    return filled;
  } catch (error) {
    const reason = unavailableReason(error);
    writeWarning(`${page} could not be used${reason === undefined ? '' : ` (${reason})`}: answered with ${instead}`, { requestId, errorName: errorName(error) });
    return undefined;
  }
}
