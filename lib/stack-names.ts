/**
 * The stacks the CDK app makes (lib/site-app.ts), by role: the owner's commands (`npm run inbox`,
 * `npm run verify`) find them by these names, without loading the CDK.
 */
export const STACK_NAMES = {
  /** The site and its service, in the owner's region. */
  site: 'PersonalSite',
  /** The web ACL, with `waf` or the Free plan. */
  edgeGuard: 'PersonalSiteEdge',
  /** The Free plan's subscription. */
  pricingPlan: 'PersonalSitePlan',
  /** The spending alarm: the account's monthly cost budget. */
  budget: 'PersonalSiteBudget',
} as const;

/** CloudFront's web ACLs and its pricing plans live here, whatever region the site is in; and the budget. */
export const CLOUDFRONT_REGION = 'us-east-1';
