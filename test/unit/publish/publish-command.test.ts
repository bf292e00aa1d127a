import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmKeptOptions } from '../../../bin/npm-kept-options.js';
import { readPublishOptions, restoreCommand, restoreTime } from '../../../bin/publish/publish-options.js';
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
    expect(run.stdout).toMatch(/^Usage: npm run publish -- \[--dry-run\] \[--yes\] \[--region REGION\] \[--restore TIME\]/);
  }, 30_000);

  it.each<[string, readonly string[], Record<string, unknown>, string]>([
    ['an unknown option', ['--dryrun'], ADDRESSES, "Cannot publish: Unknown option '--dryrun' (npm run publish -- --help)"],
    ['a time to restore that is none', ['--restore', '2026-02-30T10:00Z'], ADDRESSES, 'Cannot publish: --restore takes a time such as 2026-11-20T10:04:31Z (or 2026-11-20 10:04 in your time zone), got "2026-02-30T10:00Z"'],
    ['no siteDir', [], ADDRESSES, 'Cannot publish: there is no siteDir in site-settings.json (or cdk.json): npm run publish uploads siteDir\'s files'],
    ['siteOrigin', [], { ...ADDRESSES, siteOrigin: 'https://you.github.io' }, 'Cannot publish: siteOrigin serves your pages from your other host: publish them there; npm run publish uploads a siteDir'],
    ['a misspelt setting', [], { ...ADDRESSES, sitedir: '../site' }, 'Cannot publish: Unknown setting "sitedir": did you mean "siteDir"?'],
  ])('stops with one line on %s', (_what, args, settings, line) => {
    const run = publish(args, settings);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([line]);
    expect(run.stdout).toBe('');
  }, 30_000);

  it('stops with one line saying what to do when there are no AWS credentials', () => {
    const run = publish([], { ...ADDRESSES, siteDir: siteFolder({ 'index.html': 'home' }) });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Cannot publish: no AWS credentials found: sign in: aws configure, or aws sso login (AWS_PROFILE names a profile)']);
  }, 30_000);
});

/** `npm run publish <args>` as the owner types it, in this checkout, with no AWS credentials and no npm option of this test run's. */
function npmRunPublish(args: readonly string[], settings: Record<string, unknown>, extraEnv: Record<string, string> = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'publish-settings-')), 'site-settings.json');
  writeFileSync(file, JSON.stringify(settings));
  const run = spawnSync('npm', ['run', 'publish', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SITE_SETTINGS: file,
      AWS_REGION: 'eu-west-1',
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
      AWS_EC2_METADATA_DISABLED: 'true',
      ...extraEnv,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  // What publish printed, without npm's own lines: its warnings and the script it runs.
  const own = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('npm ') && !line.startsWith('> '));
  return { status: run.status, stdout: own(run.stdout), stderr: own(run.stderr) };
}

describe('npm run publish, an option given without --', () => {
  const settings = { ...ADDRESSES, siteDir: siteFolder({ 'index.html': 'home' }) };

  it.each<[string, readonly string[], string]>([
    ['--region=eu-west-2', ['--region=eu-west-2'], 'npm kept --region=eu-west-2 for itself, so publish never got it: put it after --, as in npm run publish -- --region=eu-west-2'],
    ['--region eu-west-2', ['--region', 'eu-west-2'], 'npm kept --region for itself, so publish never got it: put it after --, as in npm run publish -- --region eu-west-2'],
    ['--yes', ['--yes'], 'npm kept --yes for itself, so publish never got it: put it after --, as in npm run publish -- --yes'],
    ['--dryrun', ['--dryrun'], "npm run publish takes no --dryrun, which npm kept for itself: publish's options go after --, as in npm run publish -- --dry-run (npm run publish -- --help lists them)"],
    ['--dryRun', ['--dryRun'], "npm run publish takes no --dryrun, which npm kept for itself: publish's options go after --, as in npm run publish -- --dry-run (npm run publish -- --help lists them)"],
    ['--preview', ['--preview'], "npm run publish takes no --preview, which npm kept for itself: publish's options go after --, as in npm run publish -- --dry-run (npm run publish -- --help lists them)"],
    ['--force, an option of npm that npm run does not use', ['--force'], "npm run publish takes no --force, which npm kept for itself: publish's options go after --, as in npm run publish -- --dry-run (npm run publish -- --help lists them)"],
  ])('stops at %s, before asking AWS anything, with one line saying to put it after --', (_typed, args, line) => {
    const run = npmRunPublish(args, settings);
    expect(run).toEqual({ status: 1, stdout: [], stderr: [`Cannot publish: ${line}`] });
  }, 60_000);

  it.each<[string, readonly string[]]>([
    ['--dry-run, which npm keeps as its own', ['--dry-run']],
    ['npm’s own --silent', ['--silent']],
    ['nothing', []],
  ])('goes on with %s, to AWS (here: no credentials)', (_what, args) => {
    const run = npmRunPublish(args, settings);
    expect(run.stderr).toEqual([expect.stringMatching(/^Cannot publish: no AWS credentials found: /)]);
  }, 60_000);

  it('goes on with the options after --, as publish takes them', () => {
    const run = npmRunPublish(['--', '--region', 'eu-west-2', '--yes'], settings);
    expect(run.stderr).toEqual([expect.stringMatching(/^Cannot publish: no AWS credentials found: /)]);
  }, 60_000);

  it('takes an .npmrc’s yes=true for no --yes, and goes on', () => {
    const npmrc = join(mkdtempSync(join(tmpdir(), 'npmrc-')), '.npmrc');
    writeFileSync(npmrc, 'yes=true\n');
    const run = npmRunPublish([], settings, { NPM_CONFIG_USERCONFIG: npmrc });
    expect(run.stderr).toEqual([expect.stringMatching(/^Cannot publish: no AWS credentials found: /)]);
  }, 60_000);
});

describe('its options', () => {
  it('take `npm run publish --dry-run`, whose option npm keeps as its own, for a dry run: a look first never publishes', () => {
    expect(readPublishOptions([], { npm_config_dry_run: 'true' }, [{ name: 'dry-run', value: 'true' }]).dryRun).toBe(true);
    expect(readPublishOptions(['--dry-run'], {}, []).dryRun).toBe(true);
    expect(readPublishOptions([], {}, []).dryRun).toBe(false);
    expect(readPublishOptions([], { npm_config_dry_run: '' }, []).dryRun).toBe(false);
  });

  it('take --yes and --restore after --', () => {
    expect(readPublishOptions(['--yes', '--restore', '2026-11-20T10:04:31Z'], {}, [])).toEqual({
      dryRun: false,
      yes: true,
      help: false,
      restore: new Date('2026-11-20T10:04:31Z'),
    });
  });

  it('print a value npm kept as a terminal shows it, escaped', () => {
    expect(() => readPublishOptions([], {}, [{ name: 'region', value: 'eu\u001b]0;owned\u0007' }])).toThrow(
      'npm kept --region=eu\\u001B]0;owned\\u0007 for itself, so publish never got it: put it after --, as in npm run publish -- --region=eu\\u001B]0;owned\\u0007',
    );
  });

  it('answer --help before judging a value', () => {
    expect(readPublishOptions(['--restore', 'placeholder', '--help'], {}, []).help).toBe(true);
  });
});

describe('the options npm kept', () => {
  const npmrc = new Map([
    ['yes', 'true'],
    ['cache', '/home/ada/.npm'],
    ['registry', 'https://registry.example.com/'],
  ]);

  it('are those whose value npm’s configuration without its command line does not give', () => {
    const env = {
      npm_config_region: 'eu-west-1',
      npm_config_yes: 'true',
      npm_config_cache: '/home/ada/.npm',
      npm_config_registry: 'https://other.example.com/',
      npm_config_dryrun: 'true',
      NPM_CONFIG_REGION: 'us-east-1',
    };
    expect(npmKeptOptions(env, npmrc)).toEqual([
      { name: 'region', value: 'eu-west-1' },
      { name: 'registry', value: 'https://other.example.com/' },
      { name: 'dryrun', value: 'true' },
    ]);
  });

  it('leave out what npm sets for every script, and npm run’s own options', () => {
    const env = {
      npm_config_user_agent: 'npm/11.19.1 node/v24.9.0 linux x64 workspaces/false',
      npm_config_local_prefix: '/home/ada/site-api',
      npm_config_global_prefix: '/usr',
      npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
      npm_config_npm_version: '11.19.1',
      npm_config_loglevel: 'silent',
      npm_config_if_present: 'true',
      npm_config_workspace: 'site',
    };
    expect(npmKeptOptions(env, new Map())).toEqual([]);
  });
});

describe('a time to restore', () => {
  it.each<[string, string]>([
    ['2026-11-20T10:04:31Z', '2026-11-20T10:04:31.000Z'],
    ['2026-11-20T10:04Z', '2026-11-20T10:04:00.000Z'],
    ['2026-11-20T10:04:31.250Z', '2026-11-20T10:04:31.250Z'],
    ['2026-11-20T10:04:31+01:00', '2026-11-20T09:04:31.000Z'],
    ['2026-11-20T10:04:31-0230', '2026-11-20T12:34:31.000Z'],
    ['2026-02-28T23:59:59Z', '2026-02-28T23:59:59.000Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('is read from %s', (text, iso) => {
    expect(restoreTime(text).toISOString()).toBe(iso);
  });

  it('without a zone, is this machine’s local time', () => {
    expect(restoreTime('2026-11-20 10:04').getTime()).toBe(new Date(2026, 10, 20, 10, 4).getTime());
  });

  it.each([['2026-02-30T10:00:00Z'], ['2027-02-29T10:00Z'], ['2026-13-01T00:00Z'], ['2026-11-20T24:00Z'], ['2026-11-20'], ['yesterday'], ['1'], ['2026-11-20T10:04:31Z trailing']])(
    'is refused, with how to write one, from %s',
    (text) => {
      expect(() => restoreTime(text)).toThrow(/^--restore takes a time such as 2026-11-20T10:04:31Z \(or 2026-11-20 10:04 in your time zone\), got "/);
    },
  );

  it('is printed back as --restore takes it', () => {
    expect(restoreCommand(new Date('2026-11-20T10:04:31.000Z'))).toBe('npm run publish -- --restore 2026-11-20T10:04:31Z');
  });
});
