import { CustomResource, Duration, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { DeploymentKeysProperties } from '../../lambdas/deployment-keys/key-versions.js';
import { PREVIOUS_ORIGIN_VERIFY_SECONDS, type DeploymentKeyField, type RotatedKey } from '../../lambdas/deployment-keys/keys.js';
import { SiteFunction } from '../api/site-function.js';

export interface DeploymentKeysProps {
  /** Each rotated value's label: a new label replaces that value at the next deploy (README, "The secret and the API's own endpoint"). */
  readonly rotations: Readonly<Record<RotatedKey, string>>;
}

/**
 * The deployment's keys (docs/api.md §10), in one Secrets Manager secret: the front door's header,
 * the header's next value, what the functions are given of both, the counters' key and the form
 * tokens' key, each generated on its own. One secret, 0.40 USD a month, holds them all; each
 * consumer is given only its own field, as a CloudFormation dynamic reference
 * (`{{resolve:secretsmanager:…}}`): never in the repository, never in clear in the template.
 *
 * A custom resource makes the keys at the first deploy and rotates those whose label changed, as a
 * new version of the secret, and every reference names that version: CloudFormation resolves a
 * dynamic reference only when the resource holding it changes, and a new version id changes them
 * all in the same deploy.
 */
export class DeploymentKeys extends Construct {
  readonly secret: Secret;
  /** The custom resource's function, run at deploys only. */
  readonly keeper: SiteFunction;
  /** The version every reader names: the custom resource's physical id. */
  readonly versionId: string;

  constructor(scope: Construct, id: string, props: DeploymentKeysProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description:
        "The deployment's keys (docs/api.md §10): X-Origin-Verify, the front door's header, and its next value; their digests, which the functions check; the rate-limit counters' HMAC key; the form tokens' key. Each generated on its own.",
      // The value the secret is created with becomes the first header (lambdas/deployment-keys/keys.ts).
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      // Made again at the next deploy: nothing depends on an old value once the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Read only through dynamic references, which CloudFormation resolves at deploy: a rotation between deploys would part its readers. Each value is rotated at a deploy, by a context label (README, "The secret and the API\'s own endpoint").',
    });

    const keeper = (this.keeper = new SiteFunction(this, 'Keeper', {
      handlerName: 'deployment-keys',
      environment: {},
      memorySize: 256,
      timeout: Duration.seconds(30),
      lazyModules: [],
    }));
    keeper.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], resources: [this.secret.secretArn] }),
    );
    const properties: DeploymentKeysProperties = {
      SecretId: this.secret.secretArn,
      Rotations: props.rotations,
      PreviousOriginVerifySeconds: String(PREVIOUS_ORIGIN_VERIFY_SECONDS),
    };
    const keys = new CustomResource(this, 'Keys', {
      serviceToken: keeper.functionArn,
      resourceType: 'Custom::DeploymentKeys',
      properties,
      // A keeper that never answers fails the deploy in minutes, not CloudFormation's hour.
      serviceTimeout: Duration.minutes(5),
    });
    this.versionId = keys.ref;
  }

  /** The dynamic reference to one field of the version this deploy reads: a property of a resource, never a literal. */
  reference(field: DeploymentKeyField): string {
    return SecretValue.secretsManager(this.secret.secretArn, { jsonField: field, versionId: this.versionId }).unsafeUnwrap();
  }
}
