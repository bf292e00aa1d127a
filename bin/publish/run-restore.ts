import { CopyObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { KEPT_VERSION_DAYS } from '../../lib/pages/kept-versions.js';
import { printable } from '../../lib/pages/site-files.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { applyChanges, type WriteOutcome } from './bucket-changes.js';
import { readVersioning } from './bucket-versioning.js';
import { deletesMostOfTheSite, mostOfTheSite } from './deletion-guard.js';
import { KEPT_FOR_CONTACT_PAGES } from './deploy-notes.js';
import { readDeployedSite, type DeployedSite } from './deployed-site.js';
import { frontDoorChangeLines, frontDoorUpdate, tellFrontDoor } from './front-door-update.js';
import { invalidationPaths } from './invalidation-paths.js';
import { PublishError } from './publish-error.js';
import { restoreCommand, shownTime } from './publish-options.js';
import { listVersions, planRestore, type Copy, type LeftOutOfRestore, type RestorePlan } from './restore-plan.js';
import type { PublishClients } from './run-publish.js';

export interface RestoreRequest {
  readonly stack: string;
  /** The time to bring the bucket back to. */
  readonly time: Date;
  readonly dryRun: boolean;
  /** Whether the owner said, with `--yes`, to delete what would be most of the site. */
  readonly yes: boolean;
  /** This machine's time, which says how far back the bucket's versions reach. */
  readonly now: Date;
}

const DAY_MS = 24 * 3600 * 1000;

const LEFT_OUT: Readonly<Record<LeftOutOfRestore, string>> = {
  'too large': 'over 5 GiB, more than S3 copies in one call: publish that file again',
  'from before versions': 'put before the bucket kept versions: what it held then is not known, so it is left as it is',
};

/**
 * `npm run publish -- --restore <time>` (docs/api.md §10): the bucket brought back to how it was
 * at that time, from the versions it keeps KEPT_VERSION_DAYS days (lib/pages/site-pages-origin.ts),
 * whatever changed it since, a publish or a deploy: each key's version of then copied back, each
 * key new since deleted, the edge cache invalidated for them. Yields the lines to print.
 */
export async function* restore(request: RestoreRequest, clients: PublishClients): AsyncGenerator<string> {
  const oldest = new Date(request.now.getTime() - KEPT_VERSION_DAYS * DAY_MS);
  if (request.time < oldest) {
    throw new PublishError(`the bucket keeps what was replaced or deleted ${KEPT_VERSION_DAYS} days: --restore reaches back to ${shownTime(oldest)} at most`);
  }
  const deployed = await readDeployedSite(clients, request.stack);
  const s3 = clients.s3(deployed.region);
  const owner = deployed.account === undefined ? {} : { ExpectedBucketOwner: deployed.account };
  yield `${request.dryRun ? 'Would restore' : 'Restoring'} ${deployed.baseUrl ?? deployed.distributionId} to how it was at ${shownTime(request.time)} (stack ${deployed.stack} in ${deployed.region}, bucket ${deployed.bucket})`;
  const versioning = await readVersioning(s3, deployed.bucket, owner);
  if (!versioning.versioned) {
    throw new PublishError(`the bucket keeps no earlier versions, so there is nothing to restore from: ${DEPLOY_COMMAND} turns them on for what comes after`);
  }
  const plan = planRestore(await listVersions(s3, deployed.bucket, owner), request.time, deployed.formPageLoads);
  for (const copy of plan.copies) yield `  restore     ${printable(copy.key)}  (${copy.change})`;
  for (const key of plan.deletions) yield `  delete      ${printable(key)}  (new since)`;
  for (const key of plan.kept) yield `  keep        ${printable(key)}  (${KEPT_FOR_CONTACT_PAGES})`;
  for (const { key, why } of plan.leftOut) yield `  left out    ${printable(key)}  (${LEFT_OUT[why]})`;
  const paths = invalidationPaths([...plan.copies.map((copy) => copy.key), ...plan.deletions]);
  if (paths.length > 0) yield `  invalidate  ${paths.join(' ')}`;
  // The bucket's keys beside the folder's are the service's files for agents, none of which the function lists.
  const update = frontDoorUpdate(deployed, plan.keys);
  if (update !== undefined) yield* frontDoorChangeLines(update);
  const unconfirmed = deletesMostOfTheSite(plan.deletions.length, plan.objects) && !request.yes;

  if (request.dryRun) {
    if (unconfirmed) yield `Without --yes, it would stop here: ${mostOfTheSite(plan.deletions.length, plan.objects)}.`;
    yield `Dry run, nothing changed: ${counts(plan, false)}${update === undefined ? '' : ", the front door's function to update"}.`;
    return;
  }
  if (unconfirmed) {
    throw new PublishError(`${mostOfTheSite(plan.deletions.length, plan.objects)}: if that is the site you want back, run ${restoreCommand(request.time)} --yes`);
  }
  if (paths.length === 0 && update === undefined) {
    yield plan.leftOut.length === 0 ? `Nothing to restore: the bucket holds what it held at ${shownTime(request.time)}.` : 'Nothing restored: only the files left out above may differ from then.';
    return;
  }
  if (paths.length > 0) {
    const writes = plan.copies.map((copy) => ({ key: copy.key, write: () => copyBack(s3, deployed, owner, copy) }));
    await versioning.changesMayStart();
    const invalidation = await applyChanges({ writes, deletions: plan.deletions }, { s3, clients, deployed, again: restoreCommand(request.time) });
    yield `Restored: ${counts(plan, true)}; invalidation ${invalidation} of ${paths.length} path${paths.length === 1 ? '' : 's'} under way, usually done within a minute or two.`;
    yield `To undo it within ${KEPT_VERSION_DAYS} days: ${restoreCommand(versioning.before)}`;
  }
  if (update !== undefined) yield await tellFrontDoor(clients.cloudFront, update, { made: 'restored', again: restoreCommand(request.time) });
  yield `siteDir is as it was: the next npm run publish, or deploy, publishes it again.`;
}

/** A key's earlier version made its object again, with the type and metadata it had (CopyObject's default). */
async function copyBack(s3: S3Client, deployed: DeployedSite, owner: { ExpectedBucketOwner?: string }, copy: Copy): Promise<WriteOutcome> {
  // CopySource is URL-encoded (AWS, CopyObject), the key's slashes with the rest.
  const source = `${deployed.bucket}/${encodeURIComponent(copy.key)}?versionId=${encodeURIComponent(copy.versionId)}`;
  await s3.send(new CopyObjectCommand({ Bucket: deployed.bucket, Key: copy.key, CopySource: source, ...owner, ...(owner.ExpectedBucketOwner === undefined ? {} : { ExpectedSourceBucketOwner: owner.ExpectedBucketOwner }) }));
  return 'written';
}

function counts(plan: RestorePlan, made: boolean): string {
  const leftOut = `${plan.kept.length === 0 ? '' : `, ${plan.kept.length} kept till the next deploy`}${plan.leftOut.length === 0 ? '' : `, ${plan.leftOut.length} left out`}`;
  return made
    ? `${plan.copies.length} brought back, ${plan.deletions.length} deleted, ${plan.unchanged} unchanged${leftOut}`
    : `${plan.copies.length} to bring back, ${plan.deletions.length} to delete, ${plan.unchanged} unchanged${leftOut}`;
}
