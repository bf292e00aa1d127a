import { failureInWords } from '../aws-failure.js';
import { fail, ok, skip, warn, whatToDoAbout, type CheckResult } from './check.js';
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

/** Where AWS's model of FreeTier sends every call in the aws partition, how it is signed, and its `serviceId`. */
export const FREE_TIER_ENDPOINT = { url: 'https://freetier.us-east-1.api.aws', signingName: 'freetier', signingRegion: 'us-east-1', serviceId: 'FreeTier' } as const;

/**
 * FreeTier's GetAccountPlanState, as AWS's model describes it (awsJson1_0: `POST /` with the
 * operation in `X-Amz-Target`, an empty JSON object as input). Signed by hand because the npm
 * registry has no AWS SDK client for FreeTier.
 */
export function freeTier(access: SignedCallAccess): ReadAccountPlan {
  const call = signedJsonCall(access, FREE_TIER_ENDPOINT);
  return async () => {
    const answer = await call('/', { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AWSFreeTierService.GetAccountPlanState' }, '{}');
    if (!isAccountPlan(answer)) throw new AwsJsonError('HTTP200', 'FreeTier answered something that is not an account plan');
    return answer;
  };
}

/** The members the check reads, of the types the model gives them. */
function isAccountPlan(answer: unknown): answer is AccountPlan {
  if (typeof answer !== 'object' || answer === null) return false;
  const { accountPlanType, accountPlanStatus, accountPlanExpirationDate, accountPlanRemainingCredits: credits } = answer as Record<string, unknown>;
  const creditsRead =
    credits === undefined || (typeof credits === 'object' && credits !== null && typeof (credits as Record<string, unknown>).amount === 'number' && typeof (credits as Record<string, unknown>).unit === 'string');
  return typeof accountPlanType === 'string' && typeof accountPlanStatus === 'string' && ['undefined', 'string'].includes(typeof accountPlanExpirationDate) && creditsRead;
}

export const ACCOUNT_PLAN_CHECK = 'account plan';

/**
 * The account's plan: AWS closes an account on the free account plan when the plan ends (six
 * months after the account opened, or once its credits run out: README "An AWS account"), and
 * the site and its inbox go with it, so a site on one fails until it is upgraded. An account AWS
 * reports no plan for, or one whose plan may not be read, is skipped: the check reads what only
 * AWS's newer accounts have. Any other failure to read it is a warning: the site itself may be fine.
 */
export async function accountPlanCheck(read: ReadAccountPlan): Promise<CheckResult> {
  let plan: AccountPlan;
  try {
    plan = await read();
  } catch (error) {
    if (error instanceof AwsJsonError && error.name === 'ResourceNotFoundException') return skip(ACCOUNT_PLAN_CHECK, 'AWS reports no account plan for this account');
    if (error instanceof AwsJsonError && error.name === 'AccessDeniedException') return skip(ACCOUNT_PLAN_CHECK, 'your AWS identity may not read it (freetier:GetAccountPlanState): aws freetier get-account-plan-state, signed in as the account\'s administrator, says it');
    return warn(ACCOUNT_PLAN_CHECK, `could not check (${failureInWords(error)})`, whatToDoAbout(error));
  }
  if (plan.accountPlanType !== 'FREE') return ok(ACCOUNT_PLAN_CHECK, plan.accountPlanType);
  const ends = plan.accountPlanExpirationDate === undefined ? '' : `, ${plan.accountPlanStatus === 'EXPIRED' ? 'ended' : 'ending'} ${plan.accountPlanExpirationDate.slice(0, 10)}`;
  const credits = plan.accountPlanRemainingCredits === undefined ? '' : ` or once its ${plan.accountPlanRemainingCredits.amount.toFixed(2)} ${plan.accountPlanRemainingCredits.unit} of credits run out`;
  return fail(
    ACCOUNT_PLAN_CHECK,
    `FREE, ${plan.accountPlanStatus}${ends}: AWS closes the account when its free plan ends${credits}, and the site and its inbox with it`,
    'upgrade it to the paid plan: the Billing console, or aws freetier upgrade-account-plan --account-plan-type PAID (README "An AWS account")',
  );
}
