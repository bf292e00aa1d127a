/**
 * `npm run publish`: a new page live in a minute. Uploads what changed in siteDir to the deployed
 * site's bucket, deletes what is gone, invalidates the edge cache for it, and says when a change
 * needs a deploy (docs/api.md §10); `--dry-run` lists what it would do, `--restore <time>` brings
 * the site back to how it was then. With the owner's AWS credentials, in the stack's region
 * (`--region` or AWS_REGION).
 */
import { ConfigError } from '../lambdas/config.js';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { answeringContactPages } from '../lib/settings/contact-pages.js';
import { formPageDigest, settingsDigest } from '../lib/settings/settings-digest.js';
import { deploymentSettings, SETTINGS_FILE } from '../lib/settings/settings-file.js';
import { siteConfigOf } from '../lib/settings/site-config.js';
import { STACK_NAMES } from '../lib/stack-names.js';
import { awsFailure, failureInWords } from './aws-failure.js';
import { noRegionAdvice } from './aws-sign-in.js';
import { NpmConfigUnread } from './npm-kept-options.js';
import { publishClients } from './publish/aws-clients.js';
import { PublishError } from './publish/publish-error.js';
import { PUBLISH_HELP, readPublishOptions, type PublishOptions } from './publish/publish-options.js';
import { publish } from './publish/run-publish.js';
import { restore } from './publish/run-restore.js';

let clients: ReturnType<typeof publishClients> | undefined;
try {
  const options = readPublishOptions(process.argv.slice(2));
  if (options.help) {
    console.log(PUBLISH_HELP);
    process.exit(0);
  }
  clients = publishClients(options.region);
  const lines =
    options.restore === undefined
      ? publish(publishRequest(options), clients)
      : restore({ stack: STACK_NAMES.site, time: options.restore, dryRun: options.dryRun, yes: options.yes, now: new Date() }, clients);
  for await (const line of lines) console.log(line);
} catch (error) {
  console.error(`Cannot publish: ${terminalText(whyItStopped(error))}`);
  process.exitCode = 1;
} finally {
  clients?.destroy();
}

/** What to publish: siteDir and the settings a deploy reads, checked as synth checks them (a thank-you page siteDir lost stops here too). */
function publishRequest(options: PublishOptions) {
  const config = siteConfigOf(deploymentSettings());
  if (config.sitePages?.kind !== 'folder') {
    throw new PublishError(
      config.sitePages === undefined
        ? `there is no siteDir in ${SETTINGS_FILE} (or cdk.json): npm run publish uploads siteDir's files`
        : 'siteOrigin serves your pages from your other host: publish them there; npm run publish uploads a siteDir',
    );
  }
  const { answering } = answeringContactPages(config.formPage, config.otherContactPages);
  return {
    stack: STACK_NAMES.site,
    folder: config.sitePages.path,
    now: {
      settingsDigest: settingsDigest(config),
      formPageDigest: formPageDigest(config.formPage, answering),
      ...(config.formPage === undefined ? {} : { formPagePath: config.formPage.path, answeringPaths: answering.map((page) => page.path) }),
    },
    agents: config.agents,
    dryRun: options.dryRun,
    yes: options.yes,
  };
}

/** One line: the project's own message, or what AWS answered (never an error's class name) and what to do about it; never a stack trace. */
function whyItStopped(error: unknown): string {
  if (error instanceof PublishError || error instanceof ConfigError || error instanceof NpmConfigUnread) return error.message;
  const advice = {
    'no region': noRegionAdvice('npm run publish -- --region <region>'),
    unreachable: "check this machine's network, then run npm run publish again",
    'no credentials': 'sign in: aws configure, or aws sso login (AWS_PROFILE names a profile)',
    'refused credentials': 'your AWS credentials were refused or expired: aws sso login, or aws configure',
    'access denied': 'your AWS identity may not do this: docs/api.md §10 ("npm run publish") lists the actions it needs',
    throttled: 'AWS throttled the calls: run npm run publish again in a minute',
  } as const;
  const failure = awsFailure(error);
  return `${failureInWords(error)}: ${failure === undefined ? 'run npm run publish again; if it fails the same way, the message names what broke' : advice[failure]}`;
}
