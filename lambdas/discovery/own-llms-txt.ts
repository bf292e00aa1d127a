import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The most of an owner's llms.txt the service takes in: the format is a summary, held whole in the function's memory. */
export const MAX_OWN_LLMS_TXT_BYTES = 256 * 1024;

/** Why an owner's llms.txt of `size` bytes cannot be taken in (past the bound, or not UTF-8 text), or undefined when it can. */
export function ownLlmsTxtRefusal(size: number, bytes: () => Uint8Array): string | undefined {
  if (size > MAX_OWN_LLMS_TXT_BYTES) return `is ${Math.ceil(size / 1024)} KiB, more than the ${MAX_OWN_LLMS_TXT_BYTES / 1024} KiB the service takes in`;
  return isUtf8(bytes()) ? undefined : 'is not UTF-8 text';
}

/**
 * The owner's llms.txt (docs/api.md §6), read at each request: deployed, the copy in the discovery
 * function's bundle (relative to its code); in local mode, the copy made afresh from SITE_DIR before
 * each read (bin/local/site-file-copy.ts), so that an edit shows at once. None when there is no copy
 * (the folder holds none now) or it cannot be taken in, leaving the service's llms.txt alone.
 */
export function readOwnLlmsTxt(file: string): string | undefined {
  const path = isAbsolute(file) ? file : fileURLToPath(new URL(file, import.meta.url));
  try {
    const { size } = statSync(path);
    let bytes: Buffer | undefined;
    const read = () => (bytes ??= readFileSync(path));
    return ownLlmsTxtRefusal(size, read) === undefined ? read().toString('utf8') : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
