import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../../lambdas/config.js';
import {
  LAMBDA_DEFAULT_STORAGE_MIB,
  LAMBDA_MAX_STORAGE_MIB,
  ONE_VCPU_MEMORY_MIB,
  stagedContent,
  UPLOAD_DEFAULT_MEMORY_MIB,
  uploadNeedBytes,
  uploadResources,
  type StagedContent,
} from '../../../../lib/pages/upload-resources.js';

/*
 * The site upload's /tmp and memory (docs/api.md §10), from what the staged folder holds: counted
 * on numbers, so that a site of gigabytes is tested without writing one.
 */

const MiB = 1024 ** 2;
const GiB = 1024 * MiB;

/** `count` files of `bytes` each, named like `pages/page-000123.html`, in one folder. */
function site(count: number, bytes: number): StagedContent {
  return { files: Array.from({ length: count }, () => ({ bytes, pathBytes: 'pages/page-000123.html'.length })), folders: ['pages/'.length] };
}

/** One file of `bytes`, the site's only one. */
const oneFile = (bytes: number): StagedContent => ({ files: [{ bytes, pathBytes: 'video.mp4'.length }], folders: [] });

/** The largest single file whose site needs at most `mib` of /tmp (the need grows with the file). */
function largestFileWithin(mib: number): number {
  let [low, high] = [0, mib * MiB];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (uploadNeedBytes(oneFile(middle)) <= mib * MiB) low = middle;
    else high = middle - 1;
  }
  return low;
}

describe('what the staged folder holds', () => {
  it('is read from the folder: each file’s size and path, each folder’s path with its slash, in bytes', () => {
    const folder = mkdtempSync(join(tmpdir(), 'staged-'));
    mkdirSync(join(folder, 'blog', 'été'), { recursive: true });
    writeFileSync(join(folder, 'index.html'), '<h1>Hi</h1>');
    writeFileSync(join(folder, 'blog', 'été', 'a.html'), 'x'.repeat(5000));

    const content = stagedContent(folder);

    expect([...content.files].sort((a, b) => a.bytes - b.bytes)).toEqual([
      { bytes: 11, pathBytes: 'index.html'.length },
      { bytes: 5000, pathBytes: Buffer.byteLength('blog/été/a.html') },
    ]);
    expect([...content.folders].sort()).toEqual(['blog/'.length, Buffer.byteLength('blog/été/')].sort());
    rmSync(folder, { recursive: true });
  });
});

describe('the upload’s need of /tmp', () => {
  it('holds the zip and the files at once: each file twice, its entry in the zip, its blocks on disk, and room for the CLI', () => {
    // A file of one byte: 6 bytes stored, 140 of headers, its name twice, the zip's end (98); one block, and the folder's.
    expect(uploadNeedBytes(oneFile(1))).toBe(1 + 5 + 140 + 2 * 'video.mp4'.length + 98 + 4096 + 4096 + 32 * MiB);
  });

  it('is never less than twice the site, whatever its files: a zip of what does not shrink is no smaller than its files', () => {
    for (const content of [site(1, 0), site(10_000, 1), site(300, 3 * MiB), oneFile(4 * GiB)]) {
      const total = content.files.reduce((sum, file) => sum + file.bytes, 0);
      expect(uploadNeedBytes(content)).toBeGreaterThanOrEqual(2 * total);
    }
  });

  it('counts a small file as a whole block on disk, so that many small files need more than their bytes', () => {
    expect(uploadNeedBytes(site(100_000, 100)) - 32 * MiB).toBeGreaterThan(100_000 * 4096);
  });
});

describe('the upload function’s /tmp and memory', () => {
  it('stay at Lambda’s 512 MB and aws-cdk-lib’s 1024 MB for a site whose zip and files fit in them', () => {
    const fits = largestFileWithin(LAMBDA_DEFAULT_STORAGE_MIB);
    expect(uploadResources(oneFile(fits))).toEqual({ ephemeralStorageMiB: 512, memoryMiB: UPLOAD_DEFAULT_MEMORY_MIB });
    expect(uploadResources(site(40, 100_000))).toEqual({ ephemeralStorageMiB: 512, memoryMiB: 1024 });
  });

  it('grow past that to what the site needs, with one whole vCPU’s memory for its unzip and sync', () => {
    const fits = largestFileWithin(LAMBDA_DEFAULT_STORAGE_MIB);
    expect(uploadResources(oneFile(fits + 1))).toEqual({ ephemeralStorageMiB: 513, memoryMiB: ONE_VCPU_MEMORY_MIB });
    expect(uploadResources(site(1000, 2 * MiB))).toEqual({ ephemeralStorageMiB: Math.ceil(uploadNeedBytes(site(1000, 2 * MiB)) / MiB), memoryMiB: 1769 });
    expect(uploadResources(site(1000, 2 * MiB)).ephemeralStorageMiB).toBeGreaterThan(4000);
  });

  it('reach Lambda’s 10,240 MB of /tmp for the largest site it can hold', () => {
    expect(uploadResources(oneFile(largestFileWithin(LAMBDA_MAX_STORAGE_MIB)))).toEqual({ ephemeralStorageMiB: 10_240, memoryMiB: 1769 });
  });

  it('stop synth past Lambda’s largest /tmp, in one line that says what the site needs and what to do', () => {
    const tooLarge = oneFile(largestFileWithin(LAMBDA_MAX_STORAGE_MIB) + 1);
    expect(() => uploadResources(tooLarge)).toThrow(ConfigError);
    expect(() => uploadResources(tooLarge)).toThrow(
      /^siteDir's 1 published files \(5\d{3} MB\) need 10241 MB of the upload function's temporary storage at deploy, the zip and its files at once, over Lambda's 10240 MB: publish the largest from elsewhere$/,
    );
    expect(() => uploadResources(site(3000, 2 * MiB))).toThrow(/^siteDir's 3000 published files \(6000 MB\) need \d+ MB/);
  });
});
