import { describe, expect, it } from '@jest/globals';
import { deploymentKeysVersion, rotatedKeys, type KeySecretStore } from '../../../lambdas/deployment-keys/key-versions.js';
import { parseDeploymentKeys, type DeploymentKeys } from '../../../lambdas/deployment-keys/keys.js';
import { customResourceEvent, keysProperties } from '../../support/custom-resource-events.js';

/* The custom resource that keeps the deployment's keys (docs/api.md §10), over a secret kept in memory. */

const SECRET_ID = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:DeploymentSecret-AbCdEf';
const SEED = 'TheValueSecretsManagerGeneratedAtTheFirstDeploy1';
const NOW = new Date('2026-12-01T10:00:00.000Z');

/** Secrets' versions in memory, as Secrets Manager keeps them: AWSCURRENT moves to each new one. */
class MemorySecret implements KeySecretStore {
  private readonly secrets = new Map<string, { versions: Map<string, string>; current: string }>();
  puts = 0;
  constructor(initial: string) {
    this.add(SECRET_ID, initial);
  }
  add(secretId: string, initial: string): void {
    this.secrets.set(secretId, { versions: new Map([['created-with-the-secret-0000000000', initial]]), current: 'created-with-the-secret-0000000000' });
  }
  async read(secretId: string, versionId?: string) {
    const secret = this.secrets.get(secretId);
    if (secret === undefined) throw new Error(`no secret ${secretId}`);
    const id = versionId ?? secret.current;
    const secretString = secret.versions.get(id);
    return secretString === undefined ? undefined : { versionId: id, secretString };
  }
  async put(secretId: string, secretString: string, versionId: string) {
    const secret = this.secrets.get(secretId);
    if (secret === undefined || secret.versions.has(versionId)) throw new Error('ResourceExistsException');
    secret.versions.set(versionId, secretString);
    secret.current = versionId;
    this.puts += 1;
  }
  keys(versionId: string, secretId = SECRET_ID): DeploymentKeys {
    return parseDeploymentKeys(this.secrets.get(secretId)!.versions.get(versionId)!)!;
  }
}

async function created(secret: MemorySecret): Promise<string> {
  return deploymentKeysVersion(customResourceEvent({ type: 'Create', properties: keysProperties(SECRET_ID) }), secret, NOW);
}

function update(physicalResourceId: string, old: Record<string, string>, now: Record<string, string>, secretId = SECRET_ID, previousSeconds?: string) {
  return customResourceEvent({ type: 'Update', physicalResourceId, old: keysProperties(SECRET_ID, old), properties: keysProperties(secretId, now, previousSeconds) });
}

describe('the deployment keys’ custom resource', () => {
  it('on create, makes the first keys as a new version named by the request, keeping the created value as the header', async () => {
    const secret = new MemorySecret(SEED);
    const event = customResourceEvent({ type: 'Create', properties: keysProperties(SECRET_ID) });

    const versionId = await deploymentKeysVersion(event, secret, NOW);

    expect(versionId).toBe(event.RequestId);
    expect(secret.keys(versionId).originVerify).toBe(SEED);
  });

  it('on a create CloudFormation sends again, finds the version it made and makes no other', async () => {
    const secret = new MemorySecret(SEED);
    const event = customResourceEvent({ type: 'Create', properties: keysProperties(SECRET_ID) });

    const first = await deploymentKeysVersion(event, secret, NOW);
    const again = await deploymentKeysVersion(event, secret, NOW);

    expect(again).toBe(first);
    expect(secret.puts).toBe(1);
  });

  it('on create over a secret that holds keys already (a resource made anew), names that version and rotates nothing', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);

    expect(await created(secret)).toBe(first);
    expect(secret.puts).toBe(1);
  });

  it('on an update that changes no label, keeps its version: nothing is read from a new value', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);

    expect(await deploymentKeysVersion(update(first, {}, {}), secret, NOW)).toBe(first);
    expect(secret.puts).toBe(1);
  });

  it('keeps the previous header accepted for the window the stack gives, from the rotation', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);
    const event = update(first, {}, { originVerify: 'x' }, SECRET_ID, '600');

    const rotated = await deploymentKeysVersion(event, secret, NOW);

    expect(secret.keys(rotated).originVerifyDigests).toMatch(/@2026-12-01T10:10:00\.000Z$/);
  });

  it.each(['', '-1', '1.5', '86401', 'an hour'])('refuses a window of %j, naming it, rather than rotate with a wrong one', async (seconds) => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);
    const event = update(first, {}, { originVerify: 'x' }, SECRET_ID, seconds);

    await expect(deploymentKeysVersion(event, secret, NOW)).rejects.toThrow(/^PreviousOriginVerifySeconds must be a whole number of seconds from 0 to 86400/);
  });

  it('on an update to another secret, takes that secret’s current value as its keys’ start', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);
    const another = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Another-GhIjKl';
    secret.add(another, 'TheValueTheOtherSecretWasCreatedWith0123456789ab');

    const versionId = await deploymentKeysVersion(update(first, {}, {}, another), secret, NOW);

    expect(secret.keys(versionId, another).originVerify).toBe('TheValueTheOtherSecretWasCreatedWith0123456789ab');
  });

  it('on a new header label, rotates the header of the version it had, and no other value', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);

    const rotated = await deploymentKeysVersion(update(first, {}, { originVerify: '2026-12-01' }), secret, NOW);

    const [before, after] = [secret.keys(first), secret.keys(rotated)];
    expect(rotated).not.toBe(first);
    expect(after.originVerify).toBe(before.originVerifyNext);
    expect(after.counterKey).toBe(before.counterKey);
    expect(after.formTokenKey).toBe(before.formTokenKey);
  });

  it('rotates from the version the stack reads, even when another is current (a rollback left it so)', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);
    const abandoned = await deploymentKeysVersion(update(first, {}, { counterKey: 'a' }), secret, NOW);
    expect(secret.keys(abandoned).counterKey).not.toBe(secret.keys(first).counterKey);

    const rotated = await deploymentKeysVersion(update(first, {}, { formTokenKey: 'b' }), secret, NOW);

    expect(secret.keys(rotated).counterKey).toBe(secret.keys(first).counterKey);
    expect(secret.keys(rotated).formTokenKey).not.toBe(secret.keys(first).formTokenKey);
  });

  it('on a label taken away, rotates once more: it never goes back to an older version', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);
    const labelled = await deploymentKeysVersion(update(first, {}, { originVerify: 'x' }), secret, NOW);

    const unlabelled = await deploymentKeysVersion(update(labelled, { originVerify: 'x' }, {}), secret, NOW);

    expect([first, labelled]).not.toContain(unlabelled);
    expect(secret.keys(unlabelled).originVerify).toBe(secret.keys(labelled).originVerifyNext);
    expect(secret.keys(unlabelled).originVerify).not.toBe(SEED);
  });

  it('on a rotation whose version Secrets Manager no longer has, rotates the current one', async () => {
    const secret = new MemorySecret(SEED);
    const first = await created(secret);

    const rotated = await deploymentKeysVersion(update('a-version-retired-long-ago-000000000', {}, { counterKey: 'c' }), secret, NOW);

    expect(secret.keys(rotated).originVerify).toBe(secret.keys(first).originVerify);
    expect(secret.keys(rotated).counterKey).not.toBe(secret.keys(first).counterKey);
  });

  it('on delete, changes nothing: the secret goes with the stack', async () => {
    const secret = new MemorySecret(SEED);
    const event = customResourceEvent({ type: 'Delete', physicalResourceId: 'v1-0000000000000000000000000000000', properties: keysProperties(SECRET_ID) });

    expect(await deploymentKeysVersion(event, secret, NOW)).toBe('v1-0000000000000000000000000000000');
    expect(secret.puts).toBe(0);
  });
});

describe('rotatedKeys', () => {
  it('names the values whose label changed, an absent label being the empty one', () => {
    expect(rotatedKeys(update('v', {}, { originVerify: '1', formTokenKey: '' }))).toEqual(['originVerify']);
    expect(rotatedKeys(update('v', { counterKey: '1' }, { counterKey: '2', formTokenKey: 'x' }))).toEqual(['counterKey', 'formTokenKey']);
    expect(rotatedKeys(customResourceEvent({ type: 'Create', properties: keysProperties(SECRET_ID, { originVerify: '1' }) }))).toEqual([]);
  });
});
