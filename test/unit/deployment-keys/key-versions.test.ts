import { afterAll, describe, expect, it } from '@jest/globals';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomUUID } from 'node:crypto';
import { deploymentKeysVersion } from '../../../lambdas/deployment-keys/key-versions.js';
import { firstDeploymentKeys, parseDeploymentKeys, type DeploymentKeys } from '../../../lambdas/deployment-keys/keys.js';
import { secretsManagerStore } from '../../../lambdas/deployment-keys/secrets-manager.js';
import { customResourceEvent, keysProperties } from '../../support/custom-resource-events.js';
import { SecretsManagerStandIn } from '../../support/secrets-manager-stand-in.js';

/* The custom resource that keeps the deployment's keys (docs/api.md §10), over a Secrets Manager that keeps versions as it does. */

const SECRET_ID = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:DeploymentSecret-AbCdEf';
const SEED = 'TheValueSecretsManagerGeneratedAtTheFirstDeploy1';
const NOW = new Date('2026-12-01T10:00:00.000Z');
const secretsManager = new SecretsManagerStandIn();
const store = secretsManagerStore(new SecretsManagerClient({ region: 'eu-west-1' }));
afterAll(() => {
  secretsManager.restore();
});

/** A secret as CloudFormation creates it, holding `initial`; each test has its own. */
function newSecret(initial = SEED): string {
  const secretId = `${SECRET_ID}-${randomUUID()}`;
  secretsManager.createSecret(secretId, initial);
  return secretId;
}
const versionsOf = (secretId: string) => secretsManager.versionIds(secretId).length;
const keysOf = (secretId: string, versionId: string): DeploymentKeys => parseDeploymentKeys(secretsManager.secretString(secretId, versionId))!;
const recordedLabels = (secretId: string, versionId: string) => (JSON.parse(secretsManager.secretString(secretId, versionId)) as { rotations?: unknown }).rotations;
const versionOf = async (event: ReturnType<typeof customResourceEvent>) => (await deploymentKeysVersion(event, store, NOW)).versionId;

async function created(secretId: string, rotations: Record<string, string> = {}): Promise<string> {
  return versionOf(customResourceEvent({ type: 'Create', properties: keysProperties(secretId, rotations) }));
}

function update(secretId: string, physicalResourceId: string, old: Record<string, string>, now: Record<string, string>, previousSeconds?: string, newSecretId = secretId) {
  return customResourceEvent({ type: 'Update', physicalResourceId, old: keysProperties(secretId, old), properties: keysProperties(newSecretId, now, previousSeconds) });
}

describe('the deployment keys’ custom resource', () => {
  it('on create, makes the first keys as a new version named by the request, keeping the created value as the header and recording the labels', async () => {
    const secretId = newSecret();
    const event = customResourceEvent({ type: 'Create', properties: keysProperties(secretId, { counterKey: 'c' }) });

    const versionId = await versionOf(event);

    expect(versionId).toBe(event.RequestId);
    expect(keysOf(secretId, versionId).originVerify).toBe(SEED);
    expect(recordedLabels(secretId, versionId)).toEqual({ originVerify: '', counterKey: 'c', formTokenKey: '' });
  });

  it('on a create CloudFormation sends again, finds the version it made and makes no other', async () => {
    const secretId = newSecret();
    const event = customResourceEvent({ type: 'Create', properties: keysProperties(secretId) });

    const first = await versionOf(event);
    const again = await versionOf(event);

    expect(again).toBe(first);
    expect(versionsOf(secretId)).toBe(2);
  });

  it('on create over a secret that holds keys made for the same labels (a resource made anew), names that version and rotates nothing', async () => {
    const secretId = newSecret();
    const first = await created(secretId);

    expect(await created(secretId)).toBe(first);
    expect(versionsOf(secretId)).toBe(2);
  });

  it('on create over a secret that holds keys made for other labels, keeps its keys in a new version that records the create’s', async () => {
    const secretId = newSecret();
    const first = await created(secretId, { originVerify: 'x' });

    const second = await created(secretId);

    expect(second).not.toBe(first);
    expect(keysOf(secretId, second)).toEqual(keysOf(secretId, first));
    expect(recordedLabels(secretId, second)).toEqual({ originVerify: '', counterKey: '', formTokenKey: '' });
  });

  it('on an update that changes no label, keeps its version: nothing is read from a new value', async () => {
    const secretId = newSecret();
    const first = await created(secretId);

    expect(await versionOf(update(secretId, first, {}, {}))).toBe(first);
    expect(versionsOf(secretId)).toBe(2);
  });

  it('keeps the previous header accepted for the window the stack gives, from the rotation', async () => {
    const secretId = newSecret();
    const first = await created(secretId);

    const rotated = await versionOf(update(secretId, first, {}, { originVerify: 'x' }, '600'));

    expect(keysOf(secretId, rotated).originVerifyDigests).toMatch(/@2026-12-01T10:10:00\.000Z$/);
  });

  it.each(['', '-1', '1.5', '86401', 'an hour'])('refuses a window of %j, naming it, rather than rotate with a wrong one', async (seconds) => {
    const secretId = newSecret();
    const first = await created(secretId);

    await expect(versionOf(update(secretId, first, {}, { originVerify: 'x' }, seconds))).rejects.toThrow(
      /^PreviousOriginVerifySeconds must be a whole number of seconds from 0 to 86400/,
    );
  });

  it('on an update to another secret, takes that secret’s current value as its keys’ start', async () => {
    const secretId = newSecret();
    const first = await created(secretId);
    const another = newSecret('TheValueTheOtherSecretWasCreatedWith0123456789ab');

    const versionId = await versionOf(update(secretId, first, {}, {}, undefined, another));

    expect(keysOf(another, versionId).originVerify).toBe('TheValueTheOtherSecretWasCreatedWith0123456789ab');
  });

  it('on a new header label, rotates the header of the version it had, and no other value, and records the new label', async () => {
    const secretId = newSecret();
    const first = await created(secretId);

    const { versionId: rotated, rotated: values } = await deploymentKeysVersion(update(secretId, first, {}, { originVerify: '2026-12-01' }), store, NOW);

    const [before, after] = [keysOf(secretId, first), keysOf(secretId, rotated)];
    expect(values).toEqual(['originVerify']);
    expect(rotated).not.toBe(first);
    expect(after.originVerify).toBe(before.originVerifyNext);
    expect(after.counterKey).toBe(before.counterKey);
    expect(after.formTokenKey).toBe(before.formTokenKey);
    expect(recordedLabels(secretId, rotated)).toEqual({ originVerify: '2026-12-01', counterKey: '', formTokenKey: '' });
  });

  it('rotates from the version the stack reads, even when another is current (a rollback left it so)', async () => {
    const secretId = newSecret();
    const first = await created(secretId);
    const abandoned = await versionOf(update(secretId, first, {}, { counterKey: 'a' }));
    expect(keysOf(secretId, abandoned).counterKey).not.toBe(keysOf(secretId, first).counterKey);

    const rotated = await versionOf(update(secretId, first, {}, { formTokenKey: 'b' }));

    expect(keysOf(secretId, rotated).counterKey).toBe(keysOf(secretId, first).counterKey);
    expect(keysOf(secretId, rotated).formTokenKey).not.toBe(keysOf(secretId, first).formTokenKey);
  });

  it('on an update whose labels the version it names was made for (a failed deploy’s rollback), keeps that version and makes none', async () => {
    const secretId = newSecret();
    const first = await created(secretId, { originVerify: 'a' });

    const rollback = await deploymentKeysVersion(update(secretId, first, { originVerify: 'b', counterKey: 'c' }, { originVerify: 'a' }), store, NOW);

    expect(rollback).toEqual({ versionId: first, rotated: [] });
    expect(versionsOf(secretId)).toBe(2);
  });

  it('on a label taken away, rotates once more: it never goes back to an older version', async () => {
    const secretId = newSecret();
    const first = await created(secretId);
    const labelled = await versionOf(update(secretId, first, {}, { originVerify: 'x' }));

    const unlabelled = await versionOf(update(secretId, labelled, { originVerify: 'x' }, {}));

    expect([first, labelled]).not.toContain(unlabelled);
    expect(keysOf(secretId, unlabelled).originVerify).toBe(keysOf(secretId, labelled).originVerifyNext);
    expect(keysOf(secretId, unlabelled).originVerify).not.toBe(SEED);
  });

  it('on a version made before versions recorded their labels, rotates what the stack’s labels say changed, and records them', async () => {
    const secretId = newSecret(JSON.stringify(firstDeploymentKeys(SEED)));
    const [legacy] = secretsManager.versionIds(secretId);

    const rotated = await versionOf(update(secretId, legacy!, { counterKey: 'a' }, { counterKey: 'a', formTokenKey: 'b' }));

    expect(keysOf(secretId, rotated).counterKey).toBe(keysOf(secretId, legacy!).counterKey);
    expect(keysOf(secretId, rotated).formTokenKey).not.toBe(keysOf(secretId, legacy!).formTokenKey);
    expect(recordedLabels(secretId, rotated)).toEqual({ originVerify: '', counterKey: 'a', formTokenKey: 'b' });
  });

  it('on a rotation whose version Secrets Manager no longer has, rotates the current one', async () => {
    const secretId = newSecret();
    const first = await created(secretId);

    const rotated = await versionOf(update(secretId, 'a-version-retired-long-ago-000000000', {}, { counterKey: 'c' }));

    expect(keysOf(secretId, rotated).originVerify).toBe(keysOf(secretId, first).originVerify);
    expect(keysOf(secretId, rotated).counterKey).not.toBe(keysOf(secretId, first).counterKey);
  });

  it('on delete, changes nothing: the secret goes with the stack', async () => {
    const secretId = newSecret();
    const event = customResourceEvent({ type: 'Delete', physicalResourceId: 'v1-0000000000000000000000000000000', properties: keysProperties(secretId) });

    expect(await versionOf(event)).toBe('v1-0000000000000000000000000000000');
    expect(versionsOf(secretId)).toBe(1);
  });
});
