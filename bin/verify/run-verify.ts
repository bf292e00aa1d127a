import type { RecordedFigures } from '../../bench/figures-file.js';
import { accountChecks, type RegionClients } from './account-checks.js';
import { agentReadinessChecks } from './agent-readiness.js';
import { runCheck, skip, type CheckResult } from './check.js';
import { coldStartCheck, latencyCheck, recentInvocations, warmRequestsCheck, type Invocation } from './deployed-figures.js';
import { frontDoorChecks } from './front-door-checks.js';
import { createProbe, type Fetch } from './http-probe.js';
import { inboxCheck, type InboxReader } from './inbox-check.js';
import type { ReadSubscription } from './pricing-plan.js';
import { sendTestInquiry } from './send-test.js';
import type { VerifyOptions } from './verify-options.js';

/** A line of the report: a check's result, or the title of the part that follows. */
export type VerifyLine = CheckResult | { readonly section: string };

/** Where the checks find the deployment: everything they talk to, passed in. */
export interface VerifyEnvironment {
  readonly fetch: Fetch;
  /** The site stack's region, and us-east-1. */
  readonly site: RegionClients;
  readonly cloudFront: RegionClients;
  readonly readSubscription: ReadSubscription;
  /** The inbox: the deployment's table, or local mode's at an endpoint. */
  readonly inbox: (where: { readonly table: string } | { readonly endpoint: string }) => Promise<InboxReader>;
  readonly benchFigures: RecordedFigures;
  readonly now: () => Date;
  readonly sleep: (ms: number) => Promise<void>;
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
  const sendTest = (base: URL, inbox: InboxReader) =>
    runCheck('test inquiry (--send-test)', () =>
      sendTestInquiry({ probe, base, inbox, timeoutMs: SEND_TEST_TIMEOUT_MS, pollMs: SEND_TEST_POLL_MS, sleep: environment.sleep }),
    );
  if (options.url !== undefined) {
    const base = options.url;
    yield { section: `Site at ${base.origin} (the HTTP checks alone)` };
    yield* frontDoorChecks({ base }, probe);
    yield { section: 'Agent readiness (the scanners\' probes, docs/api.md §16)' };
    yield* agentReadinessChecks(base, probe);
    yield await runCheck('API latency through the front door', () => latencyCheck(probe, base));
    if (options.endpoint === undefined) {
      yield skip('inbox', "not checked: --endpoint names local mode's DynamoDB, as npm start prints it");
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
  yield* frontDoorChecks({ base: deployment.base, apiUrl: deployment.apiUrl }, probe);
  yield { section: 'Agent readiness (the scanners\' probes, docs/api.md §16)' };
  yield* agentReadinessChecks(deployment.base, probe);

  yield { section: 'Deployed figures' };
  let invocations: Invocation[] = [];
  yield await runCheck('cold start of the contact function', async () => {
    invocations = await recentInvocations(environment.site.logs, deployment.contactLogGroup, environment.now());
    return coldStartCheck(invocations, environment.benchFigures);
  });
  yield warmRequestsCheck(invocations, environment.benchFigures);
  yield await runCheck('API latency through the front door', () => latencyCheck(probe, deployment.base));
  if (options.sendTest) yield await sendTest(deployment.base, deployment.inbox);
}
