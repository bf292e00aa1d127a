/**
 * The CDK app (`npm run synth`, `npm run cdk -- deploy`): the site stack (and, with a web ACL,
 * its edge guard stack; on the Free plan, its subscription's stack), configured from the owner's
 * settings file and CDK context, checked by cdk-nag's AWS Solutions pack on every synth. The
 * generated code is brought up to date first, so that a deployment never bundles a validator of
 * other rules than those it publishes, nor another list of disposable-mail domains than the
 * package's it pins.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ConfigError } from '../lambdas/config.js';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { refreshInquiryValidator } from '../lib/api/inquiry-validator-code.js';
import { refreshThrowawayDomains } from '../lib/api/throwaway-domains-code.js';
import { PAGE_PATHS } from '../lambdas/html/page-paths.js';
import { formPageCandidate, formPageLine, formPageNotes, namedByFormPage, otherContactLines, siteOriginFormLines, thankYouIndexNote, unconvertedFormPageNote } from '../lib/settings/form-page.js';
import { settingsInCdkJson, moveSettingsLine, readSettingsFile } from '../lib/settings/settings-file.js';
import { readSiteConfig, rejectUnknownKeys } from '../lib/settings/site-config.js';
import { isDeployRun, isSynthRun } from '../lib/settings/cdk-run.js';
import { previewBuildLine } from '../lib/pages/sitemap-address.js';
import { siteFiles } from '../lib/pages/site-files.js';
import { addSiteStacks } from '../lib/site-app.js';

refreshInquiryValidator();
refreshThrowawayDomains();
// The owner reads the app's notes (a file siteDir leaves out, cdk-nag's findings) as lines of their
// own: without the line of this project's source each would carry, as the CDK records by default.
process.env.CDK_DISABLE_STACK_TRACE ??= '1';

try {
  // The settings file's keys are the app's defaults: the context the CLI hands over (cdk.json's,
  // and -c options) wins over them, as App sets its `context` before the CLI's.
  const file = readSettingsFile();
  // The file's keys first, so that a misspelling there is named with the file's path.
  rejectUnknownKeys(Object.keys(file.settings), file.path);
  const app = new App({ context: file.settings });
  const inCdkJson = settingsInCdkJson();
  if (inCdkJson.length > 0) console.error(moveSettingsLine(inCdkJson));
  const config = readSiteConfig(app, { certificateMayWait: isSynthRun() });
  // A deploy uploads siteDir as it is; synth lists its build again as a step instead.
  const previewBuild = config.sitePages?.kind === 'folder' && isDeployRun() ? previewBuildLine(siteFiles(config.sitePages.path), 'siteDir') : undefined;
  if (previewBuild !== undefined) throw new ConfigError(previewBuild);
  addSiteStacks(app, config, {
    // Unset offline: the stack is then environment-agnostic and synthesizes without credentials.
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // A page the owner did not name is used only with a word: which one, and how to name another;
  // one they named, when it lacks something. Said once the stacks are built, so that a synth that
  // stops says one line.
  const formPage = config.formPage;
  const formPageSaid = formPage !== undefined && (formPage.source === 'found' || formPageNotes(formPage) !== '');
  if (formPageSaid) console.error(`Form page  ${formPageLine(formPage, 'formPage')}`);
  // A page at the form page's address that visitors at /contact miss: its form posts elsewhere, or by a script alone.
  const unconverted = formPage === undefined && config.sitePages?.kind === 'folder' ? formPageCandidate({ folder: config.sitePages.path, setting: 'siteDir' }) : undefined;
  if (unconverted !== undefined) console.error(`Form page  ${PAGE_PATHS.form}, the service's own  (${unconvertedFormPageNote(unconverted, 'siteDir')})`);
  const thanks = config.formSuccessPath;
  if (config.sitePages?.kind === 'origin') {
    for (const line of siteOriginFormLines(config.sitePages.host, config.sitePages.formPage, config.pageStylesheet, thanks?.path)) console.error(line);
  } else if (thanks !== undefined) {
    const namingForm = thanks.source === 'form page' ? config.formPage : undefined;
    const note = thankYouIndexNote(thanks.path, config.sitePages?.kind === 'folder' ? config.sitePages.path : undefined, 'siteDir');
    // Said beside the form page's line, which names where it came from, or where search engines would list it.
    if ((namingForm !== undefined && formPageSaid) || note !== '') console.error(`Thank-you  ${thanks.path}  (${namingForm === undefined ? 'formSuccessPath' : namedByFormPage(namingForm)}${note})`);
  }
  if (config.otherContactPages.length > 0) {
    for (const line of otherContactLines(config.otherContactPages, config.formPage, config.formSuccessPath)) console.error(line);
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One line naming the key, not a stack trace.
  console.error(`Cannot synthesize: ${terminalText(error.message)}`);
  process.exit(1);
}
