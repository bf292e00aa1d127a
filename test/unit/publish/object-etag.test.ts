import { describe, expect, it } from '@jest/globals';
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdsFile, UPLOAD_PART_BYTES, type FileBytes } from '../../../bin/publish/object-etag.js';
import { s3Etag } from '../../support/mocked-deployment.js';

/*
 * Whether the bucket's object holds a file's bytes, from the size and ETag its listing gives: the
 * MD5 of a single-part upload, the MD5 of the parts' MD5s for a multipart one of aws s3 sync's
 * 8 MiB parts; any other ETag is taken for a change.
 */

function file(bytes: Buffer): FileBytes {
  const path = join(mkdtempSync(join(tmpdir(), 'etag-')), 'file');
  writeFileSync(path, bytes);
  return { size: bytes.length, read: () => createReadStream(path) };
}

describe('whether an object holds a file', () => {
  const small = Buffer.from('<title>Home</title>');
  const large = Buffer.alloc(2 * UPLOAD_PART_BYTES + 17, 'x');

  it.each<[string, Buffer, string | undefined, boolean]>([
    ['the same bytes, uploaded at once', small, s3Etag(small), true],
    ['an ETag without its quotes', small, s3Etag(small).slice(1, -1), true],
    ['other bytes of the same size', small, s3Etag(Buffer.from('<title>Hone</title>')), false],
    ['a large file uploaded in parts of 8 MiB', large, s3Etag(large, UPLOAD_PART_BYTES), true],
    ['a large file uploaded at once', large, s3Etag(large), true],
    ['a large file uploaded in parts of another size', large, s3Etag(large, 5 * 1024 * 1024), false],
    ['an exact 8 MiB file uploaded as one part', Buffer.alloc(UPLOAD_PART_BYTES, 1), s3Etag(Buffer.alloc(UPLOAD_PART_BYTES, 1), UPLOAD_PART_BYTES), true],
    ['an ETag that is no MD5 (an object encrypted with KMS)', small, '"0123456789abcdef"', false],
  ])('%s: %s', async (_what, bytes, etag, holds) => {
    expect(await holdsFile({ size: bytes.length, etag: etag! }, file(bytes))).toBe(holds);
  }, 20_000);

  it('is a change when the sizes differ, without reading the file', async () => {
    const unread = { size: small.length, read: () => { throw new Error('read'); } };
    expect(await holdsFile({ size: small.length + 1, etag: s3Etag(small) }, unread)).toBe(false);
  });

  it('is a change when the file is no longer the one to compare', async () => {
    expect(await holdsFile({ size: small.length, etag: s3Etag(small) }, { size: small.length, read: () => undefined })).toBe(false);
  });
});
