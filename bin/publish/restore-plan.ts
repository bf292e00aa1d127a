import { ListObjectVersionsCommand, type S3Client } from '@aws-sdk/client-s3';
import { listedKey } from './publish-plan.js';

/** One version of a key, or a delete marker, as ListObjectVersions gives it. */
export interface KeyVersion {
  readonly key: string;
  readonly versionId: string;
  readonly isLatest: boolean;
  /** To the second, as S3 lists it. */
  readonly lastModified: Date;
  /** A delete marker: the key had no object from then on. */
  readonly deleted: boolean;
  readonly etag?: string;
  readonly size?: number;
}

/**
 * Every version and delete marker of the bucket. Keys are asked for URL-encoded, as for the
 * listing of objects (listedKey); a page's next key marker is given back as it was listed, decoded.
 */
export async function listVersions(s3: S3Client, bucket: string, owner: { ExpectedBucketOwner?: string }): Promise<KeyVersion[]> {
  const versions: KeyVersion[] = [];
  let markers: { KeyMarker?: string; VersionIdMarker?: string } = {};
  for (;;) {
    const page = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, EncodingType: 'url', ...owner, ...markers }));
    const listed = (key: string | undefined) => listedKey(key ?? '', page.EncodingType);
    for (const version of page.Versions ?? []) {
      versions.push({
        key: listed(version.Key),
        versionId: version.VersionId ?? 'null',
        isLatest: version.IsLatest === true,
        lastModified: version.LastModified ?? new Date(0),
        deleted: false,
        etag: version.ETag ?? '',
        size: version.Size ?? 0,
      });
    }
    for (const marker of page.DeleteMarkers ?? []) {
      versions.push({ key: listed(marker.Key), versionId: marker.VersionId ?? 'null', isLatest: marker.IsLatest === true, lastModified: marker.LastModified ?? new Date(0), deleted: true });
    }
    if (page.IsTruncated !== true) return versions;
    markers = { KeyMarker: listed(page.NextKeyMarker), ...(page.NextVersionIdMarker === undefined ? {} : { VersionIdMarker: page.NextVersionIdMarker }) };
  }
}

/** A key's earlier version, copied back over what it holds now. */
export interface Copy {
  readonly key: string;
  readonly versionId: string;
  readonly size: number;
  /** Whether the key has no object now, or one of other bytes. */
  readonly change: 'deleted since' | 'changed since';
}

/** What a restore does: the bucket made to hold what it held at a time. */
export interface RestorePlan {
  readonly copies: readonly Copy[];
  /** Keys the bucket holds now and did not then. */
  readonly deletions: readonly string[];
  /** Of the keys it did not hold then, those the deployed contact pages load: deleted by the next deploy. */
  readonly kept: readonly string[];
  /** Keys left as they are: what they held then is too large to copy back, or not known. */
  readonly leftOut: ReadonlyArray<{ readonly key: string; readonly why: LeftOutOfRestore }>;
  readonly unchanged: number;
  /** The objects the bucket holds now, of which the deletions are a share. */
  readonly objects: number;
  /** The keys the bucket holds once restored, as the front door's function is to be told of them. */
  readonly keys: readonly string[];
}

/**
 * Why a key is left as it is: its version of then is larger than one copy takes; or its history
 * starts after the time with an object put before the bucket kept versions (version id `null`),
 * of which S3 kept no earlier state, so whether the key held anything then is not known.
 */
export type LeftOutOfRestore = 'too large' | 'from before versions';

/** The largest object CopyObject copies (AWS, CopyObject: "up to 5 GB in size in a single atomic action"). */
export const MAX_COPY_BYTES = 5 * 1024 ** 3;

/**
 * How to bring the bucket back to how it was at `time`: for each key, what it held then is its
 * newest version or delete marker from before `time`; a version is copied back over what the key
 * holds now, unless that is the same bytes (its ETag), and a key that held nothing then is
 * deleted, but one the deployed contact pages load (`kept`, as a publish keeps it). Nothing is
 * lost: the copy and the deletion are new versions, so a restore is undone like a publish. S3 lists LastModified to the second: two changes of a key within one second
 * are told apart by which is the latest, and a change in the second `time` names counts as after it.
 */
export function planRestore(versions: readonly KeyVersion[], time: Date, loaded: ReadonlySet<string> = new Set()): RestorePlan {
  const byKey = new Map<string, KeyVersion[]>();
  for (const version of versions) byKey.set(version.key, [...(byKey.get(version.key) ?? []), version]);
  const copies: Copy[] = [];
  const deletions: string[] = [];
  const kept: string[] = [];
  const leftOut: Array<{ key: string; why: LeftOutOfRestore }> = [];
  const keys: string[] = [];
  let unchanged = 0;
  let objects = 0;
  for (const [key, history] of [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const newestFirst = [...history].sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime() || Number(b.isLatest) - Number(a.isLatest));
    const now = newestFirst.find((version) => version.isLatest) ?? newestFirst[0]!;
    const then = newestFirst.find((version) => version.lastModified.getTime() < time.getTime());
    const heldNow = !now.deleted;
    const heldThen = then !== undefined && !then.deleted;
    if (heldNow) objects += 1;
    if (then === undefined && newestFirst.at(-1)!.versionId === 'null') {
      if (heldNow) {
        leftOut.push({ key, why: 'from before versions' });
        keys.push(key);
      }
    } else if (!heldThen) {
      if (heldNow && loaded.has(key)) {
        kept.push(key);
        keys.push(key);
      } else if (heldNow) deletions.push(key);
    } else if (heldNow && (now.versionId === then.versionId || now.etag === then.etag)) {
      unchanged += 1;
      keys.push(key);
    } else if ((then.size ?? 0) > MAX_COPY_BYTES) {
      leftOut.push({ key, why: 'too large' });
      if (heldNow) keys.push(key);
    } else {
      copies.push({ key, versionId: then.versionId, size: then.size ?? 0, change: heldNow ? 'changed since' : 'deleted since' });
      keys.push(key);
    }
  }
  return { copies, deletions, kept, leftOut, unchanged, objects, keys };
}
