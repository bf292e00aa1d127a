import { randomBytes } from 'node:crypto';
import { formatAcceptedOriginValues, originValueDigest, parseAcceptedOriginValues } from '../http/origin-verify.js';

/**
 * What a deployment's one secret holds (docs/api.md §10): values each generated on its own, so
 * that whoever learns one learns nothing of the others, and each consumer is given only its own.
 */
export interface DeploymentKeys {
  /** What the front door sends as `X-Origin-Verify`: the distribution alone is given it. */
  readonly originVerify: string;
  /**
   * The value the front door will send after the next rotation of the header. Only its digest
   * leaves the secret, so that every function accepts it before any edge sends it.
   */
  readonly originVerifyNext: string;
  /**
   * What the functions are given of the header (`ORIGIN_VERIFY_DIGESTS`): the digests of the
   * current value and the next one, and after a rotation the previous one's, until its time.
   */
  readonly originVerifyDigests: string;
  /** The key the counter keys are HMACs under (`COUNTER_KEY_SECRET`): the contact function alone. */
  readonly counterKey: string;
  /** The key the form's tokens are signed with (`FORM_TOKEN_SECRET`): the page and contact functions. */
  readonly formTokenKey: string;
}

export type DeploymentKeyField = keyof DeploymentKeys;

/** The values an owner rotates, each with a context label of its own (README, "The secret and the API's own endpoint"). */
export const ROTATED_KEYS = ['originVerify', 'counterKey', 'formTokenKey'] as const;
export type RotatedKey = (typeof ROTATED_KEYS)[number];

/**
 * How long after a rotation the functions still accept the previous header value: an edge that
 * has not yet taken the distribution's new configuration, or a rollback, still sends it. The
 * stack passes it to the custom resource, so the template says it.
 */
export const PREVIOUS_ORIGIN_VERIFY_SECONDS = 3600;

const FIELDS: readonly DeploymentKeyField[] = ['originVerify', 'originVerifyNext', 'originVerifyDigests', 'counterKey', 'formTokenKey'];

const KEY_BYTES = 32;

/** How many characters a key value is: KEY_BYTES in base64url, without padding. */
export const KEY_VALUE_LENGTH = Math.ceil((KEY_BYTES * 8) / 6);

/** 256 random bits, as KEY_VALUE_LENGTH (43) characters that travel as they are in a header and an environment variable. */
export function newKeyValue(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/**
 * A deployment's first keys, from the value its secret was created with. That value stays the
 * header the front door sends, so that a stack made before the values were separated (where it
 * was the header, the counters' key and the tokens' key at once) keeps answering while it
 * updates; the counters' and the tokens' keys are new.
 */
export function firstDeploymentKeys(seed: string, newValue: () => string = newKeyValue): DeploymentKeys {
  const next = newValue();
  return {
    originVerify: seed,
    originVerifyNext: next,
    originVerifyDigests: formatAcceptedOriginValues([{ digestHex: originValueDigest(seed) }, { digestHex: originValueDigest(next) }]),
    counterKey: newValue(),
    formTokenKey: newValue(),
  };
}

/**
 * The keys after a rotation of some of them. The header's next value becomes the current one (the
 * functions accept it already), a new next one is made, and the one it replaces stays accepted for
 * `previousSeconds` from `now`; a value not rotated is kept as it was.
 */
export function rotateDeploymentKeys(
  keys: DeploymentKeys,
  rotated: readonly RotatedKey[],
  { now, previousSeconds }: { readonly now: Date; readonly previousSeconds: number },
  newValue: () => string = newKeyValue,
): DeploymentKeys {
  const until = new Date(now.getTime() + previousSeconds * 1000);
  const origin = rotated.includes('originVerify') ? rotatedOriginVerify(keys, until, newValue()) : keys;
  return {
    originVerify: origin.originVerify,
    originVerifyNext: origin.originVerifyNext,
    originVerifyDigests: origin.originVerifyDigests,
    counterKey: rotated.includes('counterKey') ? newValue() : keys.counterKey,
    formTokenKey: rotated.includes('formTokenKey') ? newValue() : keys.formTokenKey,
  };
}

function rotatedOriginVerify(keys: DeploymentKeys, until: Date, next: string): Pick<DeploymentKeys, 'originVerify' | 'originVerifyNext' | 'originVerifyDigests'> {
  return {
    originVerify: keys.originVerifyNext,
    originVerifyNext: next,
    originVerifyDigests: formatAcceptedOriginValues([
      { digestHex: originValueDigest(keys.originVerifyNext) },
      { digestHex: originValueDigest(next) },
      { digestHex: originValueDigest(keys.originVerify), until },
    ]),
  };
}

/** The keys a version of the secret holds, or undefined for a value of another shape (the single value a secret is created with). */
export function parseDeploymentKeys(secretString: string): DeploymentKeys | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretString);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof record[field] === 'string' && record[field] !== '')) return undefined;
  // A version the functions could not read is refused here, at deploy, rather than at their start.
  parseAcceptedOriginValues(record.originVerifyDigests as string);
  return Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as unknown as DeploymentKeys;
}
