import { CloudFormationClient, CreateStackCommand, DescribeStacksCommand, UpdateStackCommand } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient, CreateDistributionCommand, CreateOriginAccessControlCommand } from '@aws-sdk/client-cloudfront';
import { PutBucketLifecycleConfigurationCommand, PutBucketVersioningCommand, S3Client } from '@aws-sdk/client-s3';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/origin-verify.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { KEPT_VERSION_DAYS } from '../../lib/pages/kept-versions.js';
import { SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { STACK_NAMES } from '../../lib/stack-names.js';
import type { MotoServer } from './moto-server.js';

/** A site stack with siteDir as moto holds it. */
export interface MotoSite {
  readonly region: string;
  /** Its pages bucket, named by CloudFormation as a deploy's is. */
  readonly bucket: string;
  readonly distributionId: string;
  /** An S3 client of moto's, in the stack's region, to look at the bucket as another tool would. */
  readonly s3: S3Client;
  readonly cloudFront: CloudFrontClient;
}

/** The pages bucket as the site stack declares it (lib/pages/site-pages-origin.ts). */
const PAGES_BUCKET = 'FrontDoorPagesBucketC4C071F3';

/** What the deploy's template holds of the site stack that `npm run publish` reads: the bucket, and the outputs lib/site-outputs.ts names. */
function siteTemplate(): string {
  const parameter = { Type: 'String' };
  return JSON.stringify({
    Parameters: { DistributionId: parameter, BaseUrl: parameter, SettingsDigest: parameter, FormPageDigest: parameter, OwnLlmsTxtDigest: parameter, SiteDocuments: parameter },
    Resources: {
      [PAGES_BUCKET]: {
        Type: 'AWS::S3::Bucket',
        Properties: {
          BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
          VersioningConfiguration: { Status: 'Enabled' },
        },
      },
    },
    Outputs: {
      [SITE_OUTPUTS.baseUrl]: { Value: { Ref: 'BaseUrl' } },
      [SITE_OUTPUTS.distributionId]: { Value: { Ref: 'DistributionId' } },
      [SITE_OUTPUTS.siteBucket]: { Value: { Ref: PAGES_BUCKET } },
      [SITE_OUTPUTS.settingsDigest]: { Value: { Ref: 'SettingsDigest' } },
      [SITE_OUTPUTS.formPageDigest]: { Value: { Ref: 'FormPageDigest' } },
      [SITE_OUTPUTS.ownLlmsTxtDigest]: { Value: { Ref: 'OwnLlmsTxtDigest' } },
      [SITE_OUTPUTS.siteDocuments]: { Value: { Ref: 'SiteDocuments' } },
    },
  });
}

/**
 * The site stack deployed into moto as a deploy makes it, in `region`: CloudFormation creates the
 * stack and its pages bucket, whose outputs name it and the distribution; the distribution serves
 * the bucket through origin access control and sends the API the front door's `X-Origin-Verify`,
 * and answers a missing page with `/404.html` when `notFoundPage`. moto's CloudFormation makes a
 * bucket without its versioning or lifecycle, so they are set as the template says; and moto's
 * CloudFront keeps no function on a distribution (bin/publish then says the function is not this
 * project's, which the mocked tests cover). What llms.txt took in and linked of the pages is, unless
 * said, as a folder with a home page and nothing added for agents makes it: no llms.txt, `home`.
 */
export async function deploySiteToMoto(
  moto: MotoServer,
  region: string,
  settings: { settingsDigest: string; formPageDigest: string; ownLlmsTxtDigest?: string; siteDocuments?: string; notFoundPage?: boolean },
): Promise<MotoSite> {
  const config = { endpoint: moto.endpoint, region, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } };
  const cloudFormation = new CloudFormationClient(config);
  const cloudFront = new CloudFrontClient({ ...config, region: 'us-east-1' });
  const s3 = new S3Client(config);
  const parameters = (distributionId: string, baseUrl: string) =>
    Object.entries({
      DistributionId: distributionId,
      BaseUrl: baseUrl,
      SettingsDigest: settings.settingsDigest,
      FormPageDigest: settings.formPageDigest,
      OwnLlmsTxtDigest: settings.ownLlmsTxtDigest ?? 'none',
      SiteDocuments: settings.siteDocuments ?? 'home',
    }).map(
      ([ParameterKey, ParameterValue]) => ({ ParameterKey, ParameterValue }),
    );
  await cloudFormation.send(new CreateStackCommand({ StackName: STACK_NAMES.site, TemplateBody: siteTemplate(), Parameters: parameters('none yet', 'none yet') }));
  const bucket = await stackOutput(cloudFormation, SITE_OUTPUTS.siteBucket);
  await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
  await s3.send(
    new PutBucketLifecycleConfigurationCommand({
      Bucket: bucket,
      LifecycleConfiguration: {
        Rules: [
          {
            ID: 'KeptVersions',
            Status: 'Enabled',
            Filter: { Prefix: '' },
            NoncurrentVersionExpiration: { NoncurrentDays: KEPT_VERSION_DAYS },
            Expiration: { ExpiredObjectDeleteMarker: true },
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          },
        ],
      },
    }),
  );

  const { OriginAccessControl } = await cloudFront.send(
    new CreateOriginAccessControlCommand({
      OriginAccessControlConfig: { Name: `${STACK_NAMES.site}-${region}-pages`, SigningProtocol: 'sigv4', SigningBehavior: 'always', OriginAccessControlOriginType: 's3' },
    }),
  );
  const { Distribution } = await cloudFront.send(
    new CreateDistributionCommand({
      DistributionConfig: {
        CallerReference: `${STACK_NAMES.site}-${region}`,
        Comment: `${STACK_NAMES.site} front door`,
        Enabled: true,
        DefaultRootObject: 'index.html',
        Origins: {
          Quantity: 2,
          Items: [
            { Id: 'pages', DomainName: `${bucket}.s3.${region}.amazonaws.com`, S3OriginConfig: { OriginAccessIdentity: '' }, OriginAccessControlId: OriginAccessControl!.Id! },
            {
              Id: 'api',
              DomainName: `a1b2c3d4e5.execute-api.${region}.amazonaws.com`,
              CustomOriginConfig: { HTTPPort: 80, HTTPSPort: 443, OriginProtocolPolicy: 'https-only' },
              CustomHeaders: { Quantity: 1, Items: [{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: 'the-front-doors-secret' }] },
            },
          ],
        },
        DefaultCacheBehavior: { TargetOriginId: 'pages', ViewerProtocolPolicy: 'redirect-to-https', CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6' },
        ...(settings.notFoundPage === true
          ? { CustomErrorResponses: { Quantity: 1, Items: [{ ErrorCode: 404, ResponseCode: '404', ResponsePagePath: `/${NOT_FOUND_PAGE}` }] } }
          : {}),
      },
    }),
  );
  await cloudFormation.send(
    new UpdateStackCommand({ StackName: STACK_NAMES.site, TemplateBody: siteTemplate(), Parameters: parameters(Distribution!.Id!, `https://${Distribution!.DomainName!}`) }),
  );
  return { region, bucket, distributionId: Distribution!.Id!, s3, cloudFront };
}

async function stackOutput(cloudFormation: CloudFormationClient, key: string): Promise<string> {
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: STACK_NAMES.site }));
  const value = Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === key)?.OutputValue;
  if (value === undefined) throw new Error(`moto's stack has no ${key} output`);
  return value;
}
