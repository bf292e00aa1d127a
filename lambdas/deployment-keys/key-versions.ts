import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import {
  firstDeploymentKeys,
  parseDeploymentKeys,
  ROTATED_KEYS,
  rotateDeploymentKeys,
  type DeploymentKeys,
  type RotatedKey,
} from './keys.js';

/** A version of the secret: Secrets Manager's VersionId and the string it holds. */
export interface SecretVersion {
  readonly versionId: string;
  readonly secretString: string;
}

/** The secret, as the custom resource reads and writes it (secrets-manager.ts; a fake in tests). */
export interface KeySecretStore {
  /** A version by its id, or the current one without an id; undefined when there is no such version. */
  read(secretId: string, versionId?: string): Promise<SecretVersion | undefined>;
  /** Puts `secretString` as a new version whose id is `versionId`. */
  put(secretId: string, secretString: string, versionId: string): Promise<void>;
}

/** Each rotated value's label, an absent label being the empty one. */
export type RotationLabels = Readonly<Record<RotatedKey, string>>;

/** The custom resource's properties (lib/keys/deployment-keys.ts), as CloudFormation passes them: strings. */
export interface DeploymentKeysProperties {
  readonly SecretId: string;
  /** Each rotated value's label: a new label replaces that value. */
  readonly Rotations?: Partial<RotationLabels>;
  /** How long after a rotation the previous header stays accepted (PREVIOUS_ORIGIN_VERIFY_SECONDS), in whole seconds. */
  readonly PreviousOriginVerifySeconds: string;
}

/** What a request came to: the version every reader names after it, and the values it replaced to make it. */
export interface KeysVersion {
  readonly versionId: string;
  readonly rotated: readonly RotatedKey[];
}

/** At most a day: a retired value is one an owner may want gone. */
const MAX_PREVIOUS_SECONDS = 86_400;

/**
 * The version of the secret that every reader names after this event (the custom resource's
 * physical id, which the stack's dynamic references name). Every new set of keys is a new version,
 * whose id is the request's, so that a request CloudFormation sends again finds the version it
 * made; each version records the labels it was made for (docs/api.md §10).
 *
 * An update whose labels the version it names was made for changes nothing and keeps that
 * version: it is the rollback of a deploy whose update failed, which CloudFormation sends with the
 * old and new properties swapped ("Update request", CloudFormation's custom resource reference;
 * aws-cdk's docs/CLOUDFORMATION.md). A rotation that succeeded is a new physical id, which
 * CloudFormation's rollback does not update but deletes, and a delete changes nothing.
 */
export async function deploymentKeysVersion(event: CloudFormationCustomResourceEvent, store: KeySecretStore, now: Date): Promise<KeysVersion> {
  if (event.RequestType === 'Delete') return unchanged(event.PhysicalResourceId);
  const properties = event.ResourceProperties as unknown as DeploymentKeysProperties;
  const secretId = properties.SecretId;
  const labels = rotationLabels(properties);
  // A request sent again: the version it made.
  const made = await store.read(secretId, event.RequestId);
  if (made !== undefined) return unchanged(made.versionId);
  if (event.RequestType === 'Create') return startingVersion(store, secretId, labels, event.RequestId);

  const old = event.OldResourceProperties as unknown as DeploymentKeysProperties;
  const sameSecret = old.SecretId === secretId;
  const oldLabels = rotationLabels(old);
  if (sameSecret && sameLabels(oldLabels, labels)) return unchanged(event.PhysicalResourceId);
  // Undefined when the physical id names no version of this secret: one of another secret, or one Secrets Manager retired.
  const named = await store.read(secretId, event.PhysicalResourceId);
  if (named === undefined && !sameSecret) return startingVersion(store, secretId, labels, event.RequestId);

  const base = named ?? (await readCurrent(store, secretId));
  const version = readKeyVersion(base);
  // A version made before versions recorded their labels was made for those the stack had.
  const madeFor = version?.labels ?? oldLabels;
  const rotated = ROTATED_KEYS.filter((key) => madeFor[key] !== labels[key]);
  if (rotated.length === 0) return unchanged(base.versionId);
  const keys = version?.keys ?? firstDeploymentKeys(base.secretString);
  const previousSeconds = readPreviousSeconds(properties.PreviousOriginVerifySeconds);
  await putVersion(store, secretId, rotateDeploymentKeys(keys, rotated, { now, previousSeconds }), labels, event.RequestId);
  return { versionId: event.RequestId, rotated };
}

/**
 * A new resource's version, or that of one given another secret: the keys of the secret's current
 * value, none replaced. That version itself when it was made for these labels; otherwise a new
 * version of its keys (or of the first keys, from the value the secret was created with) that records them.
 */
async function startingVersion(store: KeySecretStore, secretId: string, labels: RotationLabels, versionId: string): Promise<KeysVersion> {
  const current = await readCurrent(store, secretId);
  const version = readKeyVersion(current);
  if (version?.labels !== undefined && sameLabels(version.labels, labels)) return unchanged(current.versionId);
  await putVersion(store, secretId, version?.keys ?? firstDeploymentKeys(current.secretString), labels, versionId);
  return { versionId, rotated: [] };
}

function unchanged(versionId: string): KeysVersion {
  return { versionId, rotated: [] };
}

function sameLabels(a: RotationLabels, b: RotationLabels): boolean {
  return ROTATED_KEYS.every((key) => a[key] === b[key]);
}

/** What a version of the secret holds: the keys, and the labels it was made for when it records them. */
interface KeyVersion {
  readonly keys: DeploymentKeys;
  readonly labels?: RotationLabels;
}

/** The field of a version's JSON that records the labels it was made for, which no reader is given. */
const LABELS_FIELD = 'rotations';

/** The keys and labels a version holds; undefined for the single value a secret is created with. */
function readKeyVersion(version: SecretVersion): KeyVersion | undefined {
  const keys = parseDeploymentKeys(version.secretString);
  if (keys === undefined) return undefined;
  const recorded = (JSON.parse(version.secretString) as Record<string, unknown>)[LABELS_FIELD] as Record<string, unknown> | null | undefined;
  if (typeof recorded !== 'object' || recorded === null || !ROTATED_KEYS.every((key) => typeof recorded[key] === 'string')) return { keys };
  return { keys, labels: Object.fromEntries(ROTATED_KEYS.map((key) => [key, recorded[key]])) as RotationLabels };
}

async function putVersion(store: KeySecretStore, secretId: string, keys: DeploymentKeys, labels: RotationLabels, versionId: string): Promise<void> {
  await store.put(secretId, JSON.stringify({ ...keys, [LABELS_FIELD]: labels }), versionId);
}

function rotationLabels(properties: DeploymentKeysProperties): RotationLabels {
  return Object.fromEntries(ROTATED_KEYS.map((key) => [key, properties.Rotations?.[key] ?? ''])) as RotationLabels;
}

function readPreviousSeconds(value: string | undefined): number {
  const seconds = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || seconds > MAX_PREVIOUS_SECONDS) {
    throw new Error(`PreviousOriginVerifySeconds must be a whole number of seconds from 0 to ${MAX_PREVIOUS_SECONDS}, got ${JSON.stringify(value)}`);
  }
  return seconds;
}

async function readCurrent(store: KeySecretStore, secretId: string): Promise<SecretVersion> {
  const current = await store.read(secretId);
  if (current === undefined) throw new Error(`The secret ${secretId} has no current version`);
  return current;
}
