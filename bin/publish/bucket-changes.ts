import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { S3Client } from '@aws-sdk/client-s3';
import { few } from '../../lib/pages/site-files.js';
import { awsFailure, errorParts, failureInWords } from '../aws-failure.js';
import { deleteKeys, type RefusedDeletion } from './delete-keys.js';
import type { DeployedSite } from './deployed-site.js';
import { invalidationPaths } from './invalidation-paths.js';
import { PublishError } from './publish-error.js';
import type { PublishClients } from './run-publish.js';

/**
 * What writing one object came to: written; left out, its file no longer the one scanned (never
 * uploaded then); or written as it was read, while the file was being written to.
 */
export type WriteOutcome = 'written' | 'left out' | 'changed while read';

/** One object to write: a file uploaded, or an earlier version copied back. */
export interface Write {
  readonly key: string;
  write(): Promise<WriteOutcome>;
}

export interface BucketChanges {
  readonly writes: readonly Write[];
  readonly deletions: readonly string[];
}

/** Writes at once: enough to fill a home connection with small pages, few enough to stay under S3's request rates. */
const PARALLEL_WRITES = 4;

/** S3's error codes for a failure of the moment (AWS, "Error responses"), which a second run gets past. */
const PASSING_CODES = /^(InternalError|ServiceUnavailable|SlowDown|RequestTimeout|TimeoutError)$/;

/**
 * Makes the changes, the writes then the deletions, and invalidates the edge cache for what they
 * changed; resolves to the invalidation's id. Whatever keeps part of it from being made (a call
 * refused, a file changed since the scan, a key S3 would not delete), the rest is still made where
 * it can be, what was changed is invalidated, and a PublishError says in one line what was not
 * made and what makes it: a second run finds the changed files as they should be, and would not
 * invalidate them. `again` is the command that makes the rest.
 */
export async function applyChanges(
  changes: BucketChanges,
  target: { readonly s3: S3Client; readonly clients: PublishClients; readonly deployed: DeployedSite; readonly again: string },
): Promise<string> {
  const done: string[] = [];
  const leftOut: string[] = [];
  const changedWhileRead: string[] = [];
  let stopped: unknown;
  let refused: readonly RefusedDeletion[] = [];
  try {
    await inParallel(changes.writes, PARALLEL_WRITES, async (change) => {
      const outcome = await change.write();
      if (outcome === 'left out') leftOut.push(change.key);
      else done.push(change.key);
      if (outcome === 'changed while read') changedWhileRead.push(change.key);
    });
    const { deployed, s3 } = target;
    const deletions = await deleteKeys(s3, deployed.bucket, deployed.account === undefined ? {} : { ExpectedBucketOwner: deployed.account }, changes.deletions);
    done.push(...deletions.deleted);
    refused = deletions.refused;
    stopped = deletions.stopped;
  } catch (error) {
    stopped = error;
  }
  const problems = [
    ...(stopped === undefined ? [] : [failureInWords(stopped)]),
    ...byCode(refused).map(([code, keys]) => `S3 did not delete ${few(keys)} (${code})`),
    ...(leftOut.length === 0 ? [] : [`${few(leftOut)} changed since the scan, so ${leftOut.length === 1 ? 'it was' : 'they were'} left out`]),
    ...(changedWhileRead.length === 0 ? [] : [`${few(changedWhileRead)} changed while ${changedWhileRead.length === 1 ? 'it was' : 'they were'} uploaded`]),
  ];
  // In the order they were planned, whichever finished first.
  const made = new Set(done);
  const changed = [...changes.writes.map((change) => change.key), ...changes.deletions].filter((key) => made.has(key));
  if (problems.length === 0) {
    try {
      return await createInvalidation(target.clients, target.deployed, invalidationPaths(changed));
    } catch (error) {
      throw new PublishError(`the files are published, but CloudFront refused the invalidation (${failureInWords(error)}): ${byHand(target.deployed)}`);
    }
  }
  let invalidated = '';
  if (done.length > 0) {
    try {
      invalidated = `, invalidation ${await createInvalidation(target.clients, target.deployed, invalidationPaths(changed))} of those under way`;
    } catch {
      invalidated = `; ${byHand(target.deployed)}`;
    }
  }
  const passing = (stopped === undefined || passes(stopped)) && refused.every(({ code }) => PASSING_CODES.test(code));
  const total = changes.writes.length + changes.deletions.length;
  throw new PublishError(
    `${problems.join('; ')}: ${done.length} of ${total} changes made${invalidated}; ${passing ? `run ${target.again} again, which makes the rest` : `once that is fixed, ${target.again} makes the rest`}`,
  );
}

/** Whether a failure is of the moment, AWS's or the network's (a 5xx after the SDK's own retries, throttling, no answer), which a second run gets past. */
function passes(error: unknown): boolean {
  const failure = awsFailure(error);
  return failure === 'throttled' || failure === 'unreachable' || (error as { $fault?: unknown }).$fault === 'server' || PASSING_CODES.test(errorParts(error).name);
}

function byCode(refused: readonly RefusedDeletion[]): Array<[string, string[]]> {
  const keys = new Map<string, string[]>();
  for (const { key, code } of refused) keys.set(code, [...(keys.get(code) ?? []), key]);
  return [...keys];
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

/** A second run finds the changed files as they should be and invalidates nothing: how to clear the cache by hand. */
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
