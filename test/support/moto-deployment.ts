import { CloudFormationClient, CreateStackCommand, DeleteStackCommand } from '@aws-sdk/client-cloudformation';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client, type GetAccountCommandOutput } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegionClients } from '../../bin/verify/account-checks.js';
import { DynamoInquiryStore } from '../../lambdas/intake/inquiry-store.js';
import { DynamoDeliveryStore, type Settlement } from '../../lambdas/delivery/delivery-store.js';
import type { HeldFacts } from '../../lambdas/inbox/held-reasons.js';
import { epochSeconds } from '../../lambdas/time-units.js';
import { readStack, type DeployedStack } from '../../bin/verify/deployed-stack.js';
import { logGroupOutput, SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { InquiryInbox } from '../../lib/inbox/inquiry-inbox.js';
import { CLOUDFRONT_REGION, STACK_NAMES } from '../../lib/stack-names.js';
import { OWNER, SENDER, SITE_REGION } from './mocked-account.js';
import type { MotoServer } from './moto-server.js';

/*
 * A deployment in moto, its parts made as `cdk deploy` makes them, for the owner's commands to meet
 * on AWS's wire protocols: a CloudFormation stack with the outputs lib/site-outputs.ts names and
 * the functions' settings in its template; the inbox table with the key schema, index, stream and
 * attributes lib/inbox/inquiry-inbox.ts gives it; the alarm topic with the owner's e-mail
 * subscription; the contact function's log group; the budget's stack in us-east-1.
 *
 * What moto cannot stand in for, and how this stands in for it:
 * - moto's CloudFormation creates neither AWS::DynamoDB::GlobalTable (TableV2) nor
 *   AWS::SNS::Subscription nor AWS::CloudWatch::Alarm: the table is an AWS::DynamoDB::Table of the
 *   same properties, the subscription the topic's own `Subscription`, and the alarms are made with
 *   PutMetricAlarm under the names the stack gives them (lib/observability/owner-alerts.ts), which
 *   the stack's resource list then does not hold;
 * - moto serves no SES v2 GetAccount: a front of the test's own answers it as SES's model shapes it
 *   (`GET /v2/email/account`) and passes every other request to moto; an identity moto makes is
 *   never verified for sending, and an e-mail subscription is never pending: those states are the
 *   mocks' (test/support/mocked-account.ts).
 */

/** The contact function's log group, as Lambda names a function's. */
export const CONTACT_LOG_GROUP = '/aws/lambda/PersonalSite-ContactFunction';

/** What the site stack's outputs point at, beside the resources it makes. */
export interface SiteStackSettings {
  readonly baseUrl: string;
  readonly apiUrl: string;
  /** Leave an output out, as a stack deployed by another version of the project would. */
  readonly without?: string;
}

let inboxTable: Record<string, unknown> | undefined;

/**
 * The inbox table as the stack declares it, its properties and its deletion policy, as an
 * AWS::DynamoDB::Table, which moto's CloudFormation makes; synthesized once (a few seconds).
 */
export function inboxTableResource(): Record<string, unknown> {
  inboxTable ??= synthesizedInboxTable();
  return inboxTable;
}

function synthesizedInboxTable(): Record<string, unknown> {
  const stack = new Stack(new App(), 'Inbox');
  new InquiryInbox(stack, 'Inbox');
  const tables = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable'));
  if (tables.length !== 1) throw new Error(`InquiryInbox made ${tables.length} tables`);
  const { Properties, DeletionPolicy, UpdateReplacePolicy } = tables[0] as { Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
  const { KeySchema, AttributeDefinitions, BillingMode, GlobalSecondaryIndexes, StreamSpecification, TimeToLiveSpecification } = Properties;
  return {
    Type: 'AWS::DynamoDB::Table',
    Properties: { KeySchema, AttributeDefinitions, BillingMode, GlobalSecondaryIndexes, StreamSpecification, TimeToLiveSpecification },
    DeletionPolicy,
    UpdateReplacePolicy,
  };
}

/** The site stack's template: the resources the owner's commands read, and its outputs. */
export function siteTemplate(settings: SiteStackSettings): string {
  const outputs: Record<string, unknown> = {
    [SITE_OUTPUTS.baseUrl]: { Value: settings.baseUrl },
    [SITE_OUTPUTS.apiUrl]: { Value: settings.apiUrl },
    [SITE_OUTPUTS.inquiryTable]: { Value: { Ref: 'InboxTable' } },
    [logGroupOutput('contact')]: { Value: { Ref: 'ContactLogs' } },
  };
  if (settings.without !== undefined) delete outputs[settings.without];
  return JSON.stringify({
    Resources: {
      InboxTable: inboxTableResource(),
      AlarmsOwnerTopic: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'Personal site alarms', Subscription: [{ Protocol: 'email', Endpoint: OWNER }] } },
      ContactLogs: { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: CONTACT_LOG_GROUP } },
      DeliveryRole: {
        Type: 'AWS::IAM::Role',
        Properties: { AssumeRolePolicyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }] } },
      },
      // The settings a function is given, where npm run verify reads the addresses and the hour's mails, at their default (bin/verify/deployed-stack.ts).
      DeliveryFunction: {
        Type: 'AWS::Lambda::Function',
        Properties: {
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          Role: { 'Fn::GetAtt': ['DeliveryRole', 'Arn'] },
          Code: { ZipFile: 'export const handler = async () => undefined;' },
          Environment: { Variables: { CONTACT_TO: OWNER, CONTACT_FROM: SENDER, MAX_MAILS_PER_HOUR: '20', ORIGIN_VERIFY_SECRET: '{{resolve:secretsmanager:PersonalSite-keys}}' } },
        },
      },
    },
    Outputs: outputs,
  });
}

/** The budget's stack (lib/budget/budget-stack.ts): its one resource, which moto keeps as a name only. */
const BUDGET_TEMPLATE = JSON.stringify({
  Resources: {
    MonthlyCost: { Type: 'AWS::Budgets::Budget', Properties: { Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 5, Unit: 'USD' } } } },
  },
});

/** Clients of one region that talk to moto, or to `sesEndpoint` for SES. */
export function motoClients(moto: MotoServer, region: string, sesEndpoint = moto.endpoint): RegionClients {
  const config = { region, endpoint: moto.endpoint, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } };
  return {
    cloudFormation: new CloudFormationClient(config),
    ses: new SESv2Client({ ...config, endpoint: sesEndpoint }),
    sns: new SNSClient(config),
    cloudWatch: new CloudWatchClient(config),
    logs: new CloudWatchLogsClient(config),
  };
}

export function motoDynamo(moto: MotoServer, region = SITE_REGION): DynamoDBClient {
  return new DynamoDBClient({ region, endpoint: moto.endpoint, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
}

/** Deploys the site stack in SITE_REGION and the budget's in us-east-1, as `cdk deploy --all` would; returns the site stack as CloudFormation has it. */
export async function deployToMoto(moto: MotoServer, settings: SiteStackSettings, { budget = true } = {}): Promise<DeployedStack> {
  const site = motoClients(moto, SITE_REGION).cloudFormation;
  const edge = motoClients(moto, CLOUDFRONT_REGION).cloudFormation;
  try {
    await site.send(new CreateStackCommand({ StackName: STACK_NAMES.site, TemplateBody: siteTemplate(settings) }));
    if (budget) await edge.send(new CreateStackCommand({ StackName: STACK_NAMES.budget, TemplateBody: BUDGET_TEMPLATE }));
    const stack = await readStack(site, STACK_NAMES.site);
    if (stack === undefined) throw new Error('moto did not keep the site stack');
    return stack;
  } finally {
    site.destroy();
    edge.destroy();
  }
}

/** Deletes the site stack, as an owner who ran `cdk destroy` (the inbox table stays, as RETAIN keeps it). */
export async function destroySiteStack(moto: MotoServer): Promise<void> {
  const client = motoClients(moto, SITE_REGION).cloudFormation;
  try {
    await client.send(new DeleteStackCommand({ StackName: STACK_NAMES.site }));
  } finally {
    client.destroy();
  }
}

/**
 * SES v2's account as its GetAccount answers it (`GET /v2/email/account`, JSON, the members of
 * GetAccountResponse in SES v2's Smithy model as @aws-sdk/client-sesv2 carries it), every other
 * request of SES v2 passed to moto: moto answers GetAccount with its 404 page.
 */
export interface SesAccountFront {
  readonly url: string;
  account: Omit<GetAccountCommandOutput, '$metadata'>;
  close(): Promise<void>;
}

/** An account out of the sandbox, sending, in good standing. */
export const HEALTHY_SES_ACCOUNT: SesAccountFront['account'] = {
  SendingEnabled: true,
  ProductionAccessEnabled: true,
  EnforcementStatus: 'HEALTHY',
  DedicatedIpAutoWarmupEnabled: false,
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 0 },
};

export async function startSesAccountFront(moto: MotoServer): Promise<SesAccountFront> {
  const motoUrl = new URL(moto.endpoint);
  let account = HEALTHY_SES_ACCOUNT;
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/v2/email/account') {
      const body = JSON.stringify(account);
      response.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': 'ses-account-front', 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    const upstream = forward({ host: motoUrl.hostname, port: motoUrl.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get account() {
      return account;
    },
    set account(next) {
      account = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The states an inquiry is stored in by the service's own code, for the owner's commands to find. */
export type StoredState = 'pending' | 'held' | 'sent' | 'failed' | 'unknown';

/**
 * An inquiry stored as the contact function stores it (DynamoInquiryStore), then moved to `state`
 * as the delivery worker moves it (DynamoDeliveryStore's claim and settle): items of the very shape
 * and conditions the service writes, on moto's DynamoDB.
 */
export async function storeInquiry(client: DynamoDBClient, tableName: string, id: string, state: StoredState, receivedAt = new Date(), email = 'grace@example.com'): Promise<void> {
  const held: HeldFacts[] = state === 'held' ? [{ signal: 'too_fast', token: 'early', seconds: 1, minimum: 3 }] : [];
  const stored = await new DynamoInquiryStore(client, tableName).accept({
    id,
    requestId: id,
    receivedAt,
    inquiry: { name: 'Grace Hopper', email, message: 'About the compiler you wrote of.' },
    heldFor: held,
  });
  if (stored.kind === 'failed') throw new Error(`the inquiry store failed: ${stored.errorName}`);
  if (state === 'pending' || state === 'held') return;
  const delivery = new DynamoDeliveryStore(client, tableName);
  const now = epochSeconds(receivedAt);
  const attemptId = `attempt-${id}`;
  if ((await delivery.claim('pending', { id, attempts: 0 }, attemptId, now, now + 60)) === undefined) throw new Error(`${id} could not be claimed`);
  const settlement: Settlement =
    state === 'sent'
      ? { state, sentAt: receivedAt, expiresAt: now + 30 * 86_400, eraseText: false, inDigest: false }
      : { state, errorName: state === 'failed' ? 'MessageRejected' : 'TimeoutError' };
  if (!(await delivery.settle(id, attemptId, settlement))) throw new Error(`${id} could not be settled ${state}`);
}

/**
 * The environment an owner's command runs in against moto: the developer's own AWS settings left
 * out (a profile, a session token, config files), moto's endpoint, dummy credentials and region in.
 */
export function motoCommandEnvironment(moto: MotoServer, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, AWS_EC2_METADATA_DISABLED: 'true', AWS_CONFIG_FILE: '/dev/null', AWS_SHARED_CREDENTIALS_FILE: '/dev/null' };
  for (const name of Object.keys(env)) if (name.startsWith('AWS_') && !['AWS_EC2_METADATA_DISABLED', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE'].includes(name)) delete env[name];
  return { ...env, ...moto.environment, ...extra };
}
