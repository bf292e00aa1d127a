import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cdkProfile, cdkReachesAws, notSignedInReason, signInCheck } from '../../../bin/cdk/sign-in-check.js';
import { ERROR_CLASS_NAME } from '../../support/error-class-names.js';

/*
 * Whether `npm run cdk` finds AWS credentials before a subcommand that needs an account
 * (bin/cdk/sign-in-check.ts), as the CDK CLI would, and the words it stops with when none resolve.
 */

/** The variables that hand the SDK credentials or a profile, each set aside while a test runs. */
const SDK_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AMAZON_ACCESS_KEY_ID',
  'AMAZON_SECRET_ACCESS_KEY',
  'AWS_PROFILE',
  'AWS_DEFAULT_PROFILE',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_ENDPOINT_URL',
  'HOME',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_EC2_METADATA_DISABLED',
];
const saved = Object.fromEntries(SDK_VARIABLES.map((name) => [name, process.env[name]]));

/**
 * CloudFormation as it answers ListStacks for credentials it takes (the query protocol's XML): the
 * signed call the check makes once credentials resolve, which this machine cannot send to AWS.
 */
const cloudFormation = createServer((_request, response) =>
  response
    .writeHead(200, { 'Content-Type': 'text/xml' })
    .end('<ListStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><ListStacksResult><StackSummaries/></ListStacksResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></ListStacksResponse>'),
);
beforeAll(() => new Promise<void>((resolve) => cloudFormation.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise((resolve) => cloudFormation.close(resolve)));

/** A machine of its own: a home holding these AWS files, no variable of the SDK's chain, no instance metadata, CloudFormation answering. */
function machine(files: { config?: string; credentials?: string } = {}, variables: Record<string, string> = {}): void {
  const home = mkdtempSync(join(tmpdir(), 'cdk-sign-in-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home, name), text);
  for (const name of SDK_VARIABLES) delete process.env[name];
  const endpoint = `http://127.0.0.1:${(cloudFormation.address() as AddressInfo).port}`;
  Object.assign(
    process.env,
    { HOME: home, AWS_CONFIG_FILE: join(home, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials'), AWS_EC2_METADATA_DISABLED: 'true', AWS_ENDPOINT_URL: endpoint },
    variables,
  );
}

const KEYS = { AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const KEYS_PROFILE = '[ada]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n';

let warn: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('signInCheck', () => {
  it('finds none on a machine with nothing set up, and says how to set them up', async () => {
    machine();

    expect(await signInCheck(undefined, undefined)).toEqual({
      kind: 'not signed in',
      why: 'no AWS credentials found: set them up (aws configure, or aws configure sso, then aws sso login)',
    });
  });

  it.each<[string, () => void, string | undefined]>([
    ['keys in the environment', () => machine({}, KEYS), undefined],
    ['keys in the environment, the AMAZON_ names', () => machine({}, { AMAZON_ACCESS_KEY_ID: 'AKIA', AMAZON_SECRET_ACCESS_KEY: 'x' }), undefined],
    ['keys in the environment over AWS_PROFILE, as the CLI takes them', () => machine({}, { ...KEYS, AWS_PROFILE: 'nowhere' }), undefined],
    ['the default profile of the credentials file', () => machine({ credentials: KEYS_PROFILE.replace('[ada]', '[default]') }), undefined],
    ['the profile AWS_PROFILE names', () => machine({ credentials: KEYS_PROFILE }, { AWS_PROFILE: 'ada' }), undefined],
    ['the profile AWS_DEFAULT_PROFILE names', () => machine({ credentials: KEYS_PROFILE }, { AWS_DEFAULT_PROFILE: 'ada' }), undefined],
    ['the profile --profile names', () => machine({ credentials: KEYS_PROFILE }), 'ada'],
    ['the profile --profile names, keys in the environment aside', () => machine({ credentials: KEYS_PROFILE }, KEYS), 'ada'],
    ['a profile of the config file', () => machine({ config: KEYS_PROFILE.replace('[ada]', '[profile ada]') }), 'ada'],
  ])('is signed in with %s', async (_what, setUp, profile) => {
    setUp();

    expect(await signInCheck(profile, undefined)).toEqual({ kind: 'signed in' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('finds none for a profile that has none, though the environment has keys: --profile is what the CLI reads', async () => {
    machine({ config: '[profile ada]\nregion = eu-west-1\n' }, KEYS);

    expect(await signInCheck('ada', undefined)).toEqual({ kind: 'not signed in', why: 'no AWS credentials found for the profile ada: sign in (aws sso login, or aws configure)' });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each<[string, Record<string, string>, string | undefined]>([
    ['--profile', {}, 'ghost'],
    ['AWS_PROFILE', { AWS_PROFILE: 'ghost' }, undefined],
  ])('names a profile %s names that is in neither file', async (_where, variables, profile) => {
    machine({ credentials: KEYS_PROFILE }, variables);

    expect(await signInCheck(profile, undefined)).toEqual({
      kind: 'not signed in',
      why: 'there is no AWS profile ghost in your AWS config or credentials file: check --profile and AWS_PROFILE (aws configure list-profiles names them)',
    });
  });

  it('takes a container’s credentials where AWS_PROFILE names a profile in neither file, as the CLI’s chain goes on to them', async () => {
    const expiration = new Date(Date.now() + 3_600_000).toISOString();
    const container = createServer((_request, response) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ AccessKeyId: 'ASIAEXAMPLE', SecretAccessKey: 'x', Token: 't', Expiration: expiration })),
    );
    await new Promise<void>((resolve) => container.listen(0, '127.0.0.1', resolve));
    try {
      machine({}, { AWS_PROFILE: 'ghost', AWS_CONTAINER_CREDENTIALS_FULL_URI: `http://127.0.0.1:${(container.address() as AddressInfo).port}/credentials` });

      expect(await signInCheck(undefined, undefined)).toEqual({ kind: 'signed in' });
    } finally {
      container.close();
    }
  });

  it('quotes why an SSO profile has none: its session must be signed in again', async () => {
    machine({
      config:
        '[profile ada]\nsso_session = ada\nsso_account_id = 123456789012\nsso_role_name = deploy\nregion = eu-west-1\n[sso-session ada]\nsso_start_url = https://ada.awsapps.com/start\nsso_region = eu-west-1\n',
    });

    const check = await signInCheck('ada', undefined);

    expect(check).toEqual({
      kind: 'not signed in',
      why: expect.stringMatching(/^no AWS credentials found for the profile ada \(The SSO session token associated with profile=ada was not found or is invalid\. .*aws sso login.*\): sign in \(aws sso login, or aws configure\)$/),
    });
  });

  it('leaves a role that asks for an MFA code to the CLI, which prompts for it', async () => {
    machine({
      config: '[profile deploy]\nrole_arn = arn:aws:iam::123456789012:role/deploy\nsource_profile = ada\nmfa_serial = arn:aws:iam::123456789012:mfa/ada\n',
      credentials: KEYS_PROFILE,
    });

    expect(await signInCheck('deploy', 'eu-west-1')).toEqual({ kind: 'for the CLI to tell' });
  });

  it('leaves the CLI to find them when they take longer than the wait, and waits no longer', async () => {
    machine({ config: `[profile slow]\ncredential_process = sh -c 'sleep 1; echo "{\\"Version\\": 1, \\"AccessKeyId\\": \\"AKIA\\", \\"SecretAccessKey\\": \\"x\\"}"'\n` });

    const started = Date.now();
    expect(await signInCheck('slow', undefined, 300)).toEqual({ kind: 'for the CLI to tell' });
    expect(Date.now() - started).toBeLessThan(1_500);
    // The process goes on, as the CLI does its own look: let it end before the test's environment does.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });

  it('says that AWS did not answer, in the owner’s words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    machine({}, { ...KEYS, AWS_ENDPOINT_URL: `http://127.0.0.1:${port}` });

    expect(await signInCheck(undefined, 'eu-west-1')).toEqual({ kind: 'no answer', why: 'no answer from AWS (ECONNREFUSED)' });
  });

  it('finds none when the credential process fails', async () => {
    machine({ config: '[profile broken]\ncredential_process = false\n' });

    expect(await signInCheck('broken', undefined)).toEqual({ kind: 'not signed in', why: expect.stringMatching(/^no AWS credentials found for the profile broken: sign in/) });
  });
});

describe('cdkReachesAws', () => {
  it.each<[string, readonly string[], NodeJS.ProcessEnv, boolean]>([
    ['no proxy', ['--all'], {}, false],
    ['--proxy', ['--proxy', '--all'], {}, true],
    ['HTTPS_PROXY', [], { HTTPS_PROXY: 'http://proxy.example:3128' }, true],
    ['https_proxy', [], { https_proxy: 'http://proxy.example:3128' }, true],
    ['an empty HTTPS_PROXY', [], { HTTPS_PROXY: '' }, false],
  ])('with %s', (_case, options, env, reaches) => {
    expect(cdkReachesAws(options, env)).toBe(reaches);
  });
});

describe('cdkProfile', () => {
  it.each<[string | undefined, NodeJS.ProcessEnv, string | undefined]>([
    ['ada', { AWS_PROFILE: 'bob', AWS_DEFAULT_PROFILE: 'eve' }, 'ada'],
    [undefined, { AWS_PROFILE: 'bob', AWS_DEFAULT_PROFILE: 'eve' }, 'bob'],
    [undefined, { AWS_PROFILE: '', AWS_DEFAULT_PROFILE: 'eve' }, 'eve'],
    ['', {}, undefined],
    [undefined, {}, undefined],
  ])('takes --profile %j with %j: %j', (option, env, profile) => {
    expect(cdkProfile(option, env)).toBe(profile);
  });
});

describe('notSignedInReason', () => {
  const none = Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' });

  it.each<[string, unknown, string | undefined, boolean, string]>([
    ['nothing set up', none, undefined, false, 'no AWS credentials found: set them up (aws configure, or aws configure sso, then aws sso login)'],
    ['set up, none resolving', none, undefined, true, 'no AWS credentials found: sign in (aws sso login, or aws configure)'],
    ['for a profile', none, 'ada', true, 'no AWS credentials found for the profile ada: sign in (aws sso login, or aws configure)'],
    [
      'with the SDK’s reason',
      Object.assign(new Error('Token is expired\nsecond line'), { name: 'CredentialsProviderError' }),
      'ada',
      true,
      'no AWS credentials found for the profile ada (Token is expired): sign in (aws sso login, or aws configure)',
    ],
    [
      'an SSO portal nothing answers at',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { name: 'Error', code: 'ECONNREFUSED' }),
      'ada',
      true,
      'the AWS credentials could not be read (no answer from AWS (ECONNREFUSED)): sign in (aws sso login, or aws configure)',
    ],
    [
      'anything else, by its message',
      new TypeError('credential_process returned no Version'),
      undefined,
      true,
      'the AWS credentials could not be read (credential_process returned no Version): sign in (aws sso login, or aws configure)',
    ],
  ])('says %s in the owner’s words', (_case, error, profile, setUp, why) => {
    const said = notSignedInReason(error, profile, setUp);

    expect(said).toBe(why);
    expect(said).not.toMatch(ERROR_CLASS_NAME);
  });
});
