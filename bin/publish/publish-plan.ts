import { paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { statSync } from 'node:fs';
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
  readonly unchanged: number;
}

/**
 * Every object of the bucket. Keys are asked for URL-encoded (S3 encodes them as a form does, `+`
 * for a space): XML 1.0 cannot carry a key with a control character, which a file name may hold.
 */
export async function listBucket(s3: S3Client, bucket: string, owner?: string): Promise<Map<string, BucketObject>> {
  const objects = new Map<string, BucketObject>();
  const pages = paginateListObjectsV2({ client: s3 }, { Bucket: bucket, EncodingType: 'url', ...(owner === undefined ? {} : { ExpectedBucketOwner: owner }) });
  for await (const page of pages) {
    for (const object of page.Contents ?? []) {
      if (object.Key === undefined) continue;
      objects.set(decodeURIComponent(object.Key.replaceAll('+', ' ')), { size: object.Size ?? 0, etag: object.ETag ?? '' });
    }
  }
  return objects;
}

/**
 * What to upload (a file the bucket lacks, or holds other bytes of), what to delete (what the
 * folder no longer publishes: the deploy's upload prunes the same way), and how many are as they
 * are. The files are those of siteFiles, the rule synth and local mode use, with those the service
 * adds (lib/pages/agent-files.ts).
 */
export async function planPublish(site: SiteFiles, bucket: ReadonlyMap<string, BucketObject>): Promise<PublishPlan> {
  const uploads: Upload[] = [];
  let unchanged = 0;
  for (const [key, file] of site.files) {
    const size = statSync(file).size;
    const object = bucket.get(key);
    if (object !== undefined && (await holdsFile(object, { path: file, size }))) {
      unchanged += 1;
      continue;
    }
    uploads.push({ key, file, size, contentType: publishedContentType(key), change: object === undefined ? 'new' : 'changed' });
  }
  const deletions = [...bucket.keys()].filter((key) => !site.files.has(key)).sort();
  return { uploads, deletions, unchanged };
}
