/**
 * The CDK app (`npm run synth`, `npm run cdk -- deploy`): the site stack (and, with a web ACL,
 * its edge guard stack; on the Free plan, its subscription's stack), configured from CDK context,
 * checked by cdk-nag's AWS Solutions pack on every synth. The generated code is brought up to
 * date first, so that a deployment never bundles a validator of other rules than those it
 * publishes, nor another list of disposable-mail domains than the package's it pins.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ConfigError } from '../lambdas/config.js';
import { formPageLine } from '../lib/form-page.js';
import { refreshInquiryValidator } from '../lib/inquiry-validator-code.js';
import { refreshThrowawayDomains } from '../lib/throwaway-domains-code.js';
import { addSiteStacks } from '../lib/site-app.js';
import { readSiteConfig } from '../lib/site-config.js';

refreshInquiryValidator();
refreshThrowawayDomains();
const app = new App();

try {
  const config = readSiteConfig(app);
  // A page the owner did not name is used only with a word: which one, and how to name another.
  if (config.formPage?.source === 'found') console.error(`Form page  ${formPageLine(config.formPage, 'formPage')}`);
  addSiteStacks(app, config, {
    // Unset offline: the stack is then environment-agnostic and synthesizes without credentials.
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One line naming the key, not a stack trace.
  console.error(`Cannot synthesize: ${error.message}`);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
