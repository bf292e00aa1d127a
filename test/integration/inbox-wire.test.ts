import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { OwnerInbox } from '../../bin/inbox/owner-inbox.js';
import { INQUIRY_TABLE_OUTPUT } from '../../lambdas/inbox/inquiry-record.js';
import { SITE_REGION } from '../support/mocked-account.js';
import { destroySiteStack, deployToMoto, motoCommandEnvironment, motoDynamo, storeInquiry, type StoredState } from '../support/moto-deployment.js';
import { describeWithMoto, useMoto } from '../support/moto-server.js';
import { runOwnerCommand } from '../support/local-server.js';

/*
 * npm run inbox, redeliver and forget on DynamoDB's and CloudFormation's wire protocols (docs/api.md
 * §14): the table found through the stack's output, as the owner's credentials and region find it,
 * in a table made as the stack makes it, holding inquiries the service's own stores wrote. The
 * tests run in order, each on the inbox the one before left.
 */

const IDS: Readonly<Record<StoredState, string>> = {
  pending: '0b6f3c1e-0000-4000-8000-000000000001',
  held: '0b6f3c1e-0000-4000-8000-000000000002',
  sent: '0b6f3c1e-0000-4000-8000-000000000003',
  failed: '0b6f3c1e-0000-4000-8000-000000000004',
  unknown: '0b6f3c1e-0000-4000-8000-000000000005',
};
const MISSING = '0b6f3c1e-0000-4000-8000-0000000000ff';

describeWithMoto()('npm run inbox, npm run redeliver and npm run forget against moto', () => {
  const moto = useMoto(SITE_REGION);
  let table: string;
  let dynamo: DynamoDBClient;
  const command = (name: 'inbox' | 'redeliver' | 'forget', args: readonly string[]) => runOwnerCommand(name, ['--region', SITE_REGION, ...args], motoCommandEnvironment(moto()));
  const stateOf = async (id: string) => (await new OwnerInbox(dynamo, table).get(id))?.state;

  beforeAll(async () => {
    const stack = await deployToMoto(moto(), { baseUrl: 'https://site.test', apiUrl: 'https://api.test' });
    table = stack.outputs.get(INQUIRY_TABLE_OUTPUT)!;
    dynamo = motoDynamo(moto());
    const minute = 60_000;
    for (const [index, [state, id]] of Object.entries(IDS).entries()) await storeInquiry(dynamo, table, id, state as StoredState, new Date(Date.now() - (10 - index) * minute));
    // Seconds alone; but moto is one Python process, and beside the full run's other workers on a
    // 2-core machine this file took 82 s and 114 s in two clean-clone runs, and this hook alone
    // passed 120 s in a third.
  }, 240_000);
  afterAll(() => dynamo?.destroy());

  it('lists every inquiry of the table the stack names, newest first, with its state and why', async () => {
    const { code, stdout, stderr } = await command('inbox', []);

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const rows = stdout.split('\n').filter((line) => /^\d{4}-/.test(line));
    expect(rows.map((row) => row.split(/\s{2,}/).slice(1, 4))).toEqual([
      ['unknown', '1', IDS.unknown],
      ['failed', '1', IDS.failed],
      ['sent', '1', IDS.sent],
      ['held', '0', IDS.held],
      ['pending', '0', IDS.pending],
    ]);
    expect(stdout).toContain(`SES answered MessageRejected; still failing at the end of the retry period: npm run redeliver -- --region ${SITE_REGION} ${IDS.failed}`);
    expect(stdout).toMatch(/\n5 inquiries, 1 unknown, 1 failed, 1 sent, 1 held, 1 pending\n$/);
  }, 60_000);

  it('queues a failed inquiry, and exits 1 for one sent already and one not in the table, each with its line', async () => {
    const { code, stdout, stderr } = await command('redeliver', [IDS.failed, IDS.sent, MISSING]);

    expect(stderr).toBe('');
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `${MISSING}  not in the inbox`,
      `${IDS.failed}  failed -> pending: sent within seconds`,
      expect.stringMatching(new RegExp(`^${IDS.sent}  not sent: it was sent \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\S+ already; to send it once more: npm run redeliver -- --region ${SITE_REGION} --again ${IDS.sent}$`)),
    ]);
    expect(code).toBe(1);
    expect(await stateOf(IDS.failed)).toBe('pending');
    expect(await stateOf(IDS.sent)).toBe('sent');
  }, 60_000);

  it('exits 1 for an inquiry that is on its way already, and 0 when every one asked for was queued', async () => {
    const pending = await command('redeliver', [IDS.pending]);
    expect(pending).toMatchObject({ code: 1, stdout: `${IDS.pending}  not sent: it is pending already\n` });

    const held = await command('redeliver', ['--held', '--unknown']);
    expect(held).toMatchObject({ code: 0, stderr: '' });
    expect(held.stdout.split('\n').filter(Boolean).sort()).toEqual([`${IDS.held}  held -> pending: sent within seconds`, `${IDS.unknown}  unknown -> pending: sent within seconds`]);
    expect(await stateOf(IDS.held)).toBe('pending');
  }, 60_000);

  it('refuses a redelivery the table changed under, by the condition DynamoDB checks', async () => {
    const inbox = new OwnerInbox(dynamo, table);
    const sent = (await inbox.get(IDS.sent))!;

    expect(await inbox.redeliver(sent, { again: true })).toEqual({ id: IDS.sent, kind: 'queued', from: 'sent' });
    // Listed as sent, pending since: the write's condition fails, and the answer says what it is now.
    expect(await inbox.redeliver(sent, { again: true })).toEqual({ id: IDS.sent, kind: 'refused', reason: 'it changed meanwhile: it is pending now; list the inbox again' });
  });

  it('lists the inquiries of one e-mail address, whatever its case or +tag, erases them with --yes, and leaves one on its way', async () => {
    const FORGET = {
      held: '7c1d0e2a-0000-4000-8000-000000000001',
      sent: '7c1d0e2a-0000-4000-8000-000000000002',
      failed: '7c1d0e2a-0000-4000-8000-000000000003',
      unknown: '7c1d0e2a-0000-4000-8000-000000000006',
      pending: '7c1d0e2a-0000-4000-8000-000000000004',
    };
    // One correspondent, as the rate limits count one: without case or +tag.
    for (const [state, id] of Object.entries(FORGET)) await storeInquiry(dynamo, table, id, state as StoredState, new Date(), state === 'failed' ? 'ada.lovelace+site@example.org' : 'Ada.Lovelace@Example.org');
    await storeInquiry(dynamo, table, '7c1d0e2a-0000-4000-8000-000000000007', 'sent', new Date(), 'ada.lovelacee@example.org');
    const before = await new OwnerInbox(dynamo, table).list();

    const listed = await command('forget', ['ada.lovelace@example.org']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const lines = listed.stdout.split('\n').filter(Boolean);
    expect(lines.slice(0, -1).map((line) => line.split('  ')[0]).sort()).toEqual(Object.values(FORGET).sort());
    expect(lines.find((line) => line.startsWith(FORGET.failed))).toMatch(/ {2}failed {2}ada\.lovelace\+site@example\.org$/);
    expect(lines.at(-1)).toBe(`5 inquiries from ada.lovelace@example.org; to erase them: npm run forget -- --region ${SITE_REGION} --yes ada.lovelace@example.org`);
    expect(await new OwnerInbox(dynamo, table).list()).toEqual(before);

    const erased = await command('forget', ['--yes', 'ADA.LOVELACE@example.org', 'nobody@example.org']);
    expect(erased.stderr).toBe('');
    expect(erased.stdout.split('\n').filter(Boolean).sort()).toEqual(
      [
        `${FORGET.held}  Ada.Lovelace@Example.org  erased`,
        `${FORGET.sent}  Ada.Lovelace@Example.org  erased`,
        `${FORGET.failed}  ada.lovelace+site@example.org  erased`,
        `${FORGET.unknown}  Ada.Lovelace@Example.org  erased`,
        `${FORGET.pending}  Ada.Lovelace@Example.org  not erased: it is on its way to you (pending): run this again once it is sent`,
        expect.stringMatching(/^Erased 4 of 5\. The mails that brought them are yours to delete; what stays a while beyond this command \(the table.s stream, the rate counters\) is in docs\/privacy\.md\.$/),
      ].sort(),
    );
    expect(erased.code).toBe(1);
    const after = await new OwnerInbox(dynamo, table).list();
    expect(after.map((record) => record.id).sort()).toEqual(before.map((record) => record.id).filter((id) => ![FORGET.held, FORGET.sent, FORGET.failed, FORGET.unknown].includes(id)).sort());
    expect(await command('forget', ['nobody@example.org'])).toMatchObject({ code: 0, stdout: 'No inquiry from nobody@example.org in the inbox.\n' });
  }, 60_000);

  it('refuses an erasure the table changed under, and counts one gone already as erased', async () => {
    const inbox = new OwnerInbox(dynamo, table);
    const id = '7c1d0e2a-0000-4000-8000-000000000005';
    await storeInquiry(dynamo, table, id, 'failed', new Date(), 'ada@example.org');
    const failed = (await inbox.get(id))!;
    expect(await inbox.redeliver(failed, { again: false })).toMatchObject({ kind: 'queued' });
    // Listed as failed, pending since: its worker may be mailing it.
    expect(await inbox.erase(failed)).toEqual({ id, kind: 'refused', reason: 'it changed meanwhile: it is pending now; run this again' });
    expect(await inbox.erase({ ...failed, id: '7c1d0e2a-0000-4000-8000-0000000000ff' })).toEqual({ id: '7c1d0e2a-0000-4000-8000-0000000000ff', kind: 'erased' });
  });

  it('reads the table by name once the stack is gone, as the table outlives it', async () => {
    await destroySiteStack(moto());

    const byStack = await command('inbox', []);
    expect(byStack).toMatchObject({ code: 1, stdout: '' });
    expect(byStack.stderr).toBe(
      `Cannot read the inbox: there is no stack PersonalSite in ${SITE_REGION}: check --stack and --region (or AWS_REGION); --table names the table itself, which outlives the stack\n`,
    );

    const byName = await command('inbox', ['--table', table]);
    expect(byName).toMatchObject({ code: 0, stderr: '' });
    expect(byName.stdout).toMatch(/\n8 inquiries, /);
  }, 60_000);
});
