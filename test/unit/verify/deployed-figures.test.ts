import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  coldStartCheck,
  judgeLatency,
  LATENCY_FAIL_MS,
  LATENCY_WARN_MS,
  parseReportLine,
  recentInvocations,
  REPORT_WINDOW_DAYS,
  warmRequestsCheck,
} from '../../../bin/verify/deployed-figures.js';
import type { Answer } from '../../../bin/verify/http-probe.js';
import { mockedAccount, reportLine, type MockedAccount } from '../../support/mocked-account.js';

/*
 * The figures only a deployment gives (docs/verify.md): the contact function's cold starts and warm
 * requests, from its REPORT lines; and the API's latency through the front door, judged.
 */

const AT = Date.parse('2026-11-25T12:00:00Z');
const BENCH = {
  'cold.contact.first_answer_ms': { value: 212.4, measuredAt: '2026-11-24T08:00:00.000Z' },
  'cold.contact.floor_ms': { value: 151.2, measuredAt: '2026-11-24T08:00:00.000Z' },
  'contact.p50_ms': { value: 4.6, measuredAt: '2026-11-23T08:00:00.000Z' },
  'bare.p50_ms': { value: 3.1, measuredAt: '2026-11-23T08:00:00.000Z' },
};

describe('parseReportLine', () => {
  it('reads Duration and, on a cold start, Init Duration', () => {
    expect(parseReportLine(reportLine(95.12, 180.5).message!, AT)).toEqual({ at: AT, durationMs: 95.12, initMs: 180.5 });
    expect(parseReportLine(reportLine(12.3).message!, AT)).toEqual({ at: AT, durationMs: 12.3 });
  });

  it('reads nothing from other lines, INIT_REPORT and the service\'s own JSON among them', () => {
    expect(parseReportLine('INIT_REPORT Init Duration: 9999.9 ms\tPhase: init\tStatus: error', AT)).toBeUndefined();
    expect(parseReportLine('{"message":"request","latencyMs":12,"note":"REPORT RequestId: x\\tDuration: 1 ms"}', AT)).toBeUndefined();
    expect(parseReportLine('REPORT RequestId: x\tBilled Duration: 1 ms', AT)).toBeUndefined();
  });
});

describe('the cold start and warm requests of the contact function', () => {
  const invocations = [
    { at: 1, durationMs: 100, initMs: 200 },
    { at: 2, durationMs: 20 },
    { at: 3, durationMs: 90, initMs: 180 },
    { at: 4, durationMs: 30 },
    { at: 5, durationMs: 400, initMs: 500 },
    { at: 6, durationMs: 40 },
  ];

  it('prints the median cold start, its parts and the slowest, beside the local bench\'s first answer and floor', () => {
    expect(coldStartCheck(invocations, BENCH)).toEqual({
      status: 'ok',
      name: 'cold start of the contact function',
      detail: `init 200 ms + first request 100 ms, 300 ms in all (median of 3 in ${REPORT_WINDOW_DAYS} days, slowest 900 ms); local bench: first answer 212 ms, floor 151 ms (npm run bench -- cold, 2026-11-24)`,
    });
  });

  it('prints the warm median beside the in-process bench', () => {
    expect(warmRequestsCheck(invocations, BENCH).detail).toBe(
      `median 30 ms (3 in ${REPORT_WINDOW_DAYS} days); local bench: in-process p50 5 ms, its SDK calls alone 3 ms (npm run bench -- contact, 2026-11-23)`,
    );
  });

  it('says how to get a local figure when the bench never ran on this machine', () => {
    expect(coldStartCheck(invocations, {}).detail).toMatch(/local bench: none on this machine yet \(npm run bench -- cold\)$/);
  });

  it('skips with a way to make one when no cold start happened lately', () => {
    expect(coldStartCheck([{ at: 1, durationMs: 20 }], BENCH)).toMatchObject({ status: 'skip', detail: expect.stringContaining('--send-test') });
    expect(warmRequestsCheck([], BENCH)).toMatchObject({ status: 'skip' });
  });
});

describe('recentInvocations', () => {
  let account: MockedAccount;
  beforeEach(() => {
    account = mockedAccount();
  });
  afterEach(() => account.restore());

  it('reads the log group\'s REPORT lines of the last days, oldest first', async () => {
    account.reportLines = [reportLine(30, undefined, AT - 1000), reportLine(95, 180, AT - 5000), { timestamp: AT, message: 'START RequestId: x' }];
    const now = new Date(AT);

    expect(await recentInvocations(account.site.logs, '/aws/lambda/contact', now)).toEqual([
      { at: AT - 5000, durationMs: 95, initMs: 180 },
      { at: AT - 1000, durationMs: 30 },
    ]);
    expect(account.logQueries).toEqual([
      { logGroupName: '/aws/lambda/contact', startTime: AT - REPORT_WINDOW_DAYS * 86_400_000, endTime: AT, filterPattern: '"REPORT RequestId"' },
    ]);
  });
});

describe('the API latency line', () => {
  const SCHEMA = new URL('https://site.test/api/contact');
  const answer = (elapsedMs: number, status = 200, contentType = 'application/json'): Answer => ({
    url: SCHEMA,
    method: 'GET',
    status,
    headers: new Headers({ 'content-type': contentType }),
    body: status === 200 ? '{"type":"object"}' : '{"code":"internal_error"}',
    bytes: 0,
    elapsedMs,
  });
  const times = (...ms: number[]) => ms.map((each) => answer(each));

  it('is ok up to a median of LATENCY_WARN_MS, whatever the slowest (a cold start)', () => {
    expect(judgeLatency(times(900, 80, 85, 90, LATENCY_WARN_MS))).toEqual({
      status: 'ok',
      name: 'API latency through the front door',
      detail: 'GET /api/contact median 90 ms, slowest 1000 ms (5 requests from here; the first may meet a cold start)',
    });
  });

  it.each([
    ['warn', [LATENCY_WARN_MS + 1, LATENCY_WARN_MS + 1, LATENCY_WARN_MS + 1, 80, 80], /median 1001 ms.*: over 1 s for an answer from memory$/],
    ['warn', times(LATENCY_FAIL_MS, LATENCY_FAIL_MS, LATENCY_FAIL_MS, 80, 80).map((each) => each.elapsedMs), /median 3000 ms/],
    ['FAIL', [LATENCY_FAIL_MS + 1, 9000, 9000, 80, 80], /median 3001 ms.*: over 3 s, visitors wait as long for the form's every answer$/],
    ['FAIL', [9000, 9000, 9000, 9000, 9000], /median 9000 ms, slowest 9000 ms/],
  ] as const)('is %s past its threshold: %j', (status, ms, detail) => {
    expect(judgeLatency(times(...ms))).toMatchObject({ status, detail: expect.stringMatching(detail), fix: expect.stringContaining('LogsSchema output') });
  });

  it('fails when an answer is not the API\'s, however fast: its times are another server\'s', () => {
    const result = judgeLatency([answer(40), answer(12, 500, 'application/problem+json'), answer(11, 500, 'application/problem+json'), answer(40), answer(40)]);

    expect(result).toMatchObject({
      status: 'FAIL',
      detail:
        "2 of 5 answers were 500 application/problem+json (internal_error): the service failed, not the contact schema, so the times are not the API's: GET /api/contact median 40 ms, slowest 40 ms (5 requests from here; the first may meet a cold start)",
      fix: expect.stringContaining('the alarms below'),
    });
    expect(judgeLatency([answer(40, 200, 'text/html')])).toMatchObject({ status: 'FAIL', detail: expect.stringMatching(/^1 of 1 answers were 200 text\/html, not the contact schema/) });
  });
});
