import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPublishOptions } from '../../../bin/publish/publish-options.js';
import { siteFolder } from '../../support/site-folder.js';

/*
 * `npm run publish` as the owner runs it (bin/publish.ts): its help, and one line, never a stack
 * trace, for whatever stops it before AWS answers.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** bin/publish.ts with these settings, and no AWS credentials or configuration of this machine's. */
function publish(args: readonly string[], settings?: Record<string, unknown>) {
  const file = join(mkdtempSync(join(tmpdir(), 'publish-settings-')), 'site-settings.json');
  writeFileSync(file, JSON.stringify(settings ?? {}));
  return spawnSync(process.execPath, ['--import', 'tsx', 'bin/publish.ts', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      SITE_SETTINGS: file,
      AWS_REGION: 'eu-west-1',
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
      AWS_EC2_METADATA_DISABLED: 'true',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

const ADDRESSES = { ownerEmail: 'you@example.com', senderEmail: 'contact@example.com' };

describe('npm run publish', () => {
  it('prints its help', () => {
    const run = publish(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run publish -- \[--dry-run\] \[--region REGION\]/);
  }, 30_000);

  it.each<[string, readonly string[], Record<string, unknown>, string]>([
    ['an unknown option', ['--dryrun'], ADDRESSES, "Cannot publish: Unknown option '--dryrun' (npm run publish -- --help)"],
    ['no siteDir', [], ADDRESSES, 'Cannot publish: there is no siteDir in site-settings.json (or cdk.json): npm run publish uploads siteDir\'s files'],
    ['siteOrigin', [], { ...ADDRESSES, siteOrigin: 'https://you.github.io' }, 'Cannot publish: siteOrigin serves your pages from your other host: publish them there; npm run publish uploads a siteDir'],
    ['a misspelt setting', [], { ...ADDRESSES, sitedir: '../site' }, 'Cannot publish: Unknown CDK context "sitedir": did you mean "siteDir"?'],
  ])('stops with one line on %s', (_what, args, settings, line) => {
    const run = publish(args, settings);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([line]);
    expect(run.stdout).toBe('');
  }, 30_000);

  it('stops with one line saying what to do when there are no AWS credentials', () => {
    const run = publish([], { ...ADDRESSES, siteDir: siteFolder({ 'index.html': 'home' }) });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot publish: CredentialsProviderError: .*: no AWS credentials found: aws configure, or aws sso login/)]);
  }, 30_000);
});

describe('its options', () => {
  it('take `npm run publish --dry-run`, whose option npm keeps as its own, for a dry run: a look first never publishes', () => {
    expect(readPublishOptions([], { npm_config_dry_run: 'true' }).dryRun).toBe(true);
    expect(readPublishOptions(['--dry-run'], {}).dryRun).toBe(true);
    expect(readPublishOptions([], {}).dryRun).toBe(false);
    expect(readPublishOptions([], { npm_config_dry_run: '' }).dryRun).toBe(false);
  });
});
