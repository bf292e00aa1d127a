import type { RecordedFigures } from '../../bench/figures-file.js';
import { isLoopbackName } from '../../lib/loopback-names.js';
import { EMULATOR_HOST, LOCAL_DYNAMODB_PORT, localUrl } from '../local/local-origins.js';
import { accountChecks, type RegionClients } from './account-checks.js';
import type { ReadAccountPlan } from './account-plan.js';
import { agentReadinessChecks, type PublishedParts } from './agent-readiness.js';
import { runCheck, skip, type CheckResult, type Notice } from './check.js';
import { coldStartCheck, latencyCheck, recentInvocations, warmRequestsCheck, type Invocation } from './deployed-figures.js';
import { bareNameUrl, frontDoorChecks } from './front-door-checks.js';
import { createProbe, deadlineIn, PROBE_LIMITS, ProbeError, type Deadline, type Fetch, type Probe } from './http-probe.js';
import { inboxCheck, type InboxReader } from './inbox-check.js';
import type { ReadSubscription } from './pricing-plan.js';
import { sendTestInquiry } from './send-test.js';
import type { VerifyOptions } from './verify-options.js';

/** A line of the report: a check's result, what the run is about to do that costs something, or the title of the part that follows. */
export type VerifyLine = CheckResult | Notice | { readonly section: string };

/** Where the checks find the deployment: everything they talk to, passed in. */
export interface VerifyEnvironment {
  readonly fetch: Fetch;
  /** The site stack's region, and us-east-1. */
  readonly site: RegionClients;
  readonly cloudFront: RegionClients;
  readonly readSubscription: ReadSubscription;
  readonly readAccountPlan: ReadAccountPlan;
  /** The inbox: the deployment's table, or local mode's at an endpoint. */
  readonly inbox: (where: { readonly table: string } | { readonly endpoint: string }) => Promise<InboxReader>;
  readonly benchFigures: RecordedFigures;
  readonly now: () => Date;
  readonly sleep: (ms: number) => Promise<void>;
  /** How long the site's checks may take all together: SITE_TIME_LIMIT_MS. */
  readonly siteTimeLimitMs: number;
  /** What the settings file says the service publishes for agents, which the readiness probes judge by. */
  readonly publishedParts: PublishedParts;
}

/**
 * The time a run gives the site's requests all together (its front door's checks and the API's
 * latency): some 25 requests, each well under a second on a working site. Past it the rest is
 * skipped with one line, so a site answering every request in 9 s takes a minute, not four.
 * `--send-test`'s wait for the inbox has its own bound.
 */
export const SITE_TIME_LIMIT_MS = 60_000;

/** The site's checks' requests, the time they have together, and whether the site could be reached at all. */
interface SiteRequests {
  readonly time: Deadline;
  readonly probe: Probe;
  readonly unreachable: () => boolean;
}

/** How long `--send-test` waits for the inbox to say sent: the worker takes it from the stream within seconds. */
export const SEND_TEST_TIMEOUT_MS = 90_000;
const SEND_TEST_POLL_MS = 2_000;

/**
 * `npm run verify`: the account, then the site through its front door, then the figures only a
 * deployment gives; or, with `--url`, the site alone (local mode), with its inbox at `--endpoint`.
 */
export async function* verify(options: VerifyOptions, environment: VerifyEnvironment): AsyncGenerator<VerifyLine> {
  const probe = createProbe(environment.fetch);
  // The site's requests, timed from its first check on: the account's checks before take what AWS takes.
  // A site nothing answers at (local mode not running, say) is said so once, by the front door's
  // checks: the later parts skip it rather than fail each of their checks the same way.
  const siteRequests = (base: URL): SiteRequests => {
    const time = deadlineIn(environment.siteTimeLimitMs);
    const timed = createProbe(environment.fetch, PROBE_LIMITS, time);
    let unreachable = false;
    const probe: Probe = async (url, request) => {
      try {
        return await timed(url, request);
      } catch (error) {
        unreachable ||= error instanceof ProbeError && error.failure === 'unreachable' && url.origin === base.origin;
        throw error;
      }
    };
    return { time, probe, unreachable: () => unreachable };
  };
  const notReached = (site: SiteRequests, base: URL) =>
    site.unreachable() ? `${base.origin} could not be reached` : site.time.signal.aborted ? `the ${site.time.limitMs / 1000} s a run gives the site's checks are up` : undefined;
  const latency = async (site: SiteRequests, base: URL) => {
    const why = notReached(site, base);
    return why === undefined ? await runCheck('API latency through the front door', () => latencyCheck(site.probe, base)) : skip('API latency through the front door', `not measured: ${why}`);
  };
  async function* agentReadiness(site: SiteRequests, base: URL): AsyncGenerator<VerifyLine> {
    yield { section: "Agent readiness (the scanners' probes, docs/api.md §16)" };
    const why = notReached(site, base);
    if (why === undefined) yield* agentReadinessChecks(base, site.probe, environment.publishedParts);
    else yield skip('agent readiness', `not checked: ${why}`);
  }
  const sendTest = (base: URL, inbox: InboxReader) =>
    runCheck('test inquiry (--send-test)', () =>
      sendTestInquiry({ probe, base, inbox, timeoutMs: SEND_TEST_TIMEOUT_MS, pollMs: SEND_TEST_POLL_MS, sleep: environment.sleep }),
    );
  if (options.url !== undefined) {
    const base = options.url;
    yield { section: `Site at ${base.origin} (the HTTP checks alone)` };
    const site = siteRequests(base);
    yield* frontDoorChecks({ base }, site.probe);
    yield* agentReadiness(site, base);
    yield await latency(site, base);
    if (options.endpoint === undefined) {
      const preview = isLoopbackName(base.hostname);
      yield skip(
        'inbox',
        preview
          ? `not checked: to check it too, add --endpoint as npm start's Inbox line names it (${localUrl(EMULATOR_HOST, LOCAL_DYNAMODB_PORT)} unless DYNAMODB_PORT moved it)`
          : "not checked: --url checks the site alone; --endpoint names local mode's DynamoDB",
      );
      return;
    }
    const inbox = await environment.inbox({ endpoint: options.endpoint });
    yield await runCheck('inbox', () => inboxCheck(inbox));
    if (options.sendTest) yield await sendTest(base, inbox);
    return;
  }

  yield { section: 'Account' };
  const deployment = yield* accountChecks({ ...environment, inbox: (table) => environment.inbox({ table }) });
  if (deployment === undefined) {
    yield skip('the site', 'not checked: the site stack did not say where it is');
    return;
  }
  yield { section: `Site at ${deployment.base.origin}` };
  const site = siteRequests(deployment.base);
  const bareName = bareNameUrl(deployment.base, deployment.otherName);
  yield* frontDoorChecks(
    { base: deployment.base, apiUrl: deployment.apiUrl, ...(deployment.otherName === undefined ? {} : { otherName: deployment.otherName }), ...(bareName === undefined ? {} : { bareName }) },
    site.probe,
  );
  yield* agentReadiness(site, deployment.base);

  yield { section: 'Deployed figures' };
  let invocations: Invocation[] = [];
  yield await runCheck('cold start of the contact function', async () => {
    invocations = await recentInvocations(environment.site.logs, deployment.contactLogGroup, environment.now());
    return coldStartCheck(invocations, environment.benchFigures);
  });
  yield warmRequestsCheck(invocations, environment.benchFigures);
  yield await latency(site, deployment.base);
  if (options.sendTest) yield await sendTest(deployment.base, deployment.inbox);
}
