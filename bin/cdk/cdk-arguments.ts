/**
 * What `npm run cdk` reads of the CDK CLI's arguments, which it passes on unchanged: the
 * subcommand, whether it needs an AWS account, and the profile and region the CLI would use. Read
 * as aws-cdk 2.1148's yargs parser reads them (lib/cli/parse-command-line-arguments.js): the
 * first word that is neither an option nor an option's value is the subcommand, and options may
 * come before or after it.
 */

/**
 * The CLI's global options that take a value (its cli-type-registry.json: type string or array),
 * by each name they go by; any other option is a flag. A short option's value may follow it
 * (`-c key=value`), or a cluster's last letter's (`-vc key=value`), as yargs reads them.
 */
const VALUE_OPTIONS = ['--app', '--build', '--context', '--plugin', '--profile', '--region', '--proxy', '--ca-bundle-path', '--role-arn', '--output', '--unstable', '--telemetry-file'];
const VALUE_ALIASES = ['a', 'c', 'p', 'r', 'o'];

/**
 * The subcommands that need an AWS account, each with what it does in the owner's words
 * (`Cannot deploy: …`), and its option, if any, that makes it work offline: `bootstrap
 * --show-template` prints the template, `diff --template <file>` compares with a file.
 */
const ACCOUNT_COMMANDS: Readonly<Record<string, { readonly doing: string; readonly offline?: string }>> = {
  bootstrap: { doing: 'bootstrap', offline: '--show-template' },
  deploy: { doing: 'deploy' },
  watch: { doing: 'deploy' },
  diff: { doing: 'compare with the deployed stacks', offline: '--template' },
  destroy: { doing: 'destroy' },
  rollback: { doing: 'roll back' },
  import: { doing: 'import' },
  drift: { doing: 'check for drift' },
  gc: { doing: 'clean up the bootstrap assets' },
  'publish-assets': { doing: 'publish the assets' },
  diagnose: { doing: 'diagnose the deployment' },
  orphan: { doing: 'detach the resources' },
  refactor: { doing: 'refactor' },
};

/** The subcommands after which `npm run synth`, which works offline, is worth a word. */
const BEFORE_A_DEPLOY = ['bootstrap', 'deploy', 'watch', 'diff'];

export interface CdkArguments {
  /** The subcommand, as typed; none when only options were given (`--version`). */
  readonly command?: string;
  /** Whether the CLI only prints its help or its version, whatever the subcommand. */
  readonly helpOnly: boolean;
  /** Each option given, by the name it was given as (`--template`, `-c`), without its value. */
  readonly options: readonly string[];
  readonly profile?: string;
  readonly region?: string;
}

export function readCdkArguments(args: readonly string[]): CdkArguments {
  let command: string | undefined;
  let helpOnly = false;
  const options: string[] = [];
  const values = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') {
      command ??= args[index + 1];
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      command ??= arg;
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    options.push(flag);
    if (flag === '--help' || flag === '--version' || (/^-[^-]/.test(flag) && flag.includes('h'))) helpOnly = true;
    const takesValue = flag.startsWith('--') ? VALUE_OPTIONS.includes(flag) : VALUE_ALIASES.includes(flag.slice(-1));
    if (!takesValue) continue;
    const value = inline ?? args[++index];
    if (value !== undefined) values.set(flag, value);
  }
  return { command, helpOnly, options, profile: values.get('--profile'), region: values.get('--region') };
}

/**
 * What the CLI is asked to do with an AWS account, in the owner's words, and whether
 * `npm run synth` is worth naming; undefined when it needs none: another subcommand, only its
 * help or version, or an option that makes it work offline.
 */
export function accountWork(cdk: CdkArguments): { doing: string; beforeDeploy: boolean } | undefined {
  if (cdk.command === undefined || cdk.helpOnly || !Object.hasOwn(ACCOUNT_COMMANDS, cdk.command)) return undefined;
  const { doing, offline } = ACCOUNT_COMMANDS[cdk.command]!;
  if (offline !== undefined && cdk.options.includes(offline)) return undefined;
  return { doing, beforeDeploy: BEFORE_A_DEPLOY.includes(cdk.command) };
}
