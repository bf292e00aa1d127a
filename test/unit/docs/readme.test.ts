import { describe, expect, it } from '@jest/globals';
import { App } from 'aws-cdk-lib';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEPLOY_COMMAND } from '../../../bin/deploy-command.js';
import { CONTEXT_KEYS, readSiteConfig } from '../../../lib/settings/site-config.js';
import { STACK_NAMES } from '../../../lib/stack-names.js';
import { NO_BUNDLING, settingsFile, synthWith } from '../../support/cdk-app-run.js';
import { readMarkdown, type MarkdownDocument } from '../../support/markdown.js';
import { shellCommands, type ShellCommand } from '../../support/shell-commands.js';
import { siteFolder } from '../../support/site-folder.js';
import { MINIMAL_CONTEXT } from '../infra/site-app.js';

/**
 * README is the owner's guide: every command it shows must run as shown, it stays short, and
 * every link, anchor and reference to one of its sections resolves (docs/development.md).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readMarkdown(join(ROOT, 'README.md'));
const MAX_README_LINES = 450;

/** The owner's guides README links for one step of the path, whose commands are held to README's rules. */
const OWNER_STEP_GUIDES = ['docs/aws-account.md', 'docs/your-domain.md', 'docs/form-services.md', 'docs/removing.md'].map((path) => readMarkdown(join(ROOT, path)));

/** The documents whose links are checked: the owner's guide and the docs beside it. */
const DOCUMENTS = [
  ...['README.md', 'docs/README.md', 'docs/api.md', 'docs/development.md', 'docs/verify.md', 'docs/privacy.md'].map((path) => readMarkdown(join(ROOT, path))),
  ...OWNER_STEP_GUIDES,
];

/**
 * The AWS CLI calls README may show, each read in the AWS CLI's reference
 * (https://docs.aws.amazon.com/cli/latest/reference/<service>/<operation>.html, 2026-11-27): no
 * test can reach AWS's documentation, so a call is added here once its page has been read.
 */
const DOCUMENTED_AWS_CALLS = [
  // The CLI's global option: prints aws-cli/<version> and the Python and platform it runs on (reference/index.html).
  '--version',
  // Asks for the keys, then the default region and output format (reference/configure/index.html).
  'configure',
  'sts get-caller-identity',
  'freetier get-account-plan-state',
  'freetier upgrade-account-plan',
  'pricing-plan-manager list-subscriptions',
  'acm request-certificate',
  'acm describe-certificate',
  'acm wait certificate-validated',
  'sesv2 create-email-identity',
  'cloudformation delete-stack',
  // Its --query takes JMESPath over the answer, whose Stacks[].Outputs holds OutputKey and OutputValue.
  'cloudformation describe-stacks',
  'dynamodb list-tables',
  'dynamodb delete-table',
  // Takes --name and a unique --caller-reference; answers the zone's HostedZone.Id and DelegationSet.NameServers.
  'route53 create-hosted-zone',
  // Takes --dns-name; answers HostedZones[], each with its Name (ending in a dot), Id and Config.PrivateZone.
  'route53 list-hosted-zones-by-name',
];

/** The scripts whose own option parser answers `--help` without doing anything else. */
const SCRIPTS_WITH_HELP = ['inbox', 'redeliver', 'forget', 'verify', 'publish'];

/** npm's own commands README may show, beside `npm run <script>`. */
const NPM_COMMANDS = ['ci', 'start', 'test'];

const SCRIPTS: Readonly<Record<string, string>> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;

interface CdkOption {
  readonly type?: string;
  readonly alias?: string | readonly string[];
}
interface CdkCommand {
  readonly aliases?: readonly string[];
  readonly options?: Readonly<Record<string, CdkOption>>;
}
/** The CDK CLI's own description of its commands and options, which its argument parser is built from. */
const CDK_CLI: { globalOptions: Record<string, CdkOption>; commands: Record<string, CdkCommand> } = JSON.parse(
  readFileSync(join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'lib/cli/cli-type-registry.json'), 'utf8'),
);

/** README's sections in the order an owner meets them (issue 39): each where the work needs it. */
const OWNER_PATH = [
  'See it on your machine',
  'Your own contact page',
  'First deploy',
  'An AWS account',
  'A region',
  'Your own domain',
  'Mail that lands in the inbox',
  "SES's sandbox",
  'Your settings file',
  'Your pages: three ways',
  'What agents find on your site',
  'Check it: npm run verify',
  'Publish a page: npm run publish',
  'The inbox',
  'What an alarm mail means',
];

const EXAMPLE_SETTINGS: Readonly<Record<string, unknown>> = JSON.parse(readFileSync(join(ROOT, 'site-settings.example.json'), 'utf8'));

/** An environment in which no AWS account or region can be found: a machine before `aws configure`. */
const NO_AWS_ACCOUNT = {
  AWS_ACCESS_KEY_ID: undefined,
  AWS_SECRET_ACCESS_KEY: undefined,
  AWS_SESSION_TOKEN: undefined,
  AWS_PROFILE: undefined,
  AWS_REGION: undefined,
  AWS_DEFAULT_REGION: undefined,
  CDK_DEFAULT_ACCOUNT: undefined,
  CDK_DEFAULT_REGION: undefined,
  AWS_CONFIG_FILE: '/nonexistent',
  AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
};

/** The text of README's settings table, under "Your settings file". */
function settingsTable(): string {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = text.indexOf('## Your settings file');
  return text.slice(start, text.indexOf('\n#', start + 1));
}

const COMMANDS = [README, ...OWNER_STEP_GUIDES]
  .flatMap((document) => document.codeBlocks)
  .filter((block) => block.language === 'sh' || block.language === 'console')
  .flatMap(shellCommands);

describe('README, the owner\'s guide', () => {
  it(`stays short: at most ${MAX_README_LINES} lines`, () => {
    expect(README.lineCount).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('shows commands (the test below reads them)', () => {
    expect(COMMANDS.length).toBeGreaterThan(20);
  });

  it('shows only npm, the AWS CLI, git pull and cp', () => {
    const other = COMMANDS.filter(({ words }) => !['npm', 'aws', 'git', 'cp'].includes(words[0]!));
    expect(other.map(({ text }) => text)).toEqual([]);
  });

  it('runs npm commands that exist: npm ci, npm start, npm test, npm run <a script of package.json>', () => {
    for (const command of npmCommands()) {
      const [, sub, script] = command.words;
      if (sub === 'run') expect({ command: command.text, script: script !== undefined && script in SCRIPTS }).toEqual({ command: command.text, script: true });
      else expect({ command: command.text, sub: NPM_COMMANDS.includes(sub!) }).toEqual({ command: command.text, sub: true });
    }
  });

  it('sets variables only for npm start, and only those docs/api.md §7 documents', () => {
    const apiReference = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
    for (const command of COMMANDS.filter(({ env }) => Object.keys(env).length > 0)) {
      expect(command.words).toEqual(['npm', 'start']);
      for (const name of Object.keys(command.env)) expect(apiReference).toContain(`| \`${name}\` |`);
    }
  });

  it('passes options to a script only where a parser takes them: its own, or the CDK CLI\'s', () => {
    for (const command of npmCommands()) {
      const { script, args } = scriptArguments(command);
      if (args.length === 0) continue;
      expect({ command: command.text, parsed: SCRIPTS_WITH_HELP.includes(script) || cdkSubcommand(script, args) !== undefined }).toEqual({ command: command.text, parsed: true });
    }
  });

  it('gives the CDK CLI its real subcommands, options, stack names and settings', () => {
    const cdkCommands = npmCommands().filter((command) => cdkSubcommand(scriptArguments(command).script, scriptArguments(command).args) !== undefined);
    expect(cdkCommands.map(({ text }) => text)).toEqual(expect.arrayContaining([expect.stringContaining('bootstrap'), expect.stringContaining('deploy --all')]));
    for (const command of cdkCommands) {
      const { script, args } = scriptArguments(command);
      const { name, rest } = cdkSubcommand(script, args)!;
      expect({ command: command.text, known: name in CDK_CLI.commands }).toEqual({ command: command.text, known: true });
      checkCdkArguments(command, CDK_CLI.commands[name]!, rest);
    }
  });

  it('gives each script with a parser of its own options that parser takes (run with --help, which only prints)', async () => {
    const runs = npmCommands()
      .map((command) => ({ command, ...scriptArguments(command) }))
      .filter(({ script, args }) => SCRIPTS_WITH_HELP.includes(script) && args.length > 0);
    expect(runs.map(({ script }) => script)).toEqual(expect.arrayContaining(['inbox', 'redeliver', 'verify', 'publish']));
    const results = await Promise.all(
      runs.map(async ({ command, script, args }) => {
        const withValues = args.map((arg) => (/^<.+>$/.test(arg) ? 'placeholder' : arg));
        try {
          await promisify(execFile)('npm', ['run', '--silent', script, '--', ...withValues, '--help'], { cwd: ROOT, env: withoutJestOptions() });
          return { command: command.text, accepted: true, refusal: '' };
        } catch (error) {
          return { command: command.text, accepted: false, refusal: String((error as { stderr?: string }).stderr ?? error) };
        }
      }),
    );
    for (const result of results) expect(result).toEqual({ command: result.command, accepted: true, refusal: '' });
  }, 120_000);

  it('shows only the AWS CLI calls listed here, each read in AWS\'s reference, and every one listed', () => {
    const calls = COMMANDS.filter(({ words }) => words[0] === 'aws').map(({ text, words }) => ({ command: text, call: awsCall(words) }));
    for (const { command, call } of calls) expect({ command, call, documented: DOCUMENTED_AWS_CALLS.includes(call) }).toEqual({ command, call, documented: true });
    expect(new Set(calls.map(({ call }) => call))).toEqual(new Set(DOCUMENTED_AWS_CALLS));
  });

  it('copies only files the project holds, and pulls with git', () => {
    for (const { text, words } of COMMANDS.filter(({ words }) => words[0] === 'cp')) {
      expect({ command: text, source: existsSync(join(ROOT, words[1]!)) }).toEqual({ command: text, source: true });
    }
    for (const { words } of COMMANDS.filter(({ words }) => words[0] === 'git')) expect(words).toEqual(['git', 'pull']);
  });

  it('follows the owner\'s path: a preview with their own contact page, the choices AWS asks for, settings, deploy, check, publish, day to day', () => {
    const headings = [...README.headings];
    const positions = OWNER_PATH.map((section) => ({ section, at: headings.indexOf(section) }));
    expect(positions.filter(({ at }) => at === -1)).toEqual([]);
    expect(positions.map(({ section }) => section)).toEqual([...positions].sort((a, b) => a.at - b.at).map(({ section }) => section));
  });

  it('walks the first deploy as one path, in the order AWS asks for it: sign in, settings, synth, bootstrap, deploy, verify', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const steps = text.slice(text.indexOf('## First deploy'), text.indexOf('### An AWS account'));
    // The deploy as every owner command names it when only a deploy makes a thing.
    const order = ['aws configure', 'aws sts get-caller-identity', 'npm run synth', 'npm run cdk -- bootstrap', DEPLOY_COMMAND, 'npm run verify -- --send-test'];
    // Each as a command line of its code block: none of them holds a character a RegExp reads.
    const at = order.map((command) => steps.search(new RegExp(`^ *${command}(?= |$)`, 'm')));
    expect(at.filter((position) => position < 0)).toEqual([]);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it("has the contact page load the example script with the very tag the example page loads it with", () => {
    const [tag] = readFileSync(join(ROOT, 'docs/examples/contact-form.html'), 'utf8').match(/<script src="[^"]*"[^>]*><\/script>/) ?? [];
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const step = text.slice(text.indexOf('## Your own contact page'), text.indexOf('## First deploy'));
    expect(tag).toBe('<script src="/contact-form.js" defer></script>');
    expect(step).toContain(`\`${tag}\``);
  });

  it('explains every key of the example settings file, and every other setting, in its settings table', () => {
    const explained = new Set([...settingsTable().matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, keys]) => [...keys!.matchAll(/`([^`]+)`/g)].map(([, key]) => key!)));
    expect(Object.keys(EXAMPLE_SETTINGS).filter((key) => !explained.has(key))).toEqual([]);
    // The rotations' labels, one row for all: `…Rotation`.
    expect(CONTEXT_KEYS.filter((key) => !explained.has(key) && !(key.endsWith('Rotation') && explained.has('…Rotation')))).toEqual([]);
  });

  it('previews with the settings file copied from the example, whose siteDir its banner sample shows', () => {
    const preview = COMMANDS.map(({ text }) => text.replace(/\s+#.*$/, ''));
    expect(preview.indexOf('cp site-settings.example.json site-settings.json')).toBeLessThan(preview.indexOf('npm start'));
    expect(preview.indexOf('cp site-settings.example.json site-settings.json')).toBeGreaterThan(-1);
    const banner = README.codeBlocks.find((block) => block.language === 'console' && block.text.startsWith('API '))!;
    const project = /^Settings +(\S+)\/site-settings\.json:/m.exec(banner.text)?.[1];
    const site = /^Site +(\S+) /m.exec(banner.text)?.[1];
    expect(site).toBe(join(project!, String(EXAMPLE_SETTINGS.siteDir)));
  });

  it('has an example settings file that synthesizes as copied, offline, once siteDir names a real folder', () => {
    const site = siteFolder({ 'index.html': '<!doctype html><title>Home</title><h1>Home</h1>' });
    const run = synthWith(NO_BUNDLING, { env: { ...settingsFile({ ...EXAMPLE_SETTINGS, siteDir: site }), ...NO_AWS_ACCOUNT }, validate: true });
    expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({ status: 0, stderr: expect.not.stringMatching(/Cannot synthesize/) });
  }, 90_000);

  it("prints no notice of a newer npm after an owner's command, whatever the owner's own npm settings", () => {
    const home = mkdtempSync(join(tmpdir(), 'owner-home-'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
    const setting = execFileSync('npm', ['config', 'get', 'update-notifier'], { cwd: ROOT, env: { ...env, HOME: home }, encoding: 'utf8' }).trim();
    expect(setting).toBe('false');
  });

  it('names the test command .ci/run ends with, which checks a checkout offline', () => {
    const ciCommand = readFileSync(join(ROOT, '.ci/run'), 'utf8').trim().split('\n').at(-1)!;
    expect(ciCommand).toBe('npm test');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\`${ciCommand}\` checks a checkout offline`);
  });

  it('links to the API reference and to the developer guide once each', () => {
    const count = (target: string) => README.links.filter((link) => link === target).length;
    expect({ api: count('docs/api.md'), development: count('docs/development.md') }).toEqual({ api: 1, development: 1 });
  });
});

describe('the documentation\'s links', () => {
  it.each(DOCUMENTS.map((document) => [relative(ROOT, document.path), document] as const))('%s: every relative link finds its file, and its anchor', (_, document) => {
    const broken = document.links.filter((link) => !/^[a-z]+:/i.test(link) && !resolves(document, link));
    expect(broken).toEqual([]);
  });

  it('names README sections that exist, wherever the code or the docs cite one (README "The inbox")', () => {
    const cited = citedReadmeSections();
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter(({ section }) => !README.headings.has(section))).toEqual([]);
  });

  it('cites sections of docs/api.md that exist (docs/api.md §N)', () => {
    const sections = new Set([...readMarkdown(join(ROOT, 'docs/api.md')).headings].map((heading) => /^(\d+)\. /.exec(heading)?.[1]).filter(Boolean));
    for (const document of [README, ...DOCUMENTS]) {
      const cited = [...readFileSync(document.path, 'utf8').matchAll(/§(\d+)/g)].map(([, section]) => section);
      expect(cited.filter((section) => !sections.has(section))).toEqual([]);
    }
  });
});

function npmCommands(): ShellCommand[] {
  return COMMANDS.filter(({ words }) => words[0] === 'npm');
}

/** `npm run X -- a b`: X and its arguments; `npm start`: start and none. */
function scriptArguments(command: ShellCommand): { script: string; args: string[] } {
  const [, sub, ...rest] = command.words;
  if (sub !== 'run') return { script: sub!, args: rest };
  const [script, separator, ...args] = rest;
  if (separator !== undefined && separator !== '--') throw new Error(`${command.text}: npm takes the script's arguments after --`);
  return { script: script!, args };
}

/**
 * The CDK CLI subcommand a script runs with these arguments: `cdk` takes it first, `cdk synth`
 * would be one; bin/cdk.ts (`npm run cdk`) hands the CLI its arguments unchanged.
 */
function cdkSubcommand(script: string, args: readonly string[]): { name: string; rest: readonly string[] } | undefined {
  const text = SCRIPTS[script] ?? '';
  const words = /\bbin\/cdk\.ts$/.test(text) ? ['cdk'] : text.split(/\s+/).filter((word) => !word.includes('='));
  if (words[0] !== 'cdk') return undefined;
  const [given, ...rest] = words.length > 1 ? [words[1]!, ...args] : args;
  const name = Object.keys(CDK_CLI.commands).find((command) => command === given || CDK_CLI.commands[command]!.aliases?.includes(given!));
  return { name: name ?? given ?? '', rest };
}

function checkCdkArguments(command: ShellCommand, subcommand: CdkCommand, args: readonly string[]): void {
  const options = { ...CDK_CLI.globalOptions, ...subcommand.options };
  const byName = (flag: string) =>
    Object.entries(options).find(([name, option]) => flag === `--${name}` || [option.alias].flat().some((alias) => alias !== undefined && flag === `-${alias}`));
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith('-')) {
      // A stack by its name, or an environment to bootstrap.
      expect({ command: command.text, arg, known: Object.values(STACK_NAMES).includes(arg as never) || arg.startsWith('aws://') }).toEqual({ command: command.text, arg, known: true });
      continue;
    }
    const [flag, inlineValue] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const option = byName(flag);
    expect({ command: command.text, flag, known: option !== undefined }).toEqual({ command: command.text, flag, known: true });
    if (option![1].type === 'boolean' || inlineValue !== undefined) continue;
    const value = args[++index];
    if (option![0] === 'context') checkSetting(command, value!);
  }
}

/** `-c key=value`: a setting the app reads, with a value it takes. */
function checkSetting(command: ShellCommand, setting: string): void {
  const [key, value] = setting.split(/=(.*)/s, 2) as [string, string];
  const app = new App({ context: { ...MINIMAL_CONTEXT, [key]: value } });
  expect({ command: command.text, setting, error: errorOf(() => readSiteConfig(app)) }).toEqual({ command: command.text, setting, error: undefined });
}

function errorOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** `aws acm request-certificate …` is `acm request-certificate`; a waiter names its condition too. */
function awsCall(words: readonly string[]): string {
  const [, service, operation, waiter] = words;
  if (operation === undefined) return service!;
  return operation === 'wait' ? `${service} wait ${waiter}` : `${service} ${operation}`;
}

function resolves(document: MarkdownDocument, link: string): boolean {
  const [path, anchor] = link.split('#', 2) as [string, string | undefined];
  const target = path === '' ? document.path : resolve(dirname(document.path), decodeURI(path));
  if (!existsSync(target)) return false;
  if (anchor === undefined || anchor === '') return true;
  return target.endsWith('.md') && readMarkdown(target).anchors.has(anchor);
}

/** Every `README "Section"` (or `README, "Section"`, `README's "Section"`, `(README, Section)`) in the code and the docs. */
function citedReadmeSections(): Array<{ file: string; section: string }> {
  const files = ['bin', 'lib', 'lambdas']
    .flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(folder, file)))
    .filter((file) => /\.(ts|js)$/.test(file))
    .concat(readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md')).map((file) => join('docs', file)));
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/\\'/g, "'").replace(/\s+/g, ' ');
    const quoted = [...text.matchAll(/README(?:'s|,)? "([^"]+)"/g)].map(([, section]) => section!);
    const bare = [...text.matchAll(/\(README, ([A-Z][^)"]*)\)/g)].map(([, section]) => section!);
    return [...quoted, ...bare].map((section) => ({ file, section }));
  });
}

/** The scripts run as npm runs them for an owner, not with jest's VM-modules flag. */
function withoutJestOptions(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _, ...env } = process.env;
  return env;
}
