import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LocalAnswer } from '../../../bin/local/api-server.js';
import { startFormPageCopy, startOwnLlmsTxtCopy, withFreshCopies, type SiteFileCopy } from '../../../bin/local/site-file-copy.js';
import { MAX_OWN_LLMS_TXT_BYTES } from '../../../lambdas/discovery/own-llms-txt.js';
import { MAX_FORM_PAGE_BYTES } from '../../../lambdas/html/owner-form-page.js';
import { siteFrontDoor } from '../../../lib/edge/front-door-request.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';

/* The functions' copies of the owner's files in local mode: the form page (FORM_PAGE_FILE, docs/api.md §9), llms.txt (OWN_LLMS_TXT_FILE, §6). */

describe('the copy of the form page', () => {
  it('is the page the folder serves at its path now, made afresh at each refresh, and gone when it serves none', async () => {
    const site = siteFolder({ 'contact/index.html': ownerFormPage() });
    const copy = await startFormPageCopy(siteFrontDoor(site, 'SITE_DIR'), '/contact/', 'form-page.html');
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

describe('the copy of the owner’s llms.txt', () => {
  it('is the folder’s llms.txt now, made afresh at each refresh, never what a link out of the folder, a FIFO or a folder stands for', async () => {
    const site = siteFolder();
    const copy = await startOwnLlmsTxtCopy(site);
    const own = join(site, 'llms.txt');
    try {
      await copy.refresh();
      expect(existsSync(copy.file)).toBe(false);

      // Added after start-up, and edited: each read of llms.txt gets the file as it is.
      writeFileSync(own, '# Ada\n');
      await copy.refresh();
      expect(readFileSync(copy.file, 'utf8')).toBe('# Ada\n');
      writeFileSync(own, '# Ada, edited\n');
      await copy.refresh();
      expect(readFileSync(copy.file, 'utf8')).toBe('# Ada, edited\n');

      const outside = join(mkdtempSync(join(tmpdir(), 'outside-')), 'secret.txt');
      writeFileSync(outside, 'secret-token');
      for (const replace of [() => symlinkSync(outside, own), () => symlinkSync('/dev/zero', own), () => execFileSync('mkfifo', [own]), () => mkdirSync(own)]) {
        rmSync(own, { recursive: true, force: true });
        replace();
        await copy.refresh();
        expect(existsSync(copy.file)).toBe(false);
      }

      // Past the most the service takes, none: the scan refuses it, as synth does.
      rmSync(own, { recursive: true, force: true });
      writeFileSync(own, 'x'.repeat(MAX_OWN_LLMS_TXT_BYTES + 10));
      await copy.refresh();
      expect(existsSync(copy.file)).toBe(false);
    } finally {
      await copy.close();
    }
    expect(existsSync(dirname(copy.file))).toBe(false);
  });
});

describe('withFreshCopies', () => {
  it('makes each copy afresh before the requests that read it, and before nothing else', async () => {
    const refreshed: string[] = [];
    const copy = (name: string): SiteFileCopy => ({ file: name, refresh: async () => void refreshed.push(`refresh ${name}`), close: async () => undefined });
    const api = withFreshCopies(
      async (request) => {
        refreshed.push(`${request.method} ${request.url}`);
        return { statusCode: 204, headers: {} } satisfies LocalAnswer;
      },
      { formPages: [copy('form page'), copy('other page')], ownLlmsTxt: copy('llms.txt') },
    );
    const requests = [['POST', '/contact'], ['POST', '/contact?from=page'], ['POST', '/api/contact'], ['GET', '/contact'], ['POST', '/contact/'], ['GET', '/llms.txt'], ['HEAD', '/llms.txt?x=1'], ['POST', '/llms.txt'], ['GET', '/llms.txt/']];
    for (const [method, url] of requests) await api({ method, url } as IncomingMessage);
    expect(refreshed).toEqual([
      'refresh form page',
      'refresh other page',
      'POST /contact',
      'refresh form page',
      'refresh other page',
      'POST /contact?from=page',
      'POST /api/contact',
      'GET /contact',
      'POST /contact/',
      'refresh llms.txt',
      'GET /llms.txt',
      'refresh llms.txt',
      'HEAD /llms.txt?x=1',
      'POST /llms.txt',
      'GET /llms.txt/',
    ]);
  });
});
