import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The newest Node.js LTS that aws-cdk-lib offers; the bundles target the same major. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

// CommonJS dependencies inside an ESM bundle call `require`, which ESM does not define.
export const REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * How every handler is bundled, for the stack. Nothing is external: each bundle carries the
 * AWS SDK clients it imports, tree-shaken and pinned, instead of loading the runtime's whole SDK.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: LAMBDA_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1'),
  minify: true,
  sourceMap: true,
  // File, line and column are all a stack trace needs: a map without the sources is a third of
  // the size, and Node parses it on every cold start when source maps are enabled.
  sourcesContent: false,
  // Prefer each package's ESM build: esbuild can only tree-shake what it sees as ES modules.
  mainFields: ['module', 'main'],
  banner: REQUIRE_BANNER,
  externalModules: [],
};

/** Set in every function's environment: stack traces then point into lambdas/*.ts, not into the bundle. */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

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
    metafile: true,
    logLevel: 'warning',
  };
}
