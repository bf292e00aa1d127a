import { SignatureV4 } from '@smithy/signature-v4';
import { CLOUDFRONT_REGION } from '../../lib/stack-names.js';
import { DEPLOY_AGAIN } from './answer-diagnosis.js';
import { fail, ok, warn, type CheckResult } from './check.js';
import type { DeployedStack } from './deployed-stack.js';
import type { Fetch } from './http-probe.js';

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

/** An error answer of PricingPlanManager, named as it names it (`AccessDeniedException`, `ResourceNotFoundException`, …). */
export class PricingPlanManagerError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

type SignerInit = ConstructorParameters<typeof SignatureV4>[0];

export interface PricingPlanManagerAccess {
  /** The SDK's credential chain, as any client of the SDK resolves it. */
  readonly credentials: SignerInit['credentials'];
  readonly sha256: SignerInit['sha256'];
  readonly fetch: Fetch;
  readonly timeoutMs: number;
}

/**
 * Where AWS's model sends every PricingPlanManager call, and how it is signed: its endpoint rule
 * set routes every region to one host, signing name `pricingplanmanager`, region us-east-1.
 */
export const PRICING_PLAN_MANAGER_ENDPOINT = { url: `https://pricingplanmanager.${CLOUDFRONT_REGION}.api.aws`, signingName: 'pricingplanmanager', signingRegion: CLOUDFRONT_REGION } as const;

/**
 * PricingPlanManager's GetSubscription, as AWS's Smithy model describes it (restJson1:
 * `POST /v1/GetSubscription`, the input's `arn` in a JSON body; the answer's body is the
 * Subscription itself, the output's `@httpPayload`, its ETag in a header; an error named by the
 * `X-Amzn-ErrorType` header or the body's `code`). Written by hand because the npm registry has no
 * AWS SDK client for PricingPlanManager and CloudFront's own API reports nothing of a
 * distribution's plan; the request is signed with the SDK's own signer and credential chain.
 */
export function pricingPlanManager(access: PricingPlanManagerAccess): ReadSubscription {
  const url = new URL('/v1/GetSubscription', PRICING_PLAN_MANAGER_ENDPOINT.url);
  const signer = new SignatureV4({
    service: PRICING_PLAN_MANAGER_ENDPOINT.signingName,
    region: PRICING_PLAN_MANAGER_ENDPOINT.signingRegion,
    credentials: access.credentials,
    sha256: access.sha256,
  });
  return async (arn) => {
    const body = JSON.stringify({ arn });
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      path: url.pathname,
      query: {},
      headers: { host: url.hostname, 'content-type': 'application/json' },
      body,
    });
    // fetch sets Host itself, to the same value.
    const { host: _host, ...headers } = signed.headers;
    const response = await access.fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(access.timeoutMs) });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorOf(response, answer);
    if (!isSubscription(answer)) throw new PricingPlanManagerError(`HTTP${response.status}`, 'PricingPlanManager answered something that is not a subscription');
    return answer;
  };
}

/** restJson1's error: its type from the header, else the body's `code` or `__type`, without a namespace (`…#`) or a suffix (`:…`). */
function errorOf(response: Response, answer: unknown): PricingPlanManagerError {
  const fields = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const named = response.headers.get('x-amzn-errortype') ?? [fields.code, fields.__type].find((value) => typeof value === 'string');
  const type = typeof named === 'string' ? named.split(':')[0]!.split('#').at(-1)! : '';
  const message = [fields.message, fields.Message].find((value) => typeof value === 'string');
  return new PricingPlanManagerError(type === '' ? `HTTP${response.status}` : type, message ?? `PricingPlanManager answered ${response.status}`);
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
    yield fail(name, 'the stack holds no subscription: the site runs on pay-as-you-go', DEPLOY_AGAIN);
    return;
  }
  for (const arn of arns) {
    let subscription: PlanSubscription;
    try {
      subscription = await read(arn);
    } catch (error) {
      if (!(error instanceof PricingPlanManagerError) || error.name !== 'ResourceNotFoundException') throw error;
      yield fail(name, `AWS has no subscription ${arn}: it was cancelled, or ended; the site runs on pay-as-you-go`, `${DEPLOY_AGAIN}, which subscribes again (README "Changing and removing" if you meant to leave)`);
      continue;
    }
    yield planState(name, subscription, distributionId);
  }
}

function planState(name: string, subscription: PlanSubscription, distributionId: string | undefined): CheckResult {
  const tier = subscription.planTier;
  if (distributionId === undefined) return fail(name, 'the site stack has no DistributionId output to compare with the subscription', DEPLOY_AGAIN);
  if (!subscription.resourceArns.some((arn) => arn.endsWith(`:distribution/${distributionId}`))) {
    return fail(
      name,
      `${subscription.status}, tier ${tier}, but for ${subscription.resourceArns.join(', ')}, not the distribution ${distributionId}: the site runs on pay-as-you-go`,
      DEPLOY_AGAIN,
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
            'as planned when leaving the plan (README "Changing and removing"); else see the CloudFront console\'s pricing plan',
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
