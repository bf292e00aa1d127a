import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Eleventy's command line (its package's `bin`), as `npx @11ty/eleventy` runs it. */
const ELEVENTY = fileURLToPath(new URL('../../node_modules/@11ty/eleventy/cmd.cjs', import.meta.url));

/**
 * A site built as its owner builds one: the given sources (Markdown, Nunjucks, and what the
 * configuration copies as it is) through Eleventy's own command line, into `_site` of a fresh
 * folder. Returns that folder, SITE_DIR's value.
 */
export async function buildEleventySite(sources: Readonly<Record<string, string>>): Promise<string> {
  const project = mkdtempSync(join(tmpdir(), 'eleventy-site-'));
  for (const [path, text] of Object.entries(sources)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  const run = spawn(process.execPath, [ELEVENTY, '--input=src', '--output=_site', '--quiet'], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => run.once('close', resolve));
  if (code !== 0) throw new Error(`eleventy exited with ${code}:\n${stderr}`);
  return join(project, '_site');
}
