import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { answerCloudFormation, type PutAnswer } from '../../../lambdas/custom-resource/cloudformation-response.js';
import { deploymentKeysHandler } from '../../../lambdas/deployment-keys/handler.js';
import { parseDeploymentKeys } from '../../../lambdas/deployment-keys/keys.js';
import { secretsManagerStore } from '../../../lambdas/deployment-keys/secrets-manager.js';
import { capturedOutput } from '../../support/captured-output.js';
import { customResourceEvent, keysProperties } from '../../support/custom-resource-events.js';

/* The custom resource's function as CloudFormation calls it: Secrets Manager mocked, its answer caught at the response URL. */

const SECRET_ID = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:DeploymentSecret-AbCdEf';
const SEED = 'TheValueSecretsManagerGeneratedAtTheFirstDeploy1';
const secretsManager = mockClient(SecretsManagerClient);
const output = capturedOutput();
const answers: Array<{ url: string; init: Parameters<PutAnswer>[1] }> = [];
/** CloudFormation's pre-signed URL, answering with `status`. */
const responseUrl =
  (status = 200): PutAnswer =>
  async (url, init) => {
    answers.push({ url, init });
    return { ok: status < 300, status };
  };
const handler = deploymentKeysHandler(secretsManagerStore(new SecretsManagerClient({ region: 'eu-west-1' })), responseUrl());

beforeEach(() => {
  secretsManager.reset();
  answers.length = 0;
});
afterAll(() => {
  secretsManager.restore();
});

const notFound = () => new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret value", $metadata: {} });
const answered = () => JSON.parse(Buffer.from(answers[0]!.init.body).toString('utf8')) as Record<string, string>;

describe('the deployment keys’ function', () => {
  it('answers CloudFormation SUCCESS with the version it made as the physical id, and logs no value', async () => {
    const event = customResourceEvent({ type: 'Create', properties: keysProperties(SECRET_ID) });
    // The current value; no version yet by the request's id (the more specific stub, defined last, wins).
    secretsManager.on(GetSecretValueCommand, { SecretId: SECRET_ID }).resolves({ VersionId: 'v1', SecretString: SEED });
    secretsManager.on(GetSecretValueCommand, { SecretId: SECRET_ID, VersionId: event.RequestId }).rejects(notFound());
    secretsManager.on(PutSecretValueCommand).resolves({});

    await handler(event);

    expect(answers).toHaveLength(1);
    expect(answers[0]!.url).toBe(event.ResponseURL);
    expect(answered()).toEqual({
      Status: 'SUCCESS',
      PhysicalResourceId: event.RequestId,
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
    });
    const put = secretsManager.commandCalls(PutSecretValueCommand)[0]!.args[0].input;
    expect(put.ClientRequestToken).toBe(event.RequestId);
    const keys = parseDeploymentKeys(put.SecretString!)!;
    for (const value of Object.values(keys)) expect(output.text()).not.toContain(value);
    expect(output.text()).toContain('"outcome":"ready"');
  });

  it('answers FAILED, with the error’s name and message and no value, when Secrets Manager refuses', async () => {
    const event = customResourceEvent({ type: 'Create', properties: keysProperties(SECRET_ID) });
    secretsManager.on(GetSecretValueCommand).rejects(Object.assign(new Error('User is not authorized to perform secretsmanager:GetSecretValue'), { name: 'AccessDeniedException' }));

    await handler(event);

    expect(answered()).toMatchObject({
      Status: 'FAILED',
      Reason: 'AccessDeniedException: User is not authorized to perform secretsmanager:GetSecretValue',
      PhysicalResourceId: event.RequestId,
    });
    expect(output.text()).toContain('"outcome":"failed","errorName":"AccessDeniedException"');
  });
});

describe('answerCloudFormation', () => {
  it('puts the answer as bytes, so that no Content-Type is sent against the URL’s signature', async () => {
    const event = customResourceEvent({ type: 'Delete', physicalResourceId: 'v1', properties: keysProperties(SECRET_ID) });

    await answerCloudFormation(event, { status: 'SUCCESS', physicalResourceId: 'v1' }, responseUrl());

    expect(answers[0]!.init).toEqual({ method: 'PUT', body: expect.any(Uint8Array) });
  });

  it('fails when the URL refuses the answer', async () => {
    const event = customResourceEvent({ type: 'Delete', physicalResourceId: 'v1', properties: keysProperties(SECRET_ID) });

    await expect(answerCloudFormation(event, { status: 'SUCCESS', physicalResourceId: 'v1' }, responseUrl(403))).rejects.toThrow("CloudFormation's response URL answered 403");
  });
});

describe('secretsManagerStore', () => {
  const store = secretsManagerStore(new SecretsManagerClient({ region: 'eu-west-1' }));

  it('reads no version where Secrets Manager has none by that id, and fails where the secret itself is missing', async () => {
    secretsManager.on(GetSecretValueCommand).rejects(notFound());

    await expect(store.read(SECRET_ID, '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0')).resolves.toBeUndefined();
    await expect(store.read(SECRET_ID)).rejects.toThrow(ResourceNotFoundException);
  });

  it('puts a version whose id is the token it is given', async () => {
    secretsManager.on(PutSecretValueCommand).resolves({});

    await store.put(SECRET_ID, '{"a":"b"}', '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0');

    expect(secretsManager.commandCalls(PutSecretValueCommand)[0]!.args[0].input).toEqual({
      SecretId: SECRET_ID,
      SecretString: '{"a":"b"}',
      ClientRequestToken: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
    });
  });
});
