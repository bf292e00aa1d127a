import { errorName } from '../http/error-name.js';
import type { Settlement, DeliveryCandidate, DeliveryStore } from './delivery-store.js';
import type { FloodGuard, FloodPlaceRelease } from './flood-guard.js';
import { composeInquiryEmail } from './inquiry-email.js';
import type { MailWords } from '../mail-words/mail-words.js';
import type { Mailer } from './mailer.js';
import type { RetrySchedule } from './retry-schedule.js';
import { SWEEP_LIMIT } from './time-budget.js';
import { DAY_SECONDS, epochSeconds } from '../time-units.js';

/** What became of one inquiry the worker was handed (docs/api.md §14); each is a word of its log line. */
export type DeliveryOutcome =
  | 'sent'
  /** SES surely did not take it: pending again, until its next attempt is due. */
  | 'retry_scheduled'
  /** SES surely did not take it, and the retry period is over: failed, the owner alarmed. */
  | 'given_up'
  /** SES may have taken it: never resent by itself, the owner alarmed. */
  | 'unknown'
  /** Not sent: the hour's mails are spent (the flood signal), so it waits for the digest. */
  | 'held'
  /**
   * Not pending and due (already claimed, or waiting for later): nothing done; or its claim ran out
   * before the attempt could record what came of it (the sweep has called it unknown).
   */
  | 'not_claimed';

export interface DeliveryReport {
  readonly inquiryId: string;
  readonly outcome: DeliveryOutcome;
  /** The attempt's number, from 1; none when nothing was claimed. */
  readonly attempt?: number;
  readonly errorName?: string;
  /** Sent without the visitor as Reply-To, which SES refused (`errorName`): the address is in the mail's text. */
  readonly withoutReplyTo?: true;
}

export interface DeliveryDependencies {
  readonly store: DeliveryStore;
  /** Sends an inquiry's own mail. */
  readonly mailer: Mailer;
  /** Sends a mail of the digest: a larger one, given time to upload it (time-budget.ts). */
  readonly digestMailer: Mailer;
  /** Waits that many milliseconds (none when 0 or less): between the sends of a digest. */
  readonly wait: (ms: number) => Promise<void>;
  readonly schedule: RetrySchedule;
  /** The places of the hour's mails (docs/api.md §15). */
  readonly floodGuard: FloodGuard;
  /** Told when the hour's count could not be read or given back. */
  readonly onFloodCheckFailure: (errorName: string, inquiryId: string) => void;
  /** The most inquiries mailed one by one in an hour, as the held reason tells the owner. */
  readonly maxMailsPerHour: number;
  /** Days a delivered inquiry's text is kept; 0 erases it as soon as it is sent. */
  readonly retentionDays: number;
  /** The owner's time zone, which mails give times in (`timeZone`, docs/api.md §7). */
  readonly timeZone: string;
  /** The words of the owner's language, which mails are written in (`mailLanguage`, docs/api.md §7). */
  readonly words: MailWords;
  readonly report: (report: DeliveryReport) => void;
  readonly newAttemptId: () => string;
  readonly now?: () => Date;
  /** The `--endpoint` the owner's commands need for this inbox, which the digest's hint names: local mode's; none deployed. */
  readonly inboxEndpoint?: string;
}

/**
 * One attempt at one inquiry: claim it (pending and due -> sending), hand it to SES, and record
 * what came of it (sent, pending again, failed, or unknown). Each step is a conditional write, so
 * an inquiry is claimed by one attempt at a time, and only that attempt settles it: a duplicated
 * event or a second worker finds nothing to claim, and a worker that stops between sending and
 * settling leaves a claim that the sweep ends as unknown (never sent again by itself).
 */
export async function deliverInquiry(candidate: DeliveryCandidate, dependencies: DeliveryDependencies): Promise<DeliveryOutcome> {
  const { store, mailer, schedule } = dependencies;
  const now = epochSeconds(currentTime(dependencies));
  const attemptId = dependencies.newAttemptId();
  const inquiry = await store.claim('pending', candidate, attemptId, now, now + schedule.leaseSeconds);
  if (inquiry === undefined) return reported(dependencies, { inquiryId: candidate.id, outcome: 'not_claimed' });

  const finish = async (settlement: Settlement, outcome: DeliveryOutcome, errorName?: string, detail: Pick<DeliveryReport, 'withoutReplyTo'> = {}) => {
    // A claim that ran out meanwhile (the sweep called it unknown) is no longer this attempt's to settle.
    const settled = await store.settle(inquiry.id, attemptId, settlement);
    return reported(dependencies, {
      inquiryId: inquiry.id,
      outcome: settled ? outcome : 'not_claimed',
      attempt: inquiry.attempts,
      ...(errorName === undefined ? {} : { errorName }),
      ...detail,
    });
  };
  if (inquiry.text === undefined) {
    // Its text is gone (redelivered after its retention ended): nothing to send, and the owner must know.
    return finish({ state: 'failed', errorName: 'TextErased' }, 'given_up', 'TextErased');
  }
  // What the owner sends again on purpose is never held back.
  const place = inquiry.released === true ? NO_FLOOD_PLACE : await floodPlace(inquiry.id, dependencies);
  if (place === undefined) {
    return finish({ state: 'held', dueAt: now, heldFor: [{ signal: 'flood', limit: dependencies.maxMailsPerHour }] }, 'held');
  }

  const receipt = { id: inquiry.id, receivedAt: new Date(inquiry.receivedAt), sentFrom: inquiry.sentFrom };
  const { timeZone, words } = dependencies;
  let delivery = await mailer.send(composeInquiryEmail(inquiry.text, receipt, { timeZone, words }));
  let replyToRefused: string | undefined;
  if (delivery.kind === 'not_sent' && delivery.refusal === 'reply_to') {
    // Better without a Reply-To than not at all: the address stays in the mail's text.
    replyToRefused = delivery.errorName;
    delivery = await mailer.send(composeInquiryEmail(inquiry.text, receipt, { timeZone, words, replyToRefused }));
  }
  switch (delivery.kind) {
    case 'sent':
      return finish(sentSettlement(currentTime(dependencies), dependencies, false), 'sent', replyToRefused, replyToRefused === undefined ? {} : { withoutReplyTo: true });
    case 'not_sent': {
      // Not mailed: its place of the hour goes to the next inquiry.
      await place().catch((error: unknown) => dependencies.onFloodCheckFailure(errorName(error), inquiry.id));
      const failedAt = epochSeconds(currentTime(dependencies));
      // Retried for the whole period: only an attempt that fails after it ends the retries.
      return failedAt >= inquiry.retryFrom + schedule.periodSeconds
        ? finish({ state: 'failed', errorName: delivery.errorName }, 'given_up', delivery.errorName)
        : finish({ state: 'pending', dueAt: failedAt + schedule.delaySeconds(inquiry.attempts), errorName: delivery.errorName }, 'retry_scheduled', delivery.errorName);
    }
    case 'unknown':
      return finish({ state: 'unknown', errorName: delivery.errorName }, 'unknown', delivery.errorName);
  }
}

/**
 * The scheduled sweep: ends the claims that ran out (their worker stopped between sending and
 * settling: unknown), then takes the pending inquiries whose retry is due.
 */
export async function sweep(dependencies: DeliveryDependencies): Promise<DeliveryOutcome[]> {
  const { store } = dependencies;
  const now = epochSeconds(currentTime(dependencies));
  const outcomes: DeliveryOutcome[] = [];
  for (const stale of await store.due('sending', now, SWEEP_LIMIT)) {
    if (stale.attemptId === undefined) continue;
    if (await store.settle(stale.id, stale.attemptId, { state: 'unknown', errorName: 'ClaimExpired' })) {
      outcomes.push(reported(dependencies, { inquiryId: stale.id, outcome: 'unknown', attempt: stale.attempts, errorName: 'ClaimExpired' }));
    }
  }
  for (const due of await store.due('pending', now, SWEEP_LIMIT)) outcomes.push(await deliverInquiry(due, dependencies));
  return outcomes;
}

const NO_FLOOD_PLACE: FloodPlaceRelease = async () => undefined;

/**
 * A place among the hour's mails, or undefined when the hour is full. When the hour's count cannot
 * be read, the inquiry is mailed all the same and the owner told: a check that fails never holds
 * an inquiry back, as at acceptance.
 */
async function floodPlace(inquiryId: string, dependencies: DeliveryDependencies): Promise<FloodPlaceRelease | undefined> {
  try {
    return await dependencies.floodGuard.take(inquiryId, currentTime(dependencies));
  } catch (error) {
    dependencies.onFloodCheckFailure(errorName(error), inquiryId);
    return NO_FLOOD_PLACE;
  }
}

/** Sent: kept for the retention period, or erased of the visitor's text at once when it is 0. */
export function sentSettlement(sentAt: Date, dependencies: DeliveryDependencies, inDigest: boolean): Settlement {
  const keepDays = Math.max(1, dependencies.retentionDays);
  return { state: 'sent', sentAt, expiresAt: epochSeconds(sentAt) + keepDays * DAY_SECONDS, eraseText: dependencies.retentionDays === 0, inDigest };
}

function reported(dependencies: DeliveryDependencies, report: DeliveryReport): DeliveryOutcome {
  dependencies.report(report);
  return report.outcome;
}

export function currentTime(dependencies: DeliveryDependencies): Date {
  return dependencies.now?.() ?? new Date();
}
