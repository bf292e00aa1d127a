import { describe, expect, it } from '@jest/globals';
import { otherFormPagesValue } from '../../../../lambdas/config.js';
import { answeringContactPages, OTHER_FORM_PAGES_ROOM, otherFormPages } from '../../../../lib/settings/contact-pages.js';

/* Which other contact pages the contact function answers in (docs/api.md §9), as synth bundles them and local mode copies them. */

const FORM_PAGE = { path: '/contact/' };
const page = (path: string, successPath?: string) => ({ path, file: `/site${path}index.html`, ...(successPath === undefined ? {} : { successPath }) });

describe('answeringContactPages', () => {
  it('takes each page, in the order given, named in the bundle by its place', () => {
    const { answering, left } = answeringContactPages(FORM_PAGE, [page('/en/contact/', '/en/thanks/'), page('/fr/contact/')]);
    expect(answering.map(({ path, bundled }) => [path, bundled])).toEqual([
      ['/en/contact/', 'form-page-1.html'],
      ['/fr/contact/', 'form-page-2.html'],
    ]);
    expect(left).toEqual([]);
  });

  it('takes none without a form page: every post is answered in the service’s own form', () => {
    expect(answeringContactPages(undefined, [page('/en/contact/')])).toEqual({ answering: [], left: [] });
  });

  it('takes as many as the setting holds within its room, the rest left to the form page', () => {
    const many = Array.from({ length: 60 }, (_, index) => page(`/language-${index}/contact/`, `/language-${index}/thanks/`));
    const { answering, left } = answeringContactPages(FORM_PAGE, many);
    const setting = otherFormPagesValue(otherFormPages(answering, ({ bundled }) => bundled));
    expect(setting.length).toBeLessThanOrEqual(OTHER_FORM_PAGES_ROOM);
    expect(answering.length).toBeGreaterThan(10);
    expect([...answering.map(({ path }) => path), ...left.map(({ path }) => path)]).toEqual(many.map(({ path }) => path));
    // One more would not fit.
    const next = { ...left[0]!, bundled: `form-page-${answering.length + 1}.html` };
    expect(otherFormPagesValue(otherFormPages([...answering, next], ({ bundled }) => bundled)).length).toBeGreaterThan(OTHER_FORM_PAGES_ROOM);
  });
});

describe('otherFormPages', () => {
  it('gives each page’s path as a browser sends it, with the file named and its thank-you page', () => {
    expect(otherFormPages([page('/café/kontakt/', '/caf%C3%A9/danke/'), page('/en/contact/')], (_page, index) => `/copies/${index}.html`)).toEqual([
      { path: '/caf%C3%A9/kontakt/', file: '/copies/0.html', successPath: '/caf%C3%A9/danke/' },
      { path: '/en/contact/', file: '/copies/1.html' },
    ]);
  });
});
