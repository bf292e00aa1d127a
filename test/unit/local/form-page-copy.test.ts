import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LocalAnswer } from '../../../bin/local/api-server.js';
import { startFormPageCopy, withFreshFormPage, type FormPageCopy } from '../../../bin/local/form-page-copy.js';
import { MAX_FORM_PAGE_BYTES } from '../../../lambdas/html/owner-form-page.js';
import { siteFrontDoor } from '../../../lib/edge/front-door-request.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';

/* The contact function's copy of the owner's form page in local mode (FORM_PAGE_FILE, docs/api.md §9). */

describe('the form page’s copy', () => {
  it('is the page the folder serves at its path now, made afresh at each refresh, and gone when it serves none', async () => {
    const site = siteFolder({ 'contact/index.html': ownerFormPage() });
    const copy = await startFormPageCopy(siteFrontDoor(site, 'SITE_DIR'), '/contact/');
    try {
      await copy.refresh();
      expect(readFileSync(copy.file, 'utf8')).toBe(ownerFormPage());

      writeFileSync(join(site, 'contact/index.html'), ownerFormPage({ title: 'Edited' }));
      await copy.refresh();
      expect(readFileSync(copy.file, 'utf8')).toBe(ownerFormPage({ title: 'Edited' }));

      const outside = join(mkdtempSync(join(tmpdir(), 'outside-')), 'page.html');
      writeFileSync(outside, ownerFormPage({ title: 'Outside' }));
      rmSync(join(site, 'contact/index.html'));
      symlinkSync(outside, join(site, 'contact/index.html'));
      await copy.refresh();
      expect(existsSync(copy.file)).toBe(false);

      rmSync(join(site, 'contact'), { recursive: true });
      await copy.refresh();
      expect(existsSync(copy.file)).toBe(false);

      // Of a page edited past the largest a form page may be, what the function needs to refuse it.
      mkdirSync(join(site, 'contact'));
      writeFileSync(join(site, 'contact/index.html'), 'x'.repeat(3 * MAX_FORM_PAGE_BYTES));
      await copy.refresh();
      expect(statSync(copy.file).size).toBe(MAX_FORM_PAGE_BYTES + 1);
    } finally {
      await copy.close();
    }
    expect(existsSync(dirname(copy.file))).toBe(false);
  });
});

describe('withFreshFormPage', () => {
  it('makes the copy afresh before a form post, and before nothing else', async () => {
    const refreshed: string[] = [];
    const copy: FormPageCopy = { file: 'copy.html', refresh: async () => void refreshed.push('refresh'), close: async () => undefined };
    const api = withFreshFormPage(async (request) => {
      refreshed.push(`${request.method} ${request.url}`);
      return { statusCode: 204, headers: {} } satisfies LocalAnswer;
    }, copy);
    for (const [method, url] of [['POST', '/contact'], ['POST', '/contact?from=page'], ['POST', '/api/contact'], ['GET', '/contact'], ['POST', '/contact/'], ['POST', '/contact/sent']]) {
      await api({ method, url } as IncomingMessage);
    }
    expect(refreshed).toEqual(['refresh', 'POST /contact', 'refresh', 'POST /contact?from=page', 'POST /api/contact', 'GET /contact', 'POST /contact/', 'POST /contact/sent']);
  });
});
