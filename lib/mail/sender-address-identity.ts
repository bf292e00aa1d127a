import { CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { emailDomain } from '../../lambdas/email-domain.js';
import type { SenderIdentityProperties } from '../../lambdas/sender-identity/sender-identity.js';
import { SiteFunction } from '../api/site-function.js';
import { shownInFinding } from '../nag-findings.js';

/**
 * The identity of a sender outside the site's domain (docs/api.md §12), made or confirmed at each
 * deploy by a custom resource (`Custom::SenderIdentity`, lambdas/sender-identity/): SES mails the
 * address a link when the stack makes it; an identity of the address or its domain that SES knows
 * already is confirmed, never made again and never deleted. Not AWS::SES::EmailIdentity, whose
 * create fails when SES knows the identity, and not aws-cdk-lib's AwsCustomResource, whose one call
 * per event cannot tell an identity it made from one it found (its delete would delete either)
 * and whose function logs the request, the address with it.
 */
export class SenderAddressIdentity extends Construct {
  /** The custom resource's function, run at deploys only. */
  readonly keeper: SiteFunction;

  constructor(scope: Construct, id: string, props: { readonly senderEmail: string }) {
    super(scope, id);
    const stack = Stack.of(this);
    const identityArn = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    const address = props.senderEmail;
    const domain = emailDomain(address);

    const keeper = (this.keeper = new SiteFunction(this, 'Keeper', {
      handlerName: 'sender-identity',
      environment: {},
      memorySize: 256,
      timeout: Duration.seconds(30),
      lazyModules: [],
    }));
    keeper.addToRolePolicy(new PolicyStatement({ actions: ['ses:GetEmailIdentity'], resources: [identityArn(address), identityArn(domain)] }));
    keeper.addToRolePolicy(new PolicyStatement({ actions: ['ses:CreateEmailIdentity'], resources: [identityArn(address)] }));
    // The address the stack made may be an earlier sender's, deleted after a deploy that changed it:
    // any address identity of the account and region, never a domain's (the function deletes only
    // the one its physical id says the stack made).
    const addressIdentities = identityArn('*@*');
    keeper.addToRolePolicy(new PolicyStatement({ actions: ['ses:DeleteEmailIdentity'], resources: [addressIdentities] }));
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${shownInFinding(stack.partition, 'Partition')}:ses:${shownInFinding(stack.region, 'Region')}:${shownInFinding(stack.account, 'AccountId')}:identity/*@*]`,
      reason:
        'The keeper deletes at deploy only the address identity the stack made, which may be an earlier sender\'s: any address identity of this account and region, never a domain\'s.',
    });

    const properties: SenderIdentityProperties = { EmailIdentity: address };
    new CustomResource(this, 'Identity', {
      serviceToken: keeper.functionArn,
      resourceType: 'Custom::SenderIdentity',
      properties,
      // A keeper that never answers fails the deploy in minutes, not CloudFormation's hour.
      serviceTimeout: Duration.minutes(5),
    });
  }
}

