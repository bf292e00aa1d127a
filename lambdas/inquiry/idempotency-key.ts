import { DAY_SECONDS } from '../time-units.js';
import { END } from './patterns.js';

/**
 * An `Idempotency-Key` header (draft-ietf-httpapi-idempotency-key-header, docs/api.md §11): a
 * quoted (structured-field) or bare string of 1 to 255 printable ASCII characters. The key is its
 * value, so `"abc"` and `abc` are one key. Cheap on purpose: it runs before anything is loaded.
 */
export type IdempotencyKeyHeader =
  | { readonly kind: 'absent' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'key'; readonly key: string };

/** How long an answer to a key is remembered, from the first request: a day. */
export const REMEMBER_SECONDS = DAY_SECONDS;

/**
 * The header's values as a JSON Schema pattern, for the published documents: 1 to 255 printable
 * ASCII characters in double quotes (`\"` and `\\` escaped), or bare, neither starting with a
 * quote nor starting or ending with a space (HTTP trims those). readIdempotencyKey accepts
 * every value it matches, and a property test of both keeps them in step. In the subset of
 * patterns.ts, as every published pattern.
 */
export const IDEMPOTENCY_KEY_PATTERN = `^(?:"(?:[ !#-\\[\\]-~]|\\\\["\\\\]){1,255}"|[!#-~](?:[ -~]{0,253}[!-~])?)${END}`;

const QUOTED = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
const BARE = /^[\x20-\x7e]+$/;
const MAX_KEY_LENGTH = 255;

export function readIdempotencyKey(header: string | undefined): IdempotencyKeyHeader {
  if (header === undefined) return { kind: 'absent' };
  const value = header.trim();
  const quoted = QUOTED.exec(value);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : BARE.test(value) && !value.startsWith('"') ? value : undefined;
  return key === undefined || key.length === 0 || key.length > MAX_KEY_LENGTH ? { kind: 'invalid' } : { kind: 'key', key };
}
