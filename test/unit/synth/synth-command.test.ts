import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_SETTINGS_FILE } from '../../support/settings-file.js';

/*
 * `npm run synth` (bin/synth.ts) as the owner runs it: a synth that fails (a setting, or a
 * finding of cdk-nag) fails the command, with the app's own lines, no line of the CDK CLI's after
 * them, and no next steps.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('npm run synth', () => {
  it('fails as cdk synth fails, in the app’s one line, without the CDK CLI’s line after it, printing no next steps', () => {
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', '-c', 'ownerEmail=you@example.com'], {
      cwd: ROOT,
      env: { ...process.env, ...NO_SETTINGS_FILE },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot synthesize: Missing setting "senderEmail"/)]);
    expect(run.stdout).not.toContain('Next:');
  }, 120_000);

  it('says in one line that the app failed without a word, where the CDK CLI’s own line is left out', () => {
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', '-a', 'node -e "process.exit(3)"', '-o', mkdtempSync(join(tmpdir(), 'cdk-out-'))], {
      cwd: ROOT,
      env: { ...process.env, ...NO_SETTINGS_FILE },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Cannot synthesize: the CDK app (node -e "process.exit(3)") exited with status 3 without saying why']);
  }, 60_000);

  it('passes --help to the CDK CLI and stops there: no summary of an assembly it did not write', () => {
    const run = spawnSync('npm', ['run', '--silent', 'synth', '--', '--help'], { cwd: ROOT, env: { ...process.env, ...NO_SETTINGS_FILE }, encoding: 'utf8', timeout: 120_000 });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/--help/);
    expect(run.stdout).not.toMatch(/Synthesized|Next:/);
  }, 120_000);

  it('says in one line when the CDK CLI cannot be run, rather than failing without a word', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bin/synth.ts'], { cwd: ROOT, env: { ...NO_SETTINGS_FILE, PATH: '/nonexistent' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot synthesize: the CDK CLI did not run \(spawn cdk ENOENT\)/)]);
  }, 60_000);
});
