import { paginateFilterLogEvents, type CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { siteUrls } from '../../lambdas/site-urls.js';
import { logGroupOutput } from '../../lib/site-outputs.js';
import type { RecordedFigures } from '../../bench/figures-file.js';
import { percentile } from '../../bench/stats.js';
import { diagnose } from './answer-diagnosis.js';
import { fail, ok, skip, warn, type CheckResult } from './check.js';
import { mediaType, type Answer, type Probe } from './http-probe.js';
import { PUBLISHED } from './published-documents.js';

/** How far back the contact function's REPORT lines are read. */
export const REPORT_WINDOW_DAYS = 7;
/** Pages of FilterLogEvents read at most: a personal site's week of REPORT lines fits in far fewer. */
const MAX_LOG_PAGES = 20;
/** Requests timed through the front door. */
export const LATENCY_REQUESTS = 5;

/** One invocation as Lambda's REPORT line states it (text log format). */
export interface Invocation {
  readonly at: number;
  readonly durationMs: number;
  /** Only on an invocation that started its environment: a cold start. */
  readonly initMs?: number;
}

/** `REPORT RequestId: … Duration: 12.34 ms … Init Duration: 180.50 ms`: the figures of one invocation. */
export function parseReportLine(message: string, at: number): Invocation | undefined {
  if (!message.startsWith('REPORT ')) return undefined;
  const duration = /\tDuration: ([\d.]+) ms/.exec(message)?.[1];
  if (duration === undefined) return undefined;
  const init = /\tInit Duration: ([\d.]+) ms/.exec(message)?.[1];
  return { at, durationMs: Number(duration), ...(init === undefined ? {} : { initMs: Number(init) }) };
}

/** The contact function's invocations of the last days, from its log group's REPORT lines. */
export async function recentInvocations(logs: CloudWatchLogsClient, logGroupName: string, now: Date): Promise<Invocation[]> {
  const invocations: Invocation[] = [];
  const pages = paginateFilterLogEvents(
    { client: logs },
    { logGroupName, startTime: now.getTime() - REPORT_WINDOW_DAYS * 86_400_000, endTime: now.getTime(), filterPattern: '"REPORT RequestId"' },
  );
  let read = 0;
  for await (const page of pages) {
    for (const event of page.events ?? []) {
      const invocation = parseReportLine(event.message ?? '', event.timestamp ?? 0);
      if (invocation !== undefined) invocations.push(invocation);
    }
    if (++read === MAX_LOG_PAGES) break;
  }
  return invocations.sort((a, b) => a.at - b.at);
}

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * The contact function's cold starts as visitors met them (Init Duration, then the first request's
 * Duration), beside the local cold-start bench: its first answer and its floor (bench/cold-start.ts).
 */
export function coldStartCheck(invocations: readonly Invocation[], bench: RecordedFigures): CheckResult {
  const name = 'cold start of the contact function';
  const cold = invocations.filter((invocation): invocation is Invocation & { initMs: number } => invocation.initMs !== undefined);
  if (cold.length === 0) {
    return skip(name, `none in the last ${REPORT_WINDOW_DAYS} days: send an inquiry (npm run verify -- --send-test), then run npm run verify again`);
  }
  const init = percentile(cold.map((invocation) => invocation.initMs), 50);
  const first = percentile(cold.map((invocation) => invocation.durationMs), 50);
  const total = percentile(cold.map((invocation) => invocation.initMs + invocation.durationMs), 50);
  const slowest = Math.max(...cold.map((invocation) => invocation.initMs + invocation.durationMs));
  return ok(
    name,
    `init ${ms(init)} + first request ${ms(first)}, ${ms(total)} in all (median of ${cold.length} in ${REPORT_WINDOW_DAYS} days, slowest ${ms(slowest)}); ` +
      benchNote(bench, [
        ['first answer', 'cold.contact.first_answer_ms'],
        ['floor', 'cold.contact.floor_ms'],
      ], 'cold'),
  );
}

/** Warm invocations of the contact function, beside the local bench's in-process figures (bench/contact-latency.ts). */
export function warmRequestsCheck(invocations: readonly Invocation[], bench: RecordedFigures): CheckResult {
  const name = 'warm requests of the contact function';
  const warm = invocations.filter((invocation) => invocation.initMs === undefined);
  if (warm.length === 0) return skip(name, `none in the last ${REPORT_WINDOW_DAYS} days`);
  const median = percentile(warm.map((invocation) => invocation.durationMs), 50);
  return ok(
    name,
    `median ${ms(median)} (${warm.length} in ${REPORT_WINDOW_DAYS} days); ` +
      benchNote(bench, [
        ['in-process p50', 'contact.p50_ms'],
        ['its SDK calls alone', 'bare.p50_ms'],
      ], 'contact'),
  );
}

/**
 * The median past which the API's latency is worth a warning. The schema is answered from the
 * function's memory, with no AWS call: warm, an answer is the network's round trip and a few
 * milliseconds, so a median over a second means something on the way is slow.
 */
export const LATENCY_WARN_MS = 1_000;
/** The median past which it fails: every answer of the form, its post included, keeps a visitor waiting as long or longer. */
export const LATENCY_FAIL_MS = 3_000;

/** Timed GETs of the contact schema through the front door: what a visitor waits for the API, network included. */
export async function latencyCheck(probe: Probe, base: URL): Promise<CheckResult> {
  const url = new URL(siteUrls(base.origin).contactApi);
  const answers: Answer[] = [];
  for (let request = 0; request < LATENCY_REQUESTS; request++) answers.push(await probe(url));
  return judgeLatency(answers);
}

/**
 * The figures of the timed answers, judged: each must be the API's own (the contact schema), or
 * the times are another server's; then the median against LATENCY_WARN_MS and LATENCY_FAIL_MS.
 */
export function judgeLatency(answers: readonly Answer[]): CheckResult {
  const name = 'API latency through the front door';
  const [first] = answers;
  if (first === undefined) throw new Error('no answer to judge');
  const path = first.url.pathname;
  const expected = PUBLISHED.find(([published]) => published === path)?.[1];
  const times = answers.map((answer) => answer.elapsedMs);
  const median = percentile(times, 50);
  const figures = `GET ${path} median ${ms(median)}, slowest ${ms(Math.max(...times))} (${answers.length} requests from here; the first may meet a cold start)`;
  const foreign = answers.filter((answer) => answer.status !== expected?.status || mediaType(answer) !== expected.mediaType);
  if (foreign.length > 0) {
    const { detail, fix } = diagnose(foreign[0]!);
    return fail(name, `${foreign.length} of ${answers.length} answers were ${detail}, not ${expected?.what ?? "the API's"}, so the times are not the API's: ${figures}`, fix);
  }
  if (median > LATENCY_FAIL_MS) {
    return fail(name, `${figures}: over ${LATENCY_FAIL_MS / 1000} s, visitors wait as long for the form's every answer`, SLOW_API);
  }
  if (median > LATENCY_WARN_MS) return warn(name, `${figures}: over ${LATENCY_WARN_MS / 1000} s for an answer from memory`, SLOW_API);
  return ok(name, figures);
}

const SLOW_API = `run npm run verify again; if it stays slow, the REPORT lines in the log group of the ${logGroupOutput('schema')} output say how long the function took, and the rest is the way between (this machine's network, CloudFront, API Gateway)`;

/** `local bench: first answer 210 ms, floor 150 ms (npm run bench -- cold, 2026-11-25)`, or how to get it. */
function benchNote(bench: RecordedFigures, figures: ReadonlyArray<readonly [string, string]>, section: string): string {
  const found = figures.flatMap(([label, key]) => (bench[key] === undefined ? [] : [[label, bench[key]] as const]));
  if (found.length === 0) return `local bench: none on this machine yet (npm run bench -- ${section})`;
  const measured = found.map(([, figure]) => figure.measuredAt.slice(0, 10)).sort().at(-1);
  return `local bench: ${found.map(([label, figure]) => `${label} ${ms(figure.value)}`).join(', ')} (npm run bench -- ${section}, ${measured})`;
}
