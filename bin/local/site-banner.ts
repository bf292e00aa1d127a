import { DEFAULT_SITE_NAME, readPageStylesheet, type Env } from '../../lambdas/config.js';
import { SUCCESS_PATH_ATTRIBUTE } from '../../lambdas/html/owner-form-page.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { FOUND_FORM_PAGE, formPageLine } from '../../lib/settings/form-page.js';
import { SITE_DIR, type LocalSettings } from './settings.js';

/**
 * What `npm start` picked up for the pages visitors see (docs/api.md §7), each with where it came
 * from: the site's name, the form page, the thank-you page and the style sheet.
 */
export function siteBannerLines(env: Env, settings: Pick<LocalSettings, 'siteDir' | 'formPage' | 'formSuccessPath'>): string[] {
  const successPath = settings.formSuccessPath;
  const named = successPath?.source === 'form page' ? `${SUCCESS_PATH_ATTRIBUTE} on the form of ${settings.formPage?.path}` : 'FORM_SUCCESS_PATH';
  const stylesheet = readPageStylesheet(env);
  const noFormPage =
    settings.siteDir === undefined
      ? `no FORM_PAGE, and no ${SITE_DIR} to find one in`
      : `no FORM_PAGE, and ${SITE_DIR} has no ${FOUND_FORM_PAGE} whose form posts to ${PAGE_PATHS.form}`;
  return [
    `Site name  ${env.SITE_NAME ? `${env.SITE_NAME}  (SITE_NAME)` : `${DEFAULT_SITE_NAME}  (the default; SITE_NAME names yours)`}`,
    `Form page  ${settings.formPage === undefined ? `${PAGE_PATHS.form}, the service's own  (${noFormPage})` : formPageLine(settings.formPage, 'FORM_PAGE')}`,
    `Thank-you  ${successPath === undefined ? `${PAGE_PATHS.sent}, the service's own  (${SUCCESS_PATH_ATTRIBUTE} on your form, or FORM_SUCCESS_PATH, names yours)` : `${successPath.path}  (${named})`}`,
    `Style      ${stylesheet === undefined ? "none: the service's pages in their own style  (PAGE_STYLESHEET names yours)" : `${stylesheet}  (PAGE_STYLESHEET)`}`,
  ];
}
