import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { CLOUDFRONT_REGION } from '../../lib/stack-names.js';
import type { PublishClients } from './run-publish.js';

/** Each call is tried three times at most; a socket idle this long is given up (an upload in progress is never idle). */
const CALL_LIMITS = { maxAttempts: 3, requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 } } as const;

/**
 * The clients `npm run publish` talks to AWS with, in the stack's region (`--region`, else the
 * SDK's: AWS_REGION, the profile's), and `destroy` to close them all. Endpoints, credentials and
 * the rest are the SDK's own configuration: AWS_ENDPOINT_URL points every client at an emulator
 * (the wire tests' moto), and at an address such as 127.0.0.1 S3's endpoint rules address the
 * bucket in the path, so no setting here changes what is sent to AWS.
 */
export function publishClients(region: string | undefined): PublishClients & { destroy(): void } {
  const made: Array<{ destroy(): void }> = [];
  const client = <T extends { destroy(): void }>(one: T) => (made.push(one), one);
  const inRegion = region === undefined ? {} : { region };
  return {
    cloudFormation: client(new CloudFormationClient({ ...CALL_LIMITS, ...inRegion })),
    cloudFront: client(new CloudFrontClient({ ...CALL_LIMITS, region: CLOUDFRONT_REGION })),
    s3: (stackRegion) => client(new S3Client({ ...CALL_LIMITS, region: stackRegion })),
    callerReference: () => `npm-run-publish-${randomUUID()}`,
    destroy: () => made.forEach((one) => one.destroy()),
  };
}
