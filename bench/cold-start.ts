/**
 * A cold start as a visitor meets it: a fresh `node`, started as Lambda starts it, imports the
 * contact bundle (built as the stack builds it) and answers one valid POST against the emulators;
 * beside it, the floor: a bundle built the same way of only the SDK calls that inquiry needs
 * (bare-inquiry.ts). Each time is from process start to the answer, so Node's own start-up is in
 * both; the emulators run here, outside the measured processes. Medians of RUNS, interleaved so
 * that a busy machine slows both alike, after one unmeasured pair that warms the emulators; the
 * ratios are the medians of each run's ratio.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureCounterTable, ensureInquiryTable, startDynamoEmulator, startSesEmulator } from '../bin/local/emulators.js';
import { buildBundle, buildHandlerAsset } from './bundles.js';
import { contactEvent } from './contact-latency.js';
import { percentile, round } from './stats.js';
import { CONTACT_ENVIRONMENT } from '../test/support/contact-environment.js';

const RUNS = 21;
const TABLE = 'bench-cold-counters';
const INQUIRY_TABLE = 'bench-cold-inquiries';

interface ColdTimes {
  /** Milliseconds from process start until the module was imported. */
  readonly importedMs: number;
  /** Milliseconds from process start until the answer was there. */
  readonly answeredMs: number;
  /** CPU milliseconds the process had used by then: what a busy machine's waiting leaves out. */
  readonly cpuMs: number;
}

export async function benchColdStart(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-cold-'));
  const [dynamo, ses] = await Promise.all([startDynamoEmulator('127.0.0.1'), startSesEmulator('127.0.0.1', 0)]);
  try {
    const contact = join(dir, 'contact', 'index.mjs');
    const floor = join(dir, 'floor', 'index.mjs');
    // With its lazy modules: a valid inquiry's first request loads the list of disposable-mail domains.
    await buildHandlerAsset('contact', contact);
    await buildBundle(fileURLToPath(new URL('./bare-inquiry.ts', import.meta.url)), floor);

    const env = {
      ...CONTACT_ENVIRONMENT,
      PATH: process.env.PATH,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_ENDPOINT_URL_SESV2: ses.url,
      COUNTER_TABLE: TABLE,
      INQUIRY_TABLE: INQUIRY_TABLE,
    };
    const credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY };
    const setup = new DynamoDBClient({ endpoint: dynamo.url, region: env.AWS_REGION, credentials });
    await ensureCounterTable(setup, TABLE);
    await ensureInquiryTable(setup, INQUIRY_TABLE);
    setup.destroy();

    const contactRuns: ColdTimes[] = [];
    const floorRuns: ColdTimes[] = [];
    for (let run = -1; run < RUNS; run++) {
      // A visitor and an IP of its own per run: the limits count both.
      const visitor = run + 1;
      // Each goes first every other run, so neither always meets caches the other warmed.
      const floorFirst = run % 2 === 0 ? await coldRun(floorScript(floor, visitor), env) : undefined;
      const contactTimes = await coldRun(contactScript(contact, visitor), env);
      const floorTimes = floorFirst ?? (await coldRun(floorScript(floor, visitor), env));
      if (run >= 0) {
        contactRuns.push(contactTimes);
        floorRuns.push(floorTimes);
      }
    }
    const median = (runs: readonly ColdTimes[], key: keyof ColdTimes) => percentile(runs.map((times) => times[key]), 50);
    // Each run's own ratio: its two processes ran one after the other, under much the same load.
    const medianRatio = (key: keyof ColdTimes) =>
      percentile(contactRuns.map((times, run) => times[key] / floorRuns[run]![key]), 50);
    return {
      'cold.runs': RUNS,
      'cold.contact.first_answer_ms': round(median(contactRuns, 'answeredMs'), 1),
      'cold.contact.import_ms': round(median(contactRuns, 'importedMs'), 1),
      'cold.contact.floor_ms': round(median(floorRuns, 'answeredMs'), 1),
      'cold.contact.floor_import_ms': round(median(floorRuns, 'importedMs'), 1),
      'cold.contact.ratio': round(medianRatio('answeredMs'), 2),
      'cold.contact.cpu_ms': round(median(contactRuns, 'cpuMs'), 1),
      'cold.contact.floor_cpu_ms': round(median(floorRuns, 'cpuMs'), 1),
      'cold.contact.cpu_ratio': round(medianRatio('cpuMs'), 2),
    };
  } finally {
    await Promise.all([dynamo.close(), ses.close(), rm(dir, { recursive: true, force: true })]);
  }
}

/** The handler as Lambda calls it: the module's `handler`, an API Gateway v2 event and a context. */
function contactScript(bundle: string, visitor: number): string {
  return `
    const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const importedMs = performance.now();
    const context = {
      awsRequestId: 'cold-${visitor}', functionName: 'contact', functionVersion: '$LATEST', memoryLimitInMB: '512',
      invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:contact',
      logGroupName: '/aws/lambda/contact', logStreamName: 'cold', callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => 10000,
    };
    const result = await handler(${JSON.stringify(contactEvent(visitor))}, context);
    if (result.statusCode !== 202) throw new Error('contact answered ' + result.statusCode + ': ' + result.body);
    ${reportTimes}`;
}

function floorScript(bundle: string, visitor: number): string {
  return `
    const { bareInquiry } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const importedMs = performance.now();
    await bareInquiry(${JSON.stringify(TABLE)})(${visitor});
    ${reportTimes}`;
}

// The last line of stdout, after whatever the module logged; then out, without waiting for the
// SDK's idle sockets to close.
const reportTimes = `
    const answeredMs = performance.now();
    const { user, system } = process.cpuUsage();
    const cpuMs = (user + system) / 1000;
    process.stdout.write('\\n' + JSON.stringify({ importedMs, answeredMs, cpuMs }) + '\\n', () => process.exit(0));`;

/** One fresh `node` running a script; the emulators answer here, so this process must not block. */
function coldRun(script: string, env: Readonly<Record<string, string | undefined>>): Promise<ColdTimes> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trimEnd().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`a cold run failed (${code}):\n${stderr}`));
      resolve(JSON.parse(last) as ColdTimes);
    });
  });
}
