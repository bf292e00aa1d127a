import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FORM_PAGE_BYTES } from '../../lambdas/html/owner-form-page.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { linkedSiteFile, type SiteFrontDoor } from '../../lib/edge/front-door-request.js';
import { BUNDLED_FORM_PAGE } from '../../lib/settings/form-page.js';
import { requestTarget, type ApiGateway } from './api-server.js';
import { FileBody } from './file-body.js';

/**
 * The contact function's copy of the owner's form page (FORM_PAGE_FILE, docs/api.md §9), as a
 * deployment bundles one from `siteDir`, made afresh by local mode before each form post from the
 * file the site's folder serves at the page's path at that moment: found by the rule of every
 * site file (siteFiles, through the front door's redirects) and opened without following a link,
 * so that a page turned into a link out of the folder is never read. When the path serves no
 * file now, there is no copy, and the function answers with the service's own form and writes
 * its warning line.
 */
export interface FormPageCopy {
  /** The copy, which FORM_PAGE_FILE names. */
  readonly file: string;
  /** Makes the copy anew from the folder as it is now, or takes it away. */
  refresh(): Promise<void>;
  /** Takes the copy and its folder away. */
  close(): Promise<void>;
}

/** The copy of the form page at `pagePath` of the site that `door` serves, in a folder of its own. */
export async function startFormPageCopy(door: SiteFrontDoor, pagePath: string): Promise<FormPageCopy> {
  const folder = await mkdtemp(join(tmpdir(), 'local-form-page-'));
  const file = join(folder, BUNDLED_FORM_PAGE);
  return {
    file,
    async refresh() {
      const fresh = join(folder, `${randomUUID()}.html`);
      try {
        // Written beside it, then put in its place at once: a post being answered reads one whole page.
        if (await copyPage(door, pagePath, fresh)) {
          await rename(fresh, file);
          return;
        }
      } catch {
        // Unreadable, or the folder too big for the front door's function: no page to use either.
      }
      await Promise.all([rm(file, { force: true }), rm(fresh, { force: true })]);
    },
    close: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * Copies the file the site serves at `path` now to `destination`; false when it serves none. Of a
 * page past the largest a form page may be, one byte more is all the function needs to refuse it
 * (FormPageTooLarge), and all that is copied: an edit that makes it huge costs no more.
 */
async function copyPage(door: SiteFrontDoor, path: string, destination: string): Promise<boolean> {
  const source = linkedSiteFile(door, path);
  const body = source === undefined ? undefined : await FileBody.open(source);
  if (body === undefined) return false;
  await body.copyTo(destination, MAX_FORM_PAGE_BYTES + 1);
  return true;
}

/** The API, with the copy made afresh before each form post: the one request whose answer may read it. */
export function withFreshFormPage(api: ApiGateway, copy: FormPageCopy): ApiGateway {
  return async (request) => {
    if (request.method === 'POST' && requestTarget(request.url ?? '/').path === PAGE_PATHS.form) await copy.refresh();
    return api(request);
  };
}
