import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentialsSetUp, noRegionAdvice } from '../../../bin/aws-sign-in.js';

/* Whether AWS credentials are set up, as the owner's commands tell it when no region is set (docs/api.md §14, docs/verify.md). */

/** A home of its own, holding these files of ~/.aws, and no variable of the SDK's chain. */
function home(files: Record<string, string> = {}): NodeJS.ProcessEnv {
  const folder = mkdtempSync(join(tmpdir(), 'aws-home-'));
  for (const [name, text] of Object.entries(files)) {
    const file = join(folder, name);
    writeFileSync(file, text);
  }
  return { HOME: folder, AWS_SHARED_CREDENTIALS_FILE: join(folder, 'credentials'), AWS_CONFIG_FILE: join(folder, 'config') };
}

describe('credentialsSetUp', () => {
  it('finds none on a fresh machine, nor in files that hold only a region', () => {
    expect(credentialsSetUp(home())).toBe(false);
    expect(credentialsSetUp(home({ config: '[default]\nregion = eu-west-1\noutput = json\n' }))).toBe(false);
    expect(credentialsSetUp(home({ credentials: '[default]\n# aws_access_key_id = AKIA…\n' }))).toBe(false);
  });

  it.each([
    ['keys in the credentials file', { credentials: '[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = x\n' }],
    ['an SSO session in the config file', { config: '[profile ada]\nsso_session = ada\nregion = eu-west-1\n[sso-session ada]\nsso_start_url = https://ada.awsapps.com/start\n' }],
    ['an SSO profile of the older kind', { config: '[default]\n  sso_start_url = https://ada.awsapps.com/start\n' }],
    ['a credential process', { config: '[default]\ncredential_process = /usr/local/bin/creds\n' }],
    ['a role to assume', { config: '[profile deploy]\nrole_arn = arn:aws:iam::123456789012:role/deploy\nsource_profile = default\n' }],
    ['a console sign-in (aws login)', { config: '[default]\nlogin_session = arn:aws:iam::123456789012:user/ada\n' }],
  ])('finds %s', (_what, files) => {
    expect(credentialsSetUp(home(files))).toBe(true);
  });

  it.each(['AWS_ACCESS_KEY_ID', 'AWS_PROFILE', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_CONTAINER_CREDENTIALS_FULL_URI'])('finds %s set', (name) => {
    expect(credentialsSetUp({ ...home(), [name]: 'x' })).toBe(true);
  });
});

describe('noRegionAdvice', () => {
  it('asks for the region alone when credentials are set up', () => {
    expect(noRegionAdvice('npm run publish -- --region <region>', true)).toBe("give the stack's region: npm run publish -- --region <region>, or AWS_REGION, or a region in your AWS profile");
  });

  it('says in the same line that there are no credentials either, and the one command that asks for both', () => {
    expect(noRegionAdvice('--region', false)).toBe(
      "give the stack's region: --region, or AWS_REGION, or a region in your AWS profile; nor are AWS credentials set up here: aws configure asks for both (or aws configure sso, then aws sso login)",
    );
  });
});
