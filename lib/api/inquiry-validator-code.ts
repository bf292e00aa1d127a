import { Ajv2020 } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';
import { fileURLToPath } from 'node:url';
import { INTAKE_RULES } from '../../lambdas/inquiry/schema.js';
import { refreshGeneratedFile } from './generated-file.js';

/** Where the contact function's validator lives; checked in, so tsc, jest and tsx need no build step. */
export const INQUIRY_VALIDATOR_FILE = fileURLToPath(
  new URL('../../lambdas/intake/inquiry-rules.validator.js', import.meta.url),
);

/**
 * The ES module Ajv's standalone code makes of the inquiry's rules, and the owner's fields' rule
 * beside them (INTAKE_RULES): what Ajv would compile at a cold start, compiled here once. Without
 * `$id`, which names the deployment, so one module serves every deployment; the rules are the
 * published schema's, keyword for keyword.
 */
export function inquiryValidatorCode(): string {
  // The options validation.ts used to compile with at each cold start; messages: false, because
  // the contract's own messages replace Ajv's.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    validateFormats: false,
    messages: false,
    code: { source: true, esm: true, lines: true },
  });
  const code = standalone.default(ajv, ajv.compile(INTAKE_RULES));
  return [
    '// Generated from INTAKE_RULES (lambdas/inquiry/schema.ts) by lib/api/inquiry-validator-code.ts: do not edit.',
    ...treeShakable(importRuntimeHelpers(code)),
  ].join('\n');
}

/**
 * The validator built inside a function marked pure, so that a bundle which imports this module
 * without calling the validator (the page's, for the error codes beside it) leaves it out.
 */
function treeShakable({ imports, body }: { imports: string[]; body: string }): string[] {
  const exports = /^"use strict";\s*export const validate = (\w+);\s*export default \1;\n/.exec(body);
  if (exports === null) throw new Error('Ajv\u2019s standalone code no longer starts with the exports it used to');
  return [
    ...imports,
    'export const validate = /* @__PURE__ */ (() => {',
    withoutUnusedConstants(body.slice(exports[0].length)).trimEnd(),
    `return ${exports[1]};`,
    '})();',
    '',
  ];
}

/** Ajv declares the schema itself whether or not the code reads it; it would only weigh on the bundle. */
function withoutUnusedConstants(body: string): string {
  return body.replace(/^const (\w+) = .*;\n/gm, (declaration, name: string) =>
    body.match(new RegExp(`\\b${name}\\b`, 'g'))!.length === 1 ? '' : declaration,
  );
}

/**
 * Even as ESM, the standalone code `require`s Ajv's runtime helpers (`ucs2length`, for lengths
 * in code points), which jest's and tsx's ES modules cannot: import them instead.
 */
function importRuntimeHelpers(code: string): { imports: string[]; body: string } {
  const imports: string[] = [];
  const body = code.replace(/const (\w+) = require\("(ajv\/dist\/runtime\/[\w-]+)"\)\.default;/g, (_, name: string, path: string) => {
    imports.push(`import ${name}Module from "${path}.js";`);
    return `const ${name} = ${name}Module.default;`;
  });
  if (/\brequire\(/.test(body)) throw new Error('The standalone validator requires a module that is not an Ajv runtime helper');
  return { imports, body };
}

/** Rewrites the checked-in validator when the rules changed; true when it did. */
export function refreshInquiryValidator(): boolean {
  return refreshGeneratedFile(INQUIRY_VALIDATOR_FILE, inquiryValidatorCode());
}
