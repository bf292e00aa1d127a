import type { App, Environment } from 'aws-cdk-lib';
import { ConfigError } from '../lambdas/config.js';
import { BudgetStack } from './budget/budget-stack.js';
import { EdgeGuardStack } from './edge/edge-guard-stack.js';
import { PricingPlanStack } from './edge/pricing-plan-stack.js';
import type { SiteConfig } from './settings/site-config.js';
import { SiteStack } from './site-stack.js';
import { CLOUDFRONT_REGION, STACK_NAMES } from './stack-names.js';

export interface SiteStacks {
  readonly site: SiteStack;
  /** The spending alarm, in us-east-1 whatever the site's region. */
  readonly budget: BudgetStack;
  /** With the `waf` context, or the Free plan, which requires a web ACL. */
  readonly edgeGuard?: EdgeGuardStack;
  /** With `pricingPlan` `free`. */
  readonly pricingPlan?: PricingPlanStack;
}

/**
 * The site stack and the budget's stack in us-east-1; with a web ACL (`waf`, or the Free plan) the
 * edge guard stack in us-east-1, whose web ACL the site's distribution references across regions;
 * and with the Free plan the stack of its subscription, in us-east-1 too. References across
 * regions need every stack's account and region known; the budget references nothing.
 */
export function addSiteStacks(app: App, config: SiteConfig, env: Environment): SiteStacks {
  if (env.region !== undefined && !AWS_REGION_NAME.test(env.region)) {
    // A typo would otherwise synthesize, with DNS records naming a region that is none.
    throw new ConfigError(`the region ${JSON.stringify(env.region)} is no AWS region's name (as eu-west-1, sa-east-1): a typo in AWS_REGION, or in your AWS profile's region?`);
  }
  const freePlan = config.pricingPlan === 'free';
  const budget = new BudgetStack(app, STACK_NAMES.budget, {
    env: { ...(env.account === undefined ? {} : { account: env.account }), region: CLOUDFRONT_REGION },
    ownerEmail: config.ownerEmail,
    monthlyBudgetUsd: config.monthlyBudgetUsd,
    description: "Personal site: the account's monthly cost budget, which mails the owner past monthlyBudgetUsd",
  });
  if (!config.waf && !freePlan) {
    return { site: new SiteStack(app, STACK_NAMES.site, { config, env, description: SITE_DESCRIPTION }), budget };
  }
  if (env.account === undefined || env.region === undefined) {
    throw new ConfigError(
      `${freePlan ? 'pricingPlan free' : 'waf'} needs the target account and region, which the CDK asks AWS of your credentials: sign in (aws sso login, or aws configure), or check this machine's network: aws sts get-caller-identity shows that AWS answers; to check the rest offline, npm run synth -- -c ${freePlan ? 'pricingPlan=none' : 'waf=false'}`,
    );
  }
  const edgeGuard = new EdgeGuardStack(app, STACK_NAMES.edgeGuard, {
    env: { account: env.account, region: CLOUDFRONT_REGION },
    crossRegionReferences: true,
    ownerEmail: config.ownerEmail,
    freePlan,
    description: 'Personal site: the web ACL that guards its CloudFront distribution',
  });
  const site = new SiteStack(app, STACK_NAMES.site, {
    config,
    env,
    crossRegionReferences: true,
    webAclArn: edgeGuard.webAclArn,
    description: SITE_DESCRIPTION,
  });
  if (!freePlan) return { site, budget, edgeGuard };
  const pricingPlan = new PricingPlanStack(app, STACK_NAMES.pricingPlan, {
    env: { account: env.account, region: CLOUDFRONT_REGION },
    crossRegionReferences: true,
    distributionArn: site.frontDoor.distribution.distributionArn,
    webAclArn: edgeGuard.webAclArn,
    description: "Personal site: its distribution's subscription to CloudFront's Free flat-rate plan",
  });
  return { site, budget, edgeGuard, pricingPlan };
}

/** The shape of every AWS region's name (`eu-west-1`, `us-gov-east-1`, `ap-southeast-7`); a region too new for aws-cdk-lib's list has it too. */
const AWS_REGION_NAME = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;

const SITE_DESCRIPTION =
  'Personal site: its pages and service behind one CloudFront distribution, contact endpoint (SES), rate-limit counters, agent discovery documents';
