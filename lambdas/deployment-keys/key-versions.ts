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

/** The custom resource's properties (lib/keys/deployment-keys.ts), as CloudFormation passes them: strings. */
export interface DeploymentKeysProperties {
  readonly SecretId: string;
  /** Each rotated value's label: a new label replaces that value. */
  readonly Rotations?: Partial<Record<RotatedKey, string>>;
  /** How long after a rotation the previous header stays accepted (PREVIOUS_ORIGIN_VERIFY_SECONDS), in whole seconds. */
  readonly PreviousOriginVerifySeconds: string;
}

/** At most a day: a retired value is one an owner may want gone. */
const MAX_PREVIOUS_SECONDS = 86_400;

/**
 * The version of the secret that every reader names after this event (the custom resource's
 * physical id, which the stack's dynamic references name). Every new set of keys is a new version,
 * and so a new physical id: CloudFormation then treats a rotation as a replacement, and a rollback
 * goes back to the version the resource had before, never a rotation of its own. A request
 * CloudFormation sends again finds the version it already made (its id is the request's).
 */
export async function deploymentKeysVersion(event: CloudFormationCustomResourceEvent, store: KeySecretStore, now: Date): Promise<string> {
  if (event.RequestType === 'Delete') return event.PhysicalResourceId;
  const properties = event.ResourceProperties as unknown as DeploymentKeysProperties;
  const secretId = properties.SecretId;
  const made = await store.read(secretId, event.RequestId);
  if (made !== undefined) return made.versionId;

  // A new resource, or one now given another secret: the keys are those of the secret's current value.
  if (event.RequestType === 'Create' || (event.OldResourceProperties as unknown as DeploymentKeysProperties).SecretId !== secretId) {
    const current = await readCurrent(store, secretId);
    const keys = parseDeploymentKeys(current.secretString);
    if (keys !== undefined) return current.versionId;
    return putKeys(store, secretId, firstDeploymentKeys(current.secretString), event.RequestId);
  }

  const rotated = rotatedKeys(event);
  if (rotated.length === 0) return event.PhysicalResourceId;
  const base = (await store.read(secretId, event.PhysicalResourceId)) ?? (await readCurrent(store, secretId));
  const keys = parseDeploymentKeys(base.secretString) ?? firstDeploymentKeys(base.secretString);
  const previousSeconds = readPreviousSeconds(properties.PreviousOriginVerifySeconds);
  return putKeys(store, secretId, rotateDeploymentKeys(keys, rotated, { now, previousSeconds }), event.RequestId);
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

async function putKeys(store: KeySecretStore, secretId: string, keys: DeploymentKeys, versionId: string): Promise<string> {
  await store.put(secretId, JSON.stringify(keys), versionId);
  return versionId;
}

/** The values an update replaces: those whose label changed (an absent label is the empty one). */
export function rotatedKeys(event: CloudFormationCustomResourceEvent): RotatedKey[] {
  if (event.RequestType !== 'Update') return [];
  const label = (properties: unknown, key: RotatedKey) => (properties as DeploymentKeysProperties).Rotations?.[key] ?? '';
  return ROTATED_KEYS.filter((key) => label(event.OldResourceProperties, key) !== label(event.ResourceProperties, key));
}
