/**
 * The SDK calls one accepted inquiry makes (two counter updates in parallel, then one SendEmail)
 * through the handler's own counter store and mailer, over clients with the same settings, and
 * nothing else: no parsing, validation or limiter. The warm bench's bare calls, and the floor
 * bundle of the cold-start bench.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoCounterStore } from '../lambdas/contact/counter-store.js';
import { SesMailer } from '../lambdas/contact/mailer.js';
import { mailClientOptions, storeClientOptions } from '../lambdas/contact/sdk-clients.js';

/** The text of every bench inquiry. */
export const BENCH_MESSAGE = 'I would like to talk about a project: a small website with a contact form.';

export function bareInquiry(table: string): (round: number) => Promise<void> {
  const store = new DynamoCounterStore(new DynamoDBClient(storeClientOptions()), table);
  const mailer = new SesMailer(new SESv2Client(mailClientOptions()), {
    ownerEmail: 'owner@example.com',
    senderEmail: 'contact@example.com',
    senderName: 'Personal site',
  });
  const increment = (id: string) =>
    store.increment({ id, limit: 5, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, `bare-request#${id}`);
  return async (round) => {
    await Promise.all([increment(`bare-ip#${round}`), increment(`bare-email#${round}`)]);
    await mailer.send({
      replyTo: `visitor${round}@example.com`,
      subject: 'Project inquiry from Bench Visitor (Bench Ltd)',
      text: `Name: Bench Visitor\n\nMessage:\n${BENCH_MESSAGE}\n`,
    });
  };
}
