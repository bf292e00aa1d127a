import {
  GetSecretValueCommand,
  InvalidParameterException,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
  type GetSecretValueCommandInput,
  type PutSecretValueCommandInput,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { randomUUID } from 'node:crypto';

interface StoredVersion {
  readonly secretString: string;
  readonly stages: Set<string>;
}

/**
 * Secrets Manager's secrets as it keeps their versions, behind a real SecretsManagerClient, for
 * what the SDK's mock alone would not hold (its API reference, PutSecretValue and
 * GetSecretValue): a version is never changed once made; a put's ClientRequestToken (32 to 64
 * characters) becomes the new version's id, and a put with a token already used succeeds without a
 * new version when its value is the same, and fails ResourceExistsException when it is not; a new
 * version takes AWSCURRENT, and the version that had it AWSPREVIOUS; a read names a version by id,
 * or takes AWSCURRENT, and fails ResourceNotFoundException for a version there is not.
 */
export class SecretsManagerStandIn {
  private readonly secrets = new Map<string, Map<string, StoredVersion>>();
  private readonly mock = mockClient(SecretsManagerClient);
  private failure: Error | undefined;
  /** Every PutSecretValue answered, idempotent repeats included. */
  puts = 0;

  constructor() {
    this.mock.on(GetSecretValueCommand).callsFake(async (input: GetSecretValueCommandInput) => this.getSecretValue(input));
    this.mock.on(PutSecretValueCommand).callsFake(async (input: PutSecretValueCommandInput) => this.putSecretValue(input));
  }

  /** A secret with its first version, as CloudFormation creates one from a generated value. */
  createSecret(secretId: string, secretString: string): string {
    const versionId = randomUUID();
    this.secrets.set(secretId, new Map([[versionId, { secretString, stages: new Set(['AWSCURRENT']) }]]));
    return versionId;
  }

  /** The next PutSecretValue fails with `error`, as a refusal or a fault of the service would. */
  failNextPut(error: Error): void {
    this.failure = error;
  }

  /** The ids of the secret's versions, in the order they were made. */
  versionIds(secretId: string): string[] {
    return [...this.versionsOf(secretId).keys()];
  }

  /** The staging labels a version holds. */
  stagesOf(secretId: string, versionId: string): string[] {
    return [...(this.versionsOf(secretId).get(versionId)?.stages ?? [])].sort();
  }

  secretString(secretId: string, versionId: string): string {
    return this.versionsOf(secretId).get(versionId)!.secretString;
  }

  restore(): void {
    this.mock.restore();
  }

  private getSecretValue({ SecretId, VersionId, VersionStage }: GetSecretValueCommandInput) {
    const versions = this.versionsOf(SecretId!);
    const entry =
      VersionId === undefined
        ? [...versions].find(([, version]) => version.stages.has(VersionStage ?? 'AWSCURRENT'))
        : [VersionId, versions.get(VersionId)] as const;
    if (entry?.[1] === undefined) {
      throw new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret value", $metadata: {} });
    }
    const [versionId, version] = entry;
    return { ARN: SecretId, Name: SecretId, VersionId: versionId, SecretString: version.secretString, VersionStages: [...version.stages] };
  }

  private putSecretValue({ SecretId, SecretString, ClientRequestToken }: PutSecretValueCommandInput) {
    const versions = this.versionsOf(SecretId!);
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
    if (ClientRequestToken === undefined || ClientRequestToken.length < 32 || ClientRequestToken.length > 64) {
      throw new InvalidParameterException({ message: 'ClientRequestToken must be 32-64 characters long.', $metadata: {} });
    }
    this.puts += 1;
    const existing = versions.get(ClientRequestToken);
    if (existing !== undefined) {
      if (existing.secretString !== SecretString) {
        throw new ResourceExistsException({ message: `You can't use ClientRequestToken ${ClientRequestToken} because that value is already in use for a version of secret ${SecretId}.`, $metadata: {} });
      }
      return { ARN: SecretId, Name: SecretId, VersionId: ClientRequestToken, VersionStages: [...existing.stages] };
    }
    for (const version of versions.values()) version.stages.delete('AWSPREVIOUS');
    for (const version of versions.values()) {
      if (version.stages.delete('AWSCURRENT')) version.stages.add('AWSPREVIOUS');
    }
    versions.set(ClientRequestToken, { secretString: SecretString!, stages: new Set(['AWSCURRENT']) });
    return { ARN: SecretId, Name: SecretId, VersionId: ClientRequestToken, VersionStages: ['AWSCURRENT'] };
  }

  private versionsOf(secretId: string): Map<string, StoredVersion> {
    const versions = this.secrets.get(secretId);
    if (versions === undefined) throw new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret.", $metadata: {} });
    return versions;
  }
}
