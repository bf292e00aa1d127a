import { pageDocument } from './page-document.js';
import { PAGE_PATHS } from './page-paths.js';

/**
 * What a browser gets at `/` of a site without pages of its own (docs/api.md §1, "Unknown paths
 * and methods"): a 404 that says what answers here and leads to the form, where a program gets the
 * problem document. The fallback function knows no setting, so it names neither the site nor its
 * owner.
 */
export function renderNoPagesPage(): string {
  return pageDocument({
    title: 'No page here',
    withScript: false,
    main: `
<h1>No page here</h1>
<p>This address serves a contact form and the API behind it, and no pages of its own.</p>
<p><a href="${PAGE_PATHS.form}">Write a message with the contact form</a></p>
<p class="note">If this is your site: its pages come from siteDir or siteOrigin (SITE_DIR in local mode).</p>`,
  });
}
