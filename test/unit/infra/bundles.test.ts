import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTACT_LAZY_MODULES } from '../../../lambdas/contact/lazy-modules.js';
import { FUNCTION_NAMES, type FunctionName } from '../../../lambdas/routes.js';
import { REQUIRE_BANNER } from '../../../lib/bundling.js';
import { CONTACT_ENVIRONMENT, DELIVERY_ENVIRONMENT } from '../../support/contact-environment.js';
import { jsonPostEvent, lambdaContext } from '../../support/events.js';
import { synthesizeSite, type SiteApp, type TemplateResource } from './site-app.js';

/*
 * The one test that bundles for real, as `cdk synth` does: local esbuild, no Docker. Slow
 * (seconds per handler), so every assertion on the bundles lives here.
 */

let site: SiteApp;
beforeAll(() => {
  site = synthesizeSite(undefined, { bundle: true });
  site.app.synth();
}, 180_000);

function bundleDirectory(handlerName: FunctionName): string {
  const fn = site.template.toJSON().Resources[site.logicalId(site.stack.functions.get(handlerName)!)] as TemplateResource;
  const key = (fn.Properties.Code as { S3Key: string }).S3Key;
  return join(site.app.outdir, `asset.${key.replace(/\.zip$/, '')}`);
}

/**
 * The modules a minified bundle imports statically. (A `require` of a package esbuild could not
 * resolve would fail the build; the load test below runs where no node_modules is in reach.)
 */
function staticImports(code: string): string[] {
  const specifiers = [...code.matchAll(/(?:^|[;}])import(?:[\w$\s{},*]*?from)?\s*["']([^"']+)["']/gm)].map((match) => match[1]!);
  return [...new Set(specifiers)].sort();
}

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
// Each SDK client names its service's protocol target in the bundle.
const SDK_MARKERS = { dynamodb: 'DynamoDB_20120810', sesv2: 'SimpleEmailService_v2' };
/** The SDK clients each function uses: the contact function stores, only the worker mails. */
const SDK_CLIENTS: Readonly<Partial<Record<FunctionName, ReadonlyArray<keyof typeof SDK_MARKERS>>>> = {
  contact: ['dynamodb'],
  delivery: ['dynamodb', 'sesv2'],
};

describe('the Lambda bundles', () => {
  it.each(FUNCTION_NAMES.map((name) => [name]))('%s: a minified ES module with a source map but not the sources', (name) => {
    const directory = bundleDirectory(name);
    const code = readFileSync(join(directory, 'index.mjs'), 'utf8');
    // Unminified, esbuild heads each module's code with a `// path` comment.
    expect(code).not.toMatch(/^\/\/ (?:lambdas|node_modules)\//m);
    expect(code.startsWith(`${REQUIRE_BANNER}\n`)).toBe(true);
    const map = JSON.parse(readFileSync(join(directory, 'index.mjs.map'), 'utf8')) as { sources: string[]; sourcesContent?: unknown };
    expect(map.sources).toContainEqual(expect.stringMatching(new RegExp(`lambdas/${name}/handler\\.ts$`)));
    expect(map.sourcesContent).toBeUndefined();
    expect(existsSync(join(directory, 'package.json'))).toBe(false);
  });

  it.each(FUNCTION_NAMES.map((name) => [name]))('%s: carries its dependencies, the AWS SDK included, needing only Node', (name) => {
    const code = readFileSync(join(bundleDirectory(name), 'index.mjs'), 'utf8');
    const imports = staticImports(code);
    expect(imports).toContain('node:module');
    expect(imports.filter((specifier) => !BUILTINS.has(specifier))).toEqual([]);
  });

  it.each(FUNCTION_NAMES.map((name) => [name]))('%s: holds the SDK clients it uses, and none it does not', (name) => {
    const code = readFileSync(join(bundleDirectory(name), 'index.mjs'), 'utf8');
    const held = Object.entries(SDK_MARKERS).filter(([, marker]) => code.includes(marker)).map(([client]) => client);
    expect(held).toEqual(SDK_CLIENTS[name] ?? []);
  });

  it('contact: validates with the code generated from the schema, carrying none of Ajv but a runtime helper', () => {
    const map = JSON.parse(readFileSync(join(bundleDirectory('contact'), 'index.mjs.map'), 'utf8')) as { sources: string[] };

    // Ajv ships source maps of its own: the map names its TypeScript source.
    expect(map.sources.filter((source) => source.includes('node_modules/ajv/'))).toEqual([
      expect.stringMatching(/node_modules\/ajv\/lib\/runtime\/ucs2length\.ts$/),
    ]);
    expect(map.sources).toContainEqual(expect.stringMatching(/lambdas\/contact\/inquiry-rules\.validator\.js$/));
  });

  // The assembly is in the system's temporary directory, out of reach of the project's node_modules.
  it.each(FUNCTION_NAMES.map((name) => [name]))('%s: loads in a fresh Node as Lambda starts it', (name) => {
    const bundle = pathToFileURL(join(bundleDirectory(name), 'index.mjs')).href;
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `const m = await import(${JSON.stringify(bundle)}); process.stdout.write(typeof m.handler);`],
      {
        env: {
          PATH: process.env.PATH,
          NODE_OPTIONS: '--enable-source-maps',
          ...CONTACT_ENVIRONMENT,
          ...DELIVERY_ENVIRONMENT,
        },
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('function');
  });

  it('contact: bundles its lazy modules apart, so a cold start that does not need them parses none of them', () => {
    const directory = bundleDirectory('contact');
    const main = readFileSync(join(directory, 'index.mjs'), 'utf8');
    // Powertools' Idempotency, and the form's page of a refused cross-site post.
    for (const [module, marker] of [
      [CONTACT_LAZY_MODULES.rememberedAnswers, 'IdempotencyItemAlreadyExistsError'],
      [CONTACT_LAZY_MODULES.formReplies, 'The form must be sent from'],
    ] as const) {
      expect(main).not.toContain(marker);
      expect(readFileSync(join(directory, `${module}.js`), 'utf8')).toContain(marker);
    }
  });

  it.each(FUNCTION_NAMES.filter((name) => SDK_CLIENTS[name] === undefined).map((name) => [name]))(
    '%s: stays under 64 KiB, source map comment and all',
    (name) => {
      expect(statSync(join(bundleDirectory(name), 'index.mjs')).size).toBeLessThan(64 * 1024);
    },
  );

  it('contact: loads the Idempotency-Key code from beside its bundle when a request has the header', () => {
    const bundle = pathToFileURL(join(bundleDirectory('contact'), 'index.mjs')).href;
    const event = jsonPostEvent({}, { headers: { 'idempotency-key': '"k"' }, sourceIp: '198.51.100.1' });
    // The context's function does not survive JSON: the script gives it back.
    const script = `const { handler } = await import(${JSON.stringify(bundle)});
      const reply = await handler(${JSON.stringify(event)}, { ...${JSON.stringify(lambdaContext('r'))}, getRemainingTimeInMillis: () => 10000 });
      process.stdout.write(JSON.stringify({ status: reply.statusCode, code: JSON.parse(reply.body).code }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        ...CONTACT_ENVIRONMENT,
        // Nothing listens there: the idempotency store fails at once, which only its code can tell.
        AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
      },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    // The request's log line comes first; the answer is the last line.
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({ status: 503, code: 'temporarily_unavailable' });
  });
});
