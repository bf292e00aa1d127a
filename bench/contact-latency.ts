/**
 * The contact handler in-process, invoked with API Gateway v2 events against the embedded
 * emulators, interleaved with the bare SDK calls one accepted inquiry needs (two counter
 * updates in parallel, then one SendEmail). Their ratio is the handler's own overhead.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ensureCounterTable, startDynamoEmulator, startSesEmulator } from '../bin/local/emulators.js';
import { DynamoCounterStore } from '../lambdas/contact/counter-store.js';
import { mailClientOptions, storeClientOptions } from '../lambdas/contact/dependencies.js';
import { SesMailer } from '../lambdas/contact/mailer.js';
import { jsonPostEvent, lambdaContext } from '../test/support/events.js';
import type { HttpHandler } from '../test/support/handler-under-test.js';
import { percentile, round } from './stats.js';

const WARMUP = 50;
const ROUNDS = 400;
const TABLE = 'bench-counters';

export async function benchContactLatency(): Promise<Record<string, number>> {
  const savedEnvironment = { ...process.env };
  const dynamo = await startDynamoEmulator('127.0.0.1');
  const ses = await startSesEmulator('127.0.0.1', 0);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_ENDPOINT_URL_SESV2: ses.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    BASE_URL: 'https://bench.example.com',
    CONTACT_TO: 'owner@example.com',
    CONTACT_FROM: 'contact@example.com',
    COUNTER_TABLE: TABLE,
    IDEMPOTENCY_TABLE: 'idempotency-records',
  });
  await ensureCounterTable(new DynamoDBClient({}), TABLE);
  const { handler } = (await import('../lambdas/contact/handler.js')) as { handler: HttpHandler };
  const bare = bareInquiry();

  const contactTimes: number[] = [];
  const bareTimes: number[] = [];
  const restoreStdout = muteStdout();
  try {
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const contact = await time(async () => {
        const result = await handler(contactEvent(round), lambdaContext());
        if (result.statusCode !== 202) throw new Error(`contact answered ${result.statusCode}: ${result.body}`);
      });
      const direct = await time(() => bare(round));
      if (round >= WARMUP) {
        contactTimes.push(contact);
        bareTimes.push(direct);
      }
    }
  } finally {
    restoreStdout();
    await Promise.all([dynamo.close(), ses.close()]);
    // The later sections start servers of their own, which must not inherit these endpoints.
    process.env = savedEnvironment;
  }

  const contactP50 = percentile(contactTimes, 50);
  const bareP50 = percentile(bareTimes, 50);
  return {
    'contact.rounds': ROUNDS,
    'contact.p50_ms': round(contactP50, 3),
    'contact.p99_ms': round(percentile(contactTimes, 99), 3),
    'bare.p50_ms': round(bareP50, 3),
    'bare.p99_ms': round(percentile(bareTimes, 99), 3),
    'contact.overhead_ratio': round(contactP50 / bareP50, 3),
  };
}

const message = 'I would like to talk about a project: a small website with a contact form.';

function contactEvent(round: number): APIGatewayProxyEventV2 {
  return jsonPostEvent(
    {
      name: 'Bench Visitor',
      email: `visitor${round}@example.com`,
      message,
      company: 'Bench Ltd',
      project_url: 'https://example.org/project',
    },
    { sourceIp: ipOf(round), headers: { origin: 'https://bench.example.com' } },
  );
}

/**
 * The same SDK calls an accepted inquiry makes, through the handler's own counter store and
 * mailer over clients with the same settings, and nothing else: no parsing, validation or limiter.
 */
function bareInquiry(): (round: number) => Promise<void> {
  const store = new DynamoCounterStore(new DynamoDBClient(storeClientOptions()), TABLE);
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
      text: `Name: Bench Visitor\n\nMessage:\n${message}\n`,
    });
  };
}

function ipOf(round: number): string {
  return `10.${(round >> 16) & 255}.${(round >> 8) & 255}.${round & 255}`;
}

/** The handler's log lines are still serialized and written, but to nowhere, not to the terminal. */
function muteStdout(): () => void {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}

async function time(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}
