import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { accountChecks, type Deployment } from '../../../bin/verify/account-checks.js';
import { exitStatus, type CheckResult } from '../../../bin/verify/check.js';
import type { InquiryRecord } from '../../../lambdas/inbox/inquiry-record.js';
import { domainIdentity, EDGE_TOPIC, mockedAccount, OWNER, SITE_TOPIC, type MockedAccount } from '../../support/mocked-account.js';

/*
 * npm run verify's account checks (docs/verify.md) against a mocked account (aws-sdk-client-mock):
 * a healthy Free-plan deployment passes each; each state an owner meets on a fresh deployment
 * fails or warns on its own line, with what to do.
 */

let account: MockedAccount;
beforeEach(() => {
  account = mockedAccount();
});
afterEach(() => account.restore());

async function run(): Promise<{ results: CheckResult[]; deployment: Deployment | undefined }> {
  const results: CheckResult[] = [];
  const checks = accountChecks({
    site: account.site,
    cloudFront: account.cloudFront,
    readSubscription: account.readSubscription,
    readAccountPlan: account.readAccountPlan,
    inbox: account.inbox,
    now: () => new Date('2026-11-25T12:00:00Z'),
  });
  for (;;) {
    const next = await checks.next();
    if (next.done === true) return { results, deployment: next.value };
    results.push(next.value);
  }
}
const notOk = (results: readonly CheckResult[]) => results.filter((result) => result.status !== 'ok' && result.status !== 'skip');

const inquiry = (id: string, state: InquiryRecord['state'], lastError?: string): InquiryRecord => ({
  id,
  requestId: id,
  receivedAt: '2026-11-24T09:12:00.000Z',
  state,
  attempts: 3,
  retryFrom: 0,
  ...(lastError === undefined ? {} : { lastError }),
});

describe('a healthy deployment on the Free plan', () => {
  it('passes every account check, one line each, and says where the site is', async () => {
    account.inquiries = [inquiry('a', 'sent'), inquiry('b', 'held')];

    const { results, deployment } = await run();

    expect(notOk(results)).toEqual([]);
    expect(results.map((result) => `${result.status} ${result.name}`)).toEqual([
      'ok stack PersonalSite (eu-west-1)',
      'ok account plan',
      'ok stack PersonalSiteBudget (us-east-1)',
      'ok stack PersonalSiteEdge (us-east-1)',
      'ok stack PersonalSitePlan (us-east-1)',
      'ok SES sending (eu-west-1)',
      'ok sender identity example.com',
      'ok DKIM example.com',
      'ok MAIL FROM bounce.example.com',
      "skip owner's address",
      'ok alarm mails of PersonalSite (eu-west-1)',
      'ok alarm PersonalSite-ServiceFailures (eu-west-1)',
      'ok alarm PersonalSite-InquiriesNeedAttention (eu-west-1)',
      'ok alarm PersonalSite-Flooding (eu-west-1)',
      'ok alarm mails of PersonalSiteEdge (us-east-1)',
      'ok alarm PersonalSiteEdge-EdgeBlocked (us-east-1)',
      'ok Free plan subscription (PersonalSitePlan)',
      'ok inbox',
    ]);
    expect(results.find((result) => result.name === 'inbox')?.detail).toBe('2 inquiries: 1 sent, 1 held');
    expect(deployment).toMatchObject({ base: new URL('https://site.test'), apiUrl: new URL('https://api.test'), contactLogGroup: '/aws/lambda/PersonalSite-ContactFunction' });
    expect(deployment?.otherName).toBeUndefined();
  });

  it("says the domain's other name, when the stack has one, for the site's checks to follow", async () => {
    account.siteStack = { ...account.siteStack, Outputs: [...(account.siteStack.Outputs ?? []), { OutputKey: 'OtherNameUrl', OutputValue: 'https://www.site.test' }] };
    expect((await run()).deployment?.otherName).toEqual(new URL('https://www.site.test'));
  });
});

describe('each state an owner meets', () => {
  it('fails a sender identity SES has not verified yet, saying to create its records', async () => {
    account.identities.set('example.com', domainIdentity({ VerifiedForSendingStatus: false, VerificationStatus: 'PENDING', DkimAttributes: { Status: 'PENDING' }, MailFromAttributes: { MailFromDomain: 'bounce.example.com', MailFromDomainStatus: 'PENDING', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' } }));

    const { results } = await run();

    expect(notOk(results)).toEqual([
      { status: 'FAIL', name: 'sender identity example.com', detail: `PENDING: SES sends nothing from contact@example.com yet`, fix: expect.stringContaining("(the SenderDnsRecord outputs, or SES's console for a domain you verified there;") },
      expect.objectContaining({ status: 'warn', name: 'DKIM example.com', detail: expect.stringMatching(/^PENDING/) }),
      expect.objectContaining({ status: 'warn', name: 'MAIL FROM bounce.example.com', detail: expect.stringMatching(/^PENDING/) }),
    ]);
    expect(exitStatus(results)).toBe(1);
  });

  it('warns of a domain verified outside the stack with no MAIL FROM, saying where SES sets one', async () => {
    account.identities.set('example.com', domainIdentity({ MailFromAttributes: undefined }));

    expect(notOk((await run()).results)).toEqual([
      {
        status: 'warn',
        name: 'MAIL FROM of example.com',
        detail: 'none: mail leaves from amazonses.com, so SPF does not align with your domain (DKIM, once SUCCESS, is enough for DMARC)',
        fix: 'in the SES console, Identities, example.com, Custom MAIL FROM domain: bounce.example.com, then its MX and TXT records at your DNS host (README "Mail that lands in the inbox")',
      },
    ]);
  });

  it('fails DKIM that SES gave up on', async () => {
    account.identities.set('example.com', domainIdentity({ DkimAttributes: { Status: 'FAILED' } }));

    expect(notOk((await run()).results)).toEqual([
      { status: 'FAIL', name: 'DKIM example.com', detail: expect.stringMatching(/^FAILED: SES gave up/), fix: expect.stringMatching(/^create them exactly as listed \(the SenderDnsRecord outputs, or SES's console for a domain you verified there;/) },
    ]);
  });

  it('fails the sandbox when the owner\'s address may not receive, and passes it once verified', async () => {
    account.sesAccount = { ...account.sesAccount, ProductionAccessEnabled: false };
    account.maxMailsPerHour = '8';
    account.identities.delete(OWNER);

    const { results } = await run();
    expect(results.find((result) => result.name === 'SES sending (eu-west-1)')).toMatchObject({ status: 'ok', detail: expect.stringContaining('in the sandbox') });
    expect(notOk(results)).toEqual([{ status: 'FAIL', name: `owner's address ${OWNER}`, detail: expect.stringContaining('not verified'), fix: expect.stringContaining('production access') }]);

    account.identities.set(OWNER, { $metadata: {}, IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: true });
    expect(notOk((await run()).results)).toEqual([]);
  });

  it('warns in the sandbox of a maxMailsPerHour whose day-long flood would outrun its 200 mails a day, with the setting that keeps within them', async () => {
    account.sesAccount = { ...account.sesAccount, ProductionAccessEnabled: false };
    account.maxMailsPerHour = '20';

    expect(notOk((await run()).results)).toEqual([
      {
        status: 'warn',
        name: 'mails an hour',
        detail: "maxMailsPerHour is 20: a day-long flood would ask for 480 mails, more than the sandbox's 200 a day, and the rest (the digest too) would wait for the next day",
        fix: 'add "maxMailsPerHour": 8 to your settings file and deploy again (npm run cdk -- deploy --all), or request production access',
      },
    ]);

    account.maxMailsPerHour = '9';
    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ name: 'mails an hour', status: 'warn' })]);
    // 0 turns the flood signal off: no limit at all.
    account.maxMailsPerHour = '0';
    expect(notOk((await run()).results)).toEqual([
      expect.objectContaining({ name: 'mails an hour', status: 'warn', detail: expect.stringMatching(/^maxMailsPerHour is 0, no limit: /) }),
    ]);
    account.maxMailsPerHour = '8';
    expect((await run()).results.find((result) => result.name === 'mails an hour')).toMatchObject({ status: 'ok', detail: "at most 8 (maxMailsPerHour), within the sandbox's 200 a day" });
    account.sesAccount = { ...account.sesAccount, ProductionAccessEnabled: true };
    account.maxMailsPerHour = '20';
    expect((await run()).results.map((result) => result.name)).not.toContain('mails an hour');
  });

  it('passes the sandbox for an owner whose whole domain is verified', async () => {
    account.sesAccount = { ...account.sesAccount, ProductionAccessEnabled: false };
    account.maxMailsPerHour = '8';
    account.identities.delete(OWNER);
    account.identities.set('example.net', domainIdentity());

    expect(notOk((await run()).results)).toEqual([]);
  });

  it('fails sending paused', async () => {
    account.sesAccount = { ...account.sesAccount, SendingEnabled: false, EnforcementStatus: 'SHUTDOWN' };

    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'FAIL', name: 'SES sending (eu-west-1)', detail: expect.stringMatching(/^paused/) })]);
  });

  it('fails a sender SES does not know at all', async () => {
    account.identities.delete('example.com');

    expect(notOk((await run()).results)).toEqual([
      expect.objectContaining({ status: 'FAIL', name: 'sender identity contact@example.com', fix: expect.stringContaining('whose stack makes it unless createSesIdentity is false') }),
    ]);
  });

  it('fails a sender address whose link no one has clicked yet, saying to click it, until SES verifies it', async () => {
    account.identities.delete('example.com');
    account.identities.set('contact@example.com', { $metadata: {}, IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: false, VerificationStatus: 'PENDING' });

    expect(notOk((await run()).results)).toEqual([
      {
        status: 'FAIL',
        name: 'sender identity contact@example.com',
        detail: 'PENDING: SES sends nothing from contact@example.com yet',
        fix: 'click the link SES mailed to contact@example.com (SES console: Identities, contact@example.com, Send verification again)',
      },
    ]);

    account.identities.set('contact@example.com', { $metadata: {}, IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: true, VerificationStatus: 'SUCCESS' });
    expect(notOk((await run()).results)).toEqual([]);
  });

  it('fails an alarm subscription still pending confirmation, in either region, with the command to subscribe again', async () => {
    account.subscriptions.set(EDGE_TOPIC, [{ Protocol: 'email', Endpoint: OWNER, SubscriptionArn: 'PendingConfirmation' }]);

    expect(notOk((await run()).results)).toEqual([
      {
        status: 'FAIL',
        name: 'alarm mails of PersonalSiteEdge (us-east-1)',
        detail: `not confirmed by ${OWNER}: until then its alarms reach no one`,
        fix: expect.stringContaining(`aws sns subscribe --region us-east-1 --topic-arn ${EDGE_TOPIC}`),
      },
    ]);
  });

  it('fails a topic no one is subscribed to', async () => {
    account.subscriptions.set(SITE_TOPIC, []);

    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'FAIL', name: 'alarm mails of PersonalSite (eu-west-1)' })]);
  });

  it('fails a Free plan subscription AWS refused, with its reason', async () => {
    account.plan = { ...account.plan!, status: 'FAILED', statusReason: 'The account is on the free account plan' };

    expect(notOk((await run()).results)).toEqual([
      expect.objectContaining({ status: 'FAIL', name: 'Free plan subscription (PersonalSitePlan)', detail: expect.stringContaining('The account is on the free account plan') }),
    ]);
  });

  it('fails a Free plan subscription AWS no longer has, or one of another distribution', async () => {
    const plan = account.plan!;
    account.plan = undefined;
    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'FAIL', name: 'Free plan subscription (PersonalSitePlan)', detail: expect.stringContaining('AWS has no subscription') })]);

    account.plan = { ...plan, resourceArns: ['arn:aws:cloudfront::123456789012:distribution/E9OTHER', plan.resourceArns[1]!] };
    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'FAIL', detail: expect.stringContaining('not the distribution') })]);
  });

  it('warns of a Free plan whose cancellation is scheduled', async () => {
    account.plan = { ...account.plan!, scheduledChange: { changeType: 'CANCELLATION', effectiveDate: '2026-12-01T00:00:00Z' } };

    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'warn', detail: 'ACTIVE, tier FREE, cancellation scheduled for 2026-12-01' })]);
  });

  it('fails a missing budget stack, which every deploy makes, saying how to make it', async () => {
    account.budgetStack = undefined;

    expect(notOk((await run()).results)).toEqual([
      {
        status: 'FAIL',
        name: 'stack PersonalSiteBudget',
        detail: "not in us-east-1: no budget mails you when the month's cost passes monthlyBudgetUsd",
        fix: 'npm run cdk -- deploy --all, which makes it (bootstrap us-east-1 first if it never was: npm run cdk -- bootstrap aws://<account>/us-east-1)',
      },
    ]);
  });

  it('fails a budget stack whose last deploy was rolled back, as it fails the others', async () => {
    account.budgetStack = { ...account.budgetStack!, StackStatus: 'UPDATE_ROLLBACK_COMPLETE', StackStatusReason: 'Budget limit too low' };

    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'FAIL', name: 'stack PersonalSiteBudget (us-east-1)', detail: expect.stringContaining('Budget limit too low') })]);
  });

  it('checks no plan nor edge when the owner chose neither', async () => {
    account.edgeStack = undefined;
    account.planStack = undefined;

    const { results } = await run();
    expect(notOk(results)).toEqual([]);
    expect(results.map((result) => result.name).filter((name) => /Edge|Plan|plan/.test(name))).toEqual(['account plan']);
  });

  it('fails an account on the free account plan, which AWS closes with the site, and goes on with the other checks', async () => {
    account.accountPlan = { accountPlanType: 'FREE', accountPlanStatus: 'ACTIVE', accountPlanExpirationDate: '2027-05-20T10:00:00Z' };

    const { results, deployment } = await run();
    expect(notOk(results)).toEqual([
      expect.objectContaining({ status: 'FAIL', name: 'account plan', detail: expect.stringContaining('FREE, ACTIVE, ending 2027-05-20: AWS closes the account'), fix: expect.stringContaining('upgrade-account-plan') }),
    ]);
    expect(deployment).toBeDefined();
  });

  it('warns of an account plan it could not read, in the owner’s words, and fails nothing for it', async () => {
    account.accountPlan = { error: 'ThrottlingException', message: 'Rate exceeded' };

    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'warn', name: 'account plan', detail: expect.stringMatching(/^could not check \((?!.*Exception)/) })]);
  });

  it('fails an alarm in ALARM with the reason it fired and what it watches', async () => {
    account.alarms.set('PersonalSite-ServiceFailures', {
      AlarmName: 'PersonalSite-ServiceFailures',
      StateValue: 'ALARM',
      StateReason: 'Threshold Crossed: 1 datapoint [2.0] was greater than or equal to the threshold (1.0).',
      StateUpdatedTimestamp: new Date('2026-11-25T08:30:00Z'),
      AlarmDescription: 'The service failed: see the Logs outputs.',
    });

    expect(notOk((await run()).results)).toEqual([
      {
        status: 'FAIL',
        name: 'alarm PersonalSite-ServiceFailures (eu-west-1)',
        detail: 'ALARM since 2026-11-25 08:30 UTC: Threshold Crossed: 1 datapoint [2.0] was greater than or equal to the threshold (1.0).',
        fix: 'The service failed: see the Logs outputs.',
      },
    ]);
  });

  it('warns of an alarm back in OK whose metric counted in the last hour', async () => {
    account.metricSums.set('ServiceFailures', 2);

    expect(notOk((await run()).results)).toEqual([
      { status: 'warn', name: 'alarm PersonalSite-ServiceFailures (eu-west-1)', detail: 'OK, but its metric counted 2 in the last hour', fix: 'PersonalSite-ServiceFailures watches something' },
    ]);
  });

  it('fails an inbox with a failed or unknown inquiry, naming each, and warns of one retried', async () => {
    account.inquiries = [inquiry('9f1d', 'failed', 'MessageRejected'), inquiry('5d0c', 'unknown', 'TimeoutError'), inquiry('0b6f', 'sent')];
    expect(notOk((await run()).results)).toEqual([
      {
        status: 'FAIL',
        name: 'inbox',
        detail: '2 inquiries need you: 9f1d failed (SES answered MessageRejected), 5d0c unknown (no answer from SES in time)',
        fix: expect.stringContaining('npm run redeliver -- <id>'),
      },
    ]);

    account.inquiries = [inquiry('7c41', 'pending', 'TooManyRequestsException')];
    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'warn', name: 'inbox', detail: '1 pending, retried after SES answered TooManyRequestsException' })]);
  });

  it('fails a stack whose last deploy was rolled back', async () => {
    account.siteStack = { ...account.siteStack, StackStatus: 'UPDATE_ROLLBACK_COMPLETE' };

    expect(notOk((await run()).results)).toEqual([expect.objectContaining({ status: 'FAIL', name: 'stack PersonalSite (eu-west-1)', fix: expect.stringContaining('Events') })]);
  });

  it('fails a stack deployed without the outputs the checks read, and checks the site no further', async () => {
    account.siteStack = { ...account.siteStack, Outputs: [] };

    const { results, deployment } = await run();
    expect(results[0]).toMatchObject({ status: 'FAIL', detail: expect.stringContaining('without the outputs BaseUrl, ApiUrl, InquiryTableName, LogsContact') });
    expect(deployment).toBeUndefined();
  });

  it('says in one line that there are no credentials, and stops', async () => {
    account.firstCallError = Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' });

    const { results, deployment } = await run();
    expect(results).toEqual([
      {
        status: 'FAIL',
        name: 'stack PersonalSite',
        detail: 'could not check (no AWS credentials found)',
        fix: expect.stringContaining('aws sso login'),
      },
    ]);
    expect(deployment).toBeUndefined();
  });

  it('says in one line that the stack is not in the region, and how to name another', async () => {
    account.firstCallError = Object.assign(new Error('Stack with id PersonalSite does not exist'), { name: 'ValidationError' });

    expect((await run()).results).toEqual([{ status: 'FAIL', name: 'stack PersonalSite', detail: 'not in eu-west-1', fix: expect.stringContaining('--region') }]);
  });

  it('turns a refused call into the FAIL line of its group, and goes on with the others', async () => {
    account.sesError = Object.assign(new Error('User is not authorized to perform: ses:GetAccount'), {
      name: 'AccessDeniedException',
      $fault: 'client',
      $metadata: { httpStatusCode: 403, requestId: 'b7e2' },
    });

    const { results } = await run();

    expect(notOk(results)).toEqual([
      {
        status: 'FAIL',
        name: 'SES',
        detail: 'could not check (AWS answered AccessDeniedException (User is not authorized to perform: ses:GetAccount))',
        fix: expect.stringContaining('docs/verify.md lists the actions'),
      },
    ]);
    expect(results.map((result) => result.name)).toContain('inbox');
  });
});
