import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload as MultipartUpload } from '@aws-sdk/lib-storage';
import { createReadStream, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentSettings } from '../../lambdas/config.js';
import { pagesWithoutHtml } from '../../lib/edge/front-door-function.js';
import { agentFiles, folderDocuments, writeAgentFiles } from '../../lib/pages/agent-files.js';
import { KEPT_VERSION_DAYS } from '../../lib/pages/kept-versions.js';
import { isAsScanned, openScanned, scanFile } from '../../lib/pages/scanned-file.js';
import { printable, siteFiles, siteFolderNotes, takenLlmsTxt, type SiteFiles } from '../../lib/pages/site-files.js';
import { previewBuildLine, siteAddressNotes } from '../../lib/pages/sitemap-address.js';
import { ownLlmsTxtDigest } from '../../lib/settings/settings-digest.js';
import { siteDocumentsOutput } from '../../lib/site-outputs.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { applyChanges, type WriteOutcome } from './bucket-changes.js';
import { readVersioning } from './bucket-versioning.js';
import { deletesMostOfTheSite, mostOfTheSite } from './deletion-guard.js';
import { deployNotes, droppedPagesNote, KEPT_FOR_CONTACT_PAGES, type SiteNow } from './deploy-notes.js';
import { readDeployedSite, type DeployedSite } from './deployed-site.js';
import { frontDoorChangeLines, frontDoorUpdate, tellFrontDoor, type FrontDoorUpdate } from './front-door-update.js';
import { invalidationPaths } from './invalidation-paths.js';
import { UPLOAD_PART_BYTES } from './object-etag.js';
import { PublishError } from './publish-error.js';
import { restoreCommand } from './publish-options.js';
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
  readonly now: Omit<SiteNow, 'keys' | 'siteDocuments' | 'ownLlmsTxtDigest'>;
  /** What the site gets for agents (docs/api.md §16), as the deploy made it. */
  readonly agents: AgentSettings;
  readonly dryRun: boolean;
  /** Whether the owner said, with `--yes`, to delete what would be most of the site. */
  readonly yes: boolean;
}

/**
 * `npm run publish` (docs/api.md §10): siteDir's files as the deploy's upload would leave the
 * bucket (the same file rule, the same content types), the edge cache invalidated for what
 * changed, and a line for each change a deploy must make. Yields the lines to print; a failure
 * throws a PublishError, after invalidating whatever had been changed.
 */
export async function* publish(request: PublishRequest, clients: PublishClients): AsyncGenerator<string> {
  const site = siteFiles(request.folder);
  yield* siteFolderNotes('siteDir', site);
  if (site.files.size === 0) throw new PublishError(`siteDir (${request.folder}) publishes no file: build the site first; publishing an empty folder would empty the bucket`);
  const previewBuild = previewBuildLine(site, 'siteDir');
  if (previewBuild !== undefined) throw new PublishError(previewBuild);

  const deployed = await readDeployedSite(clients, request.stack);
  yield `${request.dryRun ? 'Would publish' : 'Publishing'} ${request.folder} to ${deployed.baseUrl ?? deployed.distributionId} (stack ${deployed.stack} in ${deployed.region}, bucket ${deployed.bucket})`;
  if (deployed.baseUrl === undefined) throw new PublishError(`the stack ${deployed.stack} has no BaseUrl output, which the sitemap's URLs start with: deploy once (${DEPLOY_COMMAND})`);
  // The function is told of the folder's files as the deploy tells it, and the sitemap lists a page
  // at its path without `.html` only where the function reaches it so.
  const update = frontDoorUpdate(deployed, [...site.files.keys()]);
  const told = update?.routing ?? deployed.frontDoor;
  const added = agentFiles(site, request.agents, deployed.baseUrl, told === undefined ? [] : pagesWithoutHtml([...site.files.keys()], told), 'siteDir');
  yield* added.notes;
  yield* siteAddressNotes(site, deployed.baseUrl, 'siteDir');
  // What the service adds is made into files of their own, uploaded and compared as the folder's are.
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'publish-agent-files-')));
  try {
    yield* publishFiles(request, clients, deployed, withFiles(site, writeAgentFiles(added.files, scratch)), update);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The folder's files and the service's, as one site, each as the scan saw it. */
function withFiles(site: SiteFiles, added: ReadonlyMap<string, string>): SiteFiles {
  return {
    ...site,
    files: new Map([...site.files, ...added]),
    scanned: new Map([...site.scanned, ...[...added].map(([key, file]) => [key, scanFile(file)] as const)]),
  };
}

async function* publishFiles(request: PublishRequest, clients: PublishClients, deployed: DeployedSite, site: SiteFiles, update: FrontDoorUpdate | undefined): AsyncGenerator<string> {
  const s3 = clients.s3(deployed.region);
  const owner = deployed.account === undefined ? {} : { ExpectedBucketOwner: deployed.account };
  const versioning = await readVersioning(s3, deployed.bucket, owner);
  const bucket = await listBucket(s3, deployed.bucket, deployed.account);
  const plan = await planPublish(site, bucket, deployed.formPageLoads);
  for (const upload of plan.uploads) yield `  upload      ${printable(upload.key)}  (${upload.change}, ${upload.contentType}, ${size(upload.size)})`;
  for (const key of plan.deletions) yield `  delete      ${printable(key)}`;
  for (const key of plan.kept) yield `  keep        ${printable(key)}  (gone from siteDir, but ${KEPT_FOR_CONTACT_PAGES})`;
  const paths = invalidationPaths([...plan.uploads.map((upload) => upload.key), ...plan.deletions]);
  if (paths.length > 0) yield `  invalidate  ${paths.join(' ')}`;
  if (update !== undefined) yield* frontDoorChangeLines(update);
  const now = {
    ...request.now,
    keys: [...site.files.keys()],
    siteDocuments: siteDocumentsOutput(folderDocuments(site, request.agents)),
    ownLlmsTxtDigest: ownLlmsTxtDigest(takenLlmsTxt(site)),
  };
  for (const note of deployNotes(update === undefined ? deployed : { ...deployed, frontDoor: update.routing }, now)) yield `deploy needed: ${note}`;
  const dropped = droppedPagesNote(deployed, now.keys);
  if (dropped !== undefined) yield `at the next deploy: ${dropped}`;
  if (!versioning.versioned) yield `deploy needed: the bucket keeps no earlier versions, so what a publish deletes or replaces is gone for good until ${DEPLOY_COMMAND} turns them on`;
  const unconfirmed = deletesMostOfTheSite(plan.deletions.length, bucket.size) && !request.yes;

  if (request.dryRun) {
    if (unconfirmed) yield `Without --yes, it would stop here: ${mostOfTheSite(plan.deletions.length, bucket.size)}.`;
    yield `Dry run, nothing changed: ${counts(plan, false)}${paths.length === 0 ? '' : `, ${paths.length} path${paths.length === 1 ? '' : 's'} to invalidate`}${update === undefined ? '' : ", the front door's function to update"}.`;
    return;
  }
  if (unconfirmed) {
    throw new PublishError(`${mostOfTheSite(plan.deletions.length, bucket.size)}: if siteDir holds your whole site, run npm run publish -- --yes`);
  }
  if (paths.length === 0 && update === undefined) {
    yield `Nothing to publish: the bucket holds siteDir's ${plan.unchanged} files as they are.`;
    return;
  }
  if (paths.length > 0) {
    const writes = plan.uploads.map((upload) => ({ key: upload.key, write: () => uploadFile(s3, deployed.bucket, owner, upload) }));
    await versioning.changesMayStart();
    const invalidation = await applyChanges({ writes, deletions: plan.deletions }, { s3, clients, deployed, again: 'npm run publish' });
    yield `Published: ${counts(plan, true)}; invalidation ${invalidation} of ${paths.length} path${paths.length === 1 ? '' : 's'} under way, usually done within a minute or two.`;
    if (versioning.versioned) yield `To undo it within ${KEPT_VERSION_DAYS} days: ${restoreCommand(versioning.before)}`;
  }
  if (update !== undefined) yield await tellFrontDoor(clients.cloudFront, update, { made: 'published', again: 'npm run publish' });
}

/**
 * One file, as `aws s3 sync` uploads it: in parts of UPLOAD_PART_BYTES from that size on (which
 * also takes a file past PutObject's 5 GiB), with the type the deploy's upload gives it, read as
 * a stream; a failed multipart upload is aborted, leaving no parts to pay for. The file is read
 * through a descriptor of the one the scan saw (openScanned), and left out when it is no longer
 * that file as it was: never a link's target outside the folder swapped in since.
 */
async function uploadFile(s3: S3Client, bucket: string, owner: { ExpectedBucketOwner?: string }, upload: Upload): Promise<WriteOutcome> {
  const fd = openScanned(upload.file, upload.scanned);
  if (fd === undefined) return 'left out';
  const body = createReadStream(upload.file, { fd });
  // At the end of the bytes, before the stream closes the descriptor: whether the file was written to while it was read.
  let readAsScanned = false;
  body.once('end', () => {
    readAsScanned = isAsScanned(fd, upload.scanned);
  });
  try {
    await new MultipartUpload({
      client: s3,
      params: { Bucket: bucket, Key: upload.key, Body: body, ContentType: upload.contentType, ...owner },
      partSize: UPLOAD_PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    }).done();
    return readAsScanned ? 'written' : 'changed while read';
  } finally {
    body.destroy();
  }
}

function counts(plan: PublishPlan, made: boolean): string {
  const kept = plan.kept.length === 0 ? '' : `, ${plan.kept.length} kept till the next deploy`;
  return made
    ? `${plan.uploads.length} uploaded, ${plan.deletions.length} deleted, ${plan.unchanged} unchanged${kept}`
    : `${plan.uploads.length} to upload, ${plan.deletions.length} to delete, ${plan.unchanged} unchanged${kept}`;
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
