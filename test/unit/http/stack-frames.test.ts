import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stackFrames } from '../../../lambdas/http/stack-frames.js';
import { esbuildOptions } from '../../../lib/api/bundling.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const STACK_FRAMES = join(ROOT, 'lambdas', 'http', 'stack-frames.ts');

/**
 * A crash under the frames a bundle holds: a function, a method, named async functions and an
 * anonymous one awaiting, the innermost throwing with a message one line of which reads as a frame.
 */
const CRASH_SITE = `import { stackFrames } from ${JSON.stringify(STACK_FRAMES)};

function inner(): never {
  throw new Error('a message that quotes a visitor:\\n    at visitor@example.com (typed by a visitor)');
}

const steps = {
  middle(): void {
    inner();
  },
};

async function deeper(): Promise<void> {
  await Promise.resolve();
  steps.middle();
}

async function outer(): Promise<void> {
  await (async () => {
    await Promise.resolve();
    await deeper();
  })();
}

export async function crash(): Promise<string | undefined> {
  try {
    await outer();
  } catch (error) {
    return stackFrames(error);
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
  const script = `const { crash } = await import(${JSON.stringify(pathToFileURL(from).href)}); process.stdout.write(await crash());`;
  const run = spawnSync(process.execPath, [...nodeOptions, '--input-type=module', '-e', script], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.split('\n');
}

describe('stackFrames', () => {
  it("points a bundle's frames at their sources as Node's own source maps do, without them", () => {
    const frames = loggedFrames(bundle);
    const source = join(directory, 'crash-site.ts');
    expect([frames[0], frames[1], frames[3]]).toEqual([
      `    at inner (${source}:4:9)`,
      `    at Object.middle (${source}:9:5)`,
      `    at async <anonymous> (${source}:21:5)`,
    ]);
    // With --enable-source-maps, Node has mapped the stack before stackFrames reads it.
    expect(frames).toEqual(loggedFrames(bundle, ['--enable-source-maps']));
  });

  it('logs the frames alone, never a line of the message, even one that reads as a frame', () => {
    const frames = loggedFrames(bundle);
    expect(frames.length).toBeGreaterThanOrEqual(5);
    expect(frames.join('\n')).not.toContain('visitor');
  });

  it.each([
    ['is missing', (map: string) => unlinkSync(map)],
    ['is not JSON', (map: string) => writeFileSync(map, 'not a source map')],
    ['names a source on another host', (map: string) => {
      const payload = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      writeFileSync(map, JSON.stringify({ ...payload, sources: payload.sources.map(() => 'file://elsewhere.example/x.ts') }));
    }],
  ])('leaves the frames of a bundle whose map %s as they were', async (spoiled, spoil) => {
    const unmapped = await bundleCrashSite(spoiled.replace(/\W+/g, '-'));
    spoil(`${unmapped}.map`);
    const frames = loggedFrames(unmapped);
    expect(frames).toHaveLength(loggedFrames(bundle).length);
    expect(frames[0]).toMatch(/^ {4}at \S+ \(file:\/\/.*\/index\.mjs:\d+:\d+\)$/);
    expect(frames.join('\n')).not.toContain('visitor');
  });

  it('has nothing to log of a crash without a stack, whatever was thrown', () => {
    expect(stackFrames(undefined)).toBeUndefined();
    expect(stackFrames(null)).toBeUndefined();
    expect(stackFrames({ stack: 42 })).toBeUndefined();
    expect(stackFrames(Object.assign(new Error('no stack'), { stack: undefined }))).toBeUndefined();
  });

  it('keeps only the frames at the end of a stack whose head no longer matches the error', () => {
    const error = Object.assign(new Error('changed since'), {
      stack: 'Error: as first read\n    at visitor@example.com (typed by a visitor)\n    at f (/srv/app.js:1:2)\n    at async Promise.all (index 0)',
    });
    expect(stackFrames(error)).toBe('    at f (/srv/app.js:1:2)\n    at async Promise.all (index 0)');
  });
});
