import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { exitStatus, formatNotice, formatResult, summary, type CheckResult } from '../../../bin/verify/check.js';
import { EVERY_PART } from '../../../bin/verify/agent-readiness.js';
import { SITE_TIME_LIMIT_MS, verify, type VerifyEnvironment } from '../../../bin/verify/run-verify.js';
import type { VerifyOptions } from '../../../bin/verify/verify-options.js';
import { PROBLEM, send, startFakeFrontDoor, type FakeFrontDoor } from '../../support/fake-front-door.js';
import { closedPortUrl } from '../../support/unreachable.js';
import { mockedAccount, reportLine, type MockedAccount } from '../../support/mocked-account.js';

/*
 * A whole `npm run verify` of a deployment (docs/verify.md): the mocked account of a fresh
 * Free-plan deployment whose BaseUrl and ApiUrl are the fake front door's, every part in order.
 */

let account: MockedAccount;
let door: FakeFrontDoor;
beforeEach(async () => {
  door = await startFakeFrontDoor();
  account = mockedAccount(door.base.origin, door.apiUrl.origin);
});
afterEach(async () => {
  account.restore();
  await door.close();
});

function environment(overrides: Partial<VerifyEnvironment> = {}): VerifyEnvironment {
  return {
    fetch: door.fetch,
    site: account.site,
    cloudFront: account.cloudFront,
    readSubscription: account.readSubscription,
    readAccountPlan: account.readAccountPlan,
    inbox: () => account.inbox(),
    benchFigures: { 'cold.contact.floor_ms': { value: 151, measuredAt: '2026-11-24T08:00:00.000Z' } },
    now: () => new Date('2026-11-25T12:00:00Z'),
    sleep: async () => undefined,
    siteTimeLimitMs: SITE_TIME_LIMIT_MS,
    publishedParts: EVERY_PART,
    ...overrides,
  };
}

async function report(options: VerifyOptions = { sendTest: false, help: false }, overrides: Partial<VerifyEnvironment> = {}): Promise<{ lines: string[]; results: CheckResult[] }> {
  const lines: string[] = [];
  const results: CheckResult[] = [];
  for await (const line of verify(options, environment(overrides))) {
    if ('section' in line) {
      lines.push(line.section);
    } else if ('notice' in line) {
      lines.push(formatNotice(line));
    } else {
      results.push(line);
      lines.push(formatResult(line));
    }
  }
  return { lines, results };
}

describe('npm run verify of a deployment', () => {
  it('checks the account, then the site at BaseUrl, then the deployed figures: all ok on a healthy one', async () => {
    account.reportLines = [reportLine(95, 180), reportLine(21), reportLine(19), reportLine(25)];

    const { lines, results } = await report();

    expect(exitStatus(results)).toBe(0);
    expect(lines[0]).toBe('Account');
    expect(lines).toContain(`Site at ${door.base.origin}`);
    expect(lines.slice(-4)).toEqual([
      'Deployed figures',
      'ok    cold start of the contact function: init 180 ms + first request 95 ms, 275 ms in all (median of 1 in 7 days, slowest 275 ms); local bench: floor 151 ms (npm run bench -- cold, 2026-11-24)',
      'ok    warm requests of the contact function: median 21 ms (3 in 7 days); local bench: none on this machine yet (npm run bench -- contact)',
      expect.stringMatching(/^ok {4}API latency through the front door: GET \/api\/contact median \d+ ms/),
    ]);
    // Skipped: the owner's address, which an account with production access need not verify.
    expect(results.filter((result) => result.status === 'skip').map((result) => result.name)).toEqual(["owner's address"]);
    expect(summary(results)).toMatch(/^\d+ checks, 0 failed, 0 warned, 1 skipped: your site works\.$/);
  });

  it('goes on to the site when an account check fails, and exits 1', async () => {
    account.subscriptions.clear();
    door.breakPath('GET /llms.txt', (_request, response) => send(response, 403, 'application/json', '{"message":"Forbidden"}'));

    const { results } = await report();

    expect(results.filter((result) => result.status === 'FAIL').map((result) => result.name)).toEqual([
      'alarm mails of PersonalSite (eu-west-1)',
      'alarm mails of PersonalSiteEdge (us-east-1)',
      '/llms.txt',
    ]);
    expect(exitStatus(results)).toBe(1);
  });

  it('checks no site when the stack cannot be read', async () => {
    account.firstCallError = Object.assign(new Error('The security token included in the request is expired'), {
      name: 'ExpiredTokenException',
      $fault: 'client',
      $metadata: { httpStatusCode: 403, requestId: 'c9d0' },
    });

    const { lines, results } = await report();

    expect(lines).toEqual([
      'Account',
      expect.stringMatching(/^FAIL  stack PersonalSite: could not check \(AWS answered ExpiredTokenException \(.*\)\) -> your AWS credentials were refused or expired: aws sso login/),
      'skip  the site: not checked: the site stack did not say where it is',
    ]);
    expect(door.received).toEqual([]);
    expect(exitStatus(results)).toBe(1);
  });

  it('fails the API latency line when the API answers 500, however fast', async () => {
    door.breakPath('GET /api/contact', (_request, response) => send(response, 500, PROBLEM, '{"code":"internal_error"}'));

    const { results } = await report();

    expect(results.at(-1)).toMatchObject({
      status: 'FAIL',
      name: 'API latency through the front door',
      detail: expect.stringMatching(/^5 of 5 answers were 500 application\/problem\+json \(internal_error\): the service failed, not the contact schema, so the times are not the API's: GET \/api\/contact median \d+ ms/),
    });
  });

  it('gives the site its time, then skips the rest with a line and measures no latency: the account and the logs are still read', async () => {
    const late: typeof fetch = (input, init) => new Promise((resolve) => setTimeout(resolve, 100)).then(() => door.fetch(input, init));
    account.reportLines = [reportLine(95, 180)];

    const { lines, results } = await report(undefined, { fetch: late, siteTimeLimitMs: 600 });

    expect(lines).toEqual(
      expect.arrayContaining([
        `skip  the rest of the site: not checked: ${door.base.origin} answered too slowly: the 0.6 s a run gives the site's checks are up`,
        expect.stringMatching(/^ok {4}cold start of the contact function: /),
        "skip  API latency through the front door: not measured: the 0.6 s a run gives the site's checks are up",
      ]),
    );
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([expect.stringMatching(/could not check \(the 0\.6 s a run gives the site's checks are up\) -> /)]);
    expect(exitStatus(results)).toBe(1);
  });

  it('sends a test inquiry only when asked', async () => {
    await report();
    expect(door.received.filter((route) => route.startsWith('POST'))).toEqual(['POST /api/contact']);
  });

  it('with --url of a site elsewhere and no --endpoint, skips the inbox, naming no local endpoint', async () => {
    const { lines } = await report({ url: door.base, sendTest: false, help: false });

    expect(lines).toContain("skip  inbox: not checked: --url checks the site alone; --endpoint names local mode's DynamoDB");
  });

  it('with --url, says once that nothing answers there (npm start not running): the agent-readiness part and the latency skip it', async () => {
    const base = new URL(await closedPortUrl());

    const { lines, results } = await report({ url: base, sendTest: false, help: false }, { fetch });

    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([expect.stringMatching(/^FAIL  \/api\/contact: could not check \(could not connect \(ECONNREFUSED\)\) -> nothing usable answered: is the site reachable from here \(local mode running/)]);
    expect(lines).toEqual(
      expect.arrayContaining([
        `skip  the rest of the site: not checked: ${base.origin} could not be reached`,
        `skip  agent readiness: not checked: ${base.origin} could not be reached`,
        `skip  API latency through the front door: not measured: ${base.origin} could not be reached`,
        // A site of this machine: the preview, whose inbox --endpoint names.
        "skip  inbox: not checked: to check it too, add --endpoint as npm start's Inbox line names it (http://127.0.0.1:8006 unless DYNAMODB_PORT moved it)",
      ]),
    );
    expect(exitStatus(results)).toBe(1);
  });
});

