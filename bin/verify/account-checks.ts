import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import type { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SNSClient } from '@aws-sdk/client-sns';
import { logGroupOutput, SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { CLOUDFRONT_REGION, STACK_NAMES } from '../../lib/stack-names.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { ACCOUNT_PLAN_CHECK, accountPlanCheck, type ReadAccountPlan } from './account-plan.js';
import { alarmChecks, subscriptionChecks } from './alarm-checks.js';
import { couldNotCheck, fail, guarded, ok, runCheck, warn, type CheckResult } from './check.js';
import { readDeployedSettings, readStack, type DeployedStack } from './deployed-stack.js';
import { inboxCheck, type InboxReader } from './inbox-check.js';
import { mailChecks } from './mail-checks.js';
import { pricingPlanChecks, type ReadSubscription } from './pricing-plan.js';

/** The clients of one region that the account checks use. */
export interface RegionClients {
  readonly cloudFormation: CloudFormationClient;
  readonly ses: SESv2Client;
  readonly sns: SNSClient;
  readonly cloudWatch: CloudWatchClient;
  readonly logs: CloudWatchLogsClient;
}

export interface AccountDependencies {
  /** In the site stack's region. */
  readonly site: RegionClients;
  /** In us-east-1, where the edge guard and the Free plan's stacks are (lib/stack-names.ts). */
  readonly cloudFront: RegionClients;
  readonly readSubscription: ReadSubscription;
  readonly readAccountPlan: ReadAccountPlan;
  /** The inbox, in the table the stack names. */
  readonly inbox: (tableName: string) => Promise<InboxReader>;
  readonly now: () => Date;
}

/** What the later checks need of the deployment, once the stack said it. */
export interface Deployment {
  readonly base: URL;
  readonly apiUrl: URL;
  /** The domain's other name (redirectDomainName), when it has one. */
  readonly otherName?: URL;
  /** The contact function's log group, whose REPORT lines tell its cold starts. */
  readonly contactLogGroup: string;
  readonly inbox: InboxReader;
}

/** The outputs the checks read; a stack without one was deployed by another version of the project. */
const REQUIRED_OUTPUTS = [SITE_OUTPUTS.baseUrl, SITE_OUTPUTS.apiUrl, SITE_OUTPUTS.inquiryTable, logGroupOutput('contact')];

/**
 * Everything of the deployment that is in the account rather than at `{base}`: the stacks and
 * their outputs, the account's plan, SES, the alarm topics' subscriptions, the Free plan, the
 * alarms, the inbox. Returns what the HTTP checks need, or undefined when the site stack could not
 * be read.
 */
export async function* accountChecks(dependencies: AccountDependencies): AsyncGenerator<CheckResult, Deployment | undefined> {
  const { site: siteClients, cloudFront } = dependencies;
  let site: DeployedStack | undefined;
  try {
    site = await readStack(siteClients.cloudFormation, STACK_NAMES.site);
  } catch (error) {
    yield couldNotCheck(`stack ${STACK_NAMES.site}`, error);
    return undefined;
  }
  if (site === undefined) {
    const region = await siteClients.cloudFormation.config.region();
    yield fail(`stack ${STACK_NAMES.site}`, `not in ${region}`, `deploy it (${DEPLOY_COMMAND}), or name its region: npm run verify -- --region <region>, or AWS_REGION`);
    return undefined;
  }
  yield stackCheck(site, REQUIRED_OUTPUTS);
  yield await runCheck(ACCOUNT_PLAN_CHECK, () => accountPlanCheck(dependencies.readAccountPlan));
  // The budget's stack is made by every deploy; the edge guard's and the plan's only when chosen.
  const edgeStacks: DeployedStack[] = [];
  for (const name of [STACK_NAMES.budget, STACK_NAMES.edgeGuard, STACK_NAMES.pricingPlan]) {
    try {
      const stack = await readStack(cloudFront.cloudFormation, name);
      if (stack === undefined) {
        if (name === STACK_NAMES.budget) yield missingBudgetStack();
        continue;
      }
      if (name !== STACK_NAMES.budget) edgeStacks.push(stack);
      yield stackCheck(stack, []);
    } catch (error) {
      yield couldNotCheck(`stack ${name}`, error);
    }
  }

  yield* guarded('SES', (async function* () {
    yield* mailChecks(siteClients.ses, await readDeployedSettings(siteClients.cloudFormation, site.name));
  })());
  for (const [stack, clients] of [[site, siteClients], ...edgeStacks.map((stack) => [stack, cloudFront] as const)] as const) {
    yield* guarded(`alarm mails of ${stack.name}`, subscriptionChecks(clients.sns, stack));
    yield* guarded(`alarms of ${stack.name}`, alarmChecks(clients.cloudWatch, stack, dependencies.now()));
  }
  const planStack = edgeStacks.find((stack) => stack.name === STACK_NAMES.pricingPlan);
  if (planStack !== undefined) {
    yield* guarded(`Free plan subscription (${planStack.name})`, pricingPlanChecks(dependencies.readSubscription, planStack, site.outputs.get(SITE_OUTPUTS.distributionId)));
  }

  const output = (key: string) => site.outputs.get(key);
  const [base, apiUrl, table, contactLogGroup] = REQUIRED_OUTPUTS.map(output);
  const inbox = table === undefined ? undefined : await dependencies.inbox(table);
  if (inbox !== undefined) yield await runCheck('inbox', () => inboxCheck(inbox));
  if (base === undefined || apiUrl === undefined || inbox === undefined || contactLogGroup === undefined) return undefined;
  if (!URL.canParse(base) || !URL.canParse(apiUrl)) {
    yield fail(`outputs of ${site.name}`, `${SITE_OUTPUTS.baseUrl} ${base} or ${SITE_OUTPUTS.apiUrl} ${apiUrl} is not a URL`, DEPLOY_COMMAND);
    return undefined;
  }
  const otherName = output(SITE_OUTPUTS.otherNameUrl);
  return { base: new URL(base), apiUrl: new URL(apiUrl), ...(otherName !== undefined && URL.canParse(otherName) ? { otherName: new URL(otherName) } : {}), contactLogGroup, inbox };
}

/** The spending alarm's stack is missing: every deploy of this version makes it, in us-east-1. */
function missingBudgetStack(): CheckResult {
  return fail(
    `stack ${STACK_NAMES.budget}`,
    `not in ${CLOUDFRONT_REGION}: no budget mails you when the month's cost passes monthlyBudgetUsd`,
    `${DEPLOY_COMMAND}, which makes it (bootstrap us-east-1 first if it never was: npm run cdk -- bootstrap aws://<account>/${CLOUDFRONT_REGION})`,
  );
}

/** A stack's state after its last deploy, and the outputs the checks read. */
export function stackCheck(stack: DeployedStack, requiredOutputs: readonly string[]): CheckResult {
  const name = `stack ${stack.name} (${stack.region})`;
  const status = stack.status;
  const reason = stack.statusReason === undefined ? '' : `: ${stack.statusReason}`;
  if (status.endsWith('_IN_PROGRESS')) return warn(name, `${status}: a deploy is under way`, 'run npm run verify again once it is done');
  if (status === 'UPDATE_ROLLBACK_COMPLETE') {
    return fail(name, `${status}: the last deploy failed and was undone${reason}`, "the stack's Events tab in the CloudFormation console names the resource that failed and why; fix that, then deploy again");
  }
  if (status === 'ROLLBACK_COMPLETE' || status.endsWith('_FAILED')) {
    return fail(name, `${status}${reason}`, `its Events tab in the CloudFormation console says why; a stack whose creation failed must be deleted (npm run cdk -- destroy ${stack.name}) before it is deployed again`);
  }
  const missing = requiredOutputs.filter((key) => !stack.outputs.has(key));
  if (missing.length > 0) return fail(name, `${status}, but without the output${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`, `deployed by another version of the project: ${DEPLOY_COMMAND}`);
  return ok(name, `${status}, ${stack.outputs.size} outputs${stack.outputs.has(SITE_OUTPUTS.baseUrl) ? `, ${SITE_OUTPUTS.baseUrl} ${stack.outputs.get(SITE_OUTPUTS.baseUrl)}` : ''}`);
}
