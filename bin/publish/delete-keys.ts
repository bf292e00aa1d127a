import { DeleteObjectCommand, DeleteObjectsCommand, type DeleteObjectsCommandOutput, type S3Client } from '@aws-sdk/client-s3';
import { errorAnswerStatus } from '../../lambdas/aws/sdk-errors.js';
import { errorParts } from '../aws-failure.js';

/** S3's DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * A key of only the characters XML 1.0 allows (its `Char` production: tab, line feed, carriage
 * return, and from U+0020 on but for surrogates, U+FFFE and U+FFFF). DeleteObjects names its keys
 * in an XML body, which S3 refuses whole (MalformedXML) for one key with another character; a key
 * put by another tool may hold one (`\u0001`), and must not keep the rest from being deleted.
 */
const XML_TEXT = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** What S3 refused to delete: the key, and the code of S3's answer. */
export interface RefusedDeletion {
  readonly key: string;
  readonly code: string;
}

export interface Deletions {
  readonly deleted: readonly string[];
  readonly refused: readonly RefusedDeletion[];
  /** A DeleteObjects call that failed whole, which stopped the deletions after it. */
  readonly stopped?: unknown;
}

/**
 * Deletes the keys: in batches of DeleteObjects, and a key XML cannot carry on its own with
 * DeleteObject, which names it in the URL (as minio-go does, minio/minio-go#1378). A key S3
 * refuses is reported and the others are still deleted; a batch refused whole, or a key that got
 * no answer, stops the rest.
 */
export async function deleteKeys(s3: S3Client, bucket: string, owner: { ExpectedBucketOwner?: string }, keys: readonly string[]): Promise<Deletions> {
  const deleted: string[] = [];
  const refused: RefusedDeletion[] = [];
  for (const key of keys.filter((key) => !XML_TEXT.test(key))) {
    try {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, ...owner, Key: key }));
      deleted.push(key);
    } catch (error) {
      // A key S3 refused is reported by its answer's code and the rest go on; no answer at all
      // (the network, a time-out) stops them, as a batch refused whole does.
      if (errorAnswerStatus(error) === undefined) return { deleted, refused, stopped: error };
      refused.push({ key, code: errorParts(error).name });
    }
  }
  const batched = keys.filter((key) => XML_TEXT.test(key));
  for (let start = 0; start < batched.length; start += DELETE_BATCH) {
    const batch = batched.slice(start, start + DELETE_BATCH);
    let answer: DeleteObjectsCommandOutput;
    try {
      answer = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, ...owner, Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true } }));
    } catch (error) {
      return { deleted, refused, stopped: error };
    }
    const failed = new Map((answer.Errors ?? []).map((error) => [error.Key, error.Code ?? 'an error']));
    for (const key of batch) {
      const code = failed.get(key);
      if (code === undefined) deleted.push(key);
      else refused.push({ key, code });
    }
  }
  return { deleted, refused };
}
