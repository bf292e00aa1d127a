import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { keptOptionLine, ownOptionKeptByNpm } from '../../../bin/npm-kept-options.js';

/*
 * The owner's commands run as `npm run <command> --option`, without `--` (bin/npm-kept-options.ts):
 * npm keeps the option, and the command stops with one line saying to put it after `--`, before
 * it asks anything of AWS or of local mode.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run <args>` as the owner types it, in this checkout, with no AWS credentials and no npm option of this test run's. */
function npmRun(args: readonly string[]) {
  const run = spawnSync('npm', ['run', ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      AWS_REGION: 'eu-west-1',
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
      AWS_EC2_METADATA_DISABLED: 'true',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  // What the command printed, without npm's own lines: its warnings (`npm warn …`) and the script it runs.
  const own = (text: string) => text.split('\n').filter((line) => line !== '' && !/^npm (warn|error|notice)\b/i.test(line) && !line.startsWith('> '));
  return { status: run.status, stdout: own(run.stdout), stderr: own(run.stderr) };
}

describe('an owner’s command given an option of its own before --', () => {
  // Port 1 answers nothing: a command that took the option would say so instead.
  it.each<[readonly string[], string]>([
    [
      ['inbox', '--endpoint', 'http://127.0.0.1:1'],
      'Cannot read the inbox: npm kept --endpoint for itself, so inbox never got it: put it after --, as in npm run inbox -- --endpoint http://127.0.0.1:1',
    ],
    [['inbox', '--text'], 'Cannot read the inbox: npm kept --text for itself, so inbox never got it: put it after --, as in npm run inbox -- --text'],
    [
      ['redeliver', '--endpoint', 'http://127.0.0.1:1', '9f1d673c-48b7-8c57-b849-ef04fb528c36'],
      // redeliver takes ids as arguments too: which one npm handed on as the option's value, nothing tells.
      'Cannot send again: npm kept --endpoint for itself, so redeliver never got it: put it after --, as in npm run redeliver -- --endpoint ENDPOINT',
    ],
    [
      ['redeliver', '9f1d673c-48b7-8c57-b849-ef04fb528c36', '--endpoint', 'http://127.0.0.1:1'],
      'Cannot send again: npm kept --endpoint for itself, so redeliver never got it: put it after --, as in npm run redeliver -- --endpoint ENDPOINT',
    ],
    [['verify', '--send-test'], 'npm run verify stopped: npm kept --send-test for itself, so verify never got it: put it after --, as in npm run verify -- --send-test'],
    [['verify', '--url=http://127.0.0.1:1'], 'npm run verify stopped: npm kept --url=http://127.0.0.1:1 for itself, so verify never got it: put it after --, as in npm run verify -- --url=http://127.0.0.1:1'],
  ])('npm run %j stops with one line saying to put it after --', (args, line) => {
    expect(npmRun(args)).toEqual({ status: 1, stdout: [], stderr: [line] });
  }, 60_000);

  it('goes on with the option after --, as the command takes it', () => {
    const run = npmRun(['inbox', '--', '--endpoint', 'http://127.0.0.1:1']);
    expect(run.stderr).toEqual([expect.stringMatching(/^Cannot read the inbox: nothing answers at http:\/\/127\.0\.0\.1:1 /)]);
  }, 60_000);
});

describe('ownOptionKeptByNpm', () => {
  const OPTIONS = { endpoint: { type: 'string' }, text: { type: 'boolean' } } as const;

  it('finds none where npm does not run the command (node itself, pnpm, yarn), which passes every option on', () => {
    expect(ownOptionKeptByNpm('inbox', OPTIONS, { npm_config_endpoint: 'true' }, [])).toBeUndefined();
    expect(ownOptionKeptByNpm('inbox', OPTIONS, { npm_config_text: 'true', npm_lifecycle_event: 'inbox', npm_execpath: '/pnpm.cjs', npm_config_user_agent: 'pnpm/9.0.0' }, [])).toBeUndefined();
  });

  it('asks npm nothing when the environment holds none of the command’s options', () => {
    // An npm that cannot run would stop the command if it were asked.
    const env = { npm_lifecycle_event: 'inbox', npm_execpath: '/nonexistent/npm-cli.js', npm_config_user_agent: 'npm/11.0.0', npm_config_yes: 'true' };
    expect(ownOptionKeptByNpm('inbox', OPTIONS, env, [])).toBeUndefined();
    expect(ownOptionKeptByNpm('inbox', OPTIONS, { ...env, npm_config_text: 'true' }, [])).toMatch(
      /^npm config ls could not say which options npm kept from its command line \(.*\): run node --import tsx bin\/inbox\.ts with the same options instead$/,
    );
  });
});

describe('keptOptionLine', () => {
  it.each<[string, 'string' | 'boolean', string, readonly string[], string]>([
    ['a flag', 'boolean', 'true', [], '--text'],
    ['a value given with =', 'string', 'eu-west-2', [], '--region=eu-west-2'],
    ['a value npm handed on as the first argument', 'string', 'true', ['eu-west-2', 'x'], '--region eu-west-2'],
    ['no value at all', 'string', 'true', [], '--region REGION'],
    ['an option where the value would be', 'string', 'true', ['--limit'], '--region REGION'],
  ])('writes %s as the command takes it after --', (_case, type, value, args, asTyped) => {
    const name = type === 'boolean' ? 'text' : 'region';
    expect(keptOptionLine('inbox', { name, value }, type, args)).toMatch(new RegExp(`as in npm run inbox -- ${asTyped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  it('keeps a terminal’s control characters out of what it repeats', () => {
    expect(keptOptionLine('inbox', { name: 'endpoint', value: 'true' }, 'string', ['http://x\u001b[2J'])).not.toContain('\u001b');
  });
});
