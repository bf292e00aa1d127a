import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startDynamoEmulator, startSesEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { LOCAL_COUNTER_TABLE, LOCAL_INQUIRY_TABLE } from '../../bin/local-tables.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { clearSentEmails, deliveredEmails, type LocalServer, ownerCommand, settledEmails, startLocalServer, waitForEmails } from '../support/local-server.js';
import { scanTable } from '../support/local-tables.js';
import { until } from '../support/until.js';

/*
 * docs/api.md §14 through local mode: an accepted inquiry is stored, and the delivery worker sends
 * it once SES takes it, never twice. SES and DynamoDB are the test's own emulators behind fault
 * proxies of the test's own; retry delays are in units of a second (DELIVERY_RETRY_SECONDS=1).
 */

let ses: RunningServer;
let dynamo: RunningServer;
let mail: FaultProxy;
let store: FaultProxy;
let local: LocalServer;

const SETTINGS = { DELIVERY_RETRY_SECONDS: '1' };
const start = () =>
  startLocalServer({ ...SETTINGS, AWS_ENDPOINT_URL_SESV2: mail.url, AWS_ENDPOINT_URL_DYNAMODB: store.url, SES_PORT: String(new URL(ses.url).port) });

beforeAll(async () => {
  [ses, dynamo] = await Promise.all([startSesEmulator('127.0.0.1', 0), startDynamoEmulator('127.0.0.1')]);
  [mail, store] = await Promise.all([startFaultProxy(ses.url), startFaultProxy(dynamo.url)]);
  local = await start();
}, 30_000);
afterAll(async () => {
  await local?.stop();
  await Promise.all([mail?.close(), store?.close(), ses?.close(), dynamo?.close()]);
});
beforeEach(async () => {
  mail.mode = 'pass';
  mail.failWhen = undefined;
  store.failWhen = undefined;
  await clearSentEmails({ mailUrl: ses.url });
});

const mailbox = { mailUrl: '' };
beforeAll(() => {
  mailbox.mailUrl = ses.url;
});

// A text of its own each: the same one a third time would be held for the digest (docs/api.md §15).
const inquiry = (email = newEmail()) => ({ name: 'Grace Hopper', email, message: newMessage() });
const post = (body = inquiry()) => postContact(local.apiUrl, body, { from: newClient() });
const deliveryLines = () => jsonLines(local.output()).filter((line) => line.message === 'delivery');
/** The mails of one inquiry, by the id its mail states. */
const mailsOf = async (id: string) => (await settledEmails(mailbox, 0)).filter((email) => email.body.text?.includes(`Inquiry id: ${id}\n`));
const stateOf = async (id: string) => (await scanTable(dynamo.url, LOCAL_INQUIRY_TABLE)).find((item) => item.id?.S === id)?.state?.S;
/** How long an inquiry's state is waited for, read from the table every 100 ms. */
const STATE_WAIT = { timeoutMs: 20_000, everyMs: 100 };

// Retries come 1, 2, 4, 8, 16 and 32 units apart (DELIVERY_RETRY_SECONDS=1): an outage of 10 s,
// with the inbox command run in it, ends between the fourth try (about +7 s) and the fifth (about
// +15 s), so the fifth sends; should a slow machine stretch the outage past it, the sixth (about
// +31 s) still comes within the wait below. An outage ending near the sixth try (30 s) left the
// next one at about +63 s, past that wait, whenever the machine was slow.
describe('SES down for 10 s', () => {
  it('accepts every inquiry meanwhile and sends none; once SES is back, every one exactly once within 30 s', async () => {
    mail.mode = 'refuse';
    const sent = [inquiry(), inquiry(), inquiry(), inquiry()];
    for (const body of sent) expect((await post(body)).status).toBe(202);

    await new Promise((resolve) => setTimeout(resolve, 10_000));
    expect(await ownerCommand('inbox', local)).toMatchObject({ code: 0, stdout: expect.stringMatching(/pending.*ECONNREFUSED/) });
    mail.mode = 'pass';
    expect(await settledEmails(mailbox, 0)).toEqual([]);

    const emails = await deliveredEmails(mailbox, sent.length, 30_000);
    expect(emails.map((email) => email.replyTo[0]).sort()).toEqual(sent.map((body) => body.email).sort());
  }, 90_000);
});

describe('SES failing, then throttling, then fine', () => {
  it('sends the inquiry once, at the third attempt', async () => {
    // Each attempt's SendEmail is tried twice, since these answers prove SES did not take it.
    const answers = [
      { status: 500, name: 'InternalFailure' },
      { status: 500, name: 'InternalFailure' },
      { status: 429, name: 'TooManyRequestsException' },
      { status: 429, name: 'TooManyRequestsException' },
    ];
    mail.failWhen = (request) => {
      const next = answers.shift();
      if (next !== undefined) mail.errorAnswer = next;
      return next !== undefined && request.startsWith('POST /v2/email/outbound-emails');
    };
    const response = await post();
    const { id } = response.json<{ id: string }>();

    expect(await deliveredEmails(mailbox, 1, 20_000)).toHaveLength(1);
    await until(async () => (await stateOf(id)) === 'sent', STATE_WAIT);
    const attempts = deliveryLines().filter((line) => line.inquiryId === id && line.outcome !== 'not_claimed');
    expect(attempts.map((line) => [line.outcome, line.errorName])).toEqual([
      ['retry_scheduled', 'InternalFailure'],
      ['retry_scheduled', 'TooManyRequestsException'],
      ['sent', undefined],
    ]);
  }, 30_000);
});

describe('SES answering after the worker stopped waiting', () => {
  it('marks the inquiry unknown, counts it, sends it no second time; the owner lists it and sends it again on purpose', async () => {
    mail.mode = 'late';
    const { id } = (await post()).json<{ id: string }>();

    await until(async () => (await stateOf(id)) === 'unknown', STATE_WAIT);
    mail.mode = 'pass';
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(await mailsOf(id)).toHaveLength(1);
    expect(deliveryLines().find((line) => line.inquiryId === id && line.outcome === 'unknown')).toMatchObject({
      errorName: 'TimeoutError',
      DeliveryUnknown: 1,
    });

    const listed = await ownerCommand('inbox', local);
    expect(listed.stdout).toMatch(new RegExp(`unknown\\s+1\\s+${id}\\s+no answer from SES in time; check your mailbox`));
    expect(listed.stdout).not.toContain('Grace Hopper');
    expect((await ownerCommand('inbox', local, ['--text'])).stdout).toContain('    Name:\n    > Grace Hopper\n');

    const redelivered = await ownerCommand('redeliver', local, ['--unknown']);
    expect(redelivered).toMatchObject({ code: 0, stdout: expect.stringContaining(`${id}  unknown -> pending`) });
    await until(async () => (await stateOf(id)) === 'sent', STATE_WAIT);
    expect(await mailsOf(id)).toHaveLength(2);
    // Three owner commands, each a Node process that compiles its TypeScript, on a loaded machine.
  }, 60_000);
});

describe('a worker stopped between sending and recording it sent', () => {
  it('leaves an inquiry the next start calls unknown, never sent a second time', async () => {
    mail.mode = 'silent';
    const { id } = (await post()).json<{ id: string }>();
    // SES has the mail; the worker waits for SES's answer, which never comes: stop it now, hard.
    await waitForEmails(mailbox, 1, 5000);
    await local.stop('SIGKILL');
    expect(await stateOf(id)).toBe('sending');

    mail.mode = 'pass';
    local = await start();
    await until(async () => (await stateOf(id)) === 'unknown', { ...STATE_WAIT, timeoutMs: 40_000 });

    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await mailsOf(id)).toHaveLength(1);
    expect(deliveryLines().find((line) => line.inquiryId === id)).toMatchObject({ outcome: 'unknown', errorName: 'ClaimExpired' });
  }, 60_000);
});

describe('the inquiry store down', () => {
  it('answers 503, gives the counters back, stores and sends nothing', async () => {
    store.failWhen = (request) => request.includes('DynamoDB_20120810.PutItem') && request.includes(`"TableName":"${LOCAL_INQUIRY_TABLE}"`);
    const body = inquiry();

    const response = await post(body);

    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ code: 'temporarily_unavailable' });
    const { requestId } = response.json<{ requestId: string }>();
    expect((await scanTable(dynamo.url, LOCAL_COUNTER_TABLE)).filter((item) => item.ids?.SS?.includes(requestId))).toEqual([]);
    expect((await scanTable(dynamo.url, LOCAL_INQUIRY_TABLE)).filter((item) => item.text?.M?.email?.S === body.email)).toEqual([]);
    expect(await settledEmails(mailbox)).toEqual([]);
  });
});
