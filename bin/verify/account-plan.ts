import { CLOUDFRONT_REGION } from '../../lib/stack-names.js';
import { fail, ok, skip, type CheckResult } from './check.js';
import { AwsJsonError, signedJsonCall, type SignedCallAccess } from './signed-json-call.js';

/** The account's plan: the members of FreeTier's GetAccountPlanStateResponse the check reads (docs/verify.md). */
export interface AccountPlan {
  /** `FREE` or `PAID`. */
  readonly accountPlanType: string;
  /** `NOT_STARTED`, `ACTIVE` or `EXPIRED`. */
  readonly accountPlanStatus: string;
  readonly accountPlanExpirationDate?: string;
  readonly accountPlanRemainingCredits?: { readonly amount: number; readonly unit: string };
}

export type ReadAccountPlan = () => Promise<AccountPlan>;

/** Where AWS's model of FreeTier sends every call in the aws partition, and how it is signed. */
export const FREE_TIER_ENDPOINT = { url: `https://freetier.${CLOUDFRONT_REGION}.api.aws`, signingName: 'freetier', signingRegion: CLOUDFRONT_REGION } as const;

/**
 * FreeTier's GetAccountPlanState, as AWS's model describes it (awsJson1_0: `POST /` with the
 * operation in `X-Amz-Target`, an empty JSON object as input). Signed by hand because the npm
 * registry has no AWS SDK client for FreeTier.
 */
export function freeTier(access: SignedCallAccess): ReadAccountPlan {
  const call = signedJsonCall(access, FREE_TIER_ENDPOINT, 'FreeTier');
  return async () => {
    const answer = await call('/', { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSFreeTierService.GetAccountPlanState' }, '{}');
    if (!isAccountPlan(answer)) throw new AwsJsonError('HTTP200', 'FreeTier answered something that is not an account plan');
    return answer;
  };
}

function isAccountPlan(answer: unknown): answer is AccountPlan {
  if (typeof answer !== 'object' || answer === null) return false;
  const { accountPlanType, accountPlanStatus } = answer as Record<string, unknown>;
  return typeof accountPlanType === 'string' && typeof accountPlanStatus === 'string';
}

export const ACCOUNT_PLAN_CHECK = 'account plan';

/**
 * The account's plan: AWS closes an account on the free account plan when the plan ends (six
 * months after the account opened, or once its credits run out: README "An AWS account"), and
 * the site and its inbox go with it, so a site on one fails until it is upgraded. An account AWS
 * reports no plan for, or one whose plan may not be read, is skipped: the check reads what only
 * AWS's newer accounts have.
 */
export async function accountPlanCheck(read: ReadAccountPlan): Promise<CheckResult> {
  let plan: AccountPlan;
  try {
    plan = await read();
  } catch (error) {
    if (error instanceof AwsJsonError && error.name === 'ResourceNotFoundException') return skip(ACCOUNT_PLAN_CHECK, 'AWS reports no account plan for this account');
    if (error instanceof AwsJsonError && error.name === 'AccessDeniedException') return skip(ACCOUNT_PLAN_CHECK, 'your AWS identity may not read it (freetier:GetAccountPlanState): aws freetier get-account-plan-state, signed in as the account\'s administrator, says it');
    throw error;
  }
  if (plan.accountPlanType !== 'FREE') return ok(ACCOUNT_PLAN_CHECK, plan.accountPlanType);
  const ends = plan.accountPlanExpirationDate === undefined ? '' : `, ending ${plan.accountPlanExpirationDate.slice(0, 10)}`;
  const credits = plan.accountPlanRemainingCredits === undefined ? '' : ` or once its ${plan.accountPlanRemainingCredits.amount.toFixed(2)} ${plan.accountPlanRemainingCredits.unit} of credits run out`;
  return fail(
    ACCOUNT_PLAN_CHECK,
    `FREE, ${plan.accountPlanStatus}${ends}: AWS closes the account when its free plan ends${credits}, and the site and its inbox with it`,
    'upgrade it to the paid plan: the Billing console, or aws freetier upgrade-account-plan --account-plan-type PAID (README "An AWS account")',
  );
}
