import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The variables that hand the SDK's default chain its credentials, or say where it finds them. */
const CREDENTIAL_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_PROFILE', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_CONTAINER_CREDENTIALS_FULL_URI'] as const;

/** A line of the AWS config or credentials file that gives a profile its credentials, whichever way (keys, SSO, a process, a role). */
const CREDENTIAL_KEY = /^[ \t]*(aws_access_key_id|sso_session|sso_start_url|credential_process|role_arn|web_identity_token_file|login_session)[ \t]*=/m;

/**
 * Whether anything here sets up AWS credentials, as far as can be told without asking AWS or an
 * instance's metadata: a variable of the SDK's chain, or a profile with credentials in the files
 * the SDK reads (AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE, else those in ~/.aws). A command
 * that stops for want of a region says in the same line when there are none either, rather than
 * leave the owner to meet that on the next run.
 */
export function credentialsSetUp(env: NodeJS.ProcessEnv = process.env): boolean {
  if (CREDENTIAL_VARIABLES.some((name) => env[name])) return true;
  const home = env.HOME || env.USERPROFILE || homedir();
  const files = [env.AWS_SHARED_CREDENTIALS_FILE || join(home, '.aws', 'credentials'), env.AWS_CONFIG_FILE || join(home, '.aws', 'config')];
  return files.some((file) => {
    try {
      return CREDENTIAL_KEY.test(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}

/**
 * What to do when no region is set: give the stack's (`regionOption` names the command's own
 * option); and when no credentials are set up either, that too, since `aws configure` asks for both.
 */
export function noRegionAdvice(regionOption: string, signedIn = credentialsSetUp()): string {
  const region = `give the stack's region: ${regionOption}, or AWS_REGION, or a region in your AWS profile`;
  return signedIn ? region : `${region}; nor are AWS credentials set up here: aws configure asks for both (or aws configure sso, then aws sso login)`;
}
