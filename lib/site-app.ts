import type { App, Environment } from 'aws-cdk-lib';
import { ConfigError } from '../lambdas/config.js';
import { EdgeGuardStack } from './edge-guard-stack.js';
import type { SiteConfig } from './site-config.js';
import { SiteStack } from './site-stack.js';

/** CloudFront's web ACLs live here, whatever region the site is in. */
const CLOUDFRONT_REGION = 'us-east-1';

export interface SiteStacks {
  readonly site: SiteStack;
  /** Only with the `waf` context. */
  readonly edgeGuard?: EdgeGuardStack;
}

/**
 * The site stack, and with `waf` the edge guard stack in us-east-1 whose web ACL the site's
 * distribution references across regions (which needs both stacks' account and region known).
 */
export function addSiteStacks(app: App, config: SiteConfig, env: Environment): SiteStacks {
  if (!config.waf) {
    return { site: new SiteStack(app, 'PersonalSite', { config, env, description: SITE_DESCRIPTION }) };
  }
  if (env.account === undefined || env.region === undefined) {
    throw new ConfigError('waf needs the target account and region (cdk deploy finds them from your AWS credentials and profile)');
  }
  const edgeGuard = new EdgeGuardStack(app, 'PersonalSiteEdge', {
    env: { account: env.account, region: CLOUDFRONT_REGION },
    crossRegionReferences: true,
    ownerEmail: config.ownerEmail,
    description: 'Personal site: the web ACL that guards its CloudFront distribution',
  });
  const site = new SiteStack(app, 'PersonalSite', {
    config,
    env,
    crossRegionReferences: true,
    webAclArn: edgeGuard.webAclArn,
    description: SITE_DESCRIPTION,
  });
  return { site, edgeGuard };
}

const SITE_DESCRIPTION =
  'Personal site: its pages and service behind one CloudFront distribution, contact endpoint (SES), rate-limit counters, agent discovery documents';
