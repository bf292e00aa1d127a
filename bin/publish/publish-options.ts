import { parseArgs } from 'node:util';
import { terminalText } from '../../lambdas/inbox/visitor-text.js';
import { keptOptionLine, npmConfigWithoutCommandLine, npmKeptOptions, runByNpm, typedOption, type NpmOption } from '../npm-kept-options.js';
import { PublishError } from './publish-error.js';

/** What `npm run publish` was asked to do. */
export interface PublishOptions {
  /** List what it would do, and change nothing. */
  readonly dryRun: boolean;
  /** Delete what would be most of the site, which it otherwise stops before (bin/publish/deletion-guard.ts). */
  readonly yes: boolean;
  /** The site stack's region, when not AWS_REGION's or the profile's. */
  readonly region?: string;
  /** Bring the bucket back to how it was at this time, instead of publishing siteDir. */
  readonly restore?: Date;
  readonly help: boolean;
}

export const PUBLISH_HELP = [
  'Usage: npm run publish -- [--dry-run] [--yes] [--region REGION] [--restore TIME]',
  "Uploads what changed in siteDir to the deployed site's bucket, deletes what is gone, and invalidates the edge cache for it,",
  'without a deploy; says when a change needs one (docs/api.md §10). siteDir comes from site-settings.json (or cdk.json).',
  '  --dry-run        list what it would upload, delete and invalidate, and change nothing',
  '  --yes            delete more than half of the files the site has, which it otherwise lists and stops before',
  "  --region REGION  the site stack's region (default: AWS_REGION, or your AWS configuration's)",
  '  --restore TIME   bring the site back to how it was at TIME (2026-11-20T10:04:31Z; without Z or an offset, your',
  "                   time zone), within the days the bucket keeps earlier versions; each publish prints its own",
  '  -h, --help       this text',
  'Options go after --: npm keeps an option before it for itself.',
].join('\n');

/** The options publish takes, as parseArgs reads them. */
const OPTIONS = {
  'dry-run': { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
  region: { type: 'string' },
  restore: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * The command line's options. Given to npm without `--`, an option never reaches the script: npm
 * keeps it as its own configuration, unknown ones too (`npm_config_region`, with only a warning).
 * `--dry-run` is read there as well, so that a look first never publishes; any other option npm
 * kept stops the command, before any change, with a line saying to put it after `--`. `kept`
 * is what npm kept (npm-kept-options.ts), asked of npm when npm runs the script.
 */
export function readPublishOptions(args: readonly string[], env: NodeJS.ProcessEnv = process.env, kept: readonly NpmOption[] = keptByNpm(env)): PublishOptions {
  const stray = kept.find((option) => option.name !== 'dry-run');
  if (stray !== undefined) throw new PublishError(strayLine(stray, args));
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS }));
  } catch (error) {
    throw new PublishError(`${terminalText((error as Error).message)} (npm run publish -- --help)`);
  }
  const dryRun = values['dry-run'] || env.npm_config_dry_run === 'true';
  const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));
  if (values.help) return { dryRun, yes: values.yes, help: true };
  return {
    dryRun,
    yes: values.yes,
    help: false,
    ...optional('region', values.region),
    ...optional('restore', values.restore === undefined ? undefined : restoreTime(values.restore)),
  };
}

function keptByNpm(env: NodeJS.ProcessEnv): NpmOption[] {
  return runByNpm(env) ? npmKeptOptions(env, npmConfigWithoutCommandLine(env, 'publish')) : [];
}

/** The line for an option npm kept: how to give it to publish, or that publish takes none such. */
function strayLine(option: NpmOption, args: readonly string[]): string {
  const known = (OPTIONS as Record<string, { type: 'string' | 'boolean' }>)[option.name];
  if (known === undefined) {
    return `npm run publish takes no ${typedOption(option)}, which npm kept for itself: publish's options go after --, as in npm run publish -- --dry-run (npm run publish -- --help lists them)`;
  }
  return keptOptionLine('publish', option, known.type, args);
}

/** `2026-11-20T10:04:31Z`, or with an offset, or none for this machine's time zone; a space for the T, and the seconds, may be left out. */
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The time `--restore` names, or one line saying how to write one. */
export function restoreTime(text: string): Date {
  const [, year, month, day] = TIME.exec(text) ?? [];
  // Date.parse takes 2026-02-30 for 2 March: a day past its month's is refused here.
  const valid = day !== undefined && Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (!valid) {
    throw new PublishError(`--restore takes a time such as 2026-11-20T10:04:31Z (or 2026-11-20 10:04 in your time zone), got ${JSON.stringify(terminalText(text))}`);
  }
  return new Date(text.replace(' ', 'T'));
}

/** The command that brings the bucket back to how it was at `time`: each publish prints its own. */
export function restoreCommand(time: Date): string {
  return `npm run publish -- --restore ${shownTime(time)}`;
}

/** A time as the lines print it, and as --restore takes it, to the second: 2026-11-20T10:04:31Z. */
export function shownTime(time: Date): string {
  return time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
