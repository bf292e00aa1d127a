import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../../../lambdas/config.js';
import { findFormPage, formPageNotes } from '../../../lib/settings/form-page.js';
import { readMarkdown } from '../../support/markdown.js';
import { siteFolder } from '../../support/site-folder.js';

/*
 * docs/form-services.md's before and after of a Netlify form: the form as it was stops the
 * preview, as it becomes is a form page that lacks nothing, as npm start and synth check it.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const [before, after] = readMarkdown(join(ROOT, 'docs/form-services.md')).codeBlocks.filter((block) => block.language === 'html').map((block) => block.text);
const SCRIPT = readFileSync(join(ROOT, 'docs/examples/contact-form.js'), 'utf8');
const EXTRA_FIELDS = [{ name: 'project_type', label: 'Project type' }];

/** The form page `/contact/` of a site whose contact page holds `form`, with the thank-you page and the script it names. */
function formPageOf(form: string | undefined) {
  const page = `<!doctype html><html lang="en"><head><title>Contact</title><script src="/contact-form.js" defer></script></head><body>${form ?? ''}</body></html>`;
  const folder = siteFolder({ 'index.html': '<title>Lena</title>', 'contact/index.html': page, 'danke/index.html': '<title>Danke</title>', 'contact-form.js': SCRIPT });
  return findFormPage('formPage', '/contact/', { kind: 'folder', folder, setting: 'siteDir', extraFields: EXTRA_FIELDS });
}

describe('docs/form-services.md, a Netlify form before and after', () => {
  it('after: a form page that lacks nothing, its thank-you page the one Netlify’s action named', () => {
    const page = formPageOf(after);
    expect(page === undefined ? undefined : { notes: formPageNotes(page), successPath: page.successPath }).toEqual({ notes: '', successPath: '/danke/' });
  });

  it('before: a form that stops the preview, saying what to change', () => {
    expect(() => formPageOf(before)).toThrow(ConfigError);
    expect(() => formPageOf(before)).toThrow(/\/danke\/.*data-success-path="\/danke\/"/);
  });
});
