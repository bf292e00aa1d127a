/**
 * The SDK calls of one accepted inquiry, through the code's own stores and mailer over clients with
 * the same settings, and nothing else: no parsing, validation or limiter.
 * - bareInquiry: two counter updates in parallel, then one SendEmail: what a visitor waited for
 *   before inquiries were stored, kept as the cold-start floor (its bundle is built from this file).
 * - bareStoredInquiry: two counter updates in parallel, then the inquiry's put: the DynamoDB calls
 *   the contact function makes today, the warm bench's bare calls.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { budgetedClientOptions } from '../lambdas/aws/retry-strategy.js';
import { MAIL_CALLS } from '../lambdas/aws/call-budgets.js';
import { DynamoCounterStore } from '../lambdas/counters/counter-store.js';
import { DynamoInquiryStore } from '../lambdas/contact/inquiry-store.js';
import { storeClientOptions } from '../lambdas/contact/sdk-clients.js';
import { mayResendEmail, SesMailer } from '../lambdas/delivery/mailer.js';

/** The text of every bench inquiry. */
export const BENCH_MESSAGE = 'I would like to talk about a project: a small website with a contact form.';

export function bareInquiry(table: string): (round: number) => Promise<void> {
  const count = counting(new DynamoCounterStore(new DynamoDBClient(storeClientOptions()), table));
  const mailer = new SesMailer(new SESv2Client(budgetedClientOptions(MAIL_CALLS, mayResendEmail)), {
    ownerEmail: 'owner@example.com',
    senderEmail: 'contact@example.com',
    senderName: 'Personal site',
  });
  return async (round) => {
    await count(round);
    await mailer.send({
      replyTo: `visitor${round}@example.com`,
      subject: 'Project inquiry from Bench Visitor (Bench Ltd)',
      text: `Name: Bench Visitor\n\nMessage:\n${BENCH_MESSAGE}\n`,
    });
  };
}

export function bareStoredInquiry(counterTable: string, inquiryTable: string): (round: number) => Promise<void> {
  const dynamo = new DynamoDBClient(storeClientOptions());
  const count = counting(new DynamoCounterStore(dynamo, counterTable));
  const inquiries = new DynamoInquiryStore(dynamo, inquiryTable);
  return async (round) => {
    await count(round);
    await inquiries.accept({
      id: `bare-inquiry#${round}#${Date.now()}`,
      requestId: `bare-request#${round}`,
      receivedAt: new Date(),
      inquiry: { name: 'Bench Visitor', email: `visitor${round}@example.com`, message: BENCH_MESSAGE, company: 'Bench Ltd' },
      heldFor: [],
    });
  };
}

/** The two counter updates of one inquiry, in parallel as the limiter makes them. */
function counting(store: DynamoCounterStore): (round: number) => Promise<void> {
  const increment = (id: string) =>
    store.increment({ id, limit: 5, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, `bare-request#${id}`);
  return async (round) => {
    await Promise.all([increment(`bare-ip#${round}`), increment(`bare-email#${round}`)]);
  };
}
