import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTACT_LAZY_MODULES } from '../../../../lambdas/contact/lazy-modules.js';
import { MCP_LAZY_MODULES } from '../../../../lambdas/mcp/lazy-modules.js';
import { FUNCTION_NAMES, type FunctionName } from '../../../../lambdas/routes.js';
import { ES_MODULE_PACKAGE_JSON, REQUIRE_BANNER } from '../../../../lib/api/bundling.js';
import type { SenderAddressIdentity } from '../../../../lib/mail/sender-address-identity.js';
import { BUNDLED_LLMS_TXT } from '../../../../lib/pages/site-files.js';
import { BUNDLED_FORM_PAGE } from '../../../../lib/settings/form-page.js';
import { CONTACT_ENVIRONMENT, DELIVERY_ENVIRONMENT } from '../../../support/contact-environment.js';
import { httpEvent, jsonPostEvent, lambdaContext } from '../../../support/events.js';
import { ownerFormPage } from '../../../support/form-pages.js';
import { siteFolder } from '../../../support/site-folder.js';
import { EXAMPLE_CONTEXT, synthesizeSite, type SiteApp, type TemplateResource } from '../site-app.js';

/*
 * The one test that bundles for real, as `cdk synth` does: local esbuild, no Docker. Slow
 * (seconds per handler), so every assertion on the bundles lives here.
 */

/**
 * The site's folder, with the owner's form page that synth finds at /contact/ and copies into the
 * contact function's bundle, with the site's other contact page (/fr/contact/), and the owner's
 * llms.txt, which it copies into the discovery function's.
 */
const OWN_LLMS_TXT = '# Ada’s own\n\nBridges, and writing about them.\n\n## Work\n\n- [Bridges](https://example.com/bridges/)\n';
const FRENCH_PAGE = ownerFormPage({ title: 'Écrivez-moi', successPath: '/fr/merci/' });
const siteDir = siteFolder({ 'contact/index.html': ownerFormPage(), 'fr/contact/index.html': FRENCH_PAGE, 'fr/merci/index.html': 'Merci', 'llms.txt': OWN_LLMS_TXT });
let site: SiteApp;
beforeAll(() => {
  // A sender outside the domain, whose identity the stack makes or confirms with a function of its own.
  site = synthesizeSite({ ...EXAMPLE_CONTEXT, senderEmail: 'ada@mail.example.net', siteDir }, { bundle: true });
  site.app.synth();
}, 180_000);

function bundleDirectory(handlerName: FunctionName): string {
  return assetDirectory(site.stack.functions.get(handlerName)!);
}

function assetDirectory(construct: { node: { defaultChild?: unknown } }): string {
  const fn = site.template.toJSON().Resources[site.logicalId(construct)] as TemplateResource;
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
const SDK_MARKERS = { dynamodb: 'DynamoDB_20120810', sesv2: 'SimpleEmailService_v2', secretsmanager: 'secretsmanager' };
/** The SDK clients each function uses: the contact function stores, only the worker mails. */
const SDK_CLIENTS: Readonly<Partial<Record<FunctionName, ReadonlyArray<keyof typeof SDK_MARKERS>>>> = {
  contact: ['dynamodb'],
  mcp: ['dynamodb'],
  delivery: ['dynamodb', 'sesv2'],
};

// Node lists each of its own modules as it loads it: undici, behind `fetch` and `WebSocket`, comes
// with any ES module import of `node:http` (lib/api/node-http-module.cjs), and nothing here uses it.
const loadsUndici = `process.moduleLoadList.some((module) => module.endsWith('/undici'))`;

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
    expect(map.sources).toContainEqual(expect.stringMatching(/lambdas\/intake\/inquiry-rules\.validator\.js$/));
  });

  it('mcp: carries the SDK’s protocol and schemas but none of its Server, transports or Ajv, and the list of disposable-mail domains apart', () => {
    const directory = bundleDirectory('mcp');
    const map = JSON.parse(readFileSync(join(directory, 'index.mjs.map'), 'utf8')) as { sources: string[] };
    // The SDK ships source maps of its own: the map names its TypeScript sources.
    const sdk = map.sources.filter((source) => source.includes('@modelcontextprotocol/sdk/')).map((source) => source.replace(/^.*@modelcontextprotocol\/sdk\/src\//, ''));
    expect(sdk).toEqual(expect.arrayContaining(['shared/protocol.ts', 'types.ts']));
    expect(sdk.filter((source) => /^(server\/(index|mcp|streamableHttp|webStandardStreamableHttp)\.ts|client\/|validation\/)/.test(source))).toEqual([]);
    expect(map.sources.filter((source) => /node_modules\/(ajv|ajv-formats|hono|@hono|express)\//.test(source))).toEqual([
      expect.stringMatching(/node_modules\/ajv\/lib\/runtime\/ucs2length\.ts$/),
    ]);
    expect(readFileSync(join(directory, 'index.mjs'), 'utf8')).not.toContain('mailinator.com');
    expect(readFileSync(join(directory, `${MCP_LAZY_MODULES.throwawayDomains}.js`), 'utf8')).toContain('mailinator.com');
  });

  it('mcp: a call of its tool over plain HTTP loads no undici, and answers with the tool’s result', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'sendInquiry', arguments: { name: 'Ada', email: 'ada@example.com', message: 'A project inquiry, long enough to be valid.' } } };
    const event = httpEvent({
      path: '/api/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify(call),
    });
    // Nothing listens there: the counters fail at once, after the SDK has loaded its HTTP handler.
    const reply = invokeBundle('mcp', event, { AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1' }, loadsUndici);
    expect({ status: reply.statusCode, loadedUndici: reply.after }).toEqual({ status: 200, loadedUndici: false });
    expect(JSON.parse(reply.body)).toMatchObject({ id: 1, result: { isError: true, structuredContent: { code: 'temporarily_unavailable' } } });
  });

  // The assembly is in the system's temporary directory, out of reach of the project's node_modules.
  it.each(FUNCTION_NAMES.map((name) => [name]))('%s: every file loads in a fresh Node as Lambda runs it, module detection off', (name) => {
    const directory = bundleDirectory(name);
    const modules = readdirSync(directory).filter((file) => /\.m?js$/.test(file));
    expect(modules).toContain('index.mjs');
    if (modules.some((file) => file.endsWith('.js'))) {
      expect(readFileSync(join(directory, 'package.json'), 'utf8').trim()).toBe(ES_MODULE_PACKAGE_JSON);
    }
    for (const file of modules) {
      const run = runAsLambda(`const m = await import(${JSON.stringify(pathToFileURL(join(directory, file)).href)}); process.stdout.write(typeof m);`);
      expect({ file, stderr: run.stderr, stdout: run.stdout }).toEqual({ file, stderr: '', stdout: 'object' });
    }
    const handler = runAsLambda(`const m = await import(${JSON.stringify(pathToFileURL(join(directory, 'index.mjs')).href)}); process.stdout.write(typeof m.handler);`);
    expect(handler.stdout).toBe('function');
  });


  it.each(FUNCTION_NAMES.map((name) => [name]))('%s: importing any of its files does not load undici', (name) => {
    const directory = bundleDirectory(name);
    for (const file of readdirSync(directory).filter((entry) => /\.m?js$/.test(entry))) {
      const run = runAsLambda(`await import(${JSON.stringify(pathToFileURL(join(directory, file)).href)}); process.stdout.write(JSON.stringify(${loadsUndici}));`);
      expect({ file, loadedUndici: run.stdout }).toEqual({ file, loadedUndici: 'false' });
    }
  });

  it('the keeper of the deployment’s keys: loads in a fresh Node as Lambda runs it, holding the Secrets Manager client alone', () => {
    const directory = assetDirectory(site.stack.keys.keeper);
    const code = readFileSync(join(directory, 'index.mjs'), 'utf8');
    expect(staticImports(code).filter((specifier) => !BUILTINS.has(specifier))).toEqual([]);
    expect(Object.entries(SDK_MARKERS).filter(([, marker]) => code.includes(marker)).map(([client]) => client)).toEqual(['secretsmanager']);
    const handler = runAsLambda(`const m = await import(${JSON.stringify(pathToFileURL(join(directory, 'index.mjs')).href)}); process.stdout.write(typeof m.handler);`);
    expect(handler).toMatchObject({ stdout: 'function', stderr: '' });
  });

  it('the keeper of the sender’s identity: loads in a fresh Node as Lambda runs it, holding the SES v2 client alone', () => {
    const keeper = site.stack.node.findChild('SenderAddressIdentity') as SenderAddressIdentity;
    const directory = assetDirectory(keeper.keeper);
    const code = readFileSync(join(directory, 'index.mjs'), 'utf8');
    expect(staticImports(code).filter((specifier) => !BUILTINS.has(specifier))).toEqual([]);
    expect(Object.entries(SDK_MARKERS).filter(([, marker]) => code.includes(marker)).map(([client]) => client)).toEqual(['sesv2']);
    const handler = runAsLambda(`const m = await import(${JSON.stringify(pathToFileURL(join(directory, 'index.mjs')).href)}); process.stdout.write(typeof m.handler);`);
    expect(handler).toMatchObject({ stdout: 'function', stderr: '' });
  });

  it('contact: a request over plain HTTP, the SDK\'s other way to load node:http, does not load undici either', () => {
    const inquiry = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'A project inquiry, long enough to be valid.' };
    // Nothing listens there: the counters fail at once, after the SDK has loaded its HTTP handler.
    const reply = invokeContactBundle(jsonPostEvent(inquiry, { sourceIp: '198.51.100.1' }), { AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1' }, loadsUndici);
    expect({ status: reply.statusCode, loadedUndici: reply.after }).toEqual({ status: 503, loadedUndici: false });
  });

  it('contact: bundles its lazy modules apart, so a cold start that does not need them parses none of them', () => {
    const directory = bundleDirectory('contact');
    const main = readFileSync(join(directory, 'index.mjs'), 'utf8');
    // Powertools' Idempotency, the form's page of a refused cross-site post, and the list of disposable-mail domains.
    for (const [module, marker] of [
      [CONTACT_LAZY_MODULES.rememberedAnswers, 'IdempotencyItemAlreadyExistsError'],
      [CONTACT_LAZY_MODULES.formReplies, 'The form must be sent from'],
      [CONTACT_LAZY_MODULES.throwawayDomains, 'mailinator.com'],
      // parse5, which fills in the owner's form page: for a refused form post only, not for every form post.
      [CONTACT_LAZY_MODULES.filledFormPage, PARSE5_MARKER],
    ] as const) {
      expect(main).not.toContain(marker);
      expect(readFileSync(join(directory, `${module}.js`), 'utf8')).toContain(marker);
    }
    expect(readFileSync(join(directory, `${CONTACT_LAZY_MODULES.formReplies}.js`), 'utf8')).not.toContain(PARSE5_MARKER);
  });

  it('contact: carries the owner’s form page and other contact page from siteDir, byte for byte, beside its code; no other function does', () => {
    expect(readFileSync(join(bundleDirectory('contact'), BUNDLED_FORM_PAGE), 'utf8')).toBe(readFileSync(join(siteDir, 'contact/index.html'), 'utf8'));
    expect(readFileSync(join(bundleDirectory('contact'), 'form-page-1.html'), 'utf8')).toBe(FRENCH_PAGE);
    expect(formPageSettings().OTHER_FORM_PAGES).toBe('[["/fr/contact/","form-page-1.html","/fr/merci/"]]');
    for (const name of FUNCTION_NAMES.filter((other) => other !== 'contact')) {
      expect({ name, files: readdirSync(bundleDirectory(name)).filter((file) => file.endsWith('.html')) }).toEqual({ name, files: [] });
    }
  });

  it('discovery: carries the owner’s llms.txt beside its code, and serves it with its own sections, with the settings the stack gives it', () => {
    expect(readFileSync(join(bundleDirectory('discovery'), BUNDLED_LLMS_TXT), 'utf8')).toBe(OWN_LLMS_TXT);
    const fn = site.template.toJSON().Resources[site.logicalId(site.stack.functions.get('discovery')!)] as TemplateResource;
    const { OWN_LLMS_TXT_FILE = '', SITE_DOCUMENTS = '' } = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
    const reply = invokeBundle('discovery', httpEvent({ method: 'GET', path: '/llms.txt' }), { OWN_LLMS_TXT_FILE, SITE_DOCUMENTS, BASE_URL: 'https://example.com' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body.startsWith(OWN_LLMS_TXT.trimEnd())).toBe(true);
    expect(reply.body).toContain('\n## API\n\n- [contact](https://example.com/api/contact): POST one JSON project inquiry');
    expect(reply.body).toContain('\n## Site\n\n- [Home page](https://example.com/index.html.md)');
  });

  it('contact: answers a refused form post in the owner’s page, read from beside its bundle with the settings the stack gives it', () => {
    const event = httpEvent({
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      body: 'name=Ada',
    });
    const reply = invokeContactBundle(event, formPageSettings());
    expect(reply.statusCode).toBe(403);
    expect(reply.body).toContain('<title>Error: Hire me</title>');
    expect(reply.body).toMatch(/<p class="status-error" tabindex="-1" autofocus data-status role="status">This form was sent from another website[^<]*<\/p>/);
  });

  it('contact: answers a form post from the other contact page in that page, read from beside its bundle', () => {
    const event = httpEvent({
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://example.com', 'sec-fetch-site': 'same-origin', referer: 'https://example.com/fr/contact/' },
      body: 'name=Ada',
    });
    // Nothing listens there: the counters fail at once, and the post is answered 503 in the page it came from.
    const reply = invokeContactBundle(event, { ...formPageSettings(), AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1' });
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toContain('<title>Error: Écrivez-moi</title>');
    expect(reply.body).toContain('<input type="hidden" name="form_page" value="/fr/contact/">');
  });

  it.each(FUNCTION_NAMES.filter((name) => SDK_CLIENTS[name] === undefined).map((name) => [name]))(
    '%s: stays under 64 KiB, source map comment and all',
    (name) => {
      expect(statSync(join(bundleDirectory(name), 'index.mjs')).size).toBeLessThan(64 * 1024);
    },
  );

  it('contact: loads the Idempotency-Key code from beside its bundle when a request has the header', () => {
    const event = jsonPostEvent({}, { headers: { 'idempotency-key': '"k"' }, sourceIp: '198.51.100.1' });
    // Nothing listens there: the idempotency store fails at once, which only its code can tell.
    const reply = invokeContactBundle(event, { AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1' });
    expect({ status: reply.statusCode, code: JSON.parse(reply.body).code }).toEqual({ status: 503, code: 'temporarily_unavailable' });
  });

  it('contact: logs a crash with its frames pointing at the sources, read from the map beside the bundle', () => {
    // Without a route key the contract's own rules fail: an unexpected error.
    const { routeKey: _, ...event } = jsonPostEvent({}, { sourceIp: '198.51.100.1' });
    const reply = invokeContactBundle(event);
    expect(reply.statusCode).toBe(500);
    const { stack } = reply.logLines.find((line) => 'stack' in line) as { stack: string };
    expect(stack.split('\n')[0]).toMatch(/^ {4}at \S+ \(\/.+\/lambdas\/http\/handler\.ts:\d+:\d+\)$/);
  });

  it('contact: loads the form\'s pages from beside its bundle for a no-JavaScript form post', () => {
    const event = httpEvent({
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      body: 'name=Ada',
    });
    const reply = invokeContactBundle(event);
    expect(reply.statusCode).toBe(403);
    expect(reply.body).toContain('The form must be sent from');
  });
});

/** A string of parse5's own (an error code of its tokenizer), which a minified bundle keeps. */
const PARSE5_MARKER = 'missing-whitespace-between-attributes';

/** The contact function's form page settings, as the synthesized template gives them. */
function formPageSettings(): Record<string, string> {
  const fn = site.template.toJSON().Resources[site.logicalId(site.stack.functions.get('contact')!)] as TemplateResource;
  const { FORM_PAGE, FORM_PAGE_FILE, OTHER_FORM_PAGES } = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
  return { FORM_PAGE: FORM_PAGE ?? '', FORM_PAGE_FILE: FORM_PAGE_FILE ?? '', OTHER_FORM_PAGES: OTHER_FORM_PAGES ?? '' };
}

/** Node as Lambda's Node.js runtimes run it: module syntax detection off, nothing but the environment given. */
function runAsLambda(script: string, env: Readonly<Record<string, string>> = {}) {
  return spawnSync(process.execPath, ['--no-experimental-detect-module', '--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, ...CONTACT_ENVIRONMENT, ...DELIVERY_ENVIRONMENT, ...env },
    encoding: 'utf8',
  });
}

interface BundleReply {
  readonly statusCode: number;
  readonly body: string;
  readonly after: unknown;
  /** What the function logged, a JSON object a line. */
  readonly logLines: readonly object[];
}

/**
 * The contact bundle's answer to one event, in a fresh Node run as Lambda runs it, with the value
 * of an expression evaluated there afterwards.
 */
function invokeContactBundle(event: object, env: Readonly<Record<string, string>> = {}, afterwards = 'undefined'): BundleReply {
  return invokeBundle('contact', event, env, afterwards);
}

/** A function's answer to one event, in a fresh Node run as Lambda runs it, with the value of an expression evaluated there afterwards. */
function invokeBundle(name: FunctionName, event: object, env: Readonly<Record<string, string>> = {}, afterwards = 'undefined'): BundleReply {
  const bundle = pathToFileURL(join(bundleDirectory(name), 'index.mjs')).href;
  // The context's function does not survive JSON: the script gives it back.
  const script = `const { handler } = await import(${JSON.stringify(bundle)});
    const reply = await handler(${JSON.stringify(event)}, { ...${JSON.stringify(lambdaContext('r'))}, getRemainingTimeInMillis: () => 10000 });
    process.stdout.write(JSON.stringify({ statusCode: reply.statusCode, body: reply.body, after: ${afterwards} }));`;
  const run = runAsLambda(script, env);
  expect(run.stderr).toBe('');
  // The request's log lines come first; the answer is the last line.
  const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as object);
  return { ...(lines.at(-1) as Omit<BundleReply, 'logLines'>), logLines: lines.slice(0, -1) };
}
