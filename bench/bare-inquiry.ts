/**
 * The SDK calls of one accepted inquiry, through the code's own stores and mailer over clients with
 * the same settings, and nothing else: no parsing, validation or limiter.
 * - bareInquiry: two counter updates in parallel, then one SendEmail: what a visitor waited for
 *   before inquiries were stored, kept as the cold-start floor (its bundle is built from this file).
 * - bareStoredInquiry: three counter updates in parallel (the two rate limits and the repeated-text
 *   signal's), then the inquiry's put: the DynamoDB calls the contact function makes today, the
 *   warm bench's bare calls.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { budgetedClientOptions } from '../lambdas/aws/retry-strategy.js';
import { MAIL_CALLS } from '../lambdas/aws/call-budgets.js';
import { DynamoCounterStore } from '../lambdas/counters/counter-store.js';
import { DynamoInquiryStore } from '../lambdas/intake/inquiry-store.js';
import { storeClientOptions } from '../lambdas/intake/sdk-clients.js';
import { mayResendEmail, SesMailer } from '../lambdas/delivery/mailer.js';

/** The text of every bench inquiry. */
export const BENCH_MESSAGE = 'I would like to talk about a project: a small website with a contact form.';

/**
 * A text of its own per round, as visitors write: the same text three times in a day would be
 * held as repeated (docs/api.md §15). In letters, since the signal counts digits as one.
 */
export function benchMessage(round: number): string {
  return `${BENCH_MESSAGE} Reference ${String(round).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}.`;
}

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
  const counters = new DynamoCounterStore(dynamo, counterTable);
  const count = counting(counters);
  const inquiries = new DynamoInquiryStore(dynamo, inquiryTable);
  return async (round) => {
    const text = counters.increment({ id: `bare-text#${round}`, limit: 2, expiresAt: Math.floor(Date.now() / 1000) + 86_400 }, `bare-request#${round}`);
    await Promise.all([count(round), text]);
    await inquiries.accept({
      id: `bare-inquiry#${round}#${Date.now()}`,
      requestId: `bare-request#${round}`,
      receivedAt: new Date(),
      inquiry: { name: 'Bench Visitor', email: `visitor${round}@example.com`, message: benchMessage(round), company: 'Bench Ltd' },
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
