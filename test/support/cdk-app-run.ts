import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NO_SETTINGS_FILE } from './settings-file.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** tsx's loader by its path, so that the app runs from a project folder without node_modules too. */
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** The context that skips the functions' bundling: what a test of the settings needs, in seconds. */
export const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/**
 * bin/app.ts run as the CLI runs it, in the project folder `cwd`, which hands the app its context
 * (cdk.json's and -c options) in CDK_CONTEXT_JSON; with the settings file `env` names, else none.
 * Without aws-cdk-lib's check of the templates against CloudFormation's rules unless asked for
 * (`validate`): it costs seconds per synth, and these tests do not read the templates;
 * cdk-nag.test.ts runs it on every variant. aws-cdk-lib reads CDK_VALIDATION=false as off
 * (core/lib/private/synthesis-validation.js).
 */
export function synthWith(
  context: Record<string, unknown>,
  options: { env?: Record<string, string | undefined>; cwd?: string; validate?: boolean } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'bin/app.ts')], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      ...NO_SETTINGS_FILE,
      NODE_OPTIONS: '',
      CDK_CONTEXT_JSON: JSON.stringify(context),
      CDK_VALIDATION: options.validate === true ? 'true' : 'false',
      ...options.env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A settings file of these settings, as the environment that names it. */
export function settingsFile(settings: Record<string, unknown>): { SITE_SETTINGS: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'settings-')), 'site-settings.json');
  writeFileSync(path, JSON.stringify(settings));
  return { SITE_SETTINGS: path };
}
