import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillFormPage, FormPageTooLarge } from '../../../lambdas/contact/filled-form-page.js';
import { MAX_FORM_PAGE_BYTES } from '../../../lambdas/html/owner-form-page.js';
import { ownerFormPage } from '../../support/form-pages.js';

/* The owner's form page read where it is (FORM_PAGE_FILE) and filled in for a refused post (docs/api.md §9). */

const refused = { values: { name: 'Ada' }, fieldErrors: [], summary: 'The inquiry was not sent.' };

function pageFile(html: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'form-page-')), 'form-page.html');
  writeFileSync(file, html);
  return file;
}

describe('fillFormPage', () => {
  it('fills in the page at its file, up to the largest a form page may be', async () => {
    const page = ownerFormPage();
    const file = pageFile(`${page}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES - Buffer.byteLength(page) - 7)}-->`);
    const filled = await fillFormPage({ path: '/contact/', file }, refused);
    expect(filled?.html).toContain('<input value="Ada" id="name" name="name" required>');
  });

  it('refuses a page edited past that size', async () => {
    const file = pageFile(`${ownerFormPage()}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES)}-->`);
    await expect(fillFormPage({ path: '/contact/', file }, refused)).rejects.toThrow(FormPageTooLarge);
  });
});
