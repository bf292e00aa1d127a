import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { errorName } from '../http/error-name.js';
import { writeEventLine } from '../http/request-log.js';
import { answerCloudFormation, type PutAnswer } from './cloudformation-response.js';
import { deploymentKeysVersion, rotatedKeys, type KeySecretStore } from './key-versions.js';
import { secretsManagerStore } from './secrets-manager.js';

/**
 * The custom resource that keeps the deployment's keys (docs/api.md §10): at each deploy it makes
 * the first keys, or rotates those whose label changed, as a new version of the secret, and
 * answers with that version's id. It runs at deploy only, never on a visitor's path. Its log line
 * names the values it replaced, never a value.
 */
export function deploymentKeysHandler(store: KeySecretStore, put: PutAnswer) {
  return async (event: CloudFormationCustomResourceEvent): Promise<void> => {
    const fields = { requestType: event.RequestType, logicalResourceId: event.LogicalResourceId, rotated: rotatedKeys(event) };
    try {
      const versionId = await deploymentKeysVersion(event, store, new Date());
      writeEventLine('deployment keys', { ...fields, outcome: 'ready', versionId }, null);
      await answerCloudFormation(event, { status: 'SUCCESS', physicalResourceId: versionId }, put);
    } catch (error) {
      const name = errorName(error);
      writeEventLine('deployment keys', { ...fields, outcome: 'failed', errorName: name }, null);
      // A failed create still needs an id: CloudFormation deletes the resource by it, which changes nothing.
      const physicalResourceId = event.RequestType === 'Create' ? event.RequestId : event.PhysicalResourceId;
      // The message goes to CloudFormation's events, where a failed deploy shows it: no message here carries a key.
      const reason = `${name}: ${error instanceof Error ? error.message : String(error)}`;
      await answerCloudFormation(event, { status: 'FAILED', physicalResourceId, reason }, put);
    }
  };
}

export const handler = deploymentKeysHandler(secretsManagerStore(), (url, init) => fetch(url, init));
