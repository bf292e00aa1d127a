import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { INQUIRY_TABLE_OUTPUT } from '../../lambdas/inbox/inquiry-record.js';
import { LOCAL_INQUIRY_TABLE } from '../local/settings.js';
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

export interface InboxTarget {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

/** A problem that stops a command with one line. */
export class InboxCommandError extends Error {}

/** The client and the table the options name; the table is asked of the stack when not given. */
export async function inboxTarget(options: { stack: string; region?: string; table?: string; endpoint?: string }): Promise<InboxTarget> {
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
    if (error instanceof InboxCommandError) throw error;
    throw new InboxCommandError(
      `could not read the stack ${options.stack} (${(error as Error).name}): check your AWS credentials, and --region or AWS_REGION`,
    );
  } finally {
    cloudFormation.destroy();
  }
}
