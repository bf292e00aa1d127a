import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { ConfigError } from '../lambdas/config.js';

/** A setting naming the site's folder (`siteDir`, SITE_DIR), as an absolute path; one that is no folder stops synth or start-up. */
export function parseSiteFolder(setting: string, value: string): string {
  const path = resolve(value);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new ConfigError(`${setting} must be a folder of the site's files, got ${JSON.stringify(path)}, which is none`);
  }
  return path;
}

/**
 * The file of a site's folder that the bucket uploaded from it answers for a request URI, as S3
 * does (docs/api.md §10): the object's key is the URI percent-decoded, without its leading slash.
 * A key no upload of a folder can hold (an empty, `.` or `..` segment, a backslash, a NUL) names
 * nothing, so `/../x`, `/%2e%2e/x` and `//x` are missing pages, never files elsewhere; and what a
 * symbolic link reaches outside the folder is missing too.
 */
export function siteFile(folder: string, uri: string): string | undefined {
  if (!uri.startsWith('/')) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(uri.slice(1));
  } catch {
    return undefined;
  }
  const segments = key.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment))) return undefined;
  try {
    const root = realpathSync(folder);
    const file = realpathSync(join(root, ...segments));
    return file.startsWith(root + sep) && statSync(file).isFile() ? file : undefined;
  } catch {
    // No such file (ENOENT), or a path through a file (ENOTDIR): the bucket has no such key.
    return undefined;
  }
}
