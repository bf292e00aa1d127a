import type { PutAnswer } from '../custom-resource/cloudformation-response.js';
import { customResourceHandler } from '../custom-resource/custom-resource-handler.js';
import { deploymentKeysVersion, type KeySecretStore } from './key-versions.js';
import { secretsManagerStore } from './secrets-manager.js';

/**
 * The custom resource that keeps the deployment's keys (docs/api.md §10): at each deploy it makes
 * the first keys, or rotates those whose label changed, as a new version of the secret, and
 * answers with that version's id. It runs at deploy only, never on a visitor's path. Its log line
 * names the values it replaced, never a value.
 */
export function deploymentKeysHandler(store: KeySecretStore, put: PutAnswer) {
  return customResourceHandler(
    'deployment keys',
    async (event) => {
      const version = await deploymentKeysVersion(event, store, new Date());
      return { physicalResourceId: version.versionId, logFields: { ...version } };
    },
    put,
  );
}

export const handler = deploymentKeysHandler(secretsManagerStore(), (url, init) => fetch(url, init));
