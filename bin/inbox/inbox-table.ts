import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { neverConnected } from '../../lambdas/aws/sdk-errors.js';
import { errorName } from '../../lambdas/http/error-name.js';
import { awsFailure, connectionFailure, failureInWords, isMissingStack } from '../aws-failure.js';
import { noRegionAdvice } from '../aws-sign-in.js';
import { INQUIRY_TABLE_OUTPUT } from '../../lambdas/inbox/inquiry-record.js';
import { LOCAL_INQUIRY_TABLE } from '../local-tables.js';
import { STACK_NAMES } from '../../lib/stack-names.js';

/** Where the owner's commands find the inbox: the options both `npm run inbox` and `npm run redeliver` take. */
export const INBOX_OPTIONS = {
  /** The stack whose output names the table (with the owner's AWS credentials and region). */
  stack: { type: 'string', default: STACK_NAMES.site },
  region: { type: 'string' },
  /** The table itself, instead of asking the stack. */
  table: { type: 'string' },
  /** Another DynamoDB (local mode's, as `npm start` prints it): its table is local mode's unless --table says. */
  endpoint: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The lines of `--help` that describe INBOX_OPTIONS. */
export const INBOX_OPTIONS_HELP = [
  '  --stack NAME     the stack whose InquiryTableName output names the table (default PersonalSite)',
  '  --region REGION  the stack\'s region (default: AWS_REGION, or your AWS configuration\'s)',
  '  --table NAME     the table itself, without asking the stack',
  '  --endpoint URL   local mode\'s DynamoDB, as npm start prints it',
  '  -h, --help       this text',
];

/** The options that find the inbox, as parsed. */
export interface InboxOptions {
  readonly stack: string;
  readonly region?: string;
  readonly table?: string;
  readonly endpoint?: string;
}

/** A word of a command line as a POSIX shell reads it back: quoted unless it is plain. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * An owner's command to paste, with the options that found this inbox (`--endpoint` in local
 * mode, and any `--table`, `--stack` or `--region` the owner gave), then `args`.
 */
export function ownerCommandLine(command: 'inbox' | 'redeliver' | 'forget', options: InboxOptions, ...args: string[]): string {
  const given = [
    ...(options.endpoint === undefined ? [] : ['--endpoint', options.endpoint]),
    ...(options.stack === INBOX_OPTIONS.stack.default ? [] : ['--stack', options.stack]),
    ...(options.region === undefined ? [] : ['--region', options.region]),
    ...(options.table === undefined ? [] : ['--table', options.table]),
  ];
  return `npm run ${command} -- ${[...given, ...args].map(shellWord).join(' ')}`;
}

export interface InboxTarget {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

/** A problem that stops a command with one line. */
export class InboxCommandError extends Error {}

/** The client and the table the options name; the table is asked of the stack when not given. */
export async function inboxTarget(options: InboxOptions): Promise<InboxTarget> {
  if (options.endpoint !== undefined) {
    const client = new DynamoDBClient({
      endpoint: options.endpoint,
      region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
      // Local mode's emulator takes any credentials.
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    return { client, tableName: options.table ?? LOCAL_INQUIRY_TABLE };
  }
  const region = options.region === undefined ? {} : { region: options.region };
  const client = new DynamoDBClient(region);
  if (options.table !== undefined) return { client, tableName: options.table };
  const cloudFormation = new CloudFormationClient(region);
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: options.stack }));
    const tableName = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === INQUIRY_TABLE_OUTPUT)?.OutputValue;
    if (tableName === undefined) throw new InboxCommandError(`the stack ${options.stack} has no ${INQUIRY_TABLE_OUTPUT} output: deploy it first`);
    return { client, tableName };
  } catch (error) {
    if (error instanceof InboxCommandError || isSetupProblem(error)) throw error;
    // The region the client asked, wherever it came from (--region, AWS_REGION, the profile).
    const region = options.region ?? (await cloudFormation.config.region().catch(() => undefined)) ?? 'your AWS configuration’s region';
    const stack = `${options.stack} in ${region}`;
    if (isMissingStack(error)) {
      throw new InboxCommandError(`there is no stack ${stack}: check --stack and --region (or AWS_REGION); --table names the table itself, which outlives the stack`);
    }
    const check = awsFailure(error) === 'unreachable' ? "check this machine's network, then run the command again" : 'check --stack, your AWS credentials, and --region or AWS_REGION';
    throw new InboxCommandError(`could not read the stack ${stack} (${failureInWords(error)}): ${check}; for local mode, --endpoint as npm start prints it`);
  } finally {
    cloudFormation.destroy();
  }
}

/** No credentials or no region found, or credentials AWS refused: the same answer whichever call met it first. */
function isSetupProblem(error: unknown): boolean {
  const failure = awsFailure(error);
  return failure === 'no credentials' || failure === 'no region' || failure === 'refused credentials';
}

/** What went wrong reading or changing the inbox, in one line that says what to check, never an error's class name. */
export function inboxFailure(error: unknown, options: InboxOptions | undefined): string {
  if (error instanceof InboxCommandError) return error.message;
  // node:util's parseArgs: an unknown option, or a value missing.
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) return `${error.message} (--help lists the options)`;
  const where = options?.endpoint === undefined ? `in ${options?.region ?? 'your AWS configuration’s region'}` : `at ${options.endpoint}`;
  const localMode = 'for local mode, add --endpoint with the DynamoDB URL npm start prints';
  switch (awsFailure(error)) {
    case 'no credentials':
      return `no AWS credentials found: sign in (aws sso login, aws configure, or AWS_PROFILE) to read the deployed inbox; ${localMode}`;
    case 'no region':
      return `no AWS region is set: ${noRegionAdvice('--region')}; ${localMode}`;
    case 'refused credentials':
      return `${failureInWords(error)}: your AWS credentials were refused or expired: aws sso login, or aws configure; ${localMode}`;
  }
  if (neverConnected(error)) {
    return options?.endpoint === undefined
      ? `could not reach DynamoDB ${where} (${connectionFailure(error)}): check your network and --region`
      : `nothing answers ${where} (${connectionFailure(error)}): is npm start running, and is that the DynamoDB URL it printed? Check --endpoint`;
  }
  if (errorName(error) === 'ResourceNotFoundException') {
    const table = options?.table ?? (options?.endpoint === undefined ? 'named by the stack' : LOCAL_INQUIRY_TABLE);
    return `no table ${table} ${where}: check --table${options?.endpoint === undefined ? ', --stack and --region' : ' (local mode’s is inquiries) and --endpoint'}`;
  }
  const metadata = (error as { $metadata?: { httpStatusCode?: number; requestId?: string } }).$metadata;
  if (metadata !== undefined && (metadata.requestId === undefined || error instanceof SyntaxError)) {
    return `what answers ${where} is not DynamoDB (HTTP ${metadata.httpStatusCode ?? '?'}): check --endpoint, the DynamoDB URL npm start prints`;
  }
  if (metadata !== undefined) return `DynamoDB ${where} answered ${errorName(error)}: check your AWS credentials' rights on the table, and --table`;
  return `${failureInWords(error)}: run the command again; if it fails the same way, the message names what broke`;
}
