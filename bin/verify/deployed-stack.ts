import {
  CloudFormationClient,
  DescribeStacksCommand,
  GetTemplateCommand,
  paginateListStackResources,
} from '@aws-sdk/client-cloudformation';
import type { SettingKey } from '../../lib/api/function-profiles.js';
import { isMissingStack } from '../aws-failure.js';

/** One stack as CloudFormation has it: what `npm run verify` reads of the deployment. */
export interface DeployedStack {
  readonly name: string;
  readonly region: string;
  /** The account it is in, from its id. */
  readonly account?: string;
  readonly status: string;
  readonly statusReason?: string;
  readonly outputs: ReadonlyMap<string, string>;
  /** The physical ids of its resources (an alarm's name, a topic's ARN, …), by resource type. */
  readonly resources: ReadonlyMap<string, readonly string[]>;
}

/** The stack, or undefined when there is none of that name in the client's region. */
export async function readStack(cloudFormation: CloudFormationClient, name: string): Promise<DeployedStack | undefined> {
  let stack;
  try {
    stack = (await cloudFormation.send(new DescribeStacksCommand({ StackName: name }))).Stacks?.[0];
  } catch (error) {
    if (isMissingStack(error)) return undefined;
    throw error;
  }
  if (stack === undefined) return undefined;
  const resources = new Map<string, string[]>();
  for await (const page of paginateListStackResources({ client: cloudFormation }, { StackName: name })) {
    for (const resource of page.StackResourceSummaries ?? []) {
      if (resource.PhysicalResourceId === undefined || resource.ResourceType === undefined) continue;
      resources.set(resource.ResourceType, [...(resources.get(resource.ResourceType) ?? []), resource.PhysicalResourceId]);
    }
  }
  return {
    name,
    region: await cloudFormation.config.region(),
    ...accountOf(stack.StackId),
    status: stack.StackStatus ?? 'UNKNOWN',
    ...(stack.StackStatusReason === undefined ? {} : { statusReason: stack.StackStatusReason }),
    outputs: new Map((stack.Outputs ?? []).flatMap((output) => (output.OutputKey && output.OutputValue ? [[output.OutputKey, output.OutputValue]] : []))),
    resources,
  };
}

/** The account of a stack id, `arn:aws:cloudformation:eu-west-1:123456789012:stack/PersonalSite/…`. */
function accountOf(stackId: string | undefined): { account?: string } {
  const account = /^arn:[^:]+:cloudformation:[^:]*:(\d{12}):/.exec(stackId ?? '')?.[1];
  return account === undefined ? {} : { account };
}

/** What the deployment was configured with that the account checks need (docs/api.md §7). */
export interface DeployedSettings {
  /** `ownerEmail`: where inquiries and alarms go. */
  readonly ownerEmail?: string;
  /** `senderEmail`: the SES identity inquiries are sent from. */
  readonly senderEmail?: string;
  /** `maxMailsPerHour`: inquiries mailed one by one in an hour, the rest held (docs/api.md §15). */
  readonly maxMailsPerHour?: number;
}

/**
 * The owner's and the sender's addresses, and the hour's mails, as deployed: the settings the
 * stack gave its functions, read from the stack's own template (the secret is only a dynamic
 * reference there, never its value). Not cdk.json: a deploy may have been given `-c` options that
 * no file keeps.
 */
export async function readDeployedSettings(cloudFormation: CloudFormationClient, stackName: string): Promise<DeployedSettings> {
  const { TemplateBody } = await cloudFormation.send(new GetTemplateCommand({ StackName: stackName, TemplateStage: 'Original' }));
  const setting = (key: SettingKey) => functionSetting(TemplateBody ?? '{}', key);
  const ownerEmail = setting('CONTACT_TO');
  const senderEmail = setting('CONTACT_FROM');
  const maxMailsPerHour = Number(setting('MAX_MAILS_PER_HOUR') ?? Number.NaN);
  return {
    ...(ownerEmail === undefined ? {} : { ownerEmail }),
    ...(senderEmail === undefined ? {} : { senderEmail }),
    ...(Number.isSafeInteger(maxMailsPerHour) ? { maxMailsPerHour } : {}),
  };
}

/** The first plain value a function of the template is given for a setting. */
function functionSetting(templateBody: string, key: SettingKey): string | undefined {
  let template: { Resources?: Record<string, { Type?: string; Properties?: { Environment?: { Variables?: Record<string, unknown> } } }> };
  try {
    template = JSON.parse(templateBody) as typeof template;
  } catch {
    return undefined;
  }
  for (const resource of Object.values(template.Resources ?? {})) {
    const value = resource.Type === 'AWS::Lambda::Function' ? resource.Properties?.Environment?.Variables?.[key] : undefined;
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
