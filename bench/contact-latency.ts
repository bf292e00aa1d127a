/**
 * The contact handler in-process, invoked with API Gateway v2 events against the embedded
 * emulators, interleaved with the bare SDK calls one accepted inquiry needs (two counter
 * updates in parallel, then one SendEmail). Their ratio is the handler's own overhead.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ensureCounterTable, startDynamoEmulator, startSesEmulator } from '../bin/local/emulators.js';
import { jsonPostEvent, lambdaContext } from '../test/support/events.js';

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
  });
  await ensureCounterTable(new DynamoDBClient({}), TABLE);
  const { handler } = (await import('../lambdas/contact/handler.js')) as {
    handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  };
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
    'contact.p50_ms': round3(contactP50),
    'contact.p99_ms': round3(percentile(contactTimes, 99)),
    'bare.p50_ms': round3(bareP50),
    'bare.p99_ms': round3(percentile(bareTimes, 99)),
    'contact.overhead_ratio': round3(contactP50 / bareP50),
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

/** The same SDK calls an accepted inquiry makes, with the same clients' settings, and nothing else. */
function bareInquiry(): (round: number) => Promise<void> {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const mail = new SESv2Client({});
  const increment = (pk: string) =>
    documents.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk },
        UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':one': 1, ':limit': 5, ':expiresAt': Math.floor(Date.now() / 1000) + 3600 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
  return async (round) => {
    await Promise.all([increment(`bare-ip#${round}`), increment(`bare-email#${round}`)]);
    await mail.send(
      new SendEmailCommand({
        FromEmailAddress: 'contact@example.com',
        Destination: { ToAddresses: ['owner@example.com'] },
        ReplyToAddresses: [`visitor${round}@example.com`],
        Content: {
          Simple: {
            Subject: { Data: 'Project inquiry from Bench Visitor (Bench Ltd)', Charset: 'UTF-8' },
            Body: { Text: { Data: `Name: Bench Visitor\n\nMessage:\n${message}\n`, Charset: 'UTF-8' } },
          },
        },
      }),
    );
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

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
