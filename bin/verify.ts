/**
 * `npm run verify`: is my site working? The live site through its front door and the AWS account
 * it runs in, one line per check, each failure with what to do; exit status 1 if any fails
 * (docs/verify.md). `--url` checks a site alone, such as local mode's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readFigures } from '../bench/figures-file.js';
import { terminalText } from '../lambdas/inbox/visitor-text.js';
import { readSettingsFile } from '../lib/settings/settings-file.js';
import { CLOUDFRONT_REGION, STACK_NAMES } from '../lib/stack-names.js';
import { inboxTarget } from './inbox/inbox-table.js';
import { OwnerInbox } from './inbox/owner-inbox.js';
import { destroyClients, regionClients } from './verify/aws-clients.js';
import { failureInWords } from './aws-failure.js';
import { exitStatus, formatNotice, formatResult, summary, type CheckResult } from './verify/check.js';
import { PROBE_LIMITS } from './verify/http-probe.js';
import { freeTier } from './verify/account-plan.js';
import { pricingPlanManager } from './verify/pricing-plan.js';
import { publishedParts } from './verify/published-parts.js';
import { sdkConfiguredEndpoint } from './verify/signed-json-call.js';
import { SITE_TIME_LIMIT_MS, verify } from './verify/run-verify.js';
import { readVerifyOptions, VERIFY_HELP, VerifyUsageError } from './verify/verify-options.js';

try {
  const options = readVerifyOptions(process.argv.slice(2));
  if (options.help) {
    console.log(VERIFY_HELP);
    process.exit(0);
  }
  const site = regionClients(options.region);
  const cloudFront = regionClients(CLOUDFRONT_REGION);
  // The hand-signed calls sign with the SDK's own credential chain and hash, as its clients resolve them.
  const signedCallAccess = { credentials: cloudFront.cloudFormation.config.credentials, sha256: cloudFront.cloudFormation.config.sha256, fetch, timeoutMs: PROBE_LIMITS.timeoutMs, configuredEndpoint: sdkConfiguredEndpoint };
  const results: CheckResult[] = [];
  const judged = publishedParts(() => readSettingsFile(), process.env, options.url !== undefined);
  if (judged.notice !== undefined) console.log(formatNotice({ notice: judged.notice }));
  const inboxClients: Array<{ destroy(): void }> = [];
  const lines = verify(options, {
    fetch,
    site,
    cloudFront,
    readSubscription: pricingPlanManager(signedCallAccess),
    readAccountPlan: freeTier(signedCallAccess),
    inbox: async (where) => {
      const { client, tableName } = await inboxTarget({ stack: STACK_NAMES.site, ...(options.region === undefined ? {} : { region: options.region }), ...where });
      inboxClients.push(client);
      return new OwnerInbox(client, tableName);
    },
    benchFigures: readFigures(),
    now: () => new Date(),
    sleep: (ms) => sleep(ms),
    siteTimeLimitMs: SITE_TIME_LIMIT_MS,
    publishedParts: judged.parts,
  });
  for await (const line of lines) {
    if ('section' in line) {
      console.log(`\n${line.section}`);
    } else if ('notice' in line) {
      console.log(formatNotice(line));
    } else {
      results.push(line);
      console.log(formatResult(line));
    }
  }
  console.log(`\n${summary(results)}`);
  destroyClients(site);
  destroyClients(cloudFront);
  for (const client of inboxClients) client.destroy();
  process.exitCode = exitStatus(results);
} catch (error) {
  // Nothing a check meets reaches here (each is its own FAIL line): a bad command line, or a bug.
  console.error(terminalText(`npm run verify stopped: ${error instanceof VerifyUsageError ? error.message : failureInWords(error)}`));
  process.exitCode = 1;
}
