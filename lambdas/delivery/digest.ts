import type { InquiryRecord } from '../inbox/inquiry-record.js';
import { currentTime, sentSettlement, type DeliveryDependencies } from './deliver-inquiry.js';
import type { Settlement } from './delivery-store.js';
import { composeDigestEmail, digestMails, type HeldInquiry } from './digest-email.js';
import { DIGEST_CONCURRENCY, DIGEST_LEASE_SECONDS, DIGEST_LIMIT, DIGEST_SEND_INTERVAL_MS, DIGEST_SENDS } from './time-budget.js';
import { epochSeconds } from '../time-units.js';

/** What became of one digest; the word of its log line. */
export type DigestOutcome =
  /** Nothing was held: no mail. */
  | 'empty'
  /** Every inquiry it carried was mailed, but those SES refused alone, which are failed. */
  | 'sent'
  /** SES surely did not take some: they wait for the next digest. */
  | 'not_sent'
  /** SES may have taken some: they are unknown, never resent by themselves, the owner alarmed. */
  | 'unknown';

export interface DigestReport {
  readonly outcome: DigestOutcome;
  /** How many held inquiries it carried. */
  readonly inquiries: number;
  /** How many mails SES took. */
  readonly mails?: number;
  /** How many SES refused alone while it took another mail: failed, each on a delivery line of its own. */
  readonly failed?: number;
  /** How many wait for the next digest. */
  readonly held?: number;
  /** How many SES may or may not have taken. */
  readonly unknown?: number;
  /** The error of the last send that failed. */
  readonly errorName?: string;
  /** How many of them could not be settled: the sweep calls them unknown once the lease runs out. */
  readonly unsettled?: number;
}

/**
 * The daily digest of held inquiries (docs/api.md §15). Each is claimed out of the held queue as
 * an inquiry is for its own mail (held -> sending), so one that the owner released meanwhile, or
 * that a second run of the schedule took, is in one mail only. They go in mails of a bounded size
 * (mailDigest), then each is settled by what SES made of its mail. A write that fails leaves no
 * other inquiry unsettled; one that stays failed, or a worker that stops on the way, leaves claims
 * that the sweep ends as unknown.
 */
export async function sendDigest(dependencies: DeliveryDependencies, report: (report: DigestReport) => void): Promise<DigestOutcome> {
  const { store } = dependencies;
  const now = epochSeconds(currentTime(dependencies));
  const attemptId = dependencies.newAttemptId();
  const settleAll = (ids: readonly string[], settlement: Settlement) => settleEach(ids, (id) => store.settle(id, attemptId, settlement));

  const candidates = await store.due('held', now, DIGEST_LIMIT);
  const claims = await inBatches(candidates, (candidate) => store.claim('held', candidate, attemptId, now, now + DIGEST_LEASE_SECONDS));
  const claimed = claims.flatMap((claim) => (claim.status === 'fulfilled' && claim.value !== undefined ? [claim.value] : []));
  // A claim that failed may still have been applied (its answer lost): back in the held queue, for the next digest.
  await settleAll(candidates.filter((_, index) => claims[index]?.status === 'rejected').map((candidate) => candidate.id), { state: 'held', dueAt: now });
  const erased = claimed.filter((record) => record.text === undefined);
  // In the order they came: the queue orders by whole seconds, and one put back waits behind the rest.
  const held = claimed.filter((record): record is HeldInquiry => record.text !== undefined).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  await settleAll(ids(erased), { state: 'failed', errorName: 'TextErased' });
  // Nothing to send (its text is gone), as an inquiry mailed alone would be given up: the owner must know.
  for (const record of erased) dependencies.report({ inquiryId: record.id, outcome: 'given_up', attempt: record.attempts, errorName: 'TextErased' });
  if (held.length === 0) return told(report, { outcome: 'empty', inquiries: 0 });

  const run = await mailDigest(held, dependencies);
  const retriesOver = (inquiry: HeldInquiry) => now >= inquiry.retryFrom + dependencies.schedule.periodSeconds;
  // Refused alone: for its content if SES took another mail meanwhile, or once its retry period is
  // over (as an inquiry mailed alone is given up); otherwise, as likely the account, it waits.
  const failed = run.refusedAlone.filter(({ inquiry }) => run.mails > 0 || retriesOver(inquiry));
  const waiting = [...run.unsent, ...run.refusedAlone.filter((refusal) => !failed.includes(refusal)).map(({ inquiry }) => inquiry)];

  const errorName = run.errorName ?? 'Unknown';
  const refusals = new Map(failed.map((refusal) => [refusal.inquiry.id, refusal]));
  const unsettled =
    (await settleAll(ids(run.sent), sentSettlement(currentTime(dependencies), dependencies, true))) +
    (await settleAll(ids(run.unknown), { state: 'unknown', errorName })) +
    (await settleAll(ids(waiting), { state: 'held', dueAt: now, errorName })) +
    (await settleEach(
      [...refusals.keys()],
      async (id) => {
        const { inquiry, errorName: refusedWith } = refusals.get(id)!;
        const given = await store.settle(id, attemptId, { state: 'failed', errorName: refusedWith, refusedInDigest: true });
        // Given up, as an inquiry mailed alone is after its retry period: the owner must know.
        if (given) dependencies.report({ inquiryId: id, outcome: 'given_up', attempt: inquiry.attempts, errorName: refusedWith });
        return given;
      },
    ));
  const outcome: DigestOutcome = run.unknown.length > 0 ? 'unknown' : waiting.length > 0 ? 'not_sent' : 'sent';
  return told(report, {
    outcome,
    inquiries: held.length,
    mails: run.mails,
    ...(failed.length === 0 ? {} : { failed: failed.length }),
    ...(waiting.length === 0 ? {} : { held: waiting.length }),
    ...(run.unknown.length === 0 ? {} : { unknown: run.unknown.length }),
    ...(run.errorName === undefined ? {} : { errorName: run.errorName }),
    ...(unsettled === 0 ? {} : { unsettled }),
  });
}

/** What SES made of a digest's mails, inquiry by inquiry. */
interface DigestRun {
  /** How many mails SES took. */
  mails: number;
  readonly sent: HeldInquiry[];
  /** In a mail whose outcome is unknown. */
  readonly unknown: HeldInquiry[];
  /** In no mail SES took: SES could not be asked, refused the account, or the sends were spent. */
  readonly unsent: HeldInquiry[];
  /** Each in a mail of its own that SES refused. */
  readonly refusedAlone: Array<{ readonly inquiry: HeldInquiry; readonly errorName: string }>;
  /** The error of the last send that failed. */
  errorName?: string;
}

/**
 * Sends a digest's inquiries in mails of at most DIGEST_MAIL_BYTES (digestMails), one a second at
 * most. A mail SES refuses for its content is halved, and each half sent, until the inquiries SES
 * refuses stand alone: the others reach the owner in this digest, at most DIGEST_SENDS sends in
 * all. Anything else that stops a mail stops the digest: SES throttling, failing or out of reach,
 * the account refused, or an answer that never came (that mail's inquiries are unknown); what is
 * left waits for the next digest.
 */
async function mailDigest(held: readonly HeldInquiry[], dependencies: DeliveryDependencies): Promise<DigestRun> {
  const context = { sentAt: currentTime(dependencies), timeZone: dependencies.timeZone, words: dependencies.words, inboxEndpoint: dependencies.inboxEndpoint };
  const run: DigestRun = { mails: 0, sent: [], unknown: [], unsent: [], refusedAlone: [] };
  const queue = digestMails(held, context);
  let sends = 0;
  let stopped = false;
  let lastStart: number | undefined;
  for (let mail = queue.shift(); mail !== undefined; mail = queue.shift()) {
    if (stopped || sends === DIGEST_SENDS) {
      run.unsent.push(...mail);
      continue;
    }
    if (lastStart !== undefined) await dependencies.wait(lastStart + DIGEST_SEND_INTERVAL_MS - Date.now());
    lastStart = Date.now();
    sends++;
    const delivery = await dependencies.digestMailer.send(composeDigestEmail(mail, held.length, context));
    if (delivery.kind === 'sent') {
      run.mails++;
      run.sent.push(...mail);
      continue;
    }
    run.errorName = delivery.errorName;
    if (delivery.kind === 'not_sent' && delivery.refusal === 'content') {
      if (mail.length === 1) run.refusedAlone.push({ inquiry: mail[0]!, errorName: delivery.errorName });
      else queue.unshift(mail.slice(0, Math.ceil(mail.length / 2)), mail.slice(Math.ceil(mail.length / 2)));
      continue;
    }
    stopped = true;
    (delivery.kind === 'unknown' ? run.unknown : run.unsent).push(...mail);
  }
  return run;
}

/** Settles each id, and once more those whose write failed; how many are left unsettled. */
async function settleEach(ids: readonly string[], settle: (id: string) => Promise<boolean>): Promise<number> {
  let left = ids;
  for (let round = 0; round < 2 && left.length > 0; round++) {
    const results = await inBatches(left, settle);
    left = left.filter((_, index) => results[index]?.status === 'rejected');
  }
  return left.length;
}

/** One call per item, DIGEST_CONCURRENCY at a time, each call's result or failure in the items' order. */
async function inBatches<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<Array<PromiseSettledResult<R>>> {
  const results: Array<PromiseSettledResult<R>> = [];
  for (let start = 0; start < items.length; start += DIGEST_CONCURRENCY) {
    results.push(...(await Promise.allSettled(items.slice(start, start + DIGEST_CONCURRENCY).map(call))));
  }
  return results;
}

function ids(records: readonly InquiryRecord[]): string[] {
  return records.map((record) => record.id);
}

function told(report: (report: DigestReport) => void, digest: DigestReport): DigestOutcome {
  report(digest);
  return digest.outcome;
}
