import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  DescribeFunctionCommand,
  GetDistributionConfigCommand,
  GetFunctionCommand,
  type CloudFrontClient,
  type FunctionConfig,
  type FunctionStage,
} from '@aws-sdk/client-cloudfront';
import { frontDoorFunctionCode, readFrontDoorRouting, type FrontDoorRouting, type SiteRouting } from '../../lib/edge/front-door-function.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { readFormPageLoads, SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { awsFailure } from '../aws-failure.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { readStack } from '../verify/deployed-stack.js';
import { PublishError } from './publish-error.js';

/**
 * A CloudFront function as read before any change: its name, its configuration (which an update
 * hands back whole), and the version of its DEVELOPMENT stage, which an update names in If-Match so
 * that a change made since, a deploy's, fails it rather than being overwritten.
 */
export interface UpdatableFunction {
  readonly name: string;
  readonly etag: string;
  readonly config: FunctionConfig;
}

/** What `npm run publish` needs of the deployment, and what it compares with the site now (docs/api.md §10). */
export interface DeployedSite {
  readonly stack: string;
  readonly region: string;
  /** The account the stack is in: S3 refuses a call whose bucket another account owns. */
  readonly account?: string;
  /** `{base}`, which the owner sees the publish is for. */
  readonly baseUrl?: string;
  readonly bucket: string;
  readonly distributionId: string;
  /** The digests synth recorded (lib/settings/settings-digest.ts); none from a deployment made before them. */
  readonly settingsDigest?: string;
  readonly formPageDigest?: string;
  /** The owner's llms.txt the discovery function holds, by its digest; none from a deployment made before it. */
  readonly ownLlmsTxtDigest?: string;
  /** What the pages published at the deploy, which llms.txt links (lib/site-outputs.ts); none from a deployment made before it. */
  readonly siteDocuments?: string;
  /** The site's files the contact function's copies of the contact pages load (formPageLoadsOutput): kept till the next deploy. */
  readonly formPageLoads: ReadonlySet<string>;
  /** What the front door's function was told of the site; none when its code is not this project's. */
  readonly frontDoor?: SiteRouting;
  /**
   * The function as publish may update it (front-door-update.ts): present when it runs this
   * version's own code (frontDoorFunctionCode of what it was told), in both of its stages.
   */
  readonly frontDoorFunction?: UpdatableFunction;
  /** Whether the distribution answers a missing page with the site's 404.html. */
  readonly notFoundPage: boolean;
}

/**
 * The deployment as its stack's outputs and its distribution say it: the bucket and the
 * distribution to update, the digests to compare, and the front door's function as CloudFront
 * runs it, whose list of files is the one that decides what a folder is.
 */
export async function readDeployedSite(clients: { cloudFormation: CloudFormationClient; cloudFront: CloudFrontClient }, stackName: string): Promise<DeployedSite> {
  const stack = await readStack(clients.cloudFormation, stackName);
  if (stack === undefined) {
    const region = await clients.cloudFormation.config.region();
    throw new PublishError(`there is no stack ${stackName} in ${region} for these AWS credentials: deploy it first (${DEPLOY_COMMAND}), or name its account's credentials and its region (--region, or AWS_REGION)`);
  }
  const output = (key: string) => stack.outputs.get(key);
  const distributionId = output(SITE_OUTPUTS.distributionId);
  const bucket = output(SITE_OUTPUTS.siteBucket);
  if (distributionId === undefined) {
    throw new PublishError(`the stack ${stackName} has no ${SITE_OUTPUTS.distributionId} output: it was deployed by an earlier version of the project, so deploy once (${DEPLOY_COMMAND})`);
  }
  if (bucket === undefined) {
    throw new PublishError(`the stack ${stackName} serves no siteDir (it has no ${SITE_OUTPUTS.siteBucket} output): set siteDir and deploy (${DEPLOY_COMMAND}); npm run publish then keeps it up to date`);
  }
  const { DistributionConfig: config } = await clients.cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
  const functionArn = config?.DefaultCacheBehavior?.FunctionAssociations?.Items?.find((association) => association.EventType === 'viewer-request')?.FunctionARN;
  const deployedFunction = functionArn === undefined ? undefined : await readFrontDoorFunction(clients.cloudFront, functionArn);
  const optional = (key: string, value: string | undefined) => (value === undefined ? {} : { [key]: value });
  return {
    stack: stackName,
    region: stack.region,
    ...optional('account', stack.account),
    ...optional('baseUrl', output(SITE_OUTPUTS.baseUrl)),
    bucket,
    distributionId,
    ...optional('settingsDigest', output(SITE_OUTPUTS.settingsDigest)),
    ...optional('formPageDigest', output(SITE_OUTPUTS.formPageDigest)),
    ...optional('ownLlmsTxtDigest', output(SITE_OUTPUTS.ownLlmsTxtDigest)),
    ...optional('siteDocuments', output(SITE_OUTPUTS.siteDocuments)),
    formPageLoads: readFormPageLoads(output(SITE_OUTPUTS.formPageLoads)),
    ...(deployedFunction?.routing === undefined ? {} : { frontDoor: deployedFunction.routing }),
    ...(deployedFunction?.updatable === undefined ? {} : { frontDoorFunction: deployedFunction.updatable }),
    notFoundPage: (config?.CustomErrorResponses?.Items ?? []).some((response) => response.ErrorCode === 404 && response.ResponsePagePath === `/${NOT_FOUND_PAGE}`),
  };
}

/**
 * The function's published code, `arn:aws:cloudfront::123456789012:function/<name>`, read back for
 * what it was told of the site, and, when that is this version's code in both stages, the function
 * as publish may update it. An identity that may not describe the function leaves it to a deploy.
 */
export async function readFrontDoorFunction(cloudFront: CloudFrontClient, functionArn: string): Promise<{ routing?: SiteRouting; updatable?: UpdatableFunction }> {
  const name = functionArn.slice(functionArn.lastIndexOf('/') + 1);
  const code = await functionCode(cloudFront, name, 'LIVE');
  const routing = code === undefined ? undefined : readFrontDoorRouting(code);
  if (routing === undefined || !hasSite(routing)) return {};
  if (frontDoorFunctionCode(routing) !== code) return { routing };
  try {
    // The version first: a change after it, to the code read next, fails the update that names it.
    const { ETag: etag, FunctionSummary: summary } = await cloudFront.send(new DescribeFunctionCommand({ Name: name, Stage: 'DEVELOPMENT' }));
    const config = summary?.FunctionConfig;
    if (etag === undefined || config === undefined || (await functionCode(cloudFront, name, 'DEVELOPMENT')) !== code) return { routing };
    return { routing, updatable: { name, etag, config } };
  } catch (error) {
    if (awsFailure(error) === 'access denied') return { routing };
    throw error;
  }
}

async function functionCode(cloudFront: CloudFrontClient, name: string, stage: FunctionStage): Promise<string | undefined> {
  const { FunctionCode } = await cloudFront.send(new GetFunctionCommand({ Name: name, Stage: stage }));
  return FunctionCode === undefined ? undefined : new TextDecoder().decode(FunctionCode);
}

/** Whether the function was told of a folder of the site (its code, read back, is JSON that nothing checked). */
function hasSite(routing: FrontDoorRouting): routing is SiteRouting {
  return typeof routing.site === 'object' && routing.site !== null;
}
