/**
 * A cold start as a visitor meets it: a fresh `node`, started as Lambda starts it, imports the
 * contact bundle (built as the stack builds it) and answers one valid POST against the emulators,
 * and the MCP bundle one valid call of its tool (the same inquiry, the same intake);
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
import { httpEvent } from '../test/support/events.js';
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
    const mcp = join(dir, 'mcp', 'index.mjs');
    const floor = join(dir, 'floor', 'index.mjs');
    // With their lazy modules: a valid inquiry's first request loads the list of disposable-mail domains.
    await buildHandlerAsset('contact', contact);
    await buildHandlerAsset('mcp', mcp);
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
    const mcpRuns: ColdTimes[] = [];
    for (let run = -1; run < RUNS; run++) {
      // A visitor and an IP of its own per run: the limits count both.
      const visitor = run + 1;
      // Each goes first every other run, so neither always meets caches the other warmed.
      const floorFirst = run % 2 === 0 ? await coldRun(floorScript(floor, visitor), env) : undefined;
      const contactTimes = await coldRun(contactScript(contact, visitor), env);
      const floorTimes = floorFirst ?? (await coldRun(floorScript(floor, visitor), env));
      // Another visitor, so that neither function's inquiry counts against the other's limits.
      const mcpTimes = await coldRun(handlerScript(mcp, mcpEvent(visitor + RUNS + 1), 200), env);
      if (run >= 0) {
        contactRuns.push(contactTimes);
        floorRuns.push(floorTimes);
        mcpRuns.push(mcpTimes);
      }
    }
    const median = (runs: readonly ColdTimes[], key: keyof ColdTimes) => percentile(runs.map((times) => times[key]), 50);
    // Each run's own ratio: its two processes ran one after the other, under much the same load.
    const medianRatio = (key: keyof ColdTimes, runs = contactRuns) => percentile(runs.map((times, run) => times[key] / floorRuns[run]![key]), 50);
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
      'cold.mcp.first_answer_ms': round(median(mcpRuns, 'answeredMs'), 1),
      'cold.mcp.import_ms': round(median(mcpRuns, 'importedMs'), 1),
      'cold.mcp.ratio': round(medianRatio('answeredMs', mcpRuns), 2),
      'cold.mcp.cpu_ms': round(median(mcpRuns, 'cpuMs'), 1),
      'cold.mcp.cpu_ratio': round(medianRatio('cpuMs', mcpRuns), 2),
    };
  } finally {
    await Promise.all([dynamo.close(), ses.close(), rm(dir, { recursive: true, force: true })]);
  }
}

function contactScript(bundle: string, visitor: number): string {
  return handlerScript(bundle, contactEvent(visitor), 202, `cold-${visitor}`);
}

/** One valid call of the MCP server's tool: a JSON-RPC request, as an agent sends it with no session before it. */
function mcpEvent(visitor: number): object {
  const call = { name: 'sendInquiry', arguments: { name: 'Bench Agent', email: `agent${visitor}@example.com`, message: `A project inquiry sent by an agent, number ${visitor}.` } };
  return httpEvent({
    path: '/api/mcp',
    sourceIp: `10.200.${(visitor >> 8) & 255}.${visitor & 255}`,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }),
  });
}

/** The handler as Lambda calls it: the module's `handler`, an API Gateway v2 event and a context. */
function handlerScript(bundle: string, event: object, status: number, requestId = 'cold'): string {
  return `
    const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const importedMs = performance.now();
    const context = {
      awsRequestId: '${requestId}-' + process.pid, functionName: 'handler', functionVersion: '$LATEST', memoryLimitInMB: '512',
      invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:contact',
      logGroupName: '/aws/lambda/contact', logStreamName: 'cold', callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => 10000,
    };
    const result = await handler(${JSON.stringify(event)}, context);
    if (result.statusCode !== ${status} || result.body.includes('"isError":true')) throw new Error('the handler answered ' + result.statusCode + ': ' + result.body);
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
