import { RegionInfo } from 'aws-cdk-lib/region-info';
import { senderDnsRecords, type SynthesizedStack } from './next-steps.js';

/** The profiles of the AWS config and credentials files, as the SDK's loadSharedConfigFiles reads them. */
export interface AwsConfigFiles {
  readonly configFile: Readonly<Record<string, Readonly<Record<string, string | undefined>> | undefined>>;
  readonly credentialsFile: Readonly<Record<string, Readonly<Record<string, string | undefined>> | undefined>>;
}

/** Where the CDK CLI found the region it hands the app as CDK_DEFAULT_REGION. */
export type RegionSource =
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'profile'; readonly profile: string }
  | { readonly kind: 'fallback' };

export interface RegionChoice {
  readonly region: string;
  readonly source: RegionSource;
}

/** What the CLI falls back to when nothing names a region, as the AWS CLI does. */
export const CDK_FALLBACK_REGION = 'us-east-1';

/** The variables the CDK CLI reads a region from, in its order (the AMAZON_ ones kept for old setups). */
const REGION_VARIABLES = ['AWS_REGION', 'AMAZON_REGION', 'AWS_DEFAULT_REGION', 'AMAZON_DEFAULT_REGION'] as const;

/**
 * The region the CDK CLI chooses, and where from, as aws-cdk 2.1148's `AwsCliCompatible.region()`
 * (@aws-cdk/toolkit-lib, lib/api/aws-auth/awscli-compatible.ts) does: the first of the variables
 * above that is set; then the region of the profile (`--profile`, else AWS_PROFILE, else
 * AWS_DEFAULT_PROFILE, else `default`) in the credentials file, then in the config file, then the
 * `default` profile's in each; then, on an EC2 instance, its metadata (IMDS), which this leaves
 * out (`reconciled` below names it); else us-east-1.
 */
export function cdkRegionChoice(env: Readonly<Record<string, string | undefined>>, files: AwsConfigFiles, profileOption?: string): RegionChoice {
  for (const name of REGION_VARIABLES) {
    const region = env[name];
    if (region) return { region, source: { kind: 'variable', name } };
  }
  const profile = profileOption || env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || 'default';
  for (const name of [profile, 'default']) {
    const region = files.credentialsFile[name]?.region ?? files.configFile[name]?.region;
    if (region) return { region, source: { kind: 'profile', profile: name } };
  }
  return { region: CDK_FALLBACK_REGION, source: { kind: 'fallback' } };
}

/**
 * The region the SDK's clients of `npm run verify`, `publish` and `inbox` resolve without
 * `--region` (@smithy/core's NODE_REGION_CONFIG_OPTIONS and loadConfig): AWS_REGION, else the
 * region of the profile AWS_PROFILE names (or `default`), the credentials file's over the config
 * file's; else none, and they stop with `no AWS region is set` (an EC2 instance's metadata aside).
 */
export function sdkRegion(env: Readonly<Record<string, string | undefined>>, files: AwsConfigFiles): string | undefined {
  if (env.AWS_REGION) return env.AWS_REGION;
  const profile = env.AWS_PROFILE || 'default';
  return files.credentialsFile[profile]?.region ?? files.configFile[profile]?.region ?? undefined;
}

/**
 * The lines `npm run synth` prints after its summary: the region the site stack was made for and
 * where it came from, the account, and, where it differs, the region the owner's other commands
 * would ask. `site` is the cloud assembly's site stack, whose region is the one the CLI chose;
 * `credentialsSetUp`, whether any are set up here (credentialsSetUp), says why it has no account.
 */
export function deployTargetLines(site: SynthesizedStack | undefined, choice: RegionChoice, commandsRegion: string | undefined, credentialsSetUp: boolean): string[] {
  if (site?.region === undefined) return [];
  const region = site.region;
  // The MAIL FROM's records synth lists name the region: a deploy elsewhere needs them listed again.
  const namesRegion = senderDnsRecords(site).some(({ text }) => text !== undefined);
  const lines = [`Region     ${region}, ${reconciled(choice, region, namesRegion)}`, ...regionNotes(region).map((note) => `           ${note}`)];
  if (commandsRegion !== region) {
    lines.push(
      `           npm run verify, publish and inbox ${commandsRegion === undefined ? 'find no region here' : `would ask ${commandsRegion}`} (they read AWS_REGION, then your AWS profile's): export AWS_REGION=${region}, or give them --region ${region}`,
    );
  }
  const unknown = credentialsSetUp
    ? "your AWS credentials named no account: AWS did not answer (this machine's network, a proxy) or refused them, or the profile in use has none (aws sts get-caller-identity tells which)"
    : 'no AWS credentials here';
  lines.push(
    site.account === undefined
      ? `Account    unknown: ${unknown}, so the template fits any account; the deploy uses its credentials' account`
      : `Account    ${site.account}, your AWS credentials'`,
  );
  return lines;
}

/**
 * What the deploy would meet in the region, from aws-cdk-lib's own facts of AWS's regions: one it
 * does not know (a typo, as `eu-west-9`); one of another partition than AWS's commercial one, where
 * the stack's us-east-1 parts (the certificate, the Free plan, the budget) are not; an opt-in
 * region, which AWS serves an account only once the account enabled it (AWS Account Management's
 * EnableRegion).
 */
export function regionNotes(region: string): string[] {
  if (!RegionInfo.regions.some((known) => known.name === region)) {
    return [`${region} is no AWS region aws-cdk-lib knows: a typo? (aws account list-regions lists your account's)`];
  }
  const { partition, isOptInRegion } = RegionInfo.get(region);
  if (partition !== 'aws') return [`${region} is in the ${partition} partition, not AWS's commercial one whose us-east-1 the stack's certificate, Free plan and budget need: pick another region`];
  if (isOptInRegion) {
    return [`${region} is an opt-in region: enable it for your account before the first bootstrap (aws account enable-region --region-name ${region}, minutes to hours), as AWS refuses every call there until then`];
  }
  return [];
}

/** How to deploy to another region than one the owner did not name by a variable. */
const ELSEWHERE = "to deploy elsewhere, aws configure set region <region> (your AWS profile's, which synth, deploy, verify, publish and inbox all read), or export AWS_REGION=<region> before each";

/**
 * Where the region came from, when the CLI's choice is the one worked out; otherwise the one place
 * left out (IMDS). `namesRegion`: whether DNS records synth lists name the region.
 */
function reconciled(choice: RegionChoice, region: string, namesRegion: boolean): string {
  if (choice.region !== region) return `from this EC2 instance's metadata, as the CDK CLI found it: ${ELSEWHERE}`;
  switch (choice.source.kind) {
    case 'variable':
      return `from ${choice.source.name}`;
    case 'profile':
      return `the region of your AWS profile ${choice.source.profile}: ${ELSEWHERE}`;
    case 'fallback':
      return `the CDK's fallback, because nothing named one (AWS_REGION, AWS_DEFAULT_REGION, or your AWS profile's region): ${ELSEWHERE}${namesRegion ? ", then run npm run synth again before you create the DNS records it lists, as the MAIL FROM's MX names the region" : ''}`;
  }
}
