import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CreateEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { DeleteAlarmsCommand, PutMetricAlarmCommand, PutMetricDataCommand, SetAlarmStateCommand } from '@aws-sdk/client-cloudwatch';
import { CreateLogStreamCommand, PutLogEventsCommand } from '@aws-sdk/client-cloudwatch-logs';
import { ListSubscriptionsByTopicCommand, UnsubscribeCommand } from '@aws-sdk/client-sns';
import { OwnerInbox } from '../../bin/inbox/owner-inbox.js';
import { accountChecks, type Deployment, type RegionClients } from '../../bin/verify/account-checks.js';
import { alarmChecks } from '../../bin/verify/alarm-checks.js';
import { formatResult, type CheckResult } from '../../bin/verify/check.js';
import { coldStartCheck, recentInvocations } from '../../bin/verify/deployed-figures.js';
import type { DeployedStack } from '../../bin/verify/deployed-stack.js';
import { logGroupOutput } from '../../lib/site-outputs.js';
import { CLOUDFRONT_REGION } from '../../lib/stack-names.js';
import { startFakeFrontDoor, type FakeFrontDoor } from '../support/fake-front-door.js';
import { runOwnerCommand } from '../support/local-server.js';
import { modelAccountPlan, PAID_ACCOUNT_PLAN, serveFreeTier } from '../support/free-tier.js';
import { OWNER, reportLine, SENDER, SITE_ALARMS, SITE_REGION } from '../support/mocked-account.js';
import {
  CONTACT_LOG_GROUP,
  deployToMoto,
  HEALTHY_SES_ACCOUNT,
  inboxTableResource,
  motoClients,
  motoCommandEnvironment,
  motoDynamo,
  startSesAccountFront,
  storeInquiry,
  type SesAccountFront,
} from '../support/moto-deployment.js';
import { describeWithMoto, useMoto } from '../support/moto-server.js';

/*
 * npm run verify's account checks on AWS's wire protocols (docs/verify.md, docs/development.md
 * "Tests against AWS's wire protocols"): a deployment made in moto as the deploy makes it, in its
 * passing state and in each failing state moto can produce; then the command itself, as the owner
 * runs it, against moto and a front door of the test's own. The states moto cannot produce (a
 * verified identity, a pending subscription, the Free plan) are test/unit/verify's, on mocks.
 */

const SITE = { baseUrl: 'https://site.test', apiUrl: 'https://api.test' };

describeWithMoto()("npm run verify's account checks against moto", () => {
  const moto = useMoto(SITE_REGION);
  let ses: SesAccountFront;
  let site: RegionClients;
  let edge: RegionClients;
  beforeAll(async () => {
    ses = await startSesAccountFront(moto());
    // The first stack moto makes loads its CloudFormation and each service's model: a test's time is not for that.
    inboxTableResource();
    await deployToMoto(moto(), SITE);
  }, 120_000);
  afterAll(async () => {
    for (const clients of [site, edge]) for (const client of Object.values(clients ?? {})) client.destroy();
    await ses?.close();
  });
  beforeEach(async () => {
    await moto().reset();
    ses.account = HEALTHY_SES_ACCOUNT;
    site ??= motoClients(moto(), SITE_REGION, ses.url);
    edge ??= motoClients(moto(), CLOUDFRONT_REGION, ses.url);
  });

  /** The account's lines, and what the later checks would be handed. */
  async function accountRun(): Promise<{ lines: string[]; results: CheckResult[]; deployment: Deployment | undefined }> {
    const results: CheckResult[] = [];
    const checks = accountChecks({
      site,
      cloudFront: edge,
      readSubscription: async (arn) => {
        throw new Error(`no Free plan here, yet its subscription ${arn} was read`);
      },
      // moto has no FreeTier: the account plan's answer is the model's (test/unit/verify/account-plan.test.ts).
      readAccountPlan: async () => modelAccountPlan(PAID_ACCOUNT_PLAN),
      inbox: async (table) => new OwnerInbox(motoDynamo(moto()), table),
      now: () => new Date(),
    });
    for (;;) {
      const next = await checks.next();
      if (next.done === true) return { lines: results.map(formatResult), results, deployment: next.value };
      results.push(next.value);
    }
  }

  async function createIdentity(name: string): Promise<void> {
    await site.ses.send(new CreateEmailIdentityCommand({ EmailIdentity: name }));
  }

  it('passes every check of a fresh deployment that moto can stand for, and hands the site on', async () => {
    await deployToMoto(moto(), SITE);
    await createIdentity('example.com');

    const { lines, deployment } = await accountRun();

    expect(lines).toEqual([
      `ok    stack PersonalSite (${SITE_REGION}): CREATE_COMPLETE, 4 outputs, BaseUrl ${SITE.baseUrl}`,
      'ok    account plan: PAID',
      `ok    stack PersonalSiteBudget (${CLOUDFRONT_REGION}): CREATE_COMPLETE, 0 outputs`,
      `ok    SES sending (${SITE_REGION}): enabled, production access`,
      // moto never verifies an identity it makes: the verified one is the mocks' (test/unit/verify/account-checks.test.ts).
      `FAIL  sender identity example.com: SUCCESS: SES sends nothing from ${SENDER} yet -> create its DNS records (the SenderDnsRecord outputs, or SES's console for a domain you verified there; README "Mail that lands in the inbox")`,
      expect.stringMatching(/^warn {2}DKIM example\.com: NOT_STARTED: SES has not yet found its three CNAME records/),
      expect.stringMatching(/^warn {2}MAIL FROM of example\.com: none/),
      "skip  owner's address: production access: SES sends to any address",
      `ok    alarm mails of PersonalSite (${SITE_REGION}): confirmed by ${OWNER}`,
      'ok    inbox: empty',
    ]);
    expect(deployment).toMatchObject({ base: new URL(SITE.baseUrl), apiUrl: new URL(SITE.apiUrl), contactLogGroup: CONTACT_LOG_GROUP });
  });

  it('fails a site stack that is not in the region, and checks nothing else', async () => {
    const { lines, deployment } = await accountRun();

    expect(lines).toEqual([expect.stringMatching(new RegExp(`^FAIL  stack PersonalSite: not in ${SITE_REGION} -> deploy it`))]);
    expect(deployment).toBeUndefined();
  });

  it('fails when the budget stack is missing from us-east-1', async () => {
    await deployToMoto(moto(), SITE, { budget: false });

    const { lines } = await accountRun();

    expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}stack PersonalSiteBudget: not in us-east-1: no budget mails you/));
  });

  it('fails a stack without an output the checks read, as another version of the project deployed it', async () => {
    await deployToMoto(moto(), { ...SITE, without: logGroupOutput('contact') });

    const { lines, deployment } = await accountRun();

    expect(lines[0]).toBe(`FAIL  stack PersonalSite (${SITE_REGION}): CREATE_COMPLETE, but without the output LogsContact -> deployed by another version of the project: npm run cdk -- deploy --all`);
    expect(deployment).toBeUndefined();
  });

  it('fails the alarm mails once the owner unsubscribed', async () => {
    const stack = await deployToMoto(moto(), SITE);
    const [topic] = stack.resources.get('AWS::SNS::Topic') ?? [];
    const { Subscriptions = [] } = await site.sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic }));
    for (const { SubscriptionArn } of Subscriptions) await site.sns.send(new UnsubscribeCommand({ SubscriptionArn }));

    const { lines } = await accountRun();

    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^FAIL  alarm mails of PersonalSite \\(${SITE_REGION}\\): no one is subscribed .* -> aws sns subscribe --region ${SITE_REGION} --topic-arn ${topic}`)),
    );
  });

  it('names a sender SES does not know, from NotFoundException as SES sends it', async () => {
    await deployToMoto(moto(), SITE);

    const { lines } = await accountRun();

    expect(lines).toContainEqual(
      `FAIL  sender identity ${SENDER}: SES in ${SITE_REGION} knows neither the address nor its domain -> deploy this version of the project, whose stack makes it unless createSesIdentity is false (README "Mail that lands in the inbox"), or create it in the SES console in ${SITE_REGION}`,
    );
  });

  it("fails the owner's address in the sandbox, where SES mails verified addresses only, and warns of the default maxMailsPerHour there", async () => {
    await deployToMoto(moto(), SITE);
    await createIdentity('example.com');
    await createIdentity(OWNER);
    ses.account = { ...HEALTHY_SES_ACCOUNT, ProductionAccessEnabled: false, Details: { ReviewDetails: { Status: 'PENDING', CaseId: 'case-1' } } };

    const { lines } = await accountRun();

    expect(lines).toEqual(
      expect.arrayContaining([
        `ok    SES sending (${SITE_REGION}): enabled, in the sandbox: 200 mails a day, to verified addresses only; production access pending`,
        expect.stringMatching(new RegExp(`^FAIL  owner's address ${OWNER}: not verified: in the sandbox`)),
        // The default read from the template the stack deployed.
        expect.stringMatching(/^warn  mails an hour: maxMailsPerHour is 20: .* -> add "maxMailsPerHour": 8 to your settings file/),
      ]),
    );
  });

  it('fails the inbox for an inquiry that failed, read from the table the stack names', async () => {
    const stack = await deployToMoto(moto(), SITE);
    const dynamo = motoDynamo(moto());
    try {
      await storeInquiry(dynamo, stack.outputs.get('InquiryTableName')!, 'inquiry-failed', 'failed');
      await storeInquiry(dynamo, stack.outputs.get('InquiryTableName')!, 'inquiry-sent', 'sent');
    } finally {
      dynamo.destroy();
    }

    const { lines } = await accountRun();

    expect(lines.at(-1)).toBe(
      'FAIL  inbox: 1 inquiry needs you: inquiry-failed failed (SES answered MessageRejected) -> npm run inbox shows why; fix what the error names, then npm run redeliver -- <id>; for an unknown one, look in your mailbox first (README "The inbox")',
    );
  });

  describe('the alarms, on CloudWatch as moto serves it', () => {
    // moto's CloudFormation makes no AWS::CloudWatch::Alarm: the alarms are put as the stack names
    // them, and the stack is given them as its resource list would.
    let stack: DeployedStack;
    beforeEach(async () => {
      const deployed = await deployToMoto(moto(), SITE);
      stack = { ...deployed, resources: new Map([...deployed.resources, ['AWS::CloudWatch::Alarm', SITE_ALARMS]]) };
      for (const name of SITE_ALARMS) {
        await site.cloudWatch.send(
          new PutMetricAlarmCommand({
            AlarmName: name,
            AlarmDescription: `${name} watches something`,
            Namespace: 'PersonalSite',
            MetricName: name.split('-')[1],
            Statistic: 'Sum',
            Period: 300,
            EvaluationPeriods: 1,
            Threshold: 1,
            ComparisonOperator: 'GreaterThanOrEqualToThreshold',
            TreatMissingData: 'notBreaching',
          }),
        );
      }
    });
    const lines = async (now = new Date()) => {
      const results: CheckResult[] = [];
      for await (const result of alarmChecks(site.cloudWatch, stack, now)) results.push(result);
      return results.map(formatResult);
    };

    it('are ok in OK with nothing counted', async () => {
      expect(await lines()).toEqual(SITE_ALARMS.map((name) => `ok    alarm ${name} (${SITE_REGION}): OK`));
    });

    it('fail one in ALARM with its reason, warn of one not yet evaluated and of one whose metric counted in the last hour', async () => {
      const [failures, needAttention, flooding] = SITE_ALARMS as [string, string, string];
      await site.cloudWatch.send(new SetAlarmStateCommand({ AlarmName: failures, StateValue: 'ALARM', StateReason: 'Threshold Crossed: 1 datapoint [2.0] was greater than or equal to the threshold (1.0).' }));
      await site.cloudWatch.send(new SetAlarmStateCommand({ AlarmName: needAttention, StateValue: 'INSUFFICIENT_DATA', StateReason: 'new' }));
      await site.cloudWatch.send(new PutMetricDataCommand({ Namespace: 'PersonalSite', MetricData: [{ MetricName: 'Flooding', Value: 3, Timestamp: new Date(Date.now() - 60_000) }] }));

      expect(await lines()).toEqual([
        expect.stringMatching(new RegExp(`^FAIL  alarm ${failures} \\(${SITE_REGION}\\): ALARM since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: Threshold Crossed: .* -> ${failures} watches something$`)),
        `warn  alarm ${needAttention} (${SITE_REGION}): INSUFFICIENT_DATA: not evaluated yet -> a new alarm is evaluated within minutes: run npm run verify again`,
        `warn  alarm ${flooding} (${SITE_REGION}): OK, but its metric counted 3 in the last hour -> ${flooding} watches something`,
      ]);
    });

    it('fail one the stack lists that CloudWatch does not have', async () => {
      await site.cloudWatch.send(new DeleteAlarmsCommand({ AlarmNames: [SITE_ALARMS[2]!] }));

      expect((await lines()).at(-1)).toBe(`FAIL  alarm ${SITE_ALARMS[2]} (${SITE_REGION}): not found in CloudWatch -> the stack lists it but CloudWatch does not: npm run cdk -- deploy --all`);
    });
  });

  it("reads the contact function's cold starts from its log group's REPORT lines", async () => {
    await deployToMoto(moto(), SITE);
    const now = Date.now();
    await site.logs.send(new CreateLogStreamCommand({ logGroupName: CONTACT_LOG_GROUP, logStreamName: '2026/11/25/[$LATEST]0b6f' }));
    await site.logs.send(
      new PutLogEventsCommand({
        logGroupName: CONTACT_LOG_GROUP,
        logStreamName: '2026/11/25/[$LATEST]0b6f',
        logEvents: [
          { timestamp: now - 3000, message: 'START RequestId: 0b6f Version: $LATEST' },
          { timestamp: now - 2000, message: reportLine(95, 180).message! },
          { timestamp: now - 1000, message: reportLine(21).message! },
        ],
      }),
    );

    const invocations = await recentInvocations(site.logs, CONTACT_LOG_GROUP, new Date(now));

    expect(invocations).toEqual([
      { at: now - 2000, durationMs: 95, initMs: 180 },
      { at: now - 1000, durationMs: 21 },
    ]);
    expect(coldStartCheck(invocations, {}).detail).toMatch(/^init 180 ms \+ first request 95 ms, 275 ms in all/);
  });
});

describeWithMoto()('npm run verify, the command, against moto and a front door of its own', () => {
  const moto = useMoto(SITE_REGION);
  let ses: SesAccountFront;
  let door: FakeFrontDoor;
  // moto has no FreeTier: the command reaches a stand-in held to its model through the SDK's own endpoint variable.
  let freeTier: Awaited<ReturnType<typeof serveFreeTier>>;
  beforeAll(async () => {
    [ses, door, freeTier] = await Promise.all([startSesAccountFront(moto()), startFakeFrontDoor(), serveFreeTier(() => PAID_ACCOUNT_PLAN)]);
  });
  afterAll(async () => {
    await Promise.all([ses?.close(), door?.close(), freeTier?.close()]);
  });

  it('reads the stacks, SES, the topic, the inbox and the logs through the SDK as configured, then checks the site at BaseUrl', async () => {
    await deployToMoto(moto(), { baseUrl: door.localUrl, apiUrl: door.localApiUrl });
    const clients = motoClients(moto(), SITE_REGION, ses.url);
    await clients.ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'example.com' }));
    for (const client of Object.values(clients)) client.destroy();

    const { code, stdout, stderr } = await runOwnerCommand('verify', [], motoCommandEnvironment(moto(), { AWS_ENDPOINT_URL_SESV2: ses.url, AWS_ENDPOINT_URL_FREETIER: freeTier.url }));

    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    // The one failure is moto's: it never verifies an identity.
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([expect.stringMatching(/^FAIL {2}sender identity example\.com: SUCCESS: SES sends nothing/)]);
    expect(lines).toEqual(
      expect.arrayContaining([
        `ok    stack PersonalSite (${SITE_REGION}): CREATE_COMPLETE, 4 outputs, BaseUrl ${door.localUrl}`,
        'ok    account plan: PAID',
        `ok    alarm mails of PersonalSite (${SITE_REGION}): confirmed by ${OWNER}`,
        'ok    inbox: empty',
        `Site at ${door.localUrl}`,
        expect.stringMatching(/^ok {4}\/llms\.txt: 200 /),
        expect.stringMatching(/^ok {4}the API's own endpoint \(ApiUrl\): 403/),
        'skip  cold start of the contact function: none in the last 7 days: send an inquiry (npm run verify -- --send-test), then run npm run verify again',
        expect.stringMatching(/^ok {4}API latency through the front door: GET \/api\/contact median \d+ ms/),
      ]),
    );
    expect(code).toBe(1);
  }, 90_000);
});
