import { deliverInquiry, type DeliveryReport } from '../../lambdas/delivery/deliver-inquiry.js';
import { hourlyMailLimit } from '../../lambdas/delivery/flood-guard.js';
import type { InquiryEmail } from '../../lambdas/delivery/inquiry-email.js';
import type { Delivery, Mailer } from '../../lambdas/delivery/mailer.js';
import { retrySchedule } from '../../lambdas/delivery/retry-schedule.js';
import { FakeCounterStore } from './fake-counter-store.js';
import { FakeDeliveryStore } from './fake-delivery-store.js';
import { ENGLISH } from '../../lambdas/mail-words/en.js';
import type { MailWords } from '../../lambdas/mail-words/mail-words.js';

export const START = Date.UTC(2030, 0, 1, 12) / 1000;
export const UNIT = 60;
export const schedule = retrySchedule(UNIT);

/**
 * Answers each send as `answer` says of its mail, or else with the next scripted delivery (then
 * `sent`); keeps every mail it was handed, and those SES took.
 */
export class ScriptedMailer implements Mailer {
  readonly handed: InquiryEmail[] = [];
  readonly taken: InquiryEmail[] = [];
  readonly script: Delivery[] = [];
  answer: ((email: InquiryEmail) => Delivery | undefined) | undefined;

  async send(email: InquiryEmail): Promise<Delivery> {
    this.handed.push(email);
    const delivery = this.answer?.(email) ?? this.script.shift() ?? { kind: 'sent' };
    if (delivery.kind !== 'not_sent') this.taken.push(email);
    return delivery;
  }
}

/** The delivery worker's domain code over in-memory stores and a scripted mailer, on a clock the test moves. */
export function worker(options: { retentionDays?: number; maxMailsPerHour?: number; timeZone?: string; words?: MailWords } = {}) {
  const store = new FakeDeliveryStore();
  const mailer = new ScriptedMailer();
  const counters = new FakeCounterStore();
  const maxMailsPerHour = options.maxMailsPerHour ?? 20;
  const reports: DeliveryReport[] = [];
  const floodCheckFailures: string[] = [];
  let now = START;
  let attempts = 0;
  const waits: number[] = [];
  const dependencies = {
    store,
    mailer,
    digestMailer: mailer,
    wait: async (ms: number) => {
      waits.push(ms);
    },
    schedule,
    retentionDays: options.retentionDays ?? 30,
    timeZone: options.timeZone ?? 'UTC',
    words: options.words ?? ENGLISH,
    floodGuard: hourlyMailLimit(counters, maxMailsPerHour),
    maxMailsPerHour,
    onFloodCheckFailure: (errorName: string, inquiryId: string) => floodCheckFailures.push(`${inquiryId}: ${errorName}`),
    report: (report: DeliveryReport) => reports.push(report),
    newAttemptId: () => `attempt-${++attempts}`,
    now: () => new Date(now * 1000),
  };
  return {
    store,
    mailer,
    counters,
    reports,
    floodCheckFailures,
    /** How long the digest asked to wait before each send but its first. */
    waits,
    dependencies,
    at: (seconds: number) => (now = START + seconds),
    deliver: (id: string) => deliverInquiry({ id, attempts: store.items.get(id)?.attempts ?? 0 }, dependencies),
  };
}

