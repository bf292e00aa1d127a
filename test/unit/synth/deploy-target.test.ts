import { describe, expect, it } from '@jest/globals';
import { S3Client } from '@aws-sdk/client-s3';
import { loadSharedConfigFiles } from '@smithy/core/config';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cdkRegionChoice, deployTargetLines, sdkRegion, type AwsConfigFiles } from '../../../bin/synth/deploy-target.js';
import type { SynthesizedStack } from '../../../bin/synth/next-steps.js';

/*
 * The region and account `npm run synth` names (bin/synth/deploy-target.ts): where the CDK CLI
 * found the region, as aws-cdk's AwsCliCompatible.region() looks, and where the owner's other
 * commands would look, as the SDK's region chain does.
 */

const CDK_CLI = fileURLToPath(new URL('../../../node_modules/.bin/cdk', import.meta.url));

/** A folder holding an AWS config and credentials file with these texts, and the variables that name them. */
function awsFolder(config: string, credentials = ''): { folder: string; variables: Record<string, string> } {
  const folder = mkdtempSync(join(tmpdir(), 'aws-files-'));
  writeFileSync(join(folder, 'config'), config);
  writeFileSync(join(folder, 'credentials'), credentials);
  return { folder, variables: { HOME: folder, AWS_CONFIG_FILE: join(folder, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(folder, 'credentials') } };
}

/** The AWS config and credentials files with these texts, read as the SDK and the CDK CLI read them. */
async function awsFiles(config: string, credentials = ''): Promise<AwsConfigFiles> {
  const { folder } = awsFolder(config, credentials);
  return loadSharedConfigFiles({ configFilepath: join(folder, 'config'), filepath: join(folder, 'credentials'), ignoreCache: true });
}

/** The region the CDK CLI itself hands an app (CDK_DEFAULT_REGION), in this environment and nothing of this machine's. */
function cdkCliRegion(env: Record<string, string>, args: readonly string[] = []): string | undefined {
  const app = 'node -e "console.error(\'CDK_DEFAULT_REGION=\' + process.env.CDK_DEFAULT_REGION); process.exit(1)"';
  const run = spawnSync(CDK_CLI, ['synth', '-q', '-a', app, ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'cdk-app-')),
    env: { PATH: process.env.PATH, AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return /CDK_DEFAULT_REGION=(\S+)/.exec(run.stderr)?.[1];
}

/** The region the SDK's own chain resolves for a client given none, in this environment alone. */
async function sdkChainRegion(env: Record<string, string>): Promise<string | undefined> {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (/^AWS_|^AMAZON_/.test(name)) delete process.env[name];
  Object.assign(process.env, { AWS_EC2_METADATA_DISABLED: 'true' }, env);
  const client = new S3Client({});
  try {
    return await client.config.region();
  } catch {
    return undefined;
  } finally {
    client.destroy();
    process.env = saved;
  }
}

const NO_FILES: AwsConfigFiles = { configFile: {}, credentialsFile: {} };

describe('the region the CDK CLI chooses', () => {
  it.each<[string, Record<string, string>, string, string]>([
    ['AWS_REGION before every other', { AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'eu-west-2' }, 'eu-west-1', 'AWS_REGION'],
    ['AWS_DEFAULT_REGION, which the SDK does not read', { AWS_DEFAULT_REGION: 'eu-west-2' }, 'eu-west-2', 'AWS_DEFAULT_REGION'],
    ['the old AMAZON_REGION before AWS_DEFAULT_REGION', { AMAZON_REGION: 'ap-south-1', AWS_DEFAULT_REGION: 'eu-west-2' }, 'ap-south-1', 'AMAZON_REGION'],
    ['an empty variable as unset', { AWS_REGION: '', AWS_DEFAULT_REGION: 'eu-west-2' }, 'eu-west-2', 'AWS_DEFAULT_REGION'],
  ])('is %s', (_what, env, region, name) => {
    expect(cdkRegionChoice(env, NO_FILES)).toEqual({ region, source: { kind: 'variable', name } });
  });

  it('is the named profile’s region, read from the config file as its [profile …] section', async () => {
    const files = await awsFiles('[default]\nregion = eu-west-3\n\n[profile work]\nregion = eu-north-1\n');
    expect(cdkRegionChoice({ AWS_PROFILE: 'work' }, files)).toEqual({ region: 'eu-north-1', source: { kind: 'profile', profile: 'work' } });
    expect(cdkRegionChoice({ AWS_PROFILE: 'work' }, files, 'default')).toEqual({ region: 'eu-west-3', source: { kind: 'profile', profile: 'default' } });
    expect(cdkRegionChoice({ AWS_DEFAULT_PROFILE: 'work' }, files)).toEqual({ region: 'eu-north-1', source: { kind: 'profile', profile: 'work' } });
  });

  it('takes the credentials file’s region of a profile before the config file’s', async () => {
    const files = await awsFiles('[profile work]\nregion = eu-north-1\n', '[work]\nregion = sa-east-1\n');
    expect(cdkRegionChoice({ AWS_PROFILE: 'work' }, files).region).toBe('sa-east-1');
  });

  it('falls back to the default profile’s region when the named one has none', async () => {
    const files = await awsFiles('[default]\nregion = eu-west-3\n\n[profile work]\noutput = json\n');
    expect(cdkRegionChoice({ AWS_PROFILE: 'work' }, files)).toEqual({ region: 'eu-west-3', source: { kind: 'profile', profile: 'default' } });
  });

  it('is us-east-1 when nothing names one', async () => {
    expect(cdkRegionChoice({}, await awsFiles('[profile work]\noutput = json\n'))).toEqual({ region: 'us-east-1', source: { kind: 'fallback' } });
  });
});

describe('the region worked out, held to the CDK CLI’s and the SDK’s own answers', () => {
  const cases: Array<[string, string, string, Record<string, string>, string[]]> = [
    ['AWS_DEFAULT_REGION alone', '', '', { AWS_DEFAULT_REGION: 'eu-west-2' }, []],
    ['a named profile’s region', '[default]\nregion = eu-west-3\n\n[profile work]\nregion = eu-north-1\n', '', { AWS_PROFILE: 'work' }, []],
    ['a named profile without one', '[default]\nregion = eu-west-3\n\n[profile work]\noutput = json\n', '', { AWS_PROFILE: 'work' }, []],
    ['the credentials file’s before the config file’s', '[default]\nregion = eu-west-3\n', '[default]\nregion = sa-east-1\n', {}, []],
    ['--profile', '[default]\nregion = eu-west-3\n\n[profile work]\nregion = eu-north-1\n', '', {}, ['--profile', 'work']],
    ['nothing', '', '', {}, []],
  ];

  it.each(cases)('%s', async (_what, config, credentials, env, args) => {
    const { variables } = awsFolder(config, credentials);
    const files = await awsFiles(config, credentials);
    const profile = args[0] === '--profile' ? args[1] : undefined;
    expect(cdkRegionChoice(env, files, profile).region).toBe(cdkCliRegion({ ...variables, ...env }, args));
    if (profile === undefined) expect(sdkRegion(env, files)).toBe(await sdkChainRegion({ ...variables, ...env }));
  }, 60_000);
});

describe('the region the owner’s other commands read', () => {
  it('is AWS_REGION, then the profile’s, never AWS_DEFAULT_REGION nor the default profile for a named one', async () => {
    const files = await awsFiles('[default]\nregion = eu-west-3\n\n[profile work]\nregion = eu-north-1\n\n[profile bare]\noutput = json\n');
    expect(sdkRegion({ AWS_REGION: 'eu-west-1', AWS_PROFILE: 'work' }, files)).toBe('eu-west-1');
    expect(sdkRegion({ AWS_PROFILE: 'work' }, files)).toBe('eu-north-1');
    expect(sdkRegion({}, files)).toBe('eu-west-3');
    expect(sdkRegion({ AWS_PROFILE: 'bare' }, files)).toBeUndefined();
    expect(sdkRegion({ AWS_DEFAULT_REGION: 'eu-west-2' }, NO_FILES)).toBeUndefined();
  });
});

describe('the lines synth prints after its summary', () => {
  const site = (region: string, account?: string): SynthesizedStack => ({ name: 'PersonalSite', region, ...(account === undefined ? {} : { account }), template: {} });

  it('name the region and where it came from, and the account of the credentials', () => {
    expect(deployTargetLines(site('eu-west-1', '123456789012'), { region: 'eu-west-1', source: { kind: 'variable', name: 'AWS_REGION' } }, 'eu-west-1', true)).toEqual([
      'Region     eu-west-1, from AWS_REGION',
      "Account    123456789012, your AWS credentials'",
    ]);
  });

  it('say that us-east-1 is the CDK’s fallback, how to choose another, and that the other commands need one named', () => {
    expect(deployTargetLines(site('us-east-1'), { region: 'us-east-1', source: { kind: 'fallback' } }, undefined, false)).toEqual([
      "Region     us-east-1, the CDK's fallback, because nothing named one (AWS_REGION, AWS_DEFAULT_REGION, or your AWS profile's region): to deploy elsewhere, aws configure set region <region> (your AWS profile's, which synth, deploy, verify, publish and inbox all read), or export AWS_REGION=<region> before each",
      "           npm run verify, publish and inbox find no region here (they read AWS_REGION, then your AWS profile's): export AWS_REGION=us-east-1, or give them --region us-east-1",
      "Account    unknown: no AWS credentials here, so the template fits any account; the deploy uses its credentials' account",
    ]);
  });

  it('with the fallback, say to synth again before creating the DNS records it lists only where it lists some that name the region', () => {
    const mailFrom = { 'Fn::Join': ['', ['mail.example.com MX 10 feedback-smtp.', { Ref: 'AWS::Region' }, '.amazonses.com']] };
    const dkim = { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Identity', 'DkimDNSTokenName1'] }, ' CNAME ', { 'Fn::GetAtt': ['Identity', 'DkimDNSTokenValue1'] }]] };
    const regionLine = (outputs: Record<string, { Value: unknown }>) =>
      deployTargetLines({ ...site('us-east-1'), template: { Outputs: outputs } }, { region: 'us-east-1', source: { kind: 'fallback' } }, 'us-east-1', true)[0];

    expect(regionLine({ SenderDnsRecord1: { Value: mailFrom }, SenderDnsRecord2: { Value: dkim } })).toMatch(
      /before each, then run npm run synth again before you create the DNS records it lists, as the MAIL FROM's MX names the region$/,
    );
    expect(regionLine({ SenderDnsRecord1: { Value: dkim } })).toMatch(/before each$/);
  });

  it('say which profile’s region it is, and where the other commands would look elsewhere', () => {
    expect(deployTargetLines(site('eu-north-1'), { region: 'eu-north-1', source: { kind: 'profile', profile: 'work' } }, 'eu-west-3', true)).toEqual([
      "Region     eu-north-1, the region of your AWS profile work: to deploy elsewhere, aws configure set region <region> (your AWS profile's, which synth, deploy, verify, publish and inbox all read), or export AWS_REGION=<region> before each",
      "           npm run verify, publish and inbox would ask eu-west-3 (they read AWS_REGION, then your AWS profile's): export AWS_REGION=eu-north-1, or give them --region eu-north-1",
      "Account    unknown: your AWS credentials named no account: AWS did not answer (this machine's network, a proxy) or refused them, or the profile in use has none (aws sts get-caller-identity tells which), so the template fits any account; the deploy uses its credentials' account",
    ]);
  });

  it('say what the deploy would meet in a region unknown, of another partition, or opt-in, and nothing of a common one', () => {
    const lines = (region: string) => deployTargetLines(site(region), { region, source: { kind: 'variable', name: 'AWS_REGION' } }, region, false).slice(1, -1);
    expect(lines('eu-west-9')).toEqual(["           eu-west-9 is no AWS region aws-cdk-lib knows: a typo? (aws account list-regions lists your account's)"]);
    expect(lines('eu-south-1')).toEqual([
      '           eu-south-1 is an opt-in region: enable it for your account before the first bootstrap (aws account enable-region --region-name eu-south-1, minutes to hours), as AWS refuses every call there until then',
    ]);
    expect(lines('cn-north-1')).toEqual([
      "           cn-north-1 is in the aws-cn partition, not AWS's commercial one whose us-east-1 the stack's certificate, Free plan and budget need: pick another region",
    ]);
    for (const region of ['eu-west-1', 'us-east-1', 'ap-southeast-2', 'eu-central-1']) expect(lines(region)).toEqual([]);
  });

  it('name the instance’s metadata for a region nothing else gave, and nothing for a stack without one', () => {
    expect(deployTargetLines(site('ap-southeast-2'), { region: 'us-east-1', source: { kind: 'fallback' } }, 'ap-southeast-2', true)[0]).toBe(
      "Region     ap-southeast-2, from this EC2 instance's metadata, as the CDK CLI found it: to deploy elsewhere, aws configure set region <region> (your AWS profile's, which synth, deploy, verify, publish and inbox all read), or export AWS_REGION=<region> before each",
    );
    expect(deployTargetLines(undefined, { region: 'us-east-1', source: { kind: 'fallback' } }, undefined, false)).toEqual([]);
  });
});
