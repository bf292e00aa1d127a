import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';

/** A file as the scan of the site's folder saw it: which file (device and inode), and as it was (size, time of last change). */
export interface ScannedFile {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
}

/** The file at a real path as it is now, its path's last name not followed. */
export function scanFile(realPath: string): ScannedFile {
  const { dev, ino, size, mtimeNs } = lstatSync(realPath, { bigint: true });
  return { dev, ino, size, mtimeNs };
}

/**
 * Never follows a link at the path's last name (a file swapped for one after the scan is not
 * opened), nor waits on a FIFO swapped in; both flags are POSIX's, and where they are missing
 * (Windows) the inode check below still holds.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** What an open refused for a link (ELOOP; EMLINK on FreeBSD), a path gone, or a folder on its way swapped for a file. */
const GONE = new Set(['ELOOP', 'EMLINK', 'ENOENT', 'ENOTDIR']);

/**
 * A descriptor of the file the scan saw at `realPath`, or undefined when that file is no longer
 * there as it was: read through the descriptor, what is uploaded is what was scanned. The opened
 * file is compared with the scanned one by its device and inode, which name it however its path
 * was reached, so a folder above it swapped for a link elsewhere is caught as well as the file
 * itself; its size and time of last change say whether it was written since.
 */
export function openScanned(realPath: string, scanned: ScannedFile): number | undefined {
  let fd: number;
  try {
    fd = openSync(realPath, OPEN_FLAGS);
  } catch (error) {
    if (GONE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  if (isAsScanned(fd, scanned)) return fd;
  closeSync(fd);
  return undefined;
}

/** Whether an open file is the scanned one, unchanged: checked again once it is read, for a write while it was. */
export function isAsScanned(fd: number, scanned: ScannedFile): boolean {
  const now = fstatSync(fd, { bigint: true });
  return now.isFile() && now.dev === scanned.dev && now.ino === scanned.ino && now.size === scanned.size && now.mtimeNs === scanned.mtimeNs;
}
