/**
 * The CDK app (`npm run synth`, `npm run cdk -- deploy`): the site stack, configured from CDK
 * context, checked by cdk-nag's AWS Solutions pack on every synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ConfigError } from '../lambdas/config.js';
import { readSiteConfig, type SiteConfig } from '../lib/site-config.js';
import { SiteStack } from '../lib/site-stack.js';

const app = new App();

let config: SiteConfig;
try {
  config = readSiteConfig(app);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One line naming the key, not a stack trace.
  console.error(`Cannot synthesize: ${error.message}`);
  process.exit(1);
}

new SiteStack(app, 'PersonalSite', {
  config,
  description: 'Personal site API: contact endpoint (SES), rate-limit counters, agent discovery documents',
  // Unset offline: the stack is then environment-agnostic and synthesizes without credentials.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
