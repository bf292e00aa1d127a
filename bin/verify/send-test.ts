import { randomInt } from 'node:crypto';
import { siteUrls } from '../../lambdas/site-urls.js';
import { deliveryErrorWords } from '../inbox/delivery-error.js';
import { heldReasonsInEnglish } from '../inbox/held-reasons.js';
import { diagnose, problemCode } from './answer-diagnosis.js';
import { fail, ok, warn, type CheckResult } from './check.js';
import type { Probe } from './http-probe.js';
import type { InboxReader } from './inbox-check.js';

/** The visitor's address of a test inquiry: a reserved domain (RFC 2606), so a reply goes nowhere. */
export const TEST_ADDRESS = 'verify@example.com';

export interface SendTestDependencies {
  readonly probe: Probe;
  readonly base: URL;
  readonly inbox: InboxReader;
  /** How long to wait for the inbox to show it sent. */
  readonly timeoutMs: number;
  readonly pollMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * `--send-test`: one inquiry through the front door, marked as a test in its name and text, then
 * the inbox until it says `sent` (docs/api.md §14): the whole way from a visitor to the owner's
 * mailbox. Its text holds letters of its own, so that no two runs are the same text to the
 * repeated-text signal (docs/api.md §15), which sets digits aside.
 */
export async function sendTestInquiry(dependencies: SendTestDependencies): Promise<CheckResult> {
  const name = 'test inquiry (--send-test)';
  const mark = Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const answer = await dependencies.probe(new URL(siteUrls(dependencies.base.origin).contactApi), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'npm run verify',
      email: TEST_ADDRESS,
      message: `A test inquiry sent by npm run verify --send-test (mark ${mark}): nothing to answer.`,
    }),
  });
  if (answer.status === 429 && problemCode(answer) === 'rate_limited') {
    return warn(name, '429 rate_limited: not sent', 'this address, or the test address, has used this hour\'s posts: try again after the hour turns (UTC)');
  }
  const id = answer.status === 202 ? acceptedId(answer.body) : undefined;
  if (id === undefined) {
    const { detail, fix } = diagnose(answer);
    return fail(name, `${detail}; expected 202`, fix);
  }
  const started = Date.now();
  let lastError: string | undefined;
  for (let poll = 0; poll * dependencies.pollMs <= dependencies.timeoutMs; poll++) {
    if (poll > 0) await dependencies.sleep(dependencies.pollMs);
    const record = (await dependencies.inbox.list()).find((candidate) => candidate.id === id);
    const after = `${((Date.now() - started) / 1000).toFixed(1)} s after its 202`;
    switch (record?.state) {
      case 'sent':
        return ok(name, `${id} sent ${after}: look for "mark ${mark}" in your mailbox`);
      case 'held':
        return warn(
          name,
          `${id} held as suspected spam: ${heldReasonsInEnglish(record).join('; ')}`,
          `it reaches you in the next digest, or now: npm run redeliver -- ${id}`,
        );
      case 'failed':
      case 'unknown':
        return fail(name, `${id} ${record.state} (${record.lastError === undefined ? 'no error recorded' : deliveryErrorWords(record.lastError)})`, 'the SES lines above say why; npm run inbox shows it');
      default:
        lastError = record?.lastError ?? lastError;
    }
  }
  return fail(
    name,
    `${id} not sent after ${dependencies.timeoutMs / 1000} s${lastError === undefined ? '' : `: ${deliveryErrorWords(lastError)}`}`,
    lastError === undefined
      ? 'the delivery worker has not sent it: its log group (LogsDelivery output) and the alarms say why'
      : 'SES refused it: the SES lines above say why; the worker tries again for three days (npm run inbox shows it)',
  );
}

/** The inquiry id of a 202's body, `{"status":"accepted","id":…}`. */
function acceptedId(body: string): string | undefined {
  try {
    const id: unknown = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
