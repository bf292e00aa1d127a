import { parseArgs } from 'node:util';
import { ownOptionKeptByNpm } from '../npm-kept-options.js';

/** What `npm run verify` was asked to check. */
export interface VerifyOptions {
  /** Only the HTTP checks, against this origin (local mode's `http://localhost:3000`); no AWS account. */
  readonly url?: URL;
  /** Local mode's DynamoDB (as `npm start` prints it): the inbox check, and `--send-test`, with `--url`. */
  readonly endpoint?: string;
  /** The site stack's region, when not AWS_REGION's or the profile's. */
  readonly region?: string;
  readonly sendTest: boolean;
  readonly help: boolean;
}

/** A command line that cannot be run: one line says why. */
export class VerifyUsageError extends Error {}

export const VERIFY_HELP = [
  'Usage: npm run verify -- [--region REGION] [--send-test]',
  '       npm run verify -- --url URL [--endpoint URL] [--send-test]',
  'Checks the live site and the AWS account, one line per check; exit status 1 if any fails (docs/verify.md).',
  'Read-only, but for one POST with an invalid body (one of the hour\'s posts from this address) and --send-test.',
  '  --region REGION  the site stack\'s region (default: AWS_REGION, or your AWS configuration\'s)',
  '  --send-test      also post one marked test inquiry and wait until the inbox shows it sent',
  '  --url URL        only the HTTP checks, against this origin: local mode is http://localhost:3000',
  '  --endpoint URL   with --url: local mode\'s DynamoDB, as npm start prints it, for the inbox and --send-test',
  '  -h, --help       this text',
].join('\n');

const OPTIONS = {
  url: { type: 'string' },
  endpoint: { type: 'string' },
  region: { type: 'string' },
  'send-test': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The command line's options; one that npm kept for itself (given before `--`) stops it, as `npm run verify --send-test` would otherwise send nothing. */
export function readVerifyOptions(args: readonly string[], env: NodeJS.ProcessEnv = process.env): VerifyOptions {
  const kept = ownOptionKeptByNpm('verify', OPTIONS, env, args);
  if (kept !== undefined) throw new VerifyUsageError(kept);
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS }));
  } catch (error) {
    throw new VerifyUsageError(`${(error as Error).message} (npm run verify -- --help)`);
  }
  const url = values.url === undefined ? undefined : siteOrigin(values.url);
  if (url === undefined && values.endpoint !== undefined) throw new VerifyUsageError('--endpoint goes with --url (local mode); deployed, the stack names the inbox');
  if (url !== undefined && values.region !== undefined) throw new VerifyUsageError('--region goes without --url: with --url only the site is checked, not the account');
  if (url !== undefined && values['send-test'] && values.endpoint === undefined) {
    throw new VerifyUsageError('--send-test with --url waits for the inbox: add local mode\'s --endpoint, as npm start prints it');
  }
  if (values.endpoint !== undefined) endpointUrl(values.endpoint);
  return {
    ...(url === undefined ? {} : { url }),
    ...(values.endpoint === undefined ? {} : { endpoint: values.endpoint }),
    ...(values.region === undefined ? {} : { region: values.region }),
    sendTest: values['send-test'],
    help: values.help,
  };
}

/** `{base}`: an http(s) origin, nothing after the host but an optional `/`. */
function siteOrigin(value: string): URL {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new VerifyUsageError(`--url must be the site's origin, such as http://localhost:3000 or https://example.com, got ${JSON.stringify(value)}`);
  }
  return new URL(url.origin);
}

function endpointUrl(value: string): void {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new VerifyUsageError(`--endpoint must be an http(s) URL, as npm start prints it, got ${JSON.stringify(value)}`);
  }
}
