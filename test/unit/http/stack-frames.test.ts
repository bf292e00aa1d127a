import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stackFrames } from '../../../lambdas/http/stack-frames.js';
import { esbuildOptions } from '../../../lib/bundling.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const STACK_FRAMES = join(ROOT, 'lambdas', 'http', 'stack-frames.ts');

/** Three functions, the innermost throwing after an await, its message over two lines. */
const CRASH_SITE = `import { stackFrames } from ${JSON.stringify(STACK_FRAMES)};

function inner(): never {
  throw new Error('a message that quotes a visitor:\\nvisitor@example.com');
}

async function middle(): Promise<void> {
  await Promise.resolve();
  inner();
}

export async function outer(): Promise<string | undefined> {
  try {
    await middle();
  } catch (error) {
    return stackFrames(error as Error);
  }
  return undefined;
}
`;

let directory: string;
let bundle: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'stack-frames-'));
  writeFileSync(join(directory, 'crash-site.ts'), CRASH_SITE);
  bundle = await bundleCrashSite('mapped');
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The crash site bundled as the stack bundles a handler: minified, with a map that names the sources without holding them. */
async function bundleCrashSite(folder: string): Promise<string> {
  const outfile = join(directory, folder, 'index.mjs');
  await build({ ...esbuildOptions(outfile), entryPoints: [join(directory, 'crash-site.ts')], absWorkingDir: ROOT });
  return outfile;
}

/** The frames `stackFrames` logs of a bundle's crash, in a fresh Node started with these options. */
function loggedFrames(from: string, nodeOptions: readonly string[] = []): string[] {
  const script = `const { outer } = await import(${JSON.stringify(pathToFileURL(from).href)}); process.stdout.write(await outer());`;
  const run = spawnSync(process.execPath, [...nodeOptions, '--input-type=module', '-e', script], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.split('\n');
}

describe('stackFrames', () => {
  it("points a bundle's frames at their sources as Node's own source maps do, without them", () => {
    const frames = loggedFrames(bundle);
    expect(frames[0]).toBe(`    at inner (${join(directory, 'crash-site.ts')}:4:9)`);
    // With --enable-source-maps, Node has mapped the stack before stackFrames reads it.
    expect(frames).toEqual(loggedFrames(bundle, ['--enable-source-maps']));
  });

  it('logs the frames alone, never the message', () => {
    const frames = loggedFrames(bundle);
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames.every((line) => /^\s+at /.test(line))).toBe(true);
    expect(frames.join('\n')).not.toContain('visitor');
  });

  it('leaves the frames of a bundle whose map cannot be read as they were', async () => {
    const unmapped = await bundleCrashSite('unmapped');
    unlinkSync(`${unmapped}.map`);
    const frames = loggedFrames(unmapped);
    expect(frames).toHaveLength(loggedFrames(bundle).length);
    expect(frames[0]).toMatch(/^ {4}at \S+ \(file:\/\/.*\/unmapped\/index\.mjs:\d+:\d+\)$/);
  });

  it('has nothing to log of a crash without a stack', () => {
    expect(stackFrames(undefined)).toBeUndefined();
    expect(stackFrames(Object.assign(new Error('no stack'), { stack: undefined }))).toBeUndefined();
  });
});
