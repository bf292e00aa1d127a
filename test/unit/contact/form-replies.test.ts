import { describe, expect, it } from '@jest/globals';
import { crossSiteReply, formReply, type FormSite } from '../../../lambdas/contact/form-replies.js';
import { FormPageUnavailable } from '../../../lambdas/contact/form-page-unavailable.js';
import type { RateLimitStatus } from '../../../lambdas/intake/rate-limiter.js';
import type { ReadForm } from '../../../lambdas/contact/read-body.js';
import type { ContactOutcome } from '../../../lambdas/intake/submit-inquiry.js';
import { CONTENT_SECURITY_POLICY } from '../../../lambdas/html/html-reply.js';
import type { FilledFormPage } from '../../../lambdas/html/owner-form-page.js';
import { PAGE_PATHS } from '../../../lambdas/html/page-paths.js';
import { NOTICES, rateLimitedNotice } from '../../../lambdas/inquiry/form-messages.js';
import type { OwnerNotice } from '../../../lambdas/html/owner-markup.js';
import { capturedOutput } from '../../support/captured-output.js';

/* The answers to `POST /contact` in the owner's site (docs/api.md §9): their thank-you page, their look. */

const SITE: FormSite = {
  baseUrl: 'https://example.com',
  siteName: 'Ada’s workshop',
  allowedOrigins: ['https://example.com'],
  limits: { ip: 5, email: 3, windowSeconds: 3600 },
  extraFields: [],
};
const STATUS: RateLimitStatus = { scope: 'ip', remaining: 4, resetSeconds: 1200 };
const SUBMITTED: ReadForm = { kind: 'fields', fields: { name: 'Ada', email: 'ada@example', message: 'short' } };
const ACCEPTED: ContactOutcome = { kind: 'accepted', inquiryId: 'inquiry-id', rateLimit: STATUS, heldFor: [] };
const PAGES: ReadonlyArray<[string, ContactOutcome]> = [
  ['field errors', { kind: 'invalid', errors: [{ field: 'email', code: 'invalid_email', message: 'email must be an e-mail address.', userMessage: 'Enter an e-mail address such as name@example.com.' }], rateLimit: STATUS }],
  ['a limit', { kind: 'rate_limited', rateLimit: { ...STATUS, remaining: 0 } }],
  ['a failure', { kind: 'unavailable', dependency: 'inquiry_store', errorName: 'InternalServerError' }],
  ['a body it could not read', { kind: 'rejected', reason: 'unsupported_media_type', rateLimit: STATUS }],
];

const stylesheets = (html: string | undefined) => [...(html ?? '').matchAll(/<link rel="stylesheet" href="([^"]*)">/g)].map((match) => match[1]);

describe('a delivered form', () => {
  it('is a 303 to the service’s confirmation page when the owner has none', async () => {
    const reply = await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', SITE);
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.Location).toBe(PAGE_PATHS.sent);
    expect(reply.body).toBe('');
  });

  it('is a 303 to the owner’s thank-you page, as set, with the same headers', async () => {
    const reply = await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', { ...SITE, successPath: '/thanks/?from=contact' });
    expect(reply.statusCode).toBe(303);
    expect(reply.headers).toEqual({ ...(await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', SITE)).headers, Location: '/thanks/?from=contact' });
  });
});

describe('the pages of a refused form', () => {
  it.each(PAGES)('link the owner’s style sheet after the service’s own (%s)', async (_title, outcome) => {
    const page = await formReply(outcome, SUBMITTED, 'form-token', 'request-id', { ...SITE, stylesheet: '/css/site.css?v=2&x=1' });
    expect(stylesheets(page.body)).toEqual([PAGE_PATHS.style, '/css/site.css?v=2&amp;x=1']);
    expect(page.headers['Content-Security-Policy']).toContain("style-src 'self';");
  });

  it.each(PAGES)('link the service’s style sheet alone when the owner has none (%s)', async (_title, outcome) => {
    expect(stylesheets((await formReply(outcome, SUBMITTED, 'form-token', 'request-id', SITE)).body)).toEqual([PAGE_PATHS.style]);
  });

  it('tell a script that posted JSON (415) where JSON goes, and a form of another encoding nothing of scripts', async () => {
    const unsupported: ContactOutcome = { kind: 'rejected', reason: 'unsupported_media_type', rateLimit: STATUS };
    const json = await formReply(unsupported, { kind: 'rejected', reason: 'unsupported_media_type', sentJson: true }, 'form-token', 'request-id', SITE);
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain(`A script sends JSON to ${PAGE_PATHS.api} instead.`);
    const multipart = await formReply(unsupported, { kind: 'rejected', reason: 'unsupported_media_type' }, 'form-token', 'request-id', SITE);
    expect(multipart.body).toContain('It was not sent as a browser sends a form');
    expect(multipart.body).not.toContain('script');
  });

  it('include the cross-site refusal', async () => {
    expect(stylesheets((await crossSiteReply({ ...SITE, stylesheet: '/site.css' }, 'request-id')).body)).toEqual([PAGE_PATHS.style, '/site.css']);
  });
});

describe('the owner’s form page (docs/api.md §9)', () => {
  const output = capturedOutput();
  const OWNER_PAGE = '<!doctype html><title>Hire me</title><style>p{}</style><form method="post" action="/contact"><p data-status></p><input name="name"></form>';
  /** A form page source as the handler builds one, recording what it was asked to fill in. */
  const formPage = (fill: (refused: unknown) => Promise<FilledFormPage | undefined>) => {
    const asked: unknown[] = [];
    return {
      asked,
      site: {
        ...SITE,
        stylesheet: '/css/site.css',
        formPage: {
          fill: (refused: unknown) => {
            asked.push(refused);
            return fill(refused);
          },
        },
      } satisfies FormSite,
    };
  };
  const filled: FilledFormPage = { html: OWNER_PAGE, styleHashes: ["'sha256-abc='"], scriptHashes: ["'sha256-def='"] };
  const INVALID: ContactOutcome = {
    kind: 'invalid',
    errors: [{ field: 'email', code: 'invalid_email', message: 'email must be an e-mail address.', userMessage: 'Enter an e-mail address such as name@example.com.' }],
    rateLimit: STATUS,
  };

  it('answers a refused post with it, the owner’s styles and scripts allowed by their hashes and the site’s fonts, the status and headers the API gives', async () => {
    const { site, asked } = formPage(async () => filled);
    const reply = await formReply(INVALID, SUBMITTED, 'form-token', 'request-id', site);
    expect(reply.statusCode).toBe(422);
    expect(reply.body).toBe(OWNER_PAGE);
    expect(reply.headers['Content-Security-Policy']).toBe(
      "default-src 'none'; script-src 'self' 'sha256-def='; style-src 'self' 'sha256-abc='; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'; font-src 'self'",
    );
    expect(reply.headers).toMatchObject({ 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8', RateLimit: expect.any(String) });
    expect(asked).toEqual([
      {
        values: SUBMITTED.kind === 'fields' ? SUBMITTED.fields : {},
        fieldErrors: [{ field: 'email', message: 'Enter an e-mail address such as name@example.com.' }],
        summary: NOTICES.invalid,
        notice: { kind: 'invalid' },
      },
    ]);
  });

  it.each<[string, ContactOutcome, number, string, OwnerNotice]>([
    ['a limit', { kind: 'rate_limited', rateLimit: { ...STATUS, remaining: 0, resetSeconds: 1834 } }, 429, rateLimitedNotice('ip', 1834), { kind: 'rateLimited', minutes: 31 }],
    ['a failure', { kind: 'unavailable', dependency: 'counter_store', errorName: 'InternalServerError' }, 503, NOTICES.unavailable, { kind: 'unavailable' }],
  ])('says %s in it, with no field errors, and which notice it is, for the owner’s words of it', async (_case, outcome, status, summary, notice) => {
    const { site, asked } = formPage(async () => filled);
    expect((await formReply(outcome, SUBMITTED, 'form-token', 'request-id', site)).statusCode).toBe(status);
    expect(asked).toEqual([expect.objectContaining({ fieldErrors: [], summary, notice })]);
  });

  it('refuses a cross-site post in it, 403, nothing of the post read', async () => {
    const { site, asked } = formPage(async () => filled);
    const reply = await crossSiteReply(site, 'request-id');
    expect(reply.statusCode).toBe(403);
    expect(reply.body).toBe(OWNER_PAGE);
    expect(asked).toEqual([{ values: {}, fieldErrors: [], summary: expect.stringMatching(/^This form was sent from another website.*send it again from this page\.$/), notice: { kind: 'crossSite' } }]);
  });

  it('carries the token the form was posted with while it is valid, and never a new one: the owner’s page is static', async () => {
    const { site, asked } = formPage(async () => filled);
    await formReply(INVALID, { ...SUBMITTED, formToken: 'posted-token' }, 'posted-token', 'request-id', site);
    await formReply(INVALID, { ...SUBMITTED, formToken: 'expired-token' }, 'new-token', 'request-id', site);
    await formReply(INVALID, SUBMITTED, 'new-token', 'request-id', site);
    expect(asked.map((refused) => (refused as { formToken?: string }).formToken)).toEqual(['posted-token', undefined, undefined]);
  });

  it('keeps the service’s pages for a body it could not read, and for a delivered form', async () => {
    const { site, asked } = formPage(async () => filled);
    expect((await formReply(PAGES[3]![1], SUBMITTED, 'form-token', 'request-id', site)).body).toContain('The form could not be read');
    expect((await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', site)).statusCode).toBe(303);
    expect(asked).toEqual([]);
  });

  it.each<[string, () => Promise<FilledFormPage | undefined>, RegExp]>([
    ['holds no form that posts to /contact', async () => undefined, /holds no form that posts to \/contact/],
    ['cannot be read', async () => Promise.reject(Object.assign(new Error('gone'), { name: 'ENOENT' })), /^The form page could not be used: answered/],
    [
      'cannot be fetched from the existing site, saying why',
      async () => Promise.reject(new FormPageUnavailable('https://you.github.io/contact/ answered 404')),
      /^The form page could not be used \(https:\/\/you\.github\.io\/contact\/ answered 404\): answered with the service's own$/,
    ],
  ])('falls back to the service’s own form when the page %s, and says so in a warning line', async (_case, fill, warning) => {
    const { site } = formPage(fill);
    const reply = await formReply(INVALID, SUBMITTED, 'form-token', 'request-id', site);
    expect(reply.statusCode).toBe(422);
    expect(reply.body).toContain('id="contact-form"');
    expect(reply.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    const lines = output.text().trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([expect.objectContaining({ level: 'WARN', message: expect.stringMatching(warning), requestId: 'request-id' })]);
  });

  describe('and another contact page (docs/api.md §9)', () => {
    const french = (fill: (refused: unknown) => Promise<FilledFormPage | undefined>) => {
      const base = formPage(async () => filled);
      const asked: unknown[] = [];
      const page = { path: '/fr/contact/', successPath: '/fr/merci/', fill: (refused: unknown) => (asked.push(refused), fill(refused)) };
      return { ...base, page, frenchAsked: asked, site: { ...base.site, successPath: '/thanks/' } satisfies FormSite };
    };

    it('answers a post from it in it, carrying its path, and sends a delivered one to its thank-you page', async () => {
      const { site, page, asked, frenchAsked } = french(async () => filled);
      expect((await formReply(INVALID, SUBMITTED, 'form-token', 'request-id', site, page)).statusCode).toBe(422);
      expect(frenchAsked).toEqual([expect.objectContaining({ notice: { kind: 'invalid' }, postedFrom: '/fr/contact/' })]);
      expect(asked).toEqual([]);
      expect((await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', site, page)).headers.Location).toBe('/fr/merci/');
      const { successPath: _none, ...withoutThanks } = page;
      expect((await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', site, withoutThanks)).headers.Location).toBe('/thanks/');
    });

    it('leaves a post from no other contact page to the form page and the site’s thank-you page', async () => {
      const { site, asked, frenchAsked } = french(async () => filled);
      await formReply(INVALID, SUBMITTED, 'form-token', 'request-id', site);
      expect((await formReply(ACCEPTED, SUBMITTED, 'form-token', 'request-id', site)).headers.Location).toBe('/thanks/');
      expect(frenchAsked).toEqual([]);
      expect(asked).toEqual([expect.not.objectContaining({ postedFrom: expect.anything() })]);
    });

    it('refuses a cross-site post in the form page', async () => {
      const { site, asked, frenchAsked } = french(async () => filled);
      expect((await crossSiteReply(site, 'request-id')).statusCode).toBe(403);
      expect({ form: asked.length, french: frenchAsked.length }).toEqual({ form: 1, french: 0 });
    });

    it('falls back to the form page, with a warning line, when it cannot be used', async () => {
      const { site, page, asked } = french(async () => Promise.reject(Object.assign(new Error('gone'), { name: 'ENOENT' })));
      const reply = await formReply(INVALID, SUBMITTED, 'form-token', 'request-id', site, page);
      expect(reply.body).toBe(OWNER_PAGE);
      expect(asked).toEqual([expect.not.objectContaining({ postedFrom: expect.anything() })]);
      const lines = output.text().trim().split('\n').map((line) => JSON.parse(line) as unknown);
      expect(lines).toEqual([
        expect.objectContaining({ level: 'WARN', message: 'The other contact page could not be used: answered with the form page', requestId: 'request-id', errorName: 'ENOENT' }),
      ]);
    });
  });
});
