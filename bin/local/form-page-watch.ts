import { ConfigError } from '../../lambdas/config.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { findFormPage, FOUND_FORM_PAGE } from '../../lib/settings/form-page.js';

/** How often the site's folder is looked at: a rebuild by a generator's watch mode takes about as long. */
export const FORM_PAGE_LOOK_MS = 1_000;

/**
 * Without a form page at start-up, whether the site's folder comes to hold one, as when the owner
 * adds a contact page while a generator's watch mode rebuilds the site: `/contact` keeps to the
 * service's own form until npm start reads its settings again (a deployment, until its next
 * deploy), so one line says to start again, and what start-up would say of the page. Looks until
 * then, at most every FORM_PAGE_LOOK_MS; `stop` ends it.
 */
export function watchForFormPage(site: { readonly folder: string; readonly setting: string }, say: (line: string) => void, everyMs = FORM_PAGE_LOOK_MS): { stop(): void } {
  const timer = setInterval(() => {
    const found = foundFormPage(site);
    if (found === undefined) return;
    clearInterval(timer);
    say(`Form page  ${FOUND_FORM_PAGE} holds a form posting to ${PAGE_PATHS.form} now${found}: stop npm start (Ctrl-C) and start it again to use it; until then ${PAGE_PATHS.form} is the service's own form`);
  }, everyMs);
  // Looking never keeps the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Undefined while the folder holds no form page; else what start-up would add: nothing, or why it would refuse the page. */
function foundFormPage(site: { readonly folder: string; readonly setting: string }): string | undefined {
  try {
    return findFormPage('FORM_PAGE', undefined, { kind: 'folder', ...site }) === undefined ? undefined : '';
  } catch (error) {
    if (error instanceof ConfigError) return `, which start-up would refuse (${error.message})`;
    // Read while the generator writes it: looked at again next time.
    return undefined;
  }
}
