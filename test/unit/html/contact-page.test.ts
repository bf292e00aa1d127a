import { describe, expect, it } from '@jest/globals';
import { renderFormPage, renderProblemPage, renderSentPage, type PageSite } from '../../../lambdas/html/contact-page.js';
import { escapeHtml } from '../../../lambdas/html/escape-html.js';
import { PAGE_PATHS } from '../../../lambdas/html/page-paths.js';
import { INQUIRY_RULES } from '../../../lambdas/inquiry/schema.js';

/* The service's pages in the owner's site (docs/api.md §9): their style sheet, and the form as a tool for agents. */

const SITE: PageSite = { baseUrl: 'https://example.com', siteName: 'Ada “the first” & Co' };
const PAGES = {
  form: (site: PageSite) => renderFormPage({ site, formToken: 'form-token' }),
  confirmation: (site: PageSite) => renderSentPage(site),
  error: (site: PageSite) => renderProblemPage(site, 'The form could not be read', 'Nothing was sent.'),
};

/** The tags of the head that load something, in their order. */
const loads = (html: string) => [...html.matchAll(/<(?:link|script)\b[^>]*>/g)].map((match) => match[0]);

describe.each(Object.entries(PAGES))('the %s page', (_name, render) => {
  it('links the owner’s style sheet right after its own, so that the owner’s rules win', () => {
    expect(loads(render({ ...SITE, stylesheet: '/css/site.css' })).slice(0, 3)).toEqual([
      `<link rel="stylesheet" href="${PAGE_PATHS.style}">`,
      '<link rel="stylesheet" href="/css/site.css">',
      `<link rel="icon" href="${PAGE_PATHS.icon}" type="image/svg+xml">`,
    ]);
  });

  it('links none without one', () => {
    expect(loads(render(SITE)).filter((tag) => tag.includes('stylesheet'))).toEqual([`<link rel="stylesheet" href="${PAGE_PATHS.style}">`]);
  });
});

describe('the form as a tool for an agent in the browser (WebMCP’s declarative API)', () => {
  const html = renderFormPage({ site: SITE, formToken: 'form-token' });

  it('names the tool and says what it does, on the form, which still posts to /contact', () => {
    expect(html).toContain(
      `<form id="contact-form" method="post" action="/contact" accept-charset="utf-8" toolname="sendInquiry" tooldescription="Send a project inquiry to the owner of this site (${escapeHtml(SITE.siteName)}); it is delivered by e-mail and answered personally.">`,
    );
    expect(html).not.toContain('toolautosubmit');
  });

  it('describes every field it sends, the honeypot included, in the published schema’s words; the form’s token is no parameter', () => {
    const controls = [...html.matchAll(/<(?:input|textarea) [^>]*>/g)].map((match) => match[0]).filter((control) => !control.includes('type="hidden"'));
    expect(html).toContain('<input type="hidden" name="form_token" value="form-token">');
    const described = controls.map((control) => [/ name="([^"]+)"/.exec(control)?.[1], / toolparamdescription="([^"]+)"/.exec(control)?.[1]]);
    expect(described).toEqual(
      Object.entries(INQUIRY_RULES.properties).map(([name, property]) => [name, escapeHtml(property.description)]),
    );
  });
});

describe('the focus of a refused post’s page, without script', () => {
  const autofocused = (html: string) => [...html.matchAll(/<[a-z]+ [^>]*\bautofocus\b[^>]*>/g)].map((match) => / id="([^"]+)"/.exec(match[0])?.[1]);

  it('is on the first field to correct, or on the reason when no field is to be corrected (a limit, a failure)', () => {
    const errors = [{ field: 'email', code: 'invalid_email', message: 'email must be an e-mail address.', userMessage: 'Enter an e-mail address.' }] as const;
    expect(autofocused(renderFormPage({ site: SITE, formToken: 't', errors, notice: 'The inquiry was not sent.' }))).toEqual(['contact-email']);
    const limited = renderFormPage({ site: SITE, formToken: 't', notice: 'Please try again in 31 minutes.' });
    expect(autofocused(limited)).toEqual(['contact-status']);
    expect(limited).toContain('<div id="contact-status" class="notice notice-error" role="status" tabindex="-1" autofocus>Please try again in 31 minutes.</div>');
    expect(autofocused(renderFormPage({ site: SITE, formToken: 't' }))).toEqual([]);
  });
});

describe('the form with the owner’s own fields (extraFields)', () => {
  const site: PageSite = { ...SITE, extraFields: [{ name: 'budget', label: 'Orçamento & prazo' }] };

  it('asks each after the inquiry’s own, optional, labelled in the owner’s words and described as the schema describes it', () => {
    const html = renderFormPage({ site, formToken: 'form-token' });
    expect(html).toContain('<label for="contact-extra-budget">Orçamento &amp; prazo <span class="optional">(optional)</span></label>');
    expect(html).toMatch(/<input id="contact-extra-budget" name="budget" type="text" autocomplete="off" toolparamdescription="Orçamento &amp; prazo, optional: at most 200 characters[^"]*" value="">/);
    expect(html.indexOf('name="budget"')).toBeGreaterThan(html.indexOf('name="project_url"'));
    expect(html.indexOf('name="budget"')).toBeLessThan(html.indexOf('name="_gotcha"'));
  });

  it('fills it in again after a refused post, its error beside it, and takes the focus when it is the first to correct', () => {
    const html = renderFormPage({
      site,
      formToken: 'form-token',
      values: { budget: 'x'.repeat(201) },
      errors: [{ field: 'budget', code: 'too_long', message: 'budget must be at most 200 characters long.', userMessage: 'Shorten this answer to 200 characters or fewer.' }],
    });
    expect(html).toMatch(/<input id="contact-extra-budget" name="budget" type="text" autocomplete="off" aria-describedby="contact-extra-budget-error" aria-invalid="true" autofocus [^>]*value="x{201}">/);
    expect(html).toContain('<span class="error-text">Shorten this answer to 200 characters or fewer.</span>');
  });

  it('gives each an id of its own, whatever its name: never one of the page’s', () => {
    const named = ['sent', 'status', 'form', 'trap', 'reference', 'name-error', 'message-hint', 'sent-heading'].map((name) => ({ name, label: name }));
    const ids = [...renderFormPage({ site: { ...SITE, extraFields: named }, formToken: 'form-token' }).matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(named.length * 3);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('is the form of the inquiry alone on a deployment without them', () => {
    expect(renderFormPage({ site: SITE, formToken: 'form-token' })).not.toContain('contact-extra-budget');
  });
});
