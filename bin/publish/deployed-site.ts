import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { GetDistributionConfigCommand, GetFunctionCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { frontDoorFunctionCode, readFrontDoorRouting, type FrontDoorRouting, type SiteRouting } from '../../lib/edge/front-door-function.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { readStack } from '../verify/deployed-stack.js';
import { DEPLOY } from './deploy-notes.js';
import { PublishError } from './publish-error.js';

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
  /** What the front door's function was told of the site; none when its code is not this project's. */
  readonly frontDoor?: SiteRouting;
  /**
   * The function's name, when it runs this version's own code (frontDoorFunctionCode of what it
   * was told): publish may then tell it of the site's files as a deploy would (front-door-update.ts).
   */
  readonly frontDoorFunction?: string;
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
    throw new PublishError(`there is no stack ${stackName} in ${region} for these AWS credentials: deploy it first (${DEPLOY}), or name its account's credentials and its region (--region, or AWS_REGION)`);
  }
  const output = (key: string) => stack.outputs.get(key);
  const distributionId = output(SITE_OUTPUTS.distributionId);
  const bucket = output(SITE_OUTPUTS.siteBucket);
  if (distributionId === undefined) {
    throw new PublishError(`the stack ${stackName} has no ${SITE_OUTPUTS.distributionId} output: it was deployed by an earlier version of the project, so deploy once (${DEPLOY})`);
  }
  if (bucket === undefined) {
    throw new PublishError(`the stack ${stackName} serves no siteDir (it has no ${SITE_OUTPUTS.siteBucket} output): set siteDir and deploy (${DEPLOY}); npm run publish then keeps it up to date`);
  }
  const { DistributionConfig: config } = await clients.cloudFront.send(new GetDistributionConfigCommand({ Id: distributionId }));
  const functionArn = config?.DefaultCacheBehavior?.FunctionAssociations?.Items?.find((association) => association.EventType === 'viewer-request')?.FunctionARN;
  const deployedFunction = functionArn === undefined ? undefined : await readFunction(clients.cloudFront, functionArn);
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
    ...(deployedFunction?.routing === undefined ? {} : { frontDoor: deployedFunction.routing }),
    ...(deployedFunction?.current === true ? { frontDoorFunction: deployedFunction.name } : {}),
    notFoundPage: (config?.CustomErrorResponses?.Items ?? []).some((response) => response.ErrorCode === 404 && response.ResponsePagePath === `/${NOT_FOUND_PAGE}`),
  };
}

/**
 * The function's published code, `arn:aws:cloudfront::123456789012:function/<name>`, read back for
 * what it was told of the site, and whether it is this version's code for that.
 */
async function readFunction(cloudFront: CloudFrontClient, functionArn: string): Promise<{ name: string; routing?: SiteRouting; current: boolean }> {
  const name = functionArn.slice(functionArn.lastIndexOf('/') + 1);
  const { FunctionCode } = await cloudFront.send(new GetFunctionCommand({ Name: name, Stage: 'LIVE' }));
  const code = FunctionCode === undefined ? undefined : new TextDecoder().decode(FunctionCode);
  const routing = code === undefined ? undefined : readFrontDoorRouting(code);
  if (routing === undefined || !hasSite(routing)) return { name, current: false };
  return { name, routing, current: frontDoorFunctionCode(routing) === code };
}

/** Whether the function was told of a folder of the site (its code, read back, is JSON that nothing checked). */
function hasSite(routing: FrontDoorRouting): routing is SiteRouting {
  return typeof routing.site === 'object' && routing.site !== null;
}
