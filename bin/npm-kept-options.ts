import { spawnSync } from 'node:child_process';
import { terminalText } from '../lambdas/inbox/visitor-text.js';

/*
 * `npm run <command> --option`, without `--`, gives the script no argument: npm keeps the option
 * as its own configuration, unknown ones too, with only a warning. The owner's commands (publish,
 * inbox, redeliver, verify) find out, and stop with a line saying to put it after `--`.
 */

/**
 * An option npm kept from its command line instead of passing it to the script: `npm run publish
 * --region=eu-west-1` gives the script `npm_config_region` instead.
 */
export interface NpmOption {
  /** As npm names it in the environment, with `-` for its `_`, lower case: `region`, `dry-run`, `dryrun` for `--dryRun`. */
  readonly name: string;
  /** `true` for an option given without a value. */
  readonly value: string;
}

/**
 * What npm sets in every script's environment, whatever its command line (its config's
 * set-envs.js): the agent, where it runs, node-gyp, its version.
 */
const SET_BY_NPM = new Set(['user_agent', 'local_prefix', 'global_prefix', 'node_gyp', 'npm_version']);

/**
 * npm's options about npm itself, which are npm's where they are given: those of `npm run` (`npm
 * help run-script`: workspaces, `--if-present`, the script shell…), of its output (`--silent` is
 * `loglevel`), and of where it reads its configuration.
 */
const NPM_RUN_OPTIONS = new Set([
  'workspace',
  'workspaces',
  'include_workspace_root',
  'if_present',
  'ignore_scripts',
  'foreground_scripts',
  'script_shell',
  'loglevel',
  'color',
  'progress',
  'unicode',
  'timing',
  'logs_dir',
  'logs_max',
  'prefix',
  'userconfig',
  'globalconfig',
  'cache',
]);

/**
 * The options given to npm on its command line rather than to the script, npm's own run options
 * aside. npm (7 on) tells a script nothing of its arguments (`npm_config_argv` is gone): it sets
 * `npm_config_<name>` for every configuration that differs from npm's default, wherever it
 * comes from: the command line, an `.npmrc`, an `NPM_CONFIG_*` variable. So those given on the
 * command line are those whose value differs from npm's configuration without it, which
 * `withoutCommandLine` holds as npm would set them (npmConfigWithoutCommandLine). An `.npmrc` that
 * says `yes=true` is no `--yes`.
 */
export function npmKeptOptions(env: NodeJS.ProcessEnv, withoutCommandLine: ReadonlyMap<string, string>): NpmOption[] {
  return Object.entries(env).flatMap(([variable, value]) => {
    if (!variable.startsWith('npm_config_') || value === undefined) return [];
    const key = variable.slice('npm_config_'.length);
    if (SET_BY_NPM.has(key) || NPM_RUN_OPTIONS.has(key) || withoutCommandLine.get(key) === value) return [];
    return [{ name: key.replaceAll('_', '-'), value }];
  });
}

/** npm could not be asked what it kept: the message says what to run instead. */
export class NpmConfigUnread extends Error {}

/** Whether npm runs this script (`npm run`), not pnpm or yarn, which pass their options on, nor node itself. */
export function runByNpm(env: NodeJS.ProcessEnv): boolean {
  return env.npm_lifecycle_event !== undefined && env.npm_execpath !== undefined && (env.npm_config_user_agent ?? '').startsWith('npm/');
}

/**
 * npm's configuration without the command line, each value as npm writes it to a script's
 * environment, by the variable's name after `npm_config_` (npm's own set-envs.js rule): `npm
 * config ls --json`, run by the same npm in the same folder, with the environment of this script
 * but for the `npm_config_*` variables npm set in it, and reading the same `.npmrc` files.
 */
export function npmConfigWithoutCommandLine(env: NodeJS.ProcessEnv, command: string): Map<string, string> {
  const own = Object.fromEntries(Object.entries(env).filter(([variable]) => !variable.startsWith('npm_config_')));
  const files = {
    ...(env.npm_config_userconfig === undefined ? {} : { NPM_CONFIG_USERCONFIG: env.npm_config_userconfig }),
    ...(env.npm_config_globalconfig === undefined ? {} : { NPM_CONFIG_GLOBALCONFIG: env.npm_config_globalconfig }),
  };
  const run = spawnSync(env.npm_node_execpath ?? process.execPath, [env.npm_execpath!, 'config', 'ls', '--json'], {
    cwd: env.npm_config_local_prefix ?? process.cwd(),
    env: { ...own, ...files },
    encoding: 'utf8',
    timeout: 30_000,
  });
  let config: Record<string, unknown>;
  try {
    if (run.status !== 0) throw new Error(run.error?.message ?? run.stderr.trim().split('\n')[0] ?? `exit ${run.status}`);
    config = JSON.parse(run.stdout) as Record<string, unknown>;
  } catch (error) {
    throw new NpmConfigUnread(
      `npm config ls could not say which options npm kept from its command line (${terminalText((error as Error).message)}): run node --import tsx bin/${command}.ts with the same options instead`,
    );
  }
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(config)) {
    const text = asEnvironmentValue(value);
    if (!/^[/@_]/.test(key) && text !== undefined) values.set(key.replaceAll('-', '_').toLowerCase(), text);
  }
  return values;
}

/** A configuration's value as npm writes it to the environment: a list joined by blank lines, nothing for false or null; none for an object. */
function asEnvironmentValue(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items = value.map(asEnvironmentValue);
    return items.includes(undefined) ? undefined : items.join('\n\n');
  }
  if (value === null || value === undefined || value === false) return '';
  return typeof value === 'object' ? undefined : String(value);
}

/** A command's options, as parseArgs takes them. */
type CommandOptions = Readonly<Record<string, { readonly type: 'string' | 'boolean' }>>;

/**
 * The line that stops `npm run <command>` when npm kept one of the command's own `options` (given
 * before `--`), else undefined. npm is asked (npmConfigWithoutCommandLine) only when the
 * environment holds one of them, so a plain run costs nothing more.
 */
export function ownOptionKeptByNpm(command: string, options: CommandOptions, env: NodeJS.ProcessEnv, args: readonly string[]): string | undefined {
  if (!runByNpm(env)) return undefined;
  const own = Object.keys(options).filter((name) => env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined);
  if (own.length === 0) return undefined;
  let kept: NpmOption | undefined;
  try {
    kept = npmKeptOptions(env, npmConfigWithoutCommandLine(env, command)).find((option) => own.includes(option.name));
  } catch (error) {
    if (error instanceof NpmConfigUnread) return error.message;
    throw error;
  }
  return kept === undefined ? undefined : keptOptionLine(command, kept, options[kept.name]?.type ?? 'boolean', args);
}

/**
 * Says that npm kept an option of the command's, and how to give it: after `--`. Of `--region
 * eu-west-2`, npm keeps `--region` alone and hands the script `eu-west-2` as its first argument
 * (`args`), which the line puts back; a value npm took with it stays (`--region=eu-west-2`).
 */
export function keptOptionLine(command: string, option: NpmOption, type: 'string' | 'boolean', args: readonly string[]): string {
  const typed = typedOption(option);
  const value = args[0] !== undefined && !args[0].startsWith('-') ? terminalText(args[0]) : option.name.toUpperCase();
  const asTyped = type === 'string' && option.value === 'true' ? `--${option.name} ${value}` : typed;
  return `npm kept ${typed} for itself, so ${command} never got it: put it after --, as in npm run ${command} -- ${asTyped}`;
}

/** The option as the owner typed it, as far as npm tells: `--yes`, `--region=eu-west-2`. */
export function typedOption(option: NpmOption): string {
  return terminalText(option.value === 'true' ? `--${option.name}` : `--${option.name}=${option.value}`);
}
