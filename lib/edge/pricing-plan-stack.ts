import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnSubscription } from 'aws-cdk-lib/aws-pricingplanmanager';
import type { Construct } from 'constructs';

export interface PricingPlanStackProps extends StackProps {
  /** The front door's distribution. */
  readonly distributionArn: string;
  /** The web ACL of scope CLOUDFRONT the plan requires, associated with that distribution. */
  readonly webAclArn: string;
}

/**
 * The front door's subscription to CloudFront's Free flat-rate plan: 0 USD a month for the
 * distribution, its web ACL and DDoS protection, within an allowance, with no overage charges.
 * PricingPlanManager answers in us-east-1 only, and the subscription names the distribution the
 * site stack makes and the web ACL the edge guard stack makes, which in turn the distribution
 * names: hence a third stack, deployed after both.
 */
export class PricingPlanStack extends Stack {
  readonly subscription: CfnSubscription;

  constructor(scope: Construct, id: string, props: PricingPlanStackProps) {
    super(scope, id, props);
    this.subscription = new CfnSubscription(this, 'Subscription', {
      planFamily: 'CloudFront',
      planTier: 'FREE',
      resourceArns: [props.distributionArn, props.webAclArn],
    });
  }
}
