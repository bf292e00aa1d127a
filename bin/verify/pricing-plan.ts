import { CLOUDFRONT_REGION } from '../../lib/stack-names.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { fail, ok, warn, type CheckResult } from './check.js';
import type { DeployedStack } from './deployed-stack.js';
import { AwsJsonError, signedJsonCall, type SignedCallAccess } from './signed-json-call.js';

/**
 * A flat-rate plan's subscription: the `Subscription` shape of AWS's Smithy model of
 * PricingPlanManager (docs/verify.md; test/support/pricing-plan-manager-model.json is the part read).
 */
export interface PlanSubscription {
  readonly arn: string;
  readonly planFamily: string;
  readonly planTier: string;
  /** `PENDING_APPROVAL`, `ACTIVE`, `SYNC_IN_PROGRESS` or `FAILED`. */
  readonly status: string;
  readonly statusReason?: string;
  /** A downgrade or a cancellation at the end of the billing period; its date once billing confirmed it. */
  readonly scheduledChange?: { readonly changeType: string; readonly effectiveDate?: string };
  /** The distribution, the web ACL, and any other resource on the plan. */
  readonly resourceArns: readonly string[];
}

export type ReadSubscription = (arn: string) => Promise<PlanSubscription>;

/**
 * Where AWS's model sends every PricingPlanManager call, and how it is signed: its endpoint rule
 * set routes every region to one host, signing name `pricingplanmanager`, region us-east-1; its
 * `sdkId`, which names its endpoint settings.
 */
export const PRICING_PLAN_MANAGER_ENDPOINT = {
  url: `https://pricingplanmanager.${CLOUDFRONT_REGION}.api.aws`,
  signingName: 'pricingplanmanager',
  signingRegion: CLOUDFRONT_REGION,
  serviceId: 'Pricing Plan Manager',
} as const;

/**
 * PricingPlanManager's GetSubscription, as AWS's Smithy model describes it (restJson1:
 * `POST /v1/GetSubscription`, the input's `arn` in a JSON body; the answer's body is the
 * Subscription itself, the output's `@httpPayload`, its ETag in a header). Signed by hand because
 * the npm registry has no AWS SDK client for PricingPlanManager and CloudFront's own API reports
 * nothing of a distribution's plan.
 */
export function pricingPlanManager(access: SignedCallAccess): ReadSubscription {
  const call = signedJsonCall(access, PRICING_PLAN_MANAGER_ENDPOINT);
  return async (arn) => {
    const answer = await call('/v1/GetSubscription', { 'content-type': 'application/json' }, JSON.stringify({ arn }));
    if (!isSubscription(answer)) throw new AwsJsonError('HTTP200', 'PricingPlanManager answered something that is not a subscription');
    return answer;
  };
}

/** The members the checks read, of the types the model gives them. */
function isSubscription(answer: unknown): answer is PlanSubscription {
  if (typeof answer !== 'object' || answer === null) return false;
  const { arn, planFamily, planTier, status, resourceArns } = answer as Record<string, unknown>;
  return [arn, planFamily, planTier, status].every((value) => typeof value === 'string') && Array.isArray(resourceArns) && resourceArns.every((value) => typeof value === 'string');
}

/**
 * The Free plan's subscription (lib/edge/pricing-plan-stack.ts), when the owner chose it: there,
 * active, not on its way out, and covering the site's distribution.
 */
export async function* pricingPlanChecks(read: ReadSubscription, planStack: DeployedStack, distributionId: string | undefined): AsyncGenerator<CheckResult> {
  const name = `Free plan subscription (${planStack.name})`;
  // The subscription's physical id is its ARN (its primary identifier; CDK's CfnSubscription refs it as subscriptionArn).
  const arns = planStack.resources.get('AWS::PricingPlanManager::Subscription') ?? [];
  if (arns.length === 0) {
    yield fail(name, 'the stack holds no subscription: the site runs on pay-as-you-go', DEPLOY_COMMAND);
    return;
  }
  for (const arn of arns) {
    let subscription: PlanSubscription;
    try {
      subscription = await read(arn);
    } catch (error) {
      if (!(error instanceof AwsJsonError) || error.name !== 'ResourceNotFoundException') throw error;
      yield fail(name, `AWS has no subscription ${arn}: it was cancelled, or ended; the site runs on pay-as-you-go`, `${DEPLOY_COMMAND}, which subscribes again (docs/removing.md if you meant to leave)`);
      continue;
    }
    yield planState(name, subscription, distributionId);
  }
}

function planState(name: string, subscription: PlanSubscription, distributionId: string | undefined): CheckResult {
  const tier = subscription.planTier;
  if (distributionId === undefined) return fail(name, 'the site stack has no DistributionId output to compare with the subscription', DEPLOY_COMMAND);
  if (!subscription.resourceArns.some((arn) => arn.endsWith(`:distribution/${distributionId}`))) {
    return fail(
      name,
      `${subscription.status}, tier ${tier}, but for ${subscription.resourceArns.join(', ')}, not the distribution ${distributionId}: the site runs on pay-as-you-go`,
      DEPLOY_COMMAND,
    );
  }
  const change = subscription.scheduledChange;
  switch (subscription.status) {
    case 'ACTIVE':
      return change === undefined
        ? ok(name, `ACTIVE, tier ${tier}`)
        : warn(
            name,
            `ACTIVE, tier ${tier}, ${change.changeType.toLowerCase()} scheduled${change.effectiveDate === undefined ? ' for the end of the billing month' : ` for ${change.effectiveDate.slice(0, 10)}`}`,
            'as planned when leaving the plan (docs/removing.md); else see the CloudFront console\'s pricing plan',
          );
    case 'SYNC_IN_PROGRESS':
      return warn(name, `SYNC_IN_PROGRESS, tier ${tier}: AWS is applying it`, 'run npm run verify again in a few minutes');
    case 'PENDING_APPROVAL':
      return fail(name, `PENDING_APPROVAL, tier ${tier}: not in force`, 'a Free plan is active at once: see the CloudFront console\'s pricing plan, or deploy the PersonalSitePlan stack again');
    default:
      return fail(
        name,
        `${subscription.status}${subscription.statusReason === undefined ? '' : `: ${subscription.statusReason}`}; the site runs on pay-as-you-go meanwhile`,
        'AWS refuses an account on the free account plan, and a fourth Free plan (README "An AWS account")',
      );
  }
}
