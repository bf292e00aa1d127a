import { readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OwnerFormPage } from '../config.js';
import { fillOwnerFormPage, MAX_FORM_PAGE_BYTES, type FilledFormPage, type RefusedForm } from '../html/owner-form-page.js';
import { utf8PageText } from '../html/page-text.js';
import { FormPageUnavailable } from './form-page-unavailable.js';
import { keptSitePages } from './kept-site-page.js';
import { fetchSitePage, type SitePage } from './site-page-fetch.js';

const existingSitePage = keptSitePages((origin, path) => fetchSitePage(origin, path, MAX_FORM_PAGE_BYTES));

/**
 * The owner's form page read where it is and filled in for a refused post (docs/api.md §9):
 * deployed, from the function's own bundle, where synth copied it from `siteDir`; in local mode,
 * from the copy it makes afresh from SITE_DIR before each form post, so that a generator's watch
 * mode shows an edit at once; with an existing site (`siteOrigin`), from the site, as it is now
 * (kept a minute: kept-site-page.ts). Loaded on first use only (lazy-modules.ts): the HTML parser
 * is for a refused form post, never a JSON one.
 */
export async function fillFormPage(page: OwnerFormPage, refused: Omit<RefusedForm, 'pagePath'>): Promise<FilledFormPage | undefined> {
  const { path, bytes } = 'origin' in page ? await existingSitePage(page.origin, page.path) : await readPageFile(page.path, page.file);
  return fillOwnerFormPage(formPageText(path, bytes), { ...refused, pagePath: path });
}

async function readPageFile(path: string, file: string): Promise<SitePage> {
  const bytes = await readFile(isAbsolute(file) ? file : fileURLToPath(new URL(file, import.meta.url)));
  // An edit in local mode may make one that synth and start-up would refuse.
  if (bytes.byteLength > MAX_FORM_PAGE_BYTES) throw new FormPageUnavailable(`${path} is ${bytes.byteLength} bytes, over ${MAX_FORM_PAGE_BYTES}`);
  return { path, bytes };
}

/** The page's text, which the answer sends as UTF-8: a page in another encoding is refused, as synth refuses one, not sent garbled. */
export function formPageText(path: string, bytes: Uint8Array): string {
  const text = utf8PageText(bytes);
  if (text === undefined) throw new FormPageUnavailable(`${path} is not UTF-8 text`);
  return text;
}
