import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { accountWork, readCdkArguments } from '../../../bin/cdk/cdk-arguments.js';

/*
 * What `npm run cdk` reads of the CDK CLI's arguments before it starts the CLI (bin/cdk.ts): the
 * subcommand, wherever the global options put it, and whether it needs an AWS account.
 */

interface CliOption {
  readonly type: string;
  readonly alias?: string | readonly string[];
}
/** The CDK CLI's own description of its commands and options, which its argument parser is built from. */
const CDK_CLI: { globalOptions: Record<string, CliOption>; commands: Record<string, { aliases?: string[] }> } = JSON.parse(
  readFileSync(join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'lib/cli/cli-type-registry.json'), 'utf8'),
);

/** The subcommands that work without an AWS account: they read the app, the project or the CLI itself. */
const OFFLINE = ['list', 'synth', 'flags', 'validate', 'metadata', 'acknowledge', 'notices', 'init', 'migrate', 'context', 'docs', 'doctor', 'explore', 'lsp', 'cli-telemetry'];

const work = (...args: string[]) => accountWork(readCdkArguments(args));

describe('readCdkArguments', () => {
  it.each<[string[], string | undefined]>([
    [['deploy', '--all'], 'deploy'],
    [['bootstrap'], 'bootstrap'],
    [['-c', 'pricingPlan=none', 'deploy', '--all'], 'deploy'],
    [['--context=pricingPlan=none', 'deploy'], 'deploy'],
    [['--app', 'node app.js', 'bootstrap'], 'bootstrap'],
    [['-a', 'node app.js', 'diff'], 'diff'],
    [['-vc', 'key=value', 'destroy'], 'destroy'],
    [['-v', 'deploy'], 'deploy'],
    [['--verbose', '--no-color', 'deploy'], 'deploy'],
    [['--profile', 'ada', 'deploy'], 'deploy'],
    [['--', 'deploy'], 'deploy'],
    [['ls', 'deploy'], 'ls'],
    [['--version'], undefined],
    [[], undefined],
    [['--profile'], undefined],
  ])('finds the subcommand of %j: %s', (args, command) => {
    expect(readCdkArguments(args).command).toBe(command);
  });

  it.each<[string[], string | undefined, string | undefined]>([
    [['deploy', '--profile', 'ada'], 'ada', undefined],
    [['--profile=ada', 'deploy', '--region', 'eu-west-1'], 'ada', 'eu-west-1'],
    [['--region=eu-west-2', 'bootstrap'], undefined, 'eu-west-2'],
    [['deploy', '--profile'], undefined, undefined],
    [['deploy', '-c', 'profile=ada'], undefined, undefined],
  ])('reads %j: profile %s, region %s', (args, profile, region) => {
    expect(readCdkArguments(args)).toMatchObject({ profile, region });
  });

  it.each([[['deploy', '--help']], [['deploy', '-h']], [['--help', 'bootstrap']], [['deploy', '--version']], [['-vh', 'destroy']]])('takes %j for help or the version only', (args) => {
    expect(readCdkArguments(args).helpOnly).toBe(true);
  });

  it.each([[['deploy', '--all']], [['deploy', '--hotswap']], [['deploy', '--', '--help']], [['deploy', '-c', 'h=1']]])('takes %j for more than help', (args) => {
    expect(readCdkArguments(args).helpOnly).toBe(false);
  });

  it('takes a value after each global option of the CLI that has one, by every name it goes by, and none after a flag', () => {
    for (const [name, option] of Object.entries(CDK_CLI.globalOptions)) {
      const names = [`--${name}`, ...[option.alias ?? []].flat().map((alias) => (alias.length === 1 ? `-${alias}` : `--${alias}`))];
      for (const flag of names) {
        const args = option.type === 'boolean' ? [flag, 'deploy'] : [flag, 'value', 'deploy'];
        expect({ args, command: readCdkArguments(args).command }).toEqual({ args, command: 'deploy' });
      }
    }
  });
});

describe('accountWork', () => {
  it.each([
    ['bootstrap', 'bootstrap', true],
    ['deploy', 'deploy', true],
    ['watch', 'deploy', true],
    ['diff', 'compare with the deployed stacks', true],
    ['destroy', 'destroy', false],
    ['rollback', 'roll back', false],
    ['import', 'import', false],
    ['drift', 'check for drift', false],
    ['gc', 'clean up the bootstrap assets', false],
  ])('names what %s would do with the account: %s', (command, doing, beforeDeploy) => {
    expect(work(command, 'PersonalSite')).toEqual({ doing, beforeDeploy });
  });

  it.each(OFFLINE)('needs no account for %s', (command) => {
    expect(work(command)).toBeUndefined();
  });

  it('knows, of every subcommand of the CLI, whether it needs an account', () => {
    const unknown = Object.keys(CDK_CLI.commands).filter((command) => work(command) === undefined && !OFFLINE.includes(command));
    expect(unknown).toEqual([]);
  });

  it.each([
    [['bootstrap', '--show-template']],
    [['diff', '--template', 'cdk.out/PersonalSite.template.json']],
    [['diff', '--template=cdk.out/PersonalSite.template.json']],
    [['deploy', '--help']],
    [['destroy', '-h']],
  ])('needs none for %j, which works offline or only prints', (args) => {
    expect(work(...args)).toBeUndefined();
  });

  it.each([[['deploy', '--show-template']], [['bootstrap', '--template', 'bootstrap.yaml']], [['diff', '--template-path']]])('needs one for %j all the same', (args) => {
    expect(work(...args)).toBeDefined();
  });

  it.each([[[]], [['--version']], [['ls']], [['toString']], [['constructor']], [['Deploy']]])('needs none for %j, which the CLI runs no account command for', (args) => {
    expect(work(...args)).toBeUndefined();
  });
});
