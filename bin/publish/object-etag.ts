import { createHash, type Hash } from 'node:crypto';

/**
 * The part size of a multipart upload, and the size from which a file is uploaded in parts: the
 * AWS CLI's `aws s3 sync` defaults (multipart_threshold and multipart_chunksize, 8 MiB), with
 * which the deploy's upload sends the site's files, and which `npm run publish` uses too, so that
 * an object's ETag is the same whichever uploaded it.
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/**
 * Whether the bucket's object holds the file's bytes, from its size and ETag (ListObjectsV2 gives
 * both for every object, with no request per object). With SSE-S3, the bucket's encryption, the
 * ETag of a single-part upload is the MD5 of the bytes, and that of a multipart upload the MD5 of
 * its parts' MD5s followed by `-` and the count of parts (AWS's "Checking object integrity"). An
 * ETag of any other form, or of parts of another size, is taken for a change: uploading the file
 * again costs a request, never a stale page.
 */
export async function holdsFile(object: { readonly size: number; readonly etag: string }, file: FileBytes): Promise<boolean> {
  if (object.size !== file.size) return false;
  const etag = /^"?([0-9a-f]{32})(?:-(\d+))?"?$/.exec(object.etag);
  if (etag === null) return false;
  const parts = etag[2] === undefined ? undefined : Number(etag[2]);
  if (parts !== undefined && parts !== Math.max(1, Math.ceil(file.size / UPLOAD_PART_BYTES))) return false;
  const bytes = file.read();
  return bytes !== undefined && (await fileDigests(bytes, parts !== undefined)) === (parts === undefined ? etag[1] : `${etag[1]}-${parts}`);
}

/** A file to compare: its size, and its bytes as a stream, or none when the file is no longer the one to compare (a change, then). */
export interface FileBytes {
  readonly size: number;
  read(): AsyncIterable<Buffer> | undefined;
}

/** The MD5 of a file's bytes, or with `inParts` the ETag of its multipart upload in parts of UPLOAD_PART_BYTES; read as a stream, never whole. */
async function fileDigests(bytes: AsyncIterable<Buffer>, inParts: boolean): Promise<string> {
  const whole = createHash('md5');
  const partDigests: Buffer[] = [];
  let part: Hash = createHash('md5');
  let inPart = 0;
  for await (const chunk of bytes) {
    whole.update(chunk);
    for (let offset = 0; offset < chunk.length; ) {
      const taken = Math.min(chunk.length - offset, UPLOAD_PART_BYTES - inPart);
      part.update(chunk.subarray(offset, offset + taken));
      offset += taken;
      inPart += taken;
      if (inPart === UPLOAD_PART_BYTES) {
        partDigests.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  if (!inParts) return whole.digest('hex');
  if (inPart > 0 || partDigests.length === 0) partDigests.push(part.digest());
  return `${createHash('md5').update(Buffer.concat(partDigests)).digest('hex')}-${partDigests.length}`;
}
