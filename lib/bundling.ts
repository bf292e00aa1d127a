import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The newest Node.js LTS that aws-cdk-lib offers; the bundles target the same major. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
const TARGET = LAMBDA_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1');

// CommonJS dependencies inside an ESM bundle call `require`, which ESM does not define.
export const REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";
// Prefer each package's ESM build: esbuild can only tree-shake what it sees as ES modules.
const MAIN_FIELDS = ['module', 'main'];

/**
 * How every handler is bundled, for the stack. Nothing is external: each bundle carries the
 * AWS SDK clients it imports, tree-shaken and pinned, instead of loading the runtime's whole SDK.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: TARGET,
  minify: true,
  sourceMap: true,
  // File, line and column are all a stack trace needs: a map without the sources is a third of
  // the size, and Node parses it on every cold start when source maps are enabled.
  sourcesContent: false,
  mainFields: MAIN_FIELDS,
  banner: REQUIRE_BANNER,
  externalModules: [],
};

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
    target: TARGET,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: MAIN_FIELDS,
    banner: { js: REQUIRE_BANNER },
    external: [],
    metafile: true,
    logLevel: 'warning',
  };
}
