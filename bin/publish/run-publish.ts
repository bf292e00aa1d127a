import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CreateInvalidationCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload as MultipartUpload } from '@aws-sdk/lib-storage';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentSettings } from '../../lambdas/config.js';
import { agentFiles, writeAgentFiles } from '../../lib/pages/agent-files.js';
import { leftOutLine, printable, siteFiles, type SiteFiles } from '../../lib/pages/site-files.js';
import { describeError } from '../aws-failure.js';
import { deployNotes, type SiteNow } from './deploy-notes.js';
import { readDeployedSite, type DeployedSite } from './deployed-site.js';
import { invalidationPaths } from './invalidation-paths.js';
import { UPLOAD_PART_BYTES } from './object-etag.js';
import { PublishError } from './publish-error.js';
import { listBucket, planPublish, type PublishPlan, type Upload } from './publish-plan.js';

/** Everything `npm run publish` talks to, passed in. */
export interface PublishClients {
  /** In the stack's region (`--region`, AWS_REGION or the profile's). */
  readonly cloudFormation: CloudFormationClient;
  readonly cloudFront: CloudFrontClient;
  /** In the bucket's region, the stack's, known once the stack is read. */
  readonly s3: (region: string) => S3Client;
  /** A reference no earlier invalidation used (CloudFront refuses one it has seen with other paths). */
  readonly callerReference: () => string;
}

export interface PublishRequest {
  readonly stack: string;
  /** siteDir, absolute. */
  readonly folder: string;
  /** The site and its settings now, to compare with the deployment's. */
  readonly now: Omit<SiteNow, 'keys'>;
  /** What the site gets for agents (docs/api.md §16), as the deploy made it. */
  readonly agents: AgentSettings;
  readonly dryRun: boolean;
}

/** Uploads at once: enough to fill a home connection with small pages, few enough to stay under S3's request rates. */
const PARALLEL_UPLOADS = 4;

/** S3's DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * `npm run publish` (docs/api.md §10): siteDir's files as the deploy's upload would leave the
 * bucket (the same file rule, the same content types), the edge cache invalidated for what
 * changed, and a line for each change a deploy must make. Yields the lines to print; a failure
 * throws a PublishError, after invalidating whatever had been changed.
 */
export async function* publish(request: PublishRequest, clients: PublishClients): AsyncGenerator<string> {
  const site = siteFiles(request.folder);
  const leftOut = leftOutLine('siteDir', site);
  if (leftOut !== undefined) yield leftOut;
  if (site.files.size === 0) throw new PublishError(`siteDir (${request.folder}) publishes no file: build the site first; publishing an empty folder would empty the bucket`);

  const deployed = await readDeployedSite(clients, request.stack);
  const s3 = clients.s3(deployed.region);
  yield `${request.dryRun ? 'Would publish' : 'Publishing'} ${request.folder} to ${deployed.baseUrl ?? deployed.distributionId} (stack ${deployed.stack} in ${deployed.region}, bucket ${deployed.bucket})`;
  if (deployed.baseUrl === undefined) throw new PublishError(`the stack ${deployed.stack} has no BaseUrl output, which the sitemap's URLs start with: deploy once (npm run cdk -- deploy --all)`);
  const added = agentFiles(site, request.agents, deployed.baseUrl, 'siteDir');
  yield* added.notes;
  // What the service adds is made into files of their own, uploaded and compared as the folder's are.
  const scratch = mkdtempSync(join(tmpdir(), 'publish-agent-files-'));
  try {
    yield* publishFiles(request, clients, deployed, s3, withFiles(site, writeAgentFiles(added.files, scratch)));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The folder's files and the service's, as one site. */
function withFiles(site: SiteFiles, added: ReadonlyMap<string, string>): SiteFiles {
  return { files: new Map([...site.files, ...added]), leftOut: site.leftOut };
}

async function* publishFiles(request: PublishRequest, clients: PublishClients, deployed: DeployedSite, s3: S3Client, site: SiteFiles): AsyncGenerator<string> {
  const plan = await planPublish(site, await listBucket(s3, deployed.bucket, deployed.account));
  for (const upload of plan.uploads) yield `  upload      ${printable(upload.key)}  (${upload.change}, ${upload.contentType}, ${size(upload.size)})`;
  for (const key of plan.deletions) yield `  delete      ${printable(key)}`;
  const changed = [...plan.uploads.map((upload) => upload.key), ...plan.deletions];
  const paths = invalidationPaths(changed);
  if (paths.length > 0) yield `  invalidate  ${paths.join(' ')}`;
  for (const note of deployNotes(deployed, { ...request.now, keys: [...site.files.keys()] })) yield `deploy needed: ${note}`;

  if (request.dryRun) {
    yield `Dry run, nothing changed: ${counts(plan, false)}${paths.length === 0 ? '' : `, ${paths.length} path${paths.length === 1 ? '' : 's'} to invalidate`}.`;
    return;
  }
  if (changed.length === 0) {
    yield `Nothing to publish: the bucket holds siteDir's ${plan.unchanged} files as they are.`;
    return;
  }
  await apply(plan, s3, clients, deployed);
  let invalidation: string;
  try {
    invalidation = await createInvalidation(clients, deployed, paths);
  } catch (error) {
    throw new PublishError(`the files are published, but CloudFront refused the invalidation (${describeError(error)}): ${byHand(deployed)}`);
  }
  yield `Published: ${counts(plan, true)}; invalidation ${invalidation} of ${paths.length} path${paths.length === 1 ? '' : 's'} under way, usually done within a minute or two.`;
}

/**
 * The uploads, then the deletions. On a failure, what was changed is invalidated before the error
 * is told: a second publish finds those files as they should be, and would not invalidate them.
 */
async function apply(plan: PublishPlan, s3: S3Client, clients: PublishClients, deployed: DeployedSite): Promise<void> {
  const done: string[] = [];
  const owner = deployed.account === undefined ? {} : { ExpectedBucketOwner: deployed.account };
  try {
    await inParallel(plan.uploads, PARALLEL_UPLOADS, async (upload) => {
      await uploadFile(s3, deployed.bucket, owner, upload);
      done.push(upload.key);
    });
    for (let start = 0; start < plan.deletions.length; start += DELETE_BATCH) {
      const batch = plan.deletions.slice(start, start + DELETE_BATCH);
      const { Errors: errors = [] } = await s3.send(
        new DeleteObjectsCommand({ Bucket: deployed.bucket, ...owner, Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true } }),
      );
      const failed = new Set(errors.map((error) => error.Key));
      done.push(...batch.filter((key) => !failed.has(key)));
      const [first] = errors;
      if (first !== undefined) throw new PublishError(`S3 did not delete ${printable(first.Key ?? '?')} (${first.Code ?? 'an error'})`);
    }
  } catch (error) {
    const stopped = error instanceof PublishError ? error.message : describeError(error);
    let invalidated = '';
    if (done.length > 0) {
      try {
        invalidated = `, invalidation ${await createInvalidation(clients, deployed, invalidationPaths(done))} of those under way`;
      } catch {
        invalidated = `; ${byHand(deployed)}`;
      }
    }
    throw new PublishError(`${stopped}: ${done.length} of ${plan.uploads.length + plan.deletions.length} changes made${invalidated}; run npm run publish again, which makes the rest`);
  }
}

/**
 * One file, as `aws s3 sync` uploads it: in parts of UPLOAD_PART_BYTES from that size on (which
 * also takes a file past PutObject's 5 GiB), with the type the deploy's upload gives it, read as
 * a stream; a failed multipart upload is aborted, leaving no parts to pay for.
 */
async function uploadFile(s3: S3Client, bucket: string, owner: { ExpectedBucketOwner?: string }, upload: Upload): Promise<void> {
  await new MultipartUpload({
    client: s3,
    params: { Bucket: bucket, Key: upload.key, Body: createReadStream(upload.file), ContentType: upload.contentType, ...owner },
    partSize: UPLOAD_PART_BYTES,
    queueSize: 1,
    leavePartsOnError: false,
  }).done();
}

/** The id of an invalidation of these paths. */
async function createInvalidation(clients: PublishClients, deployed: DeployedSite, paths: readonly string[]): Promise<string> {
  const { Invalidation } = await clients.cloudFront.send(
    new CreateInvalidationCommand({
      DistributionId: deployed.distributionId,
      InvalidationBatch: { CallerReference: clients.callerReference(), Paths: { Quantity: paths.length, Items: [...paths] } },
    }),
  );
  return Invalidation?.Id ?? '(no id given)';
}

/** A second publish finds the changed files as they should be and invalidates nothing: how to clear the cache by hand. */
function byHand(deployed: DeployedSite): string {
  return `visitors may see cached pages for up to a day; aws cloudfront create-invalidation --distribution-id ${deployed.distributionId} --paths '/*' clears them`;
}

/**
 * Runs `work` on each item, `limit` at a time. After a failure it starts no more, waits for those
 * under way (so that what they changed is known), and rejects with the first failure.
 */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
}

function counts(plan: PublishPlan, made: boolean): string {
  return made
    ? `${plan.uploads.length} uploaded, ${plan.deletions.length} deleted, ${plan.unchanged} unchanged`
    : `${plan.uploads.length} to upload, ${plan.deletions.length} to delete, ${plan.unchanged} unchanged`;
}

/** 1.5 KiB, 12.0 MiB: a file's size as the lines print it. */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
