import { parseArgs } from 'node:util';
import { PublishError } from './publish-error.js';

/** What `npm run publish` was asked to do. */
export interface PublishOptions {
  /** List what it would do, and change nothing. */
  readonly dryRun: boolean;
  /** The site stack's region, when not AWS_REGION's or the profile's. */
  readonly region?: string;
  readonly help: boolean;
}

export const PUBLISH_HELP = [
  'Usage: npm run publish -- [--dry-run] [--region REGION]',
  "Uploads what changed in siteDir to the deployed site's bucket, deletes what is gone, and invalidates the edge cache for it,",
  'without a deploy; says when a change needs one (docs/api.md §10). siteDir comes from site-settings.json (or cdk.json).',
  '  --dry-run        list what it would upload, delete and invalidate, and change nothing',
  "  --region REGION  the site stack's region (default: AWS_REGION, or your AWS configuration's)",
  '  -h, --help       this text',
].join('\n');

/**
 * `npm run publish --dry-run`, without `--`, gives the script no argument: npm keeps the option as
 * its own, in `npm_config_dry_run`. Read there too, so a look first never publishes.
 */
export function readPublishOptions(args: readonly string[], env: NodeJS.ProcessEnv = process.env): PublishOptions {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: {
        'dry-run': { type: 'boolean', default: false },
        region: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    return { dryRun: values['dry-run'] || env.npm_config_dry_run === 'true', help: values.help, ...(values.region === undefined ? {} : { region: values.region }) };
  } catch (error) {
    throw new PublishError(`${(error as Error).message} (npm run publish -- --help)`);
  }
}
