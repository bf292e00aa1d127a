import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../lambdas/config.js';

/** What the staged folder of the upload holds, as its zip and the function's /tmp see it. */
export interface StagedContent {
  /** Each file's size and its path's length in the zip, in bytes. */
  readonly files: ReadonlyArray<{ readonly bytes: number; readonly pathBytes: number }>;
  /** Each folder's path length, in bytes: an entry of the zip and a folder in /tmp. */
  readonly folders: readonly number[];
}

/** What the upload's function is given, in MiB (what Lambda calls MB). */
export interface UploadResources {
  readonly ephemeralStorageMiB: number;
  readonly memoryMiB: number;
}

const MiB = 1024 ** 2;
/** Lambda's /tmp by default and at most ("Configure ephemeral storage for Lambda functions"). */
export const LAMBDA_DEFAULT_STORAGE_MIB = 512;
export const LAMBDA_MAX_STORAGE_MIB = 10_240;
/** aws-cdk-lib's BucketDeployment's memory by default. */
export const UPLOAD_DEFAULT_MEMORY_MIB = 1024;
/** One whole vCPU ("Configure Lambda function memory": at 1,769 MB a function has the equivalent of one). */
export const ONE_VCPU_MEMORY_MIB = 1769;

/** The file system's block: a file of one byte holds 4 KiB of /tmp, a folder as much. */
const BLOCK_BYTES = 4096;
/**
 * A zip entry beyond its data and its name, which it holds twice: its local header (30 bytes)
 * and central directory header (46), a data descriptor and ZIP64 extra fields (at most 64 more).
 */
const ZIP_ENTRY_BYTES = 140;
/** The end of a ZIP64 zip: its end of central directory record (22), ZIP64's record (56) and locator (20). */
const ZIP_END_BYTES = 98;
/** Deflate stores data it cannot shrink in blocks of at most 65,535 bytes, each with 5 bytes of header (RFC 1951, 3.2.4). */
const STORED_BLOCK_BYTES = 65_535;
const STORED_BLOCK_HEADER_BYTES = 5;
/** Room for what else the function writes in /tmp: the AWS CLI's configuration, Python's temporary files. */
const HEADROOM_BYTES = 32 * MiB;

/** What `folder` (the staged copy of the published files) holds. */
export function stagedContent(folder: string): StagedContent {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  const pathBytes = (entry: (typeof entries)[number]) => Buffer.byteLength(join(entry.parentPath, entry.name)) - Buffer.byteLength(folder) - 1;
  return {
    files: entries.filter((entry) => entry.isFile()).map((entry) => ({ bytes: statSync(join(entry.parentPath, entry.name)).size, pathBytes: pathBytes(entry) })),
    folders: entries.filter((entry) => entry.isDirectory()).map((entry) => pathBytes(entry) + 1),
  };
}

/**
 * The bytes of /tmp the upload needs at once. aws-cdk-lib's upload function (its
 * bucket-deployment-handler, s3_deploy) downloads the asset's zip into /tmp, extracts every file
 * beside it, and only then syncs them to the bucket: the zip, at its largest when nothing in it
 * shrinks, and every file and folder, each rounded up to whole blocks.
 */
export function uploadNeedBytes(content: StagedContent): number {
  const blocks = (bytes: number) => Math.ceil(bytes / BLOCK_BYTES) * BLOCK_BYTES;
  const stored = (bytes: number) => bytes + Math.max(1, Math.ceil(bytes / STORED_BLOCK_BYTES)) * STORED_BLOCK_HEADER_BYTES;
  const zip =
    content.files.reduce((sum, file) => sum + stored(file.bytes) + ZIP_ENTRY_BYTES + 2 * file.pathBytes, 0) +
    content.folders.reduce((sum, pathBytes) => sum + ZIP_ENTRY_BYTES + 2 * pathBytes, 0) +
    ZIP_END_BYTES;
  const extracted = content.files.reduce((sum, file) => sum + blocks(file.bytes), 0) + (content.folders.length + 1) * BLOCK_BYTES;
  return zip + extracted + HEADROOM_BYTES;
}

/**
 * The upload function's /tmp and memory for the staged folder (docs/api.md §10): Lambda's 512 MB
 * while they hold the zip and its files, else what they need; and, past that, the memory of one
 * whole vCPU, which the single-threaded unzip of a larger zip and its sync can use within the
 * function's 15 minutes (more would give them nothing). A site that needs more than Lambda's
 * largest /tmp stops synth, in one line.
 */
export function uploadResources(content: StagedContent): UploadResources {
  const needMiB = Math.ceil(uploadNeedBytes(content) / MiB);
  if (needMiB > LAMBDA_MAX_STORAGE_MIB) {
    const siteMiB = Math.ceil(content.files.reduce((sum, file) => sum + file.bytes, 0) / MiB);
    throw new ConfigError(
      `siteDir's ${content.files.length} published files (${siteMiB} MB) need ${needMiB} MB of the upload function's temporary storage at deploy, the zip and its files at once, over Lambda's ${LAMBDA_MAX_STORAGE_MIB} MB: publish the largest from elsewhere`,
    );
  }
  if (needMiB <= LAMBDA_DEFAULT_STORAGE_MIB) return { ephemeralStorageMiB: LAMBDA_DEFAULT_STORAGE_MIB, memoryMiB: UPLOAD_DEFAULT_MEMORY_MIB };
  return { ephemeralStorageMiB: needMiB, memoryMiB: ONE_VCPU_MEMORY_MIB };
}
