import {
  CreateSecretCommand,
  GetSecretValueCommand,
  ListSecretVersionIdsCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { KeySecretStore } from '../../../lambdas/deployment-keys/key-versions.js';
import { secretsManagerStore } from '../../../lambdas/deployment-keys/secrets-manager.js';
import { capturedOutput } from '../../support/captured-output.js';
import { keyRollbackScenarios } from '../../support/key-rollback-scenarios.js';
import { describeWithMoto, useMoto } from '../../support/moto-server.js';

/*
 * The same rollbacks against moto's Secrets Manager, which holds AWS's own rules: a
 * ClientRequestToken of 32 to 64 characters, a version never changed once made.
 */

describeWithMoto()('the deployment keys’ custom resource, rolled back, against moto’s Secrets Manager', () => {
  const moto = useMoto('eu-west-1');
  capturedOutput();
  const client = () => new SecretsManagerClient({ endpoint: moto().endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
  let failing = false;
  let secrets = 0;

  keyRollbackScenarios(() => {
    const store = secretsManagerStore(client());
    // moto refuses nothing on demand: the refused put fails in the store, before the wire.
    const failingStore: KeySecretStore = {
      read: store.read,
      put: async (...args) => {
        if (!failing) return store.put(...args);
        failing = false;
        throw Object.assign(new Error('An error occurred on the server side.'), { name: 'InternalServiceError' });
      },
    };
    return {
      store: failingStore,
      createSecret: async (seed) => {
        const created = await client().send(new CreateSecretCommand({ Name: `DeploymentSecret${(secrets += 1)}`, SecretString: seed }));
        return created.ARN!;
      },
      versionIds: async (secretId) => {
        const listed = await client().send(new ListSecretVersionIdsCommand({ SecretId: secretId, IncludeDeprecated: true }));
        return (listed.Versions ?? []).map((version) => version.VersionId!);
      },
      secretString: async (secretId, versionId) => (await client().send(new GetSecretValueCommand({ SecretId: secretId, VersionId: versionId }))).SecretString!,
      failNextPut: () => {
        failing = true;
      },
    };
  });
});
