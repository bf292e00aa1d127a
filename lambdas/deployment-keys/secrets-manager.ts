import { GetSecretValueCommand, PutSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { KeySecretStore } from './key-versions.js';

/** The deployment's secret in Secrets Manager: the custom resource's only dependency. */
export function secretsManagerStore(client: SecretsManagerClient = new SecretsManagerClient({})): KeySecretStore {
  return {
    read: async (secretId, versionId) => {
      try {
        const { VersionId, SecretString } = await client.send(
          new GetSecretValueCommand({ SecretId: secretId, ...(versionId === undefined ? {} : { VersionId: versionId }) }),
        );
        if (VersionId === undefined || SecretString === undefined) throw new Error(`The secret ${secretId} holds no string`);
        return { versionId: VersionId, secretString: SecretString };
      } catch (error) {
        // A version id that names no version: a request not seen before, or a version Secrets Manager retired.
        if (error instanceof ResourceNotFoundException && versionId !== undefined) return undefined;
        throw error;
      }
    },
    // The version id is the request's token: Secrets Manager makes it the new version's id, and
    // moves AWSCURRENT to it (readers name their version, so AWSCURRENT is only what a console shows).
    put: async (secretId, secretString, versionId) => {
      await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: secretString, ClientRequestToken: versionId }));
    },
  };
}
