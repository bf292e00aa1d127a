import { RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface DeploymentSecretProps {
  readonly description: string;
  /**
   * The version of the value that every consumer reads (Secrets Manager's VersionId), once the
   * owner has put one of their own (README, "The secret"); none before: the first version is the
   * only one there is.
   */
  readonly versionId?: string;
}

/**
 * A random value made at the first deploy and kept in Secrets Manager: never in the repository,
 * never in clear in the template. Consumers get it only as a CloudFormation dynamic reference
 * (`{{resolve:secretsmanager:…}}`), which CloudFormation resolves when the resource that holds it
 * is created or updated, and at no other time: so that every consumer holds the same value after
 * any deploy, a new value is named by its version, and every reference changes with it.
 */
export class DeploymentSecret extends Construct {
  /** The dynamic reference to the value: a property of a resource, never a literal. */
  readonly dynamicReference: string;
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: DeploymentSecretProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: props.description,
      // Letters and digits only: it travels in HTTP headers and environment variables as it is.
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      // Made again at the next deploy: nothing depends on an old value once the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.dynamicReference = SecretValue.secretsManager(this.secret.secretArn, {
      ...(props.versionId === undefined ? {} : { versionId: props.versionId }),
    }).unsafeUnwrap();
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Read only through dynamic references, which CloudFormation resolves at deploy: a rotation between deploys would part its consumers. It is rotated by putting a new value and deploying with its version (README).',
    });
  }
}
