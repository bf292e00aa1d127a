import { CloudFormationClient, ListStacksCommand } from '@aws-sdk/client-cloudformation';
import { loadSharedConfigFiles } from '@smithy/core/config';
import { awsFailure, errorParts, failureInWords } from '../aws-failure.js';
import { credentialsSetUp } from '../aws-sign-in.js';
import { cdkRegionChoice } from '../synth/deploy-target.js';

/**
 * How long the credentials may take to resolve before the CLI is left to find them itself: an
 * EC2 instance's metadata answers in a second, and an SSO token is refreshed in one call.
 */
export const SIGN_IN_WAIT_MS = 5_000;

/** The profile the CDK CLI takes its credentials from: `--profile`, else AWS_PROFILE, else AWS_DEFAULT_PROFILE; else the SDK's chain's own. */
export function cdkProfile(profileOption: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return profileOption || env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || undefined;
}

export type SignIn =
  | { readonly kind: 'signed in' }
  /** Time ran out, or the profile's role asks for an MFA code, which the CLI prompts for. */
  | { readonly kind: 'for the CLI to tell' }
  /** Credentials resolved, and AWS did not answer the look at them; `why`, in the owner's words. */
  | { readonly kind: 'no answer'; readonly why: string }
  /** `why`: what is missing and what to do, in the owner's words, for a line of its own. */
  | { readonly kind: 'not signed in'; readonly why: string };

/**
 * Whether AWS credentials resolve as the CDK CLI would resolve them (aws-cdk 2.1148's
 * `AwsCliCompatible.credentialChainBuilder`, @aws-cdk/toolkit-lib): keys in the environment
 * first, unless `--profile` names a profile; else the AWS SDK's default chain for the profile, in
 * the region the CLI would choose (a role is assumed through STS there). The chain is a client's
 * own (`config.credentials`), as this project's dependencies hold the SDK's clients, not
 * @aws-sdk/credential-providers; its one warning, of a profile and keys both set, goes to a
 * logger that drops it, so that a failure stays one line. Credentials that resolve are then shown
 * to AWS once (acceptedByAws).
 */
export async function signInCheck(profileOption: string | undefined, regionOption: string | undefined, wait = SIGN_IN_WAIT_MS): Promise<SignIn> {
  const env = process.env;
  const profile = cdkProfile(profileOption, env);
  const files = await loadSharedConfigFiles({ ignoreCache: true });
  const region = regionOption ?? cdkRegionChoice(env, files, profile).region;
  const accessKeyId = env.AWS_ACCESS_KEY_ID || env.AMAZON_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY || env.AMAZON_SECRET_ACCESS_KEY;
  if (profileOption === undefined && accessKeyId && secretAccessKey) {
    const sessionToken = env.AWS_SESSION_TOKEN || env.AMAZON_SESSION_TOKEN;
    const keys = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    return withinWait(new CloudFormationClient({ region, credentials: keys, logger: SILENT }), wait, (client) => acceptedByAws(client));
  }
  const noSuchProfile: SignIn | undefined =
    profile !== undefined && files.configFile[profile] === undefined && files.credentialsFile[profile] === undefined
      ? { kind: 'not signed in', why: `there is no AWS profile ${profile} in your AWS config or credentials file: check --profile and AWS_PROFILE (aws configure list-profiles names them)` }
      : undefined;
  // The CLI reads --profile's from the files alone; AWS_PROFILE's chain goes on to a token file, a container's or an instance's credentials.
  if (profileOption && noSuchProfile !== undefined) return noSuchProfile;
  const client = new CloudFormationClient({ region, ...(profile === undefined ? {} : { profile }), logger: SILENT });
  return withinWait(client, wait, () =>
    client.config.credentials().then(
      () => acceptedByAws(client),
      (error: unknown): SignIn =>
        /multi-factor/i.test(errorParts(error).message) ? { kind: 'for the CLI to tell' } : (noSuchProfile ?? { kind: 'not signed in', why: notSignedInReason(error, profile) }),
    ),
  );
}

/** What `check` finds of the client's credentials, or that the CLI is left to tell once `wait` is up; the client is done with either way. */
async function withinWait(client: CloudFormationClient, wait: number, check: (client: CloudFormationClient) => Promise<SignIn>): Promise<SignIn> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<SignIn>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'for the CLI to tell' }), wait);
  });
  try {
    return await Promise.race([check(client), timeUp]);
  } finally {
    clearTimeout(timer);
    client.destroy();
  }
}

/**
 * Whether AWS takes the credentials that resolved: keys typed wrong, or a session that expired,
 * resolve as well as good ones, and the CLI would bundle every function before it asked AWS whose
 * they are and printed only `Unable to resolve AWS account to use`. One signed call tells; any
 * answer but a refusal of the credentials themselves (an action denied, a throttle) leaves the CLI
 * to go on and tell. No answer at all is said as it is (cdkReachesAws tells whether the CLI may
 * still reach AWS), since then too the CLI's line names neither the network nor AWS.
 */
async function acceptedByAws(client: CloudFormationClient): Promise<SignIn> {
  try {
    await client.send(new ListStacksCommand({}));
  } catch (error) {
    const failure = awsFailure(error);
    if (failure === 'refused credentials') return { kind: 'not signed in', why: `${failureInWords(error)}: sign in again (aws sso login, or aws configure)` };
    if (failure === 'unreachable') return { kind: 'no answer', why: failureInWords(error) };
  }
  return { kind: 'signed in' };
}

/**
 * Whether the CLI may reach AWS where the look at the credentials did not: through the proxy of its
 * `--proxy` option, or of HTTPS_PROXY, which it reads without one; the SDK's clients read neither.
 */
export function cdkReachesAws(options: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return options.includes('--proxy') || Boolean(env.HTTPS_PROXY || env.https_proxy);
}

/** The chain's last word when no provider found anything, which says no more than that. */
const NONE_FOUND = /^Could not load credentials from any providers/;

/**
 * Why no credentials resolved: none found (for the profile; the SDK's reason, such as an SSO
 * session that expired, where it gave one), and how to sign in, or to set them up when nothing
 * here does (`credentialsSetUp`); or why they could not be read, in the owner's words.
 */
export function notSignedInReason(error: unknown, profile: string | undefined, setUp = credentialsSetUp()): string {
  const reason = errorParts(error).message.split('\n')[0]?.trim() ?? '';
  const what =
    awsFailure(error) === 'no credentials'
      ? `${failureInWords(error)}${profile === undefined ? '' : ` for the profile ${profile}`}${reason === '' || NONE_FOUND.test(reason) ? '' : ` (${reason})`}`
      : `the AWS credentials could not be read (${failureInWords(error)})`;
  return `${what}: ${setUp ? 'sign in (aws sso login, or aws configure)' : 'set them up (aws configure, or aws configure sso, then aws sso login)'}`;
}

const SILENT = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
