import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A folder of site pages, as `siteDir` and SITE_DIR name one: a home page, and the files given by their paths. */
export function siteFolder(files: Readonly<Record<string, string>> = {}): string {
  const folder = mkdtempSync(join(tmpdir(), 'site-pages-'));
  for (const [path, text] of Object.entries({ 'index.html': '<!doctype html><title>Home</title>', ...files })) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

/** The pages of a site of `count` folders (`posts/post-number-<n>/index.html`). */
export function folderPages(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`posts/post-number-${index}/index.html`, `post ${index}`]));
}
