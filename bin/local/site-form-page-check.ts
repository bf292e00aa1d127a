import { fetchSitePage } from '../../lambdas/contact/site-page-fetch.js';
import { unavailableReason } from '../../lambdas/contact/form-page-unavailable.js';
import { MAX_FORM_PAGE_BYTES } from '../../lambdas/html/owner-form-page.js';
import type { ExtraField } from '../../lambdas/inquiry/extra-fields.js';
import { existingSiteFormPageNote } from '../../lib/settings/form-page.js';

/**
 * The banner's line of the existing site's form page (`formPage` with `siteOrigin`), fetched now
 * as the contact function fetches it for a refused post: what synth cannot read, checked at start.
 */
export async function siteFormPageLine(origin: string, path: string, extraFields: readonly ExtraField[], thanks: string | undefined): Promise<string> {
  try {
    const page = await fetchSitePage(origin, path, MAX_FORM_PAGE_BYTES);
    return `Form page  ${origin}${page.path}: ${existingSiteFormPageNote(new TextDecoder().decode(page.bytes), page.path, [origin], extraFields, thanks)}`;
  } catch (error) {
    const reason = unavailableReason(error) ?? `${origin}${path} could not be read`;
    return `Form page  not read now: ${reason}; while it cannot be, a refused post made without JavaScript comes back in the service's own form`;
  }
}
