import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_OWN_LLMS_TXT_BYTES } from '../../lambdas/discovery/own-llms-txt.js';
import { MAX_FORM_PAGE_BYTES } from '../../lambdas/html/owner-form-page.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { linkedSiteFile, type SiteFrontDoor } from '../../lib/edge/front-door-request.js';
import { BUNDLED_LLMS_TXT, OWN_LLMS_TXT, siteFiles, takenLlmsTxt } from '../../lib/pages/site-files.js';
import { requestTarget, type ApiGateway } from './api-server.js';
import { FileBody } from './file-body.js';

/**
 * A function's copy of a file of the owner's site, as a deployment bundles one from `siteDir` (the
 * form page, FORM_PAGE_FILE, docs/api.md §9; the owner's llms.txt, OWN_LLMS_TXT_FILE, §6), made
 * afresh by local mode before each request that reads it, from the file the site's folder holds
 * at that moment: found by the rule of every site file (siteFiles) and opened without following a
 * link, so that a file turned into a link out of the folder, a FIFO or a device is never read. When
 * the folder holds no such file now, there is no copy, and the function does without it.
 */
export interface SiteFileCopy {
  /** The copy, which the function's setting names. */
  readonly file: string;
  /** Makes the copy anew from the folder as it is now, or takes it away. */
  refresh(): Promise<void>;
  /** Takes the copy and its folder away. */
  close(): Promise<void>;
}

/** Where a copy's file comes from, what it is called, and what of it the function needs. */
interface CopiedFile {
  readonly name: string;
  /** The file of the site's folder now, if it holds one. */
  locate(): string | undefined;
  /** One byte past the most the function takes: all it needs to refuse a file past it, and all that is copied. */
  readonly maxBytes: number;
}

/** The contact function's copy, called `name`, of the form page or other contact page that `door` serves at `pagePath`. */
export function startFormPageCopy(door: SiteFrontDoor, pagePath: string, name: string): Promise<SiteFileCopy> {
  return startSiteFileCopy({ name, locate: () => linkedSiteFile(door, pagePath), maxBytes: MAX_FORM_PAGE_BYTES + 1 });
}

/** The discovery function's copy of the llms.txt at the top of `siteDir` that the service takes in. */
export function startOwnLlmsTxtCopy(siteDir: string): Promise<SiteFileCopy> {
  return startSiteFileCopy({ name: BUNDLED_LLMS_TXT, locate: () => takenLlmsTxt(siteFiles(siteDir)), maxBytes: MAX_OWN_LLMS_TXT_BYTES + 1 });
}

async function startSiteFileCopy(copied: CopiedFile): Promise<SiteFileCopy> {
  const folder = await mkdtemp(join(tmpdir(), 'local-site-file-'));
  const file = join(folder, copied.name);
  return {
    file,
    async refresh() {
      const fresh = join(folder, randomUUID());
      try {
        // Written beside it, then put in its place at once: a request being answered reads one whole file.
        const source = copied.locate();
        const body = source === undefined ? undefined : await FileBody.open(source);
        if (body !== undefined) {
          await body.copyTo(fresh, copied.maxBytes);
          await rename(fresh, file);
          return;
        }
      } catch {
        // Unreadable, or the folder too big for the front door's function: no file to use either.
      }
      await Promise.all([rm(file, { force: true }), rm(fresh, { force: true })]);
    },
    close: () => rm(folder, { recursive: true, force: true }),
  };
}

/** The API, with each copy made afresh before the one request whose answer may read it: a form post (the contact pages'), a read of llms.txt. */
export function withFreshCopies(api: ApiGateway, copies: { readonly formPages?: readonly SiteFileCopy[]; readonly ownLlmsTxt?: SiteFileCopy }): ApiGateway {
  return async (request) => {
    const { path } = requestTarget(request.url ?? '/');
    if (request.method === 'POST' && path === PAGE_PATHS.form) await Promise.all((copies.formPages ?? []).map((copy) => copy.refresh()));
    if ((request.method === 'GET' || request.method === 'HEAD') && path === `/${OWN_LLMS_TXT}`) await copies.ownLlmsTxt?.refresh();
    return api(request);
  };
}
