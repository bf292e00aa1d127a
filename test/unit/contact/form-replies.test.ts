import { describe, expect, it } from '@jest/globals';
import { crossSiteReply, formReply, type FormSite } from '../../../lambdas/contact/form-replies.js';
import type { RateLimitStatus } from '../../../lambdas/contact/rate-limiter.js';
import type { ReadBody } from '../../../lambdas/contact/read-body.js';
import type { ContactOutcome } from '../../../lambdas/contact/submit-inquiry.js';
import { PAGE_PATHS } from '../../../lambdas/html/page-paths.js';

/* The answers to `POST /contact` in the owner's site (docs/api.md §9): their thank-you page, their look. */

const SITE: FormSite = {
  baseUrl: 'https://example.com',
  siteName: 'Ada’s workshop',
  allowedOrigins: ['https://example.com'],
  limits: { ip: 5, email: 3, windowSeconds: 3600 },
};
const STATUS: RateLimitStatus = { scope: 'ip', remaining: 4, resetSeconds: 1200 };
const SUBMITTED: ReadBody = { kind: 'fields', fields: { name: 'Ada', email: 'ada@example', message: 'short' } };
const ACCEPTED: ContactOutcome = { kind: 'accepted', inquiryId: 'inquiry-id', rateLimit: STATUS, heldFor: [] };
const PAGES: ReadonlyArray<[string, ContactOutcome]> = [
  ['field errors', { kind: 'invalid', errors: [{ field: 'email', code: 'invalid_email', message: 'email must be an e-mail address.' }], rateLimit: STATUS }],
  ['a limit', { kind: 'rate_limited', rateLimit: { ...STATUS, remaining: 0 } }],
  ['a failure', { kind: 'unavailable', dependency: 'inquiry_store', errorName: 'InternalServerError' }],
  ['a body it could not read', { kind: 'rejected', reason: 'unsupported_media_type', rateLimit: STATUS }],
];

const stylesheets = (html: string | undefined) => [...(html ?? '').matchAll(/<link rel="stylesheet" href="([^"]*)">/g)].map((match) => match[1]);

describe('a delivered form', () => {
  it('is a 303 to the service’s confirmation page when the owner has none', () => {
    const reply = formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', SITE);
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.Location).toBe(PAGE_PATHS.sent);
    expect(reply.body).toBe('');
  });

  it('is a 303 to the owner’s thank-you page, as set, with the same headers', () => {
    const reply = formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', { ...SITE, successPath: '/thanks/?from=contact' });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers).toEqual({ ...formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', SITE).headers, Location: '/thanks/?from=contact' });
  });
});

describe('the pages of a refused form', () => {
  it.each(PAGES)('link the owner’s style sheet after the service’s own (%s)', (_title, outcome) => {
    const page = formReply(outcome, SUBMITTED, 'form-token', 'request-id', { ...SITE, stylesheet: '/css/site.css?v=2&x=1' });
    expect(stylesheets(page.body)).toEqual([PAGE_PATHS.style, '/css/site.css?v=2&amp;x=1']);
    expect(page.headers['Content-Security-Policy']).toContain("style-src 'self';");
  });

  it.each(PAGES)('link the service’s style sheet alone when the owner has none (%s)', (_title, outcome) => {
    expect(stylesheets(formReply(outcome, SUBMITTED, 'form-token', 'request-id', SITE).body)).toEqual([PAGE_PATHS.style]);
  });

  it('include the cross-site refusal', () => {
    expect(stylesheets(crossSiteReply({ ...SITE, stylesheet: '/site.css' }).body)).toEqual([PAGE_PATHS.style, '/site.css']);
  });
});
