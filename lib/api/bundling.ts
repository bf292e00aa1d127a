import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The newest Node.js LTS that aws-cdk-lib offers; the bundles target the same major. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

// CommonJS dependencies inside an ESM bundle call `require`, which ESM does not define.
export const REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * Modules esbuild puts in place of others, by specifier: `node:http` without an ES module import
 * (lib/api/node-http-module.cjs says why). Paths are relative to the project's root, where
 * NodejsFunction runs esbuild and the bench builds.
 */
const MODULE_ALIASES: Readonly<Record<string, string>> = {
  http: './lib/api/node-http-module.cjs',
  'node:http': './lib/api/node-http-module.cjs',
};

/**
 * How every handler is bundled, for the stack. Nothing is external: each bundle carries the
 * AWS SDK clients it imports, tree-shaken and pinned, instead of loading the runtime's whole SDK.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: LAMBDA_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1'),
  minify: true,
  sourceMap: true,
  // File, line and column are all a logged crash's frames need (lambdas/http/stack-frames.ts):
  // a map without the sources is a third of the size.
  sourcesContent: false,
  // Prefer each package's ESM build: esbuild can only tree-shake what it sees as ES modules.
  mainFields: ['module', 'main'],
  banner: REQUIRE_BANNER,
  externalModules: [],
  // Each bundle's sizes and time would bury synth's own summary: esbuild says only what went wrong.
  logLevel: LogLevel.WARNING,
  esbuildArgs: {
    // Powertools' `@preserve` coverage hints, not licences, would otherwise close every bundle.
    '--legal-comments': 'none',
    '--alias': Object.entries(MODULE_ALIASES).map(([specifier, path]) => `${specifier}=${path}`),
  },
};

/**
 * What makes Node load a `.js` file as an ES module. Lambda's Node.js runtimes run with module
 * syntax detection off, so a `.js` file without it beside it is read as CommonJS and fails on its
 * first `import`.
 */
export const ES_MODULE_PACKAGE_JSON = '{"type":"module"}';

/**
 * The bundling of a handler whose folder holds modules it loads lazily (FunctionProfile's
 * lazyModules): after the handler's own bundle, each is bundled with the same options into
 * `<name>.js` beside it, the specifier the handler imports, and a package.json declares every
 * `.js` file of the asset an ES module. `files` are copied beside them as they are (a name in the
 * bundle to the absolute path of its source): the asset's hash is its output's, so a change of
 * one reaches the function at the next deploy.
 */
export function handlerBundling(folder: string, lazyModules: readonly string[], files: Readonly<Record<string, string>> = {}): BundlingOptions {
  if (lazyModules.length === 0 && Object.keys(files).length === 0) return LAMBDA_BUNDLING;
  return {
    ...LAMBDA_BUNDLING,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [
        ...lazyModules.map((name) =>
          [
            `${inputDir}/node_modules/.bin/esbuild ${inputDir}/${folder}/${name}.ts`,
            `--outfile=${outputDir}/${name}.js`,
            ...lambdaBundlingFlags(),
            '--log-level=warning',
          ].join(' '),
        ),
        ...Object.entries(files).map(([name, source]) => `cp ${shellQuoted(source)} ${shellQuoted(`${outputDir}/${name}`)}`),
        ...(lazyModules.length === 0 ? [] : [`echo '${ES_MODULE_PACKAGE_JSON}' > ${outputDir}/package.json`]),
      ],
    },
  };
}

/** A word for the POSIX shell the hooks run in, whatever the path holds (a site's folder may have spaces or quotes). */
function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** LAMBDA_BUNDLING as esbuild's command-line flags, as NodejsFunction passes them. */
function lambdaBundlingFlags(): string[] {
  const { target, minify, sourceMap, sourcesContent, mainFields, banner, esbuildArgs } = LAMBDA_BUNDLING;
  return [
    '--bundle --platform=node --format=esm',
    `--target=${target}`,
    ...(minify ? ['--minify'] : []),
    ...(sourceMap ? ['--sourcemap'] : []),
    ...(sourcesContent === false ? ['--sources-content=false'] : []),
    `--main-fields=${mainFields?.join(',')}`,
    `--banner:js="${banner}"`,
    ...Object.entries(esbuildArgs ?? {}).flatMap(([flag, value]) =>
      // esbuild's own syntax for a flag given once per value, as NodejsFunction writes it.
      Array.isArray(value) ? value.map((item) => `${flag}:${item}`) : [`${flag}=${value}`],
    ),
  ];
}

/**
 * The same build through esbuild's API, for `npm run bench` (NodejsFunction passes these as CLI
 * flags); the caller adds the input, `entryPoints` or `stdin`.
 */
export function esbuildOptions(outfile: string): BuildOptions {
  return {
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    mainFields: LAMBDA_BUNDLING.mainFields,
    banner: { js: REQUIRE_BANNER },
    external: LAMBDA_BUNDLING.externalModules,
    legalComments: LAMBDA_BUNDLING.esbuildArgs?.['--legal-comments'] as BuildOptions['legalComments'],
    alias: { ...MODULE_ALIASES },
    metafile: true,
    logLevel: 'warning',
  };
}
