import { otherFormPagesValue, type OtherFormPage } from '../../lambdas/config.js';
import { encodedPath } from '../pages/site-pages.js';
import type { FormPage, OtherContactPage } from './form-page.js';

/**
 * The most bytes OTHER_FORM_PAGES may take of the contact function's environment, which Lambda
 * holds to 4 KB in all: room for some twenty contact pages with short paths.
 */
export const OTHER_FORM_PAGES_ROOM = 1024;

/** What the contact function is given of another contact page: its path, its file and its thank-you page. */
export type ContactPageFile = Pick<OtherContactPage, 'path' | 'file' | 'successPath'>;

/** Another contact page the contact function answers in, and its name in the function's bundle. */
export interface AnsweringPage extends ContactPageFile {
  readonly bundled: string;
}

/** The other contact pages that answer the posts sent from them, and those answered as the form page's. */
export interface AnsweringPages {
  readonly answering: readonly AnsweringPage[];
  /** Past OTHER_FORM_PAGES_ROOM. */
  readonly left: readonly ContactPageFile[];
}

/**
 * Which other contact pages answer a form post sent from them (docs/api.md §9), as synth bundles
 * them and local mode copies them: with a form page, the shallowest first, as many as
 * OTHER_FORM_PAGES holds within its room. With no form page there are none: every post is
 * answered in the service's own form, as the lines say.
 */
export function answeringContactPages(formPage: Pick<FormPage, 'path'> | undefined, others: readonly ContactPageFile[]): AnsweringPages {
  if (formPage === undefined) return { answering: [], left: [] };
  const answering: AnsweringPage[] = [];
  for (const { path, file, successPath } of others) {
    const next = { path, file, ...(successPath === undefined ? {} : { successPath }), bundled: `form-page-${answering.length + 1}.html` };
    if (otherFormPagesValue(otherFormPages([...answering, next], (kept) => kept.bundled)).length > OTHER_FORM_PAGES_ROOM) break;
    answering.push(next);
  }
  return { answering, left: others.slice(answering.length) };
}

/** The pages as OTHER_FORM_PAGES gives them to the contact function, each with the file `fileOf` names. */
export function otherFormPages<Page extends ContactPageFile>(pages: readonly Page[], fileOf: (page: Page, index: number) => string): OtherFormPage[] {
  return pages.map((page, index) => ({ path: encodedPath(page.path), file: fileOf(page, index), ...(page.successPath === undefined ? {} : { successPath: page.successPath }) }));
}
