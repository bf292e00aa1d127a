import { describe, expect, it } from '@jest/globals';
import { renderFormPage, renderProblemPage, renderSentPage, type PageSite } from '../../../lambdas/html/contact-page.js';
import { PAGE_PATHS } from '../../../lambdas/html/page-paths.js';

/* The service's pages in the owner's site (docs/api.md §9): their style sheet. */

const SITE: PageSite = { baseUrl: 'https://example.com', siteName: 'Ada “the first” & Co' };
const PAGES = {
  form: (site: PageSite) => renderFormPage({ site }),
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
