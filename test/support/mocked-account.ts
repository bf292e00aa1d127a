import { DescribeStacksCommand, GetTemplateCommand, ListStackResourcesCommand, type Stack } from '@aws-sdk/client-cloudformation';
import { DescribeAlarmsCommand, GetMetricStatisticsCommand, type MetricAlarm } from '@aws-sdk/client-cloudwatch';
import { FilterLogEventsCommand, type FilteredLogEvent, type FilterLogEventsCommandInput } from '@aws-sdk/client-cloudwatch-logs';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, type GetAccountCommandOutput, type GetEmailIdentityCommandOutput } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand, type Subscription } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import type { RegionClients } from '../../bin/verify/account-checks.js';
import { regionClients } from '../../bin/verify/aws-clients.js';
import { freeTier, type AccountPlan, type ReadAccountPlan } from '../../bin/verify/account-plan.js';
import { pricingPlanManager, type ReadSubscription } from '../../bin/verify/pricing-plan.js';
import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';
import { logGroupOutput, SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { CLOUDFRONT_REGION, STACK_NAMES } from '../../lib/stack-names.js';
import { freeTierEndpoint, PAID_ACCOUNT_PLAN } from './free-tier.js';
import { modelSubscription, pricingPlanManagerEndpoint, type ModelSubscription } from './pricing-plan-manager.js';
import { EXAMPLE_SECRET_ACCESS_KEY } from './sigv4-signature.js';

export const SITE_REGION = 'eu-west-1';
export const OWNER = 'ada@example.net';
export const SENDER = 'contact@example.com';
export const SITE_TOPIC = `arn:aws:sns:${SITE_REGION}:123456789012:PersonalSite-AlarmsOwnerTopic`;
export const EDGE_TOPIC = `arn:aws:sns:${CLOUDFRONT_REGION}:123456789012:PersonalSiteEdge-OwnerTopic`;
export const PLAN_ARN = 'arn:aws:pricingplanmanager::123456789012:subscription/sub-0123';
export const DISTRIBUTION_ID = 'E2EXAMPLE0123';
export const SITE_ALARMS = ['PersonalSite-ServiceFailures', 'PersonalSite-InquiriesNeedAttention', 'PersonalSite-Flooding'];
export const EDGE_ALARM = 'PersonalSiteEdge-EdgeBlocked';

/**
 * The account of a deployment on the Free plan, as `npm run verify` reads it, every answer mocked
 * (aws-sdk-client-mock, one mock per client instance: the site's region and us-east-1 apart) and
 * healthy until a test changes one: the fields below are what each mock answers.
 */
export interface MockedAccount {
  readonly site: RegionClients;
  readonly cloudFront: RegionClients;
  siteStack: Stack;
  edgeStack: Stack | undefined;
  planStack: Stack | undefined;
  /** The spending alarm's stack (lib/budget/budget-stack.ts), which every deploy makes. */
  budgetStack: Stack | undefined;
  sesAccount: GetAccountCommandOutput;
  /** The delivery function's `MAX_MAILS_PER_HOUR` in the stack's template: the default, 20. */
  maxMailsPerHour: string;
  /** By identity name; a name not here is SES's NotFoundException. */
  identities: Map<string, GetEmailIdentityCommandOutput>;
  subscriptions: Map<string, Subscription[]>;
  alarms: Map<string, MetricAlarm>;
  /** What each alarm's metric counted in the last hour, by metric name. */
  metricSums: Map<string, number>;
  /** What GetSubscription answers for PLAN_ARN, in the shape of AWS's model (test/support/pricing-plan-manager.ts); none: ResourceNotFoundException. */
  plan: ModelSubscription | undefined;
  inquiries: InquiryRecord[];
  reportLines: FilteredLogEvent[];
  /** Each FilterLogEvents the checks made. */
  readonly logQueries: FilterLogEventsCommandInput[];
  /** Thrown by the first call of all, DescribeStacks of the site: no credentials, say. */
  firstCallError: Error | undefined;
  /** Thrown by SES's GetAccount: a refused call. */
  sesError: Error | undefined;
  /** The plan check's own reader, sent to a PricingPlanManager that answers as the model says. */
  readonly readSubscription: ReadSubscription;
  /** What FreeTier's GetAccountPlanState answers, in the shape of AWS's model (test/support/free-tier.ts), or the model's error of that name: PAID. */
  accountPlan: AccountPlan | { readonly error: string; readonly message: string };
  /** The account plan check's own reader, sent to a FreeTier that answers as the model says. */
  readonly readAccountPlan: ReadAccountPlan;
  readonly inbox: () => Promise<{ list(): Promise<InquiryRecord[]> }>;
  restore(): void;
}

const stack = (name: string, outputs: Record<string, string> = {}): Stack => ({
  StackName: name,
  StackStatus: 'UPDATE_COMPLETE',
  CreationTime: new Date('2026-11-20T10:00:00Z'),
  Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })),
});

export const domainIdentity = (overrides: Partial<GetEmailIdentityCommandOutput> = {}): GetEmailIdentityCommandOutput => ({
  $metadata: {},
  IdentityType: 'DOMAIN',
  VerifiedForSendingStatus: true,
  VerificationStatus: 'SUCCESS',
  DkimAttributes: { Status: 'SUCCESS', SigningEnabled: true },
  MailFromAttributes: { MailFromDomain: 'bounce.example.com', MailFromDomainStatus: 'SUCCESS', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
  ...overrides,
});

/** `validation error` of CloudFormation for a stack that is not there. */
function noSuchStack(name: string): Error {
  return Object.assign(new Error(`Stack with id ${name} does not exist`), { name: 'ValidationError' });
}

export function mockedAccount(base = 'https://site.test', apiUrl = 'https://api.test'): MockedAccount {
  const site = regionClients(SITE_REGION);
  const cloudFront = regionClients(CLOUDFRONT_REGION);
  const signedCallAccess = {
    credentials: async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: EXAMPLE_SECRET_ACCESS_KEY }),
    sha256: cloudFront.cloudFormation.config.sha256,
    timeoutMs: 1000,
    configuredEndpoint: async () => undefined,
  };
  const account: MockedAccount = {
    site,
    cloudFront,
    siteStack: stack(STACK_NAMES.site, {
      [SITE_OUTPUTS.baseUrl]: base,
      [SITE_OUTPUTS.apiUrl]: apiUrl,
      [SITE_OUTPUTS.inquiryTable]: 'PersonalSite-Inbox',
      [logGroupOutput('contact')]: '/aws/lambda/PersonalSite-ContactFunction',
      [SITE_OUTPUTS.distributionId]: DISTRIBUTION_ID,
    }),
    edgeStack: stack(STACK_NAMES.edgeGuard),
    planStack: stack(STACK_NAMES.pricingPlan),
    budgetStack: stack(STACK_NAMES.budget),
    sesAccount: { $metadata: {}, SendingEnabled: true, ProductionAccessEnabled: true, EnforcementStatus: 'HEALTHY' },
    maxMailsPerHour: '20',
    identities: new Map([
      ['example.com', domainIdentity()],
      [OWNER, { $metadata: {}, IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: true, VerificationStatus: 'SUCCESS' }],
    ]),
    subscriptions: new Map([
      [SITE_TOPIC, [{ Protocol: 'email', Endpoint: OWNER, SubscriptionArn: `${SITE_TOPIC}:0b1c` }]],
      [EDGE_TOPIC, [{ Protocol: 'email', Endpoint: OWNER, SubscriptionArn: `${EDGE_TOPIC}:2d3e` }]],
    ]),
    alarms: new Map(
      [...SITE_ALARMS, EDGE_ALARM].map((name) => [
        name,
        { AlarmName: name, StateValue: 'OK', AlarmDescription: `${name} watches something`, Namespace: 'PersonalSite', MetricName: name.split('-')[1] },
      ]),
    ),
    metricSums: new Map(),
    plan: modelSubscription({
      arn: PLAN_ARN,
      planFamily: 'CloudFront',
      planTier: 'FREE',
      resourceArns: [`arn:aws:cloudfront::123456789012:distribution/${DISTRIBUTION_ID}`, 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/WebAcl-0b1c/2d3e4f50'],
    }),
    inquiries: [],
    reportLines: [],
    logQueries: [],
    firstCallError: undefined,
    sesError: undefined,
    readSubscription: pricingPlanManager({ ...signedCallAccess, fetch: pricingPlanManagerEndpoint((arn) => (arn === PLAN_ARN ? account.plan : undefined)) }),
    accountPlan: PAID_ACCOUNT_PLAN,
    readAccountPlan: freeTier({ ...signedCallAccess, fetch: freeTierEndpoint(() => account.accountPlan) }),
    inbox: async () => ({ list: async () => account.inquiries }),
    restore: () => mocks.forEach((mock) => mock.restore()),
  };

  const siteCloudFormation = mockClient(site.cloudFormation);
  siteCloudFormation.on(DescribeStacksCommand).callsFake(async () => {
    if (account.firstCallError !== undefined) throw account.firstCallError;
    return { Stacks: [account.siteStack] };
  });
  siteCloudFormation.on(ListStackResourcesCommand).resolves({
    StackResourceSummaries: [
      { ResourceType: 'AWS::SNS::Topic', PhysicalResourceId: SITE_TOPIC, LogicalResourceId: 'Topic', ResourceStatus: 'CREATE_COMPLETE', LastUpdatedTimestamp: new Date() },
      ...SITE_ALARMS.map((name) => ({ ResourceType: 'AWS::CloudWatch::Alarm', PhysicalResourceId: name, LogicalResourceId: name.replace(/\W/g, ''), ResourceStatus: 'CREATE_COMPLETE' as const, LastUpdatedTimestamp: new Date() })),
    ],
  });
  siteCloudFormation.on(GetTemplateCommand).callsFake(async () => ({
    TemplateBody: JSON.stringify({
      Resources: {
        DeliveryFunction: {
          Type: 'AWS::Lambda::Function',
          Properties: { Environment: { Variables: { CONTACT_TO: OWNER, CONTACT_FROM: SENDER, MAX_MAILS_PER_HOUR: account.maxMailsPerHour, ORIGIN_VERIFY_SECRET: '{{resolve:secretsmanager:…}}' } } },
        },
      },
    }),
  }));

  const edgeCloudFormation = mockClient(cloudFront.cloudFormation);
  edgeCloudFormation.on(DescribeStacksCommand).callsFake(async ({ StackName }: { StackName: string }) => {
    const found = { [STACK_NAMES.edgeGuard]: account.edgeStack, [STACK_NAMES.pricingPlan]: account.planStack, [STACK_NAMES.budget]: account.budgetStack }[StackName];
    if (found === undefined) throw noSuchStack(StackName);
    return { Stacks: [found] };
  });
  edgeCloudFormation.on(ListStackResourcesCommand, { StackName: STACK_NAMES.edgeGuard }).resolves({
    StackResourceSummaries: [
      { ResourceType: 'AWS::SNS::Topic', PhysicalResourceId: EDGE_TOPIC, LogicalResourceId: 'Topic', ResourceStatus: 'CREATE_COMPLETE', LastUpdatedTimestamp: new Date() },
      { ResourceType: 'AWS::CloudWatch::Alarm', PhysicalResourceId: EDGE_ALARM, LogicalResourceId: 'EdgeBlocked', ResourceStatus: 'CREATE_COMPLETE', LastUpdatedTimestamp: new Date() },
    ],
  });
  edgeCloudFormation.on(ListStackResourcesCommand, { StackName: STACK_NAMES.budget }).resolves({
    StackResourceSummaries: [
      { ResourceType: 'AWS::Budgets::Budget', PhysicalResourceId: 'PersonalSite-monthly', LogicalResourceId: 'Budget', ResourceStatus: 'CREATE_COMPLETE', LastUpdatedTimestamp: new Date() },
    ],
  });
  edgeCloudFormation.on(ListStackResourcesCommand, { StackName: STACK_NAMES.pricingPlan }).resolves({
    StackResourceSummaries: [
      { ResourceType: 'AWS::PricingPlanManager::Subscription', PhysicalResourceId: PLAN_ARN, LogicalResourceId: 'Subscription', ResourceStatus: 'CREATE_COMPLETE', LastUpdatedTimestamp: new Date() },
    ],
  });

  const ses = mockClient(site.ses);
  ses.on(GetAccountCommand).callsFake(async () => {
    if (account.sesError !== undefined) throw account.sesError;
    return account.sesAccount;
  });
  ses.on(GetEmailIdentityCommand).callsFake(async ({ EmailIdentity }: { EmailIdentity: string }) => {
    const identity = account.identities.get(EmailIdentity);
    if (identity === undefined) throw new NotFoundException({ message: `Email identity ${EmailIdentity} does not exist.`, $metadata: {} });
    return identity;
  });

  const sns = [site.sns, cloudFront.sns].map((client) => {
    const mock = mockClient(client);
    mock.on(ListSubscriptionsByTopicCommand).callsFake(async ({ TopicArn }: { TopicArn: string }) => ({ Subscriptions: account.subscriptions.get(TopicArn) ?? [] }));
    return mock;
  });
  const cloudWatch = [site.cloudWatch, cloudFront.cloudWatch].map((client) => {
    const mock = mockClient(client);
    mock.on(DescribeAlarmsCommand).callsFake(async ({ AlarmNames }: { AlarmNames: string[] }) => ({
      MetricAlarms: AlarmNames.flatMap((name) => (account.alarms.has(name) ? [account.alarms.get(name)!] : [])),
    }));
    mock.on(GetMetricStatisticsCommand).callsFake(async ({ MetricName }: { MetricName: string }) => ({
      Datapoints: account.metricSums.has(MetricName) ? [{ Sum: account.metricSums.get(MetricName) }] : [],
    }));
    return mock;
  });
  const logs = mockClient(site.logs);
  logs.on(FilterLogEventsCommand).callsFake(async (input: FilterLogEventsCommandInput) => {
    account.logQueries.push(input);
    return { events: account.reportLines };
  });

  const mocks = [siteCloudFormation, edgeCloudFormation, ses, ...sns, ...cloudWatch, logs];
  return account;
}

/** A REPORT line of Lambda's text log format, as FilterLogEvents returns it. */
export function reportLine(durationMs: number, initMs?: number, at = Date.parse('2026-11-25T12:00:00Z')): FilteredLogEvent {
  return {
    timestamp: at,
    message: `REPORT RequestId: 0b6f3c1e-5d2a-4f7b-9a61-3e8c2d4b7a10\tDuration: ${durationMs} ms\tBilled Duration: ${Math.ceil(durationMs)} ms\tMemory Size: 512 MB\tMax Memory Used: 90 MB\t${initMs === undefined ? '' : `Init Duration: ${initMs} ms\t`}\n`,
  };
}
