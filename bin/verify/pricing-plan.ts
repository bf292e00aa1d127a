import { SignatureV4 } from '@smithy/signature-v4';
import { CLOUDFRONT_REGION } from '../../lib/stack-names.js';
import { fail, ok, warn, type CheckResult } from './check.js';
import type { DeployedStack } from './deployed-stack.js';
import type { Fetch } from './http-probe.js';

/** A flat-rate plan's subscription as PricingPlanManager's GetSubscription reports it. */
export interface PlanSubscription {
  /** `PENDING_APPROVAL`, `ACTIVE`, `SYNC_IN_PROGRESS` or `FAILED`. */
  readonly status: string;
  readonly planTier: string;
  readonly statusReason?: string;
  readonly scheduledChange?: { readonly changeType: string; readonly effectiveDate: string };
}

export type ReadSubscription = (arn: string) => Promise<PlanSubscription>;

/** An error answer of PricingPlanManager, named as it names it (`AccessDeniedException`, …). */
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
 * PricingPlanManager's GetSubscription (`POST /v1/GetSubscription`, JSON, SigV4 with the signing
 * name `pricingplanmanager`, in us-east-1 only). Written by hand because the npm registry has no
 * AWS SDK client for PricingPlanManager and CloudFront's own API reports nothing of a
 * distribution's plan; the request is signed with the SDK's own signer and credential chain.
 */
export function pricingPlanManager(access: PricingPlanManagerAccess): ReadSubscription {
  const hostname = `pricingplanmanager.${CLOUDFRONT_REGION}.amazonaws.com`;
  const signer = new SignatureV4({ service: 'pricingplanmanager', region: CLOUDFRONT_REGION, credentials: access.credentials, sha256: access.sha256 });
  return async (arn) => {
    const body = JSON.stringify({ arn });
    const path = '/v1/GetSubscription';
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'https:',
      hostname,
      path,
      query: {},
      headers: { host: hostname, 'content-type': 'application/json' },
      body,
    });
    // fetch sets Host itself, to the same value.
    const { host: _host, ...headers } = signed.headers;
    const response = await access.fetch(`https://${hostname}${path}`, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(access.timeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as { subscription?: PlanSubscription; message?: string };
    if (!response.ok || answer.subscription === undefined) {
      const type = (response.headers.get('x-amzn-errortype') ?? `HTTP${response.status}`).split(':')[0]!;
      throw new PricingPlanManagerError(type, answer.message ?? `PricingPlanManager answered ${response.status}`);
    }
    return answer.subscription;
  };
}

/** The Free plan's subscription (lib/edge/pricing-plan-stack.ts), when the owner chose it: active, and not on its way out. */
export async function* pricingPlanChecks(read: ReadSubscription, stack: DeployedStack): AsyncGenerator<CheckResult> {
  for (const arn of stack.resources.get('AWS::PricingPlanManager::Subscription') ?? []) {
    const name = `Free plan subscription (${stack.name})`;
    const subscription = await read(arn);
    const tier = subscription.planTier;
    const change = subscription.scheduledChange;
    switch (subscription.status) {
      case 'ACTIVE':
        yield change === undefined
          ? ok(name, `ACTIVE, tier ${tier}`)
          : warn(name, `ACTIVE, tier ${tier}, ${change.changeType.toLowerCase()} scheduled for ${change.effectiveDate.slice(0, 10)}`, 'as planned when leaving the plan (README "Changing and removing"); else see the CloudFront console\'s pricing plan');
        break;
      case 'SYNC_IN_PROGRESS':
        yield warn(name, `SYNC_IN_PROGRESS, tier ${tier}: AWS is applying it`, 'run npm run verify again in a few minutes');
        break;
      case 'PENDING_APPROVAL':
        yield fail(name, `PENDING_APPROVAL, tier ${tier}: not in force`, 'a Free plan is active at once: see the CloudFront console\'s pricing plan, or deploy the PersonalSitePlan stack again');
        break;
      default:
        yield fail(
          name,
          `${subscription.status}${subscription.statusReason === undefined ? '' : `: ${subscription.statusReason}`}; the site runs on pay-as-you-go meanwhile`,
          'AWS refuses an account on the free account plan, and a fourth Free plan (README "An AWS account")',
        );
    }
  }
}
