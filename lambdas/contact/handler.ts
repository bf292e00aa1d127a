import type { Context } from 'aws-lambda';
import {
  readCounterKeySecret,
  readCounterTableName,
  readFormSuccessPath,
  readFormTokenSecret,
  readInquiryTableName,
  readOtherFormPages,
  readOwnerFormPage,
  readPageStylesheet,
  readSiteSettings,
  readSpamSettings,
  type OwnerFormPage,
} from '../config.js';
import { clientAddress } from '../http/client-address.js';
import { corsForOrigins, httpHandler, requestBody, requestHeader, type HttpEvent, type RouteHandler } from '../http/handler.js';
import { readOriginVerifier } from '../http/origin-verify.js';
import type { Reply } from '../http/reply.js';
import { routeEntry } from '../http/route-entry.js';
import { PAGE_PATHS } from '../html/page-paths.js';
import { FORM_TOKEN_HEADER, formTokens, tokenToServeAgain } from '../inquiry/form-token.js';
import { readIdempotencyKey } from '../inquiry/idempotency-key.js';
import { createContactDependencies } from '../intake/dependencies.js';
import { writeHeldLines } from '../intake/held-log.js';
import { submitInquiry, type ContactOutcome, type ContactSubmission } from '../intake/submit-inquiry.js';
import { lazyModule, lazySpecifier } from '../lazy-module.js';
import type { RouteKeyOf } from '../routes.js';
import { contactReply } from './contact-replies.js';
import { isCrossSitePost } from './cross-site.js';
import { idempotencyReplies } from './idempotency-replies.js';
import { keyedInquiryId, repeatedFormId } from './inquiry-id.js';
import { CONTACT_LAZY_MODULES } from './lazy-modules.js';
import type { FormSite, OtherFormPageSource, OwnerFormPageSource } from './form-replies.js';
import { formPostPage, jsonPostPage, visitedFormPagePath } from './posted-from.js';
import { readFormBody, readJsonBody, type BodyHeaders } from './read-body.js';

const site = readSiteSettings(process.env);
const inquiryTable = readInquiryTableName(process.env);
const tokens = formTokens(readFormTokenSecret(process.env), site.baseUrl);
const counterKeySecret = readCounterKeySecret(process.env);
const dependencies = createContactDependencies({
  limits: site.limits,
  extraFields: site.extraFields,
  spam: readSpamSettings(process.env),
  counterTable: readCounterTableName(process.env),
  counterKeySecret,
  formTokens: tokens,
  inquiryTable,
  throwawayDomains: lazyModule(async () => {
    const module = (await import(lazySpecifier(CONTACT_LAZY_MODULES.throwawayDomains))) as typeof import('./throwaway-domains.js');
    return module.isThrowawayDomain;
  }),
});
const cors = corsForOrigins(site.allowedOrigins);
/** The origins whose pages may post the form: the site itself and the origins allowed to use the API. */
const siteOrigins: ReadonlySet<string> = new Set([site.baseUrl, ...site.allowedOrigins]);
const frontDoor = readOriginVerifier(process.env);
const formPage = readOwnerFormPage(process.env);
const filledFormPage = lazyModule(
  () => import(lazySpecifier(CONTACT_LAZY_MODULES.filledFormPage)) as Promise<typeof import('./filled-form-page.js')>,
);
const filledIn = (page: OwnerFormPage): OwnerFormPageSource => ({ fill: async (refused) => (await filledFormPage()).fillFormPage(page, refused) });
/** What the form's pages need beyond the site: the owner's style sheet, thank-you page and form page (docs/api.md §9). */
const formSite: FormSite = {
  ...site,
  stylesheet: readPageStylesheet(process.env),
  successPath: readFormSuccessPath(process.env),
  ...(formPage === undefined ? {} : { formPage: filledIn(formPage) }),
};
const otherFormPages: readonly OtherFormPageSource[] = readOtherFormPages(process.env).map((page) => ({ ...filledIn(page), ...page }));
/** The site's contact pages: first the one whose answers `/contact` shows without naming it, the owner's form page or else the service's own form. */
const contactPages: readonly ({ readonly path: string } | OtherFormPageSource)[] = [{ path: formPage?.path ?? PAGE_PATHS.form }, ...otherFormPages];
/** The address of the contact page an inquiry was sent from, which the owner's mail gives (docs/api.md §2). */
const pageAddress = (page: { readonly path: string } | undefined): string | undefined =>
  page === undefined ? undefined : `${site.baseUrl}${page === contactPages[0] ? visitedFormPagePath(page.path) : page.path}`;

const rememberedAnswers = lazyModule(async () => {
  const module = (await import(lazySpecifier(CONTACT_LAZY_MODULES.rememberedAnswers))) as typeof import('./remembered-answers.js');
  return module.createRememberedAnswers(inquiryTable);
});
const formReplies = lazyModule(
  () => import(lazySpecifier(CONTACT_LAZY_MODULES.formReplies)) as Promise<typeof import('./form-replies.js')>,
);

/** `OPTIONS /api/contact`: the CORS preflight (docs/api.md §1), which lets allowed origins post JSON with a key. */
async function answerPreflight(event: HttpEvent): Promise<Reply> {
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

/**
 * `POST /api/contact`: a JSON inquiry (docs/api.md §2). With an `Idempotency-Key` (§11) its first
 * final answer is remembered, and a repeat gets it again without running; its inquiry is stored
 * under an id of the key and body, so that no retry can store it twice.
 */
async function submitJson(event: HttpEvent, context: Context): Promise<Reply> {
  const bytes = requestBody(event);
  // The form's own script sends its page's token; any other JSON client sends none (docs/api.md §15).
  const token = requestHeader(event, FORM_TOKEN_HEADER.toLowerCase());
  const sentFrom = pageAddress(jsonPostPage(contactPages, requestHeader(event, 'referer'), siteOrigins));
  const submit = (inquiryId: string) => async () => {
    const body = readJsonBody(bodyHeaders(event), bytes);
    const outcome = await takeInquiry(event, context, { body, inquiryId, sentFrom, form: token === undefined ? undefined : { token } });
    return contactReply(outcome, context.awsRequestId, site.limits);
  };
  const idempotency = readIdempotencyKey(requestHeader(event, 'idempotency-key'));
  switch (idempotency.kind) {
    case 'absent':
      return submit(context.awsRequestId)();
    case 'invalid':
      return idempotencyReplies.invalid(context.awsRequestId);
    case 'key':
      return (await rememberedAnswers()).answer(idempotency.key, bytes, context, submit(keyedInquiryId(idempotency.key, bytes)));
  }
}

/**
 * `POST /contact`: the no-JavaScript form (docs/api.md §9), answered with pages. Its guards against
 * a second send are its 303 and its id (repeatedFormId): browsers send it no `Idempotency-Key`.
 */
async function submitForm(event: HttpEvent, context: Context): Promise<Reply> {
  // Loaded before anything is counted or sent, so that a failed load costs the visitor nothing.
  const pages = await formReplies();
  // Refused before any counter is asked: a hostile page spends neither its visitors' limits nor
  // the owner's mail quota.
  if (isCrossSitePost({ origin: requestHeader(event, 'origin'), fetchSite: requestHeader(event, 'sec-fetch-site') }, siteOrigins)) {
    return pages.crossSiteReply(formSite, context.awsRequestId);
  }
  const bytes = requestBody(event);
  const body = readFormBody(bodyHeaders(event), bytes);
  const now = new Date();
  const page = formPostPage(contactPages, body.postedFrom, requestHeader(event, 'referer'));
  // Answered in the other contact page it came from, else in the form page.
  const other = otherFormPages.find((candidate) => candidate === page);
  const inquiryId = repeatedFormId(counterKeySecret, bytes, now);
  const outcome = await takeInquiry(event, context, { body, inquiryId, sentFrom: pageAddress(page), form: { token: body.formToken } });
  const formToken = tokenToServeAgain(tokens, body.formToken, now);
  return pages.formReply(outcome, body, formToken, context.awsRequestId, formSite, other);
}

/** Checks, counts and stores one inquiry, whichever way it was posted; a form post brings its token. */
async function takeInquiry(event: HttpEvent, context: Context, post: Omit<ContactSubmission, 'requestId' | 'clientIp'>): Promise<ContactOutcome> {
  const submission = { ...post, requestId: context.awsRequestId, clientIp: clientAddress(event, frontDoor) };
  const outcome = await submitInquiry(submission, dependencies);
  if (outcome.kind === 'accepted') writeHeldLines(outcome.inquiryId, outcome.heldFor, context.awsRequestId);
  return outcome;
}

function bodyHeaders(event: HttpEvent): BodyHeaders {
  return { contentType: requestHeader(event, 'content-type'), contentEncoding: requestHeader(event, 'content-encoding') };
}

const answers: Readonly<Record<RouteKeyOf<'contact'>, RouteHandler>> = {
  'OPTIONS /api/contact': answerPreflight,
  'POST /api/contact': submitJson,
  'POST /contact': submitForm,
};

/**
 * The inquiry's routes: the JSON endpoint and its preflight, and the human form's post. One
 * function, so that both ways share the rules, the limits and the store; only how the body is
 * read and how the outcome is told differ.
 */
export const handler = httpHandler((event, context) => routeEntry(answers, event)(event, context), { cors });
