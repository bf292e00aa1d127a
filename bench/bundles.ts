/**
 * Each function's Lambda bundle beside its floor: a bundle, built the same way, of only the AWS SDK
 * clients the function imports; the contact function's floor is instead the cold-start bench's,
 * the SDK calls one inquiry needed before inquiries were stored (bench/bare-inquiry.ts: two counter
 * updates and one SendEmail), so that its ratios stay comparable from one change to the next. Size
 * is the minified .mjs (the source map aside); import time is a fresh `node`, started as Lambda
 * starts it, importing it, timed inside that process so that Node's own start-up, common to both,
 * does not dilute the ratio; median of IMPORT_RUNS, the two bundles interleaved so that a
 * busy machine slows both alike.
 */
import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { FUNCTION_NAMES, type FunctionName } from '../lambdas/routes.js';
import { ES_MODULE_PACKAGE_JSON, esbuildOptions } from '../lib/api/bundling.js';
import { functionProfile } from '../lib/api/function-profiles.js';
import { CONTACT_ENVIRONMENT, DELIVERY_ENVIRONMENT } from '../test/support/contact-environment.js';
import { percentile, round } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMPORT_RUNS = 7;

/** What the handlers read at import; the values only need to pass their checks. */
const HANDLER_ENV = { ...CONTACT_ENVIRONMENT, ...DELIVERY_ENVIRONMENT };

export async function benchBundles(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-bundles-'));
  try {
    const figures: Record<string, number> = {};
    const inquiryFloor = join(dir, 'inquiry-floor', 'index.mjs');
    await buildBundle(join(ROOT, 'bench', 'bare-inquiry.ts'), inquiryFloor);
    for (const name of FUNCTION_NAMES) {
      const bundle = join(dir, name, 'index.mjs');
      const metafile = await buildBundle(join(ROOT, 'lambdas', name, 'handler.ts'), bundle);
      const floor = join(dir, name, 'sdk-floor.mjs');
      const sdkImports = await sdkImportsOf(metafile);
      await build({
        ...esbuildOptions(floor),
        stdin: { contents: floorSource(sdkImports), resolveDir: ROOT, loader: 'js', sourcefile: 'sdk-floor.js' },
        absWorkingDir: ROOT,
      });

      const [kib, floorKib] = [await sizeKib(bundle), await sizeKib(floor)];
      const { importMs, floorImportMs } = medianImportTimes(bundle, floor);
      Object.assign(figures, {
        [`bundle.${name}.kib`]: kib,
        [`bundle.${name}.import_ms`]: importMs,
        [`bundle.${name}.sdk_clients`]: sdkImports.size,
        [`bundle.${name}.sdk_floor_kib`]: floorKib,
        [`bundle.${name}.sdk_floor_import_ms`]: floorImportMs,
      });
      if (name === 'contact') {
        const inquiryFloorKib = await sizeKib(inquiryFloor);
        const times = medianImportTimes(bundle, inquiryFloor);
        Object.assign(figures, {
          [`bundle.${name}.inquiry_floor_kib`]: inquiryFloorKib,
          [`bundle.${name}.inquiry_floor_import_ms`]: times.floorImportMs,
          [`bundle.${name}.size_ratio`]: round(kib / inquiryFloorKib, 2),
          [`bundle.${name}.import_ratio`]: round(times.importMs / times.floorImportMs, 2),
        });
      } else if (sdkImports.size > 0) {
        // Against an empty floor a ratio says nothing: such a handler's figures stand on their own.
        figures[`bundle.${name}.size_ratio`] = round(kib / floorKib, 2);
        figures[`bundle.${name}.import_ratio`] = round(importMs / floorImportMs, 2);
      }
    }
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A handler's asset as the stack assembles it: its bundle at `outfile`, and each module it loads
 * lazily bundled beside it as `<name>.js`, with the package.json that makes those ES modules.
 */
export async function buildHandlerAsset(name: FunctionName, outfile: string): Promise<Metafile> {
  const metafile = await buildBundle(join(ROOT, 'lambdas', name, 'handler.ts'), outfile);
  const lazyModules = functionProfile(name).lazyModules;
  for (const lazy of lazyModules) await buildBundle(join(ROOT, 'lambdas', name, `${lazy}.ts`), join(dirname(outfile), `${lazy}.js`));
  if (lazyModules.length > 0) await writeFile(join(dirname(outfile), 'package.json'), ES_MODULE_PACKAGE_JSON);
  return metafile;
}

/** A module bundled as the stack bundles a handler. */
export async function buildBundle(entryPoint: string, outfile: string): Promise<Metafile> {
  const { metafile } = await build({ ...esbuildOptions(outfile), entryPoints: [entryPoint], absWorkingDir: ROOT });
  if (metafile === undefined) throw new Error('esbuild returned no metafile');
  return metafile;
}

/**
 * The AWS SDK names the handler's own modules import (not types), by package: read from the
 * sources esbuild actually bundled, so a new handler or client is measured without a list here.
 */
async function sdkImportsOf(metafile: Metafile): Promise<Map<string, Set<string>>> {
  const imports = new Map<string, Set<string>>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (path.includes('node_modules/') || !input.imports.some((item) => item.original?.startsWith('@aws-sdk/'))) continue;
    const source = ts.createSourceFile(path, await readFile(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!specifier.startsWith('@aws-sdk/') || clause === undefined || clause.isTypeOnly) continue;
      const names = imports.get(specifier) ?? new Set<string>();
      const bindings = clause.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
        }
      } else {
        names.add('*');
      }
      imports.set(specifier, names);
    }
  }
  return imports;
}

function floorSource(imports: ReadonlyMap<string, ReadonlySet<string>>): string {
  let alias = 0;
  return [...imports]
    .map(([specifier, names]) =>
      names.has('*')
        ? `export * as sdk${alias++} from ${JSON.stringify(specifier)};`
        : `export { ${[...names].map((name) => `${name} as sdk${alias++}`).join(', ')} } from ${JSON.stringify(specifier)};`,
    )
    .join('\n');
}

function medianImportTimes(bundle: string, floor: string): { importMs: number; floorImportMs: number } {
  const bundleTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let run = 0; run < IMPORT_RUNS; run += 1) {
    bundleTimes.push(coldImportMs(bundle));
    floorTimes.push(coldImportMs(floor));
  }
  return { importMs: round(percentile(bundleTimes, 50), 1), floorImportMs: round(percentile(floorTimes, 50), 1) };
}

function coldImportMs(file: string): number {
  const script = [
    'const t = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'process.stdout.write(String(performance.now() - t));',
  ].join(' ');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, ...HANDLER_ENV },
    encoding: 'utf8',
  });
  const ms = Number(child.stdout);
  if (child.status !== 0 || !Number.isFinite(ms)) throw new Error(`importing ${file} failed:\n${child.stderr}`);
  return ms;
}

async function sizeKib(file: string): Promise<number> {
  return round((await stat(file)).size / 1024, 1);
}
