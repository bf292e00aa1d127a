import { readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OwnerFormPage } from '../config.js';
import { fillOwnerFormPage, MAX_FORM_PAGE_BYTES, type FilledFormPage, type RefusedForm } from '../html/owner-form-page.js';

/** A form page over MAX_FORM_PAGE_BYTES: synth and start-up refuse one, an edit in local mode may still make one. */
export class FormPageTooLarge extends Error {
  override readonly name = 'FormPageTooLarge';
}

/**
 * The owner's form page read where it is and filled in for a refused post (docs/api.md §9):
 * deployed, from the function's own bundle, where synth copied it from `siteDir`; in local mode,
 * from the copy it makes afresh from SITE_DIR before each form post, so that a generator's watch
 * mode shows an edit at once. Loaded
 * on first use only (lazy-modules.ts): the HTML parser is for a refused form post, never a JSON one.
 */
export async function fillFormPage(page: OwnerFormPage, refused: Omit<RefusedForm, 'pagePath'>): Promise<FilledFormPage | undefined> {
  const file = isAbsolute(page.file) ? page.file : fileURLToPath(new URL(page.file, import.meta.url));
  const bytes = await readFile(file);
  if (bytes.byteLength > MAX_FORM_PAGE_BYTES) throw new FormPageTooLarge(`${page.path} is ${bytes.byteLength} bytes, over ${MAX_FORM_PAGE_BYTES}`);
  return fillOwnerFormPage(new TextDecoder().decode(bytes), { ...refused, pagePath: page.path });
}
