import { expect, it } from '@jest/globals';
import { deploymentKeysHandler } from '../../lambdas/deployment-keys/handler.js';
import type { KeySecretStore } from '../../lambdas/deployment-keys/key-versions.js';
import { parseDeploymentKeys, type DeploymentKeys } from '../../lambdas/deployment-keys/keys.js';
import { CloudFormationStandIn } from './cloudformation-stand-in.js';
import { keysProperties } from './custom-resource-events.js';

/** A Secrets Manager the deployment keys' function works against: a stand-in, or moto. */
export interface KeySecrets {
  /** The store the function is given (lambdas/deployment-keys/secrets-manager.ts over this Secrets Manager). */
  readonly store: KeySecretStore;
  /** A new secret holding `seed`, as CloudFormation creates it; its id. */
  createSecret(seed: string): Promise<string>;
  /** The ids of every version the secret holds. */
  versionIds(secretId: string): Promise<string[]>;
  /** The version's string. */
  secretString(secretId: string, versionId: string): Promise<string>;
  /** The next PutSecretValue fails, as the service refusing it would. */
  failNextPut(): void;
}

const SEED = 'TheValueSecretsManagerGeneratedAtTheFirstDeploy1';

/**
 * Create, rotations and their rollbacks, as CloudFormation sends them, through the real handler:
 * a rollback never makes a version of the secret, and the stack reads the keys it had before.
 */
export function keyRollbackScenarios(secrets: () => KeySecrets): void {
  async function deployed(rotations: Record<string, string> = {}) {
    const secretId = await secrets().createSecret(SEED);
    const stack = new CloudFormationStandIn();
    stack.drive(deploymentKeysHandler(secrets().store, stack.put));
    expect(await stack.create(keysProperties(secretId, rotations))).toBe('CREATE_COMPLETE');
    return { secretId, stack };
  }
  const keysOf = async (secretId: string, versionId: string): Promise<DeploymentKeys> => parseDeploymentKeys(await secrets().secretString(secretId, versionId))!;
  /** The rollback's request: the last Update, whose old properties are the deploy's. */
  const rollbackOf = (stack: CloudFormationStandIn) => stack.requests.filter((request) => request.RequestType === 'Update').at(-1)!;

  it('rolls back the very first rotation, refused by Secrets Manager, with no new version: the stack keeps the keys of its create', async () => {
    const { secretId, stack } = await deployed();
    const [created, before] = [stack.physicalResourceId!, await secrets().versionIds(secretId)];

    secrets().failNextPut();
    expect(await stack.update(keysProperties(secretId, { originVerify: '2026-12-01' }))).toBe('UPDATE_ROLLBACK_COMPLETE');

    expect(stack.lastAnswer()).toEqual(expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: created }));
    expect(stack.physicalResourceId).toBe(created);
    expect((await secrets().versionIds(secretId)).sort()).toEqual([...before].sort());
  });

  it('rolls back a rotation whose answer never reached CloudFormation with no new version, and rotates again at the next deploy from the keys the stack had', async () => {
    const { secretId, stack } = await deployed();
    const created = stack.physicalResourceId!;

    expect(await stack.update(keysProperties(secretId, { counterKey: 'leaked' }), { answerLost: true })).toBe('UPDATE_ROLLBACK_COMPLETE');

    const versions = await secrets().versionIds(secretId);
    expect(versions).not.toContain(rollbackOf(stack).RequestId);
    expect(stack.physicalResourceId).toBe(created);
    // The version the lost answer named stays unread; the deploy made again rotates from the stack's own.
    expect(await stack.update(keysProperties(secretId, { counterKey: 'leaked' }))).toBe('UPDATE_COMPLETE');
    const [before, after] = [await keysOf(secretId, created), await keysOf(secretId, stack.physicalResourceId!)];
    expect(after.counterKey).not.toBe(before.counterKey);
    expect(after.originVerify).toBe(before.originVerify);
    expect(await secrets().versionIds(secretId)).toHaveLength(versions.length + 1);
  });

  it('rolls back a rotation that succeeded, another resource failing, by deleting its version’s resource: no new version, the keys before', async () => {
    const { secretId, stack } = await deployed();
    const created = stack.physicalResourceId!;

    expect(await stack.update(keysProperties(secretId, { formTokenKey: 'b' }), { laterFailure: true })).toBe('UPDATE_ROLLBACK_COMPLETE');

    expect(stack.physicalResourceId).toBe(created);
    expect(stack.requests.map((request) => request.RequestType)).toEqual(['Create', 'Update', 'Delete']);
    expect(await secrets().versionIds(secretId)).toHaveLength(3);
  });

  it('rolls back the second of two rotations in a row to the first one’s version, with no new version', async () => {
    const { secretId, stack } = await deployed({ originVerify: '2026-11-01' });
    expect(await stack.update(keysProperties(secretId, { originVerify: '2026-12-01' }))).toBe('UPDATE_COMPLETE');
    const [first, before] = [stack.physicalResourceId!, await secrets().versionIds(secretId)];

    secrets().failNextPut();
    expect(await stack.update(keysProperties(secretId, { originVerify: '2026-12-01', counterKey: 'c' }))).toBe('UPDATE_ROLLBACK_COMPLETE');

    expect(stack.physicalResourceId).toBe(first);
    expect((await secrets().versionIds(secretId)).sort()).toEqual([...before].sort());
  });

  it('rolls back an update that changed no label (another setting of the resource) in place, with no new version', async () => {
    const { secretId, stack } = await deployed();
    const [created, before] = [stack.physicalResourceId!, await secrets().versionIds(secretId)];

    expect(await stack.update(keysProperties(secretId, {}, '600'), { laterFailure: true })).toBe('UPDATE_ROLLBACK_COMPLETE');

    expect(stack.requests.map((request) => request.RequestType)).toEqual(['Create', 'Update', 'Update']);
    expect(stack.physicalResourceId).toBe(created);
    expect(await secrets().versionIds(secretId)).toHaveLength(before.length);
  });

  it('rotates on a label given back by a deploy of its own: a rollback is told by the version’s labels, not by the labels alone', async () => {
    const { secretId, stack } = await deployed();
    const created = stack.physicalResourceId!;
    expect(await stack.update(keysProperties(secretId, { originVerify: 'x' }))).toBe('UPDATE_COMPLETE');
    const labelled = stack.physicalResourceId!;

    expect(await stack.update(keysProperties(secretId, {}))).toBe('UPDATE_COMPLETE');

    expect([created, labelled]).not.toContain(stack.physicalResourceId);
    expect((await keysOf(secretId, stack.physicalResourceId!)).originVerify).toBe((await keysOf(secretId, labelled)).originVerifyNext);
  });

  it('changes nothing when the stack is deleted, or its create rolled back', async () => {
    const { secretId, stack } = await deployed();
    const before = await secrets().versionIds(secretId);
    expect(await stack.delete()).toBe('DELETE_COMPLETE');

    const another = await secrets().createSecret(SEED);
    const failed = new CloudFormationStandIn();
    failed.drive(deploymentKeysHandler(secrets().store, failed.put));
    expect(await failed.create(keysProperties(another), { laterFailure: true })).toBe('ROLLBACK_COMPLETE');

    expect(await secrets().versionIds(secretId)).toHaveLength(before.length);
    expect(failed.lastAnswer()).toMatchObject({ Status: 'SUCCESS' });
  });
}
