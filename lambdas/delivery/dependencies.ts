import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { budgetedClientOptions } from '../aws/retry-strategy.js';
import { MAIL_CALLS, STORE_CALLS } from '../aws/call-budgets.js';
import { mayRepeatIdempotentCall } from '../aws/sdk-errors.js';
import type { DeliverySettings } from '../config.js';
import type { DeliveryDependencies } from './deliver-inquiry.js';
import { writeDeliveryLine, writeFloodCheckFailure } from './delivery-log.js';
import { DynamoCounterStore } from '../counters/counter-store.js';
import { DynamoDeliveryStore } from './delivery-store.js';
import { hourlyMailLimit } from './flood-guard.js';
import { mayResendEmail, SesMailer } from './mailer.js';
import { retrySchedule } from './retry-schedule.js';
import { DIGEST_MAIL_CALLS } from './time-budget.js';
import { MAIL_WORDS } from '../mail-words/words-by-language.js';
import { withOwnSubject } from '../mail-words/own-subject.js';

/** The real dependencies of the delivery worker, created once per cold start. */
export function createDeliveryDependencies(settings: DeliverySettings): DeliveryDependencies {
  const dynamo = new DynamoDBClient(budgetedClientOptions(STORE_CALLS, mayRepeatIdempotentCall));
  return {
    // Each state change is a conditional write that a repeat cannot apply twice (delivery-store.ts).
    store: new DynamoDeliveryStore(dynamo, settings.inquiryTable),
    // SendEmail is repeated only when SES cannot have taken it (mailer.ts).
    mailer: new SesMailer(new SESv2Client(budgetedClientOptions(MAIL_CALLS, mayResendEmail)), settings.mail),
    digestMailer: new SesMailer(new SESv2Client(budgetedClientOptions(DIGEST_MAIL_CALLS, mayResendEmail)), settings.mail),
    wait: async (ms) => {
      if (ms > 0) await sleep(ms);
    },
    schedule: retrySchedule(settings.retryUnitSeconds),
    // The hour's mails are counted by inquiry id, as the rate limits count requests: a repeat changes nothing.
    floodGuard: hourlyMailLimit(new DynamoCounterStore(dynamo, settings.counterTable), settings.maxMailsPerHour),
    maxMailsPerHour: settings.maxMailsPerHour,
    onFloodCheckFailure: writeFloodCheckFailure,
    retentionDays: settings.retentionDays,
    timeZone: settings.timeZone,
    words: withOwnSubject(MAIL_WORDS[settings.language], settings.mailSubject),
    report: writeDeliveryLine,
    newAttemptId: randomUUID,
    ...(settings.inboxEndpoint === undefined ? {} : { inboxEndpoint: settings.inboxEndpoint }),
  };
}
