import { afterAll, describe } from '@jest/globals';
import { SecretsManagerClient, InternalServiceError } from '@aws-sdk/client-secrets-manager';
import { secretsManagerStore } from '../../../lambdas/deployment-keys/secrets-manager.js';
import { capturedOutput } from '../../support/captured-output.js';
import { keyRollbackScenarios } from '../../support/key-rollback-scenarios.js';
import { SecretsManagerStandIn } from '../../support/secrets-manager-stand-in.js';

/* The deployment keys through CloudFormation's rollbacks (docs/api.md §10), against a Secrets Manager that keeps versions as it does. */

const secretsManager = new SecretsManagerStandIn();
capturedOutput();
afterAll(() => {
  secretsManager.restore();
});

describe('the deployment keys’ custom resource, rolled back', () => {
  let secrets = 0;
  keyRollbackScenarios(() => ({
    store: secretsManagerStore(new SecretsManagerClient({ region: 'eu-west-1' })),
    createSecret: async (seed) => {
      const secretId = `arn:aws:secretsmanager:eu-west-1:123456789012:secret:DeploymentSecret${(secrets += 1)}-AbCdEf`;
      secretsManager.createSecret(secretId, seed);
      return secretId;
    },
    versionIds: async (secretId) => secretsManager.versionIds(secretId),
    secretString: async (secretId, versionId) => secretsManager.secretString(secretId, versionId),
    failNextPut: () => secretsManager.failNextPut(new InternalServiceError({ message: 'An error occurred on the server side.', $metadata: {} })),
  }));
});
