import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfigError, type Env } from '../config.js';

/** The header the front door adds to every request it sends to the API (docs/api.md §10). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Where the functions find the values the front door may send, as their digests (docs/api.md §10). */
export const ORIGIN_VERIFY_DIGESTS = 'ORIGIN_VERIFY_DIGESTS';

/**
 * One value the front door may send: its SHA-256, and the moment from which it is refused (a
 * retired value, accepted for a while after a rotation), or none while it is current.
 */
export interface AcceptedOriginValue {
  readonly digest: Buffer;
  readonly untilMs?: number;
}

/**
 * What the functions hold of the front door's header: digests only, never a value that passes it,
 * so that reading a function's configuration gives away nothing that reaches the API.
 */
export interface OriginVerifier {
  /** Whether `presented` is a value accepted at `nowMs`, compared in constant time with every accepted one. */
  accepts(presented: string | undefined, nowMs?: number): boolean;
}

const DIGEST_HEX = /^[0-9a-f]{64}$/;
const ENTRY = /^([0-9a-f]{64})(?:@(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z))?$/;

/** The hexadecimal SHA-256 of a header value: what a function is given of it. */
export function originValueDigest(value: string): string {
  return sha256(value).toString('hex');
}

/**
 * `ORIGIN_VERIFY_DIGESTS` as the stack writes it: the accepted values' digests, separated by
 * spaces, a retired one followed by `@` and the ISO 8601 time from which it is refused.
 */
export function formatAcceptedOriginValues(values: ReadonlyArray<{ readonly digestHex: string; readonly until?: Date }>): string {
  return values
    .map(({ digestHex, until }) => {
      if (!DIGEST_HEX.test(digestHex)) throw new Error('an accepted origin value is a SHA-256 in lower-case hexadecimal');
      return until === undefined ? digestHex : `${digestHex}@${until.toISOString()}`;
    })
    .join(' ');
}

export function parseAcceptedOriginValues(text: string): AcceptedOriginValue[] {
  const entries = text.split(' ').map((entry) => ENTRY.exec(entry));
  if (text === '' || entries.some((entry) => entry === null)) {
    throw new ConfigError(
      `${ORIGIN_VERIFY_DIGESTS} must list SHA-256 digests in lower-case hexadecimal separated by spaces, a retired one followed by @ and an ISO 8601 time (its value is not shown)`,
    );
  }
  return entries.map((entry) => {
    const [, digestHex, until] = entry!;
    return { digest: Buffer.from(digestHex!, 'hex'), ...(until === undefined ? {} : { untilMs: Date.parse(until) }) };
  });
}

/**
 * The front door's values a function accepts, or undefined where there is no front door (unit
 * tests, the bench): functions then trust the platform's source address.
 */
export function readOriginVerifier(env: Env): OriginVerifier | undefined {
  const text = env[ORIGIN_VERIFY_DIGESTS];
  return text === undefined || text === '' ? undefined : originVerifier(parseAcceptedOriginValues(text));
}

export function originVerifier(accepted: readonly AcceptedOriginValue[]): OriginVerifier {
  return {
    accepts: (presented, nowMs = Date.now()) => {
      if (presented === undefined) return false;
      const digest = sha256(presented);
      // Every entry is compared, whichever matches: the time taken says nothing of which one did.
      let matched = false;
      for (const value of accepted) {
        const current = value.untilMs === undefined || nowMs < value.untilMs;
        matched = (timingSafeEqual(value.digest, digest) && current) || matched;
      }
      return matched;
    },
  };
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
