import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAsScanned, openScanned, scanFile } from '../../../../lib/pages/scanned-file.js';
import { siteFiles } from '../../../../lib/pages/site-files.js';
import { siteFolder } from '../../../support/site-folder.js';

/*
 * A published file is read as the scan saw it (lib/pages/scanned-file.ts): the same file, never
 * through a link swapped in since, and unchanged; else it is not opened at all.
 */

/** A folder with `page.html`, scanned, and a file of the same name outside it. */
function scanned() {
  const root = mkdtempSync(join(tmpdir(), 'scanned-'));
  const folder = join(root, 'site');
  mkdirSync(join(folder, 'posts'), { recursive: true });
  writeFileSync(join(folder, 'posts', 'page.html'), 'the page');
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'outside', 'page.html'), 'the page');
  const path = join(folder, 'posts', 'page.html');
  return { root, folder, path, scan: scanFile(path) };
}

/** What opening the scanned file gives: its text, or none. */
function opened(path: string, scan: ReturnType<typeof scanFile>): string | undefined {
  const fd = openScanned(path, scan);
  if (fd === undefined) return undefined;
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

describe('a file opened as it was scanned', () => {
  it('is opened when nothing changed', () => {
    const { path, scan } = scanned();
    expect(opened(path, scan)).toBe('the page');
  });

  it.each<[string, (at: ReturnType<typeof scanned>) => void]>([
    ['swapped for a link to a file outside, of the same bytes', ({ root, path }) => (rmSync(path), symlinkSync(join(root, 'outside', 'page.html'), path))],
    ['in a folder swapped for a link to another folder with a file of that name', ({ root, folder }) => (rmSync(join(folder, 'posts'), { recursive: true }), symlinkSync(join(root, 'outside'), join(folder, 'posts')))],
    ['replaced by another file of the same bytes', ({ path }) => (rmSync(path), writeFileSync(path, 'the page'))],
    ['written to, its size changed', ({ path }) => writeFileSync(path, 'the page, longer')],
    ['written to, its size kept', ({ path }) => (writeFileSync(path, 'THE PAGE'), utimesSync(path, new Date(), new Date(Date.now() + 5_000)))],
    ['gone', ({ path }) => rmSync(path)],
    ['replaced by a folder', ({ path }) => (rmSync(path), mkdirSync(path))],
    ['renamed away, another put in its place', ({ path }) => (renameSync(path, `${path}.old`), writeFileSync(path, 'the page'))],
  ])('is not opened when %s', (_what, change) => {
    const at = scanned();
    change(at);
    expect(opened(at.path, at.scan)).toBeUndefined();
  });

  it('is not opened, without waiting, when swapped for a FIFO no one writes to', () => {
    const { path, scan } = scanned();
    rmSync(path);
    execFileSync('mkfifo', [path]);
    expect(opened(path, scan)).toBeUndefined();
  });

  it('is told apart from what it became while it was open', () => {
    const { path, scan } = scanned();
    const fd = openScanned(path, scan)!;
    try {
      expect(isAsScanned(fd, scan)).toBe(true);
      writeFileSync(path, 'rewritten while read');
      expect(isAsScanned(fd, scan)).toBe(false);
    } finally {
      closeSync(fd);
    }
  });
});

describe('the scan of a site folder', () => {
  it('takes each published file as it is, a link’s target for the link', () => {
    const folder = siteFolder({ 'css/site.css': 'main {}' });
    symlinkSync('css/site.css', join(folder, 'style.css'));
    const site = siteFiles(folder);
    expect(site.scanned.get('style.css')).toEqual(scanFile(join(folder, 'css/site.css')));
    expect(opened(site.files.get('style.css')!, site.scanned.get('style.css')!)).toBe('main {}');
    expect([...site.scanned.keys()]).toEqual([...site.files.keys()]);
  });
});
