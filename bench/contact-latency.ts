/**
 * The contact handler in-process, invoked with API Gateway v2 events against the embedded
 * emulator, interleaved with the bare SDK calls one accepted inquiry makes (three counter updates
 * in parallel, then the inquiry's put). Their ratio is the handler's own overhead.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ensureCounterTable, ensureInquiryTable, startDynamoEmulator } from '../bin/local/emulators.js';
import { jsonPostEvent, lambdaContext } from '../test/support/events.js';
import type { HttpHandler } from '../test/support/handler-under-test.js';
import { bareStoredInquiry, benchMessage } from './bare-inquiry.js';
import { percentile, round } from './stats.js';
import { CONTACT_ENVIRONMENT } from '../test/support/contact-environment.js';

const WARMUP = 50;
const ROUNDS = 400;
const TABLE = 'bench-counters';
const INQUIRY_TABLE = 'bench-inquiries';

export async function benchContactLatency(): Promise<Record<string, number>> {
  const savedEnvironment = { ...process.env };
  const dynamo = await startDynamoEmulator('127.0.0.1');
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    ...CONTACT_ENVIRONMENT,
    COUNTER_TABLE: TABLE,
    INQUIRY_TABLE,
  });
  const setup = new DynamoDBClient({});
  await ensureCounterTable(setup, TABLE);
  await ensureInquiryTable(setup, INQUIRY_TABLE);
  setup.destroy();
  const { handler } = (await import('../lambdas/contact/handler.js')) as { handler: HttpHandler };
  const bare = bareStoredInquiry(TABLE, INQUIRY_TABLE);

  const contactTimes: number[] = [];
  const bareTimes: number[] = [];
  const restoreStdout = muteStdout();
  try {
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      // Lambda's runtime builds these, not the handler: they are made before the clock starts.
      const event = contactEvent(round);
      const context = lambdaContext();
      const contact = await time(async () => {
        const result = await handler(event, context);
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
    await dynamo.close();
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

/** A valid inquiry, from an address and an IP of its own per round (the limits count both), in a text of its own. */
export function contactEvent(round: number): APIGatewayProxyEventV2 {
  return jsonPostEvent(
    {
      name: 'Bench Visitor',
      email: `visitor${round}@example.com`,
      message: benchMessage(round),
      company: 'Bench Ltd',
      project_url: 'https://example.org/project',
    },
    { sourceIp: ipOf(round), headers: { origin: 'https://bench.example.com' } },
  );
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
