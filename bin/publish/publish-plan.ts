import { paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { createReadStream, type ReadStream } from 'node:fs';
import { openScanned, type ScannedFile } from '../../lib/pages/scanned-file.js';
import type { SiteFiles } from '../../lib/pages/site-files.js';
import { publishedContentType } from '../../lib/pages/agent-files.js';
import { holdsFile } from './object-etag.js';

/** An object of the bucket, as ListObjectsV2 gives it. */
export interface BucketObject {
  readonly size: number;
  readonly etag: string;
}

export interface Upload {
  readonly key: string;
  readonly file: string;
  /** The file as the scan saw it: the upload reads that file, unchanged, or none. */
  readonly scanned: ScannedFile;
  readonly size: number;
  readonly contentType: string;
  /** Whether the bucket had no object of this key, or one of other bytes. */
  readonly change: 'new' | 'changed';
}

/** What a publish does: the bucket made to hold exactly the files the folder publishes. */
export interface PublishPlan {
  readonly uploads: readonly Upload[];
  /** Keys the bucket holds and the folder no longer publishes. */
  readonly deletions: readonly string[];
  /** Keys the folder no longer publishes that the deployed contact pages load: deleted by the next deploy. */
  readonly kept: readonly string[];
  readonly unchanged: number;
}

/**
 * Every object of the bucket. Keys are asked for URL-encoded: XML 1.0 cannot carry a key with a
 * control character, which another tool may have put.
 */
export async function listBucket(s3: S3Client, bucket: string, owner?: string): Promise<Map<string, BucketObject>> {
  const objects = new Map<string, BucketObject>();
  const pages = paginateListObjectsV2({ client: s3 }, { Bucket: bucket, EncodingType: 'url', ...(owner === undefined ? {} : { ExpectedBucketOwner: owner }) });
  for await (const page of pages) {
    for (const object of page.Contents ?? []) {
      if (object.Key !== undefined) objects.set(listedKey(object.Key, page.EncodingType), { size: object.Size ?? 0, etag: object.ETag ?? '' });
    }
  }
  return objects;
}

/**
 * A key as a listing gives it: URL-encoded as a form encodes (`+` for a space) when the answer
 * says it is (`EncodingType`: S3 says so whenever it was asked; an emulator that ignores the
 * request sends keys as they are, and says nothing).
 */
export function listedKey(key: string, encodingType: string | undefined): string {
  return encodingType === 'url' ? decodeURIComponent(key.replaceAll('+', ' ')) : key;
}

/**
 * What to upload (a file the bucket lacks, or holds other bytes of), what to delete (what the
 * folder no longer publishes: the deploy's upload prunes the same way) but what the deployed
 * contact pages load (`kept`, whose copies in the contact function answer refused posts till the
 * next deploy), and how many are as they are. The files are those of siteFiles, the rule synth and
 * local mode use, with those the service adds (lib/pages/agent-files.ts).
 */
export async function planPublish(site: SiteFiles, bucket: ReadonlyMap<string, BucketObject>, kept: ReadonlySet<string> = new Set()): Promise<PublishPlan> {
  const uploads: Upload[] = [];
  let unchanged = 0;
  for (const [key, file] of site.files) {
    const scanned = site.scanned.get(key)!;
    const size = Number(scanned.size);
    const object = bucket.get(key);
    // A file changed since the scan is compared as a change: its upload then leaves it out, and says so.
    if (object !== undefined && (await holdsFile(object, { size, read: () => readScanned(file, scanned) }))) {
      unchanged += 1;
      continue;
    }
    uploads.push({ key, file, scanned, size, contentType: publishedContentType(key), change: object === undefined ? 'new' : 'changed' });
  }
  const gone = [...bucket.keys()].filter((key) => !site.files.has(key)).sort();
  return { uploads, deletions: gone.filter((key) => !kept.has(key)), kept: gone.filter((key) => kept.has(key)), unchanged };
}

/** The bytes of the file the scan saw, as a stream, or none when it is no longer there as it was (openScanned). */
export function readScanned(file: string, scanned: ScannedFile): ReadStream | undefined {
  const fd = openScanned(file, scanned);
  return fd === undefined ? undefined : createReadStream(file, { fd });
}
