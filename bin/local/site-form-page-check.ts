import { formPageText } from '../../lambdas/contact/filled-form-page.js';
import { unavailableReason } from '../../lambdas/contact/form-page-unavailable.js';
import { fetchSitePage } from '../../lambdas/contact/site-page-fetch.js';
import { MAX_FORM_PAGE_BYTES } from '../../lambdas/html/owner-form-page.js';
import type { ExtraField } from '../../lambdas/inquiry/extra-fields.js';
import { existingSiteFormPageNote } from '../../lib/settings/form-page.js';

/** What the check knows of the deployment beside the page: the settings file's own origins (domainName, baseUrl), the owner's fields, the thank-you page. */
export interface SiteFormPageContext {
  readonly ownOrigins: readonly string[];
  readonly extraFields: readonly ExtraField[];
  readonly thanks: string | undefined;
}

/**
 * The banner's line of the existing site's form page (`formPage` with `siteOrigin`), fetched now
 * as the contact function fetches it for a refused post: what synth cannot read, checked at start.
 */
export async function siteFormPageLine(origin: string, path: string, { ownOrigins, extraFields, thanks }: SiteFormPageContext): Promise<string> {
  try {
    const page = await fetchSitePage(origin, path, MAX_FORM_PAGE_BYTES);
    return `Form page  ${origin}${page.path}: ${existingSiteFormPageNote(formPageText(`${origin}${page.path}`, page.bytes), page.path, ownOrigins, extraFields, thanks)}`;
  } catch (error) {
    const reason = unavailableReason(error) ?? `${origin}${path} could not be read`;
    return `Form page  not read now: ${reason}; while it cannot be, a refused post made without JavaScript comes back in the service's own form`;
  }
}
