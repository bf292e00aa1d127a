import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * A random value made at the first deploy and kept in Secrets Manager: never in the repository,
 * never in clear in the template. Consumers get it only as a CloudFormation dynamic reference
 * (`{{resolve:secretsmanager:…}}`), which CloudFormation resolves while it deploys.
 */
export class DeploymentSecret extends Construct {
  /** The dynamic reference to the value: a property of a resource, never a literal. */
  readonly dynamicReference: string;

  constructor(scope: Construct, id: string, props: { readonly description: string }) {
    super(scope, id);
    const secret = new Secret(this, 'Secret', {
      description: props.description,
      // Letters and digits only: it travels in HTTP headers and environment variables as it is.
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      // Made again at the next deploy: nothing depends on an old value once the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.dynamicReference = secret.secretValue.unsafeUnwrap();
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Read only through dynamic references, which CloudFormation resolves at deploy: a rotation between deploys would part its consumers. It is rotated by setting a new value and deploying (README).',
    });
  }
}
