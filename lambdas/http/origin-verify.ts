import { createHash, timingSafeEqual } from 'node:crypto';

/** The header the front door adds to every request it sends to the API (docs/api.md §10). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The front door's secret, or undefined where there is no front door (unit tests, the bench):
 * functions then trust the platform's source address.
 */
export function readOriginVerifySecret(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const secret = env.ORIGIN_VERIFY_SECRET;
  return secret === undefined || secret === '' ? undefined : secret;
}

/**
 * Whether the presented header value is the secret. Both are hashed first, so the comparison takes
 * the same time whatever their lengths and wherever they first differ.
 */
export function matchesOriginSecret(secret: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(digest(secret), digest(presented));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
