/**
 * How long an accepted inquiry takes to reach the owner's mailbox in local mode (docs/api.md §14):
 * from the 202 to the mail in the SES emulator's store, through the stand-in of the inquiry table's
 * stream and the delivery worker. Inquiries one at a time, after a warm-up; the mailbox is polled.
 * Deployed, DynamoDB Streams and Lambda's polling of them add their own latency, which this leaves out.
 */
import { postContact } from '../test/support/http-client.js';
import { sentEmails, startLocalServer } from '../test/support/local-server.js';
import { benchMessage } from './bare-inquiry.js';
import { percentile, round } from './stats.js';

const WARMUP = 3;
const ROUNDS = 30;

export async function benchDelivery(): Promise<Record<string, number>> {
  // Every inquiry mailed on its own: no hourly cap (the flood signal) holds the later rounds for the digest.
  const server = await startLocalServer({ RATE_LIMIT_IP: '10000', RATE_LIMIT_EMAIL: '10000', MAX_MAILS_PER_HOUR: '0' });
  try {
    const times: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const before = (await sentEmails(server)).length;
      const answer = await postContact(server.apiUrl, { name: 'Bench Visitor', email: `visitor${round}@example.com`, message: benchMessage(round) });
      if (answer.status !== 202) throw new Error(`contact answered ${answer.status}`);
      const accepted = performance.now();
      while ((await sentEmails(server)).length === before) await new Promise((resolve) => setTimeout(resolve, 1));
      if (round >= WARMUP) times.push(performance.now() - accepted);
    }
    return {
      'delivery.rounds': ROUNDS,
      'delivery.p50_ms': round(percentile(times, 50), 1),
      'delivery.p99_ms': round(percentile(times, 99), 1),
    };
  } finally {
    await server.stop();
  }
}
