import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { DEFAULT_SPAM_THRESHOLDS } from '../../lambdas/config.js';
import { FORM_TOKEN_FIELD, FORM_TOKEN_HEADER } from '../../lambdas/inquiry/form-token.js';
import { newClient, newEmail, newMessage } from '../support/fresh-clients.js';
import { postContact, send, type HttpResponse } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { ownerCommand, runOwnerCommand, sentEmails, settledEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { inboxRecords } from '../support/local-tables.js';
import { digestedIds, ownerMailWhen, reachedAll, quoted, readOwnerMail, type DigestSection } from '../support/owner-mail.js';

/*
 * What unit tests cannot show of the held inquiries (docs/api.md §15): the form's token going the
 * whole way from the page to the answer, a token of another deployment, the digest coming every
 * DIGEST_SECONDS, and the owner's commands listing and releasing held inquiries.
 */

const { formMinSeconds, linkLimit } = DEFAULT_SPAM_THRESHOLDS;
const DIGEST_SECONDS = 2;
const secret = () => randomBytes(32).toString('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inquiry = (fields: { email?: string; message?: string } = {}) => ({
  name: 'Grace Hopper',
  email: fields.email ?? newEmail(),
  message: fields.message ?? newMessage(),
});
const linkStuffed = () => inquiry({ message: `${newMessage()} ${Array.from({ length: 8 }, (_, n) => `https://example.org/${n}`).join(' ')}` });

/** The token of the form a browser is served at `/contact`. */
async function formToken(server: LocalServer): Promise<string> {
  const page = await send(`${server.apiUrl}/contact`);
  const token = new RegExp(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="([^"]+)">`).exec(page.text)?.[1];
  if (token === undefined) throw new Error(`no form token in:\n${page.text}`);
  return token;
}

/** POSTs the no-JavaScript form as a browser does, from a client of its own. */
function postForm(server: LocalServer, fields: Record<string, string>): Promise<HttpResponse> {
  return send(`${server.apiUrl}/contact`, {
    method: 'POST',
    from: newClient(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, company: '', project_url: '', _gotcha: '' }).toString(),
  });
}

/** The inquiry the table holds for an e-mail address (a form's answer does not name it). */
async function idOf(server: LocalServer, email: string): Promise<string> {
  const record = (await inboxRecords(server.dynamoUrl)).find((candidate) => candidate.text?.email === email);
  if (record === undefined) throw new Error(`no inquiry from ${email}`);
  return record.id;
}

/** The digest sections of these inquiries once they have all come, each once, none mailed alone. */
async function digested(server: LocalServer, ids: readonly string[], timeoutMs = (DIGEST_SECONDS + 8) * 1000): Promise<Map<string, DigestSection>> {
  const mail = await ownerMailWhen(server, (now) => reachedAll(now, ids), timeoutMs);
  const sections = mail.digests.flatMap((digest) => digest.sections).filter((section) => ids.includes(section.id));
  expect(sections.map((section) => section.id).sort()).toEqual([...ids].sort());
  expect(mail.alone.filter((id) => ids.includes(id))).toEqual([]);
  return new Map(sections.map((section) => [section.id, section]));
}

/** Waits for the single mail of each of these inquiries; none may be in a digest. */
async function mailedAlone(server: LocalServer, ids: readonly string[], timeoutMs = 10_000): Promise<void> {
  const mail = await ownerMailWhen(server, (now) => reachedAll(now, ids), timeoutMs);
  expect(mail.alone.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  expect(digestedIds(mail).filter((id) => ids.includes(id))).toEqual([]);
}

/** The answer as a client reads it: status, where it leads, and which headers it has (their values vary by request). */
const shapeOf = (answer: HttpResponse) => ({ status: answer.status, location: answer.headers.location, headers: Object.keys(answer.headers).sort() });

describe('the form token through local mode', () => {
  const secretOfOurs = secret();
  let server: LocalServer;
  let another: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer({ DIGEST_SECONDS: String(DIGEST_SECONDS), FORM_TOKEN_SECRET: secretOfOurs });
    // Another deployment of the same site: the same {base}, another form tokens' key.
    another = await startLocalServer({ BASE_URL: server.baseUrl, FORM_TOKEN_SECRET: secret() });
  }, 60_000);
  afterAll(async () => {
    await another?.stop();
    await server?.stop();
  });

  it('sends no digest while nothing is held, and one within DIGEST_SECONDS once something is', async () => {
    const digestRuns = () => jsonLines(server.output()).filter((line) => line.message === 'digest');
    while (digestRuns().length < 2) await sleep(100);
    expect(new Set(digestRuns().map((line) => line.outcome))).toEqual(new Set(['empty']));
    expect(readOwnerMail(await sentEmails(server)).digests).toEqual([]);

    const held = linkStuffed();
    const answer = await postContact(server.apiUrl, held, { from: newClient() });
    const postedAt = Date.now();
    const { id } = answer.json<{ id: string }>();
    const section = (await digested(server, [id])).get(id)!;

    expect(Date.now() - postedAt).toBeLessThan((DIGEST_SECONDS + 3) * 1000);
    const digest = readOwnerMail(await sentEmails(server)).digests.find((candidate) => candidate.sections.some((one) => one.id === id));
    expect(digest?.subject).toBe(`Digest: 1 held inquiry, ${new Date().toISOString().slice(0, 10)}`);
    expect(section.held).toBe(`link stuffing: 8 links in the message, more than ${linkLimit}`);
    expect(section.text).toContain(`Message:\n${quoted(held.message)}\n`);
    const digestText = (await sentEmails(server)).find((email) => email.subject === digest?.subject)?.body.text;
    const command = `npm run redeliver -- --endpoint ${server.dynamoUrl} --again <inquiry id>`;
    expect(digestText).toContain(`: ${command}\n`);
    // The command as the digest gives it, followed: the inquiry is mailed on its own.
    const followed = command.replace(`npm run redeliver -- --endpoint ${server.dynamoUrl} `, '').replace('<inquiry id>', id).split(' ');
    expect(await ownerCommand('redeliver', server, followed)).toMatchObject({ code: 0, stdout: `${id}  sent -> pending: sent within seconds\n` });
    expect((await ownerMailWhen(server, (mail) => mail.alone.includes(id), 5000)).alone).toContain(id);
  }, 30_000);

  it(`holds a form posted within a second of its page as too fast, and mails one posted ${formMinSeconds} s after; both answered alike`, async () => {
    const [hasty, patient] = [inquiry(), inquiry()];
    const [hastyToken, patientToken] = await Promise.all([formToken(server), formToken(server)]);
    const shownAt = Date.now();

    const hastyAnswer = await postForm(server, { ...hasty, [FORM_TOKEN_FIELD]: hastyToken });
    expect(Date.now() - shownAt).toBeLessThan(1000);
    await sleep(shownAt + formMinSeconds * 1000 - Date.now());
    const patientAnswer = await postForm(server, { ...patient, [FORM_TOKEN_FIELD]: patientToken });

    expect(shapeOf(patientAnswer)).toMatchObject({ status: 303, location: '/contact/sent' });
    expect(shapeOf(hastyAnswer)).toEqual(shapeOf(patientAnswer));
    const [hastyId, patientId] = await Promise.all([idOf(server, hasty.email), idOf(server, patient.email)]);
    await mailedAlone(server, [patientId]);
    const section = (await digested(server, [hastyId])).get(hastyId)!;
    expect(section.held).toMatch(new RegExp(`^too fast: sent [01]\\.\\d s after the form was shown, sooner than ${formMinSeconds} s$`));
  }, 30_000);

  it('holds a form posted with a forged token, with its own moved back in time, or with another deployment’s', async () => {
    const [time, mac] = (await formToken(server)).split('.');
    const tokens = {
      forged: `${time}.${'A'.repeat(22)}`,
      moved: `${Number(time) - 3_600_000}.${mac}`,
      another: await formToken(another),
    };
    const posted = Object.entries(tokens).map(([kind, token]) => ({ kind, fields: { ...inquiry(), [FORM_TOKEN_FIELD]: token } }));
    // The page's own script sends the token beside JSON; a forged one there is held as well.
    const json = { kind: 'forged, beside JSON', body: inquiry() };

    const answers = await Promise.all(posted.map(({ fields }) => postForm(server, fields)));
    const jsonAnswer = await postContact(server.apiUrl, json.body, { from: newClient(), headers: { [FORM_TOKEN_HEADER]: tokens.forged } });

    for (const answer of answers) expect(answer).toMatchObject({ status: 303, headers: { location: '/contact/sent' } });
    expect(jsonAnswer.status).toBe(202);
    const ids = await Promise.all(posted.map(({ fields }) => idOf(server, fields.email)));
    const jsonId = jsonAnswer.json<{ id: string }>().id;
    const sections = await digested(server, [...ids, jsonId]);
    const held = (id: string) => sections.get(id)?.held;
    expect(Object.fromEntries(posted.map(({ kind }, i) => [kind, held(ids[i]!)]))).toEqual({
      forged: 'too fast: posted with a form token this site never gave',
      moved: 'too fast: posted with a form token this site never gave',
      another: 'too fast: posted with a form token this site never gave',
    });
    expect(held(jsonId)).toBe('too fast: posted with a form token this site never gave');
  }, 30_000);

  it('mails an inquiry that carries no token at once: an agent posting JSON, or the owner’s own form on a static page, is not suspect for it', async () => {
    const answer = await postContact(server.apiUrl, inquiry(), { from: newClient() });
    const form = inquiry();
    const formAnswer = await postForm(server, form);

    expect(answer.status).toBe(202);
    expect(formAnswer).toMatchObject({ status: 303, headers: { location: '/contact/sent' } });
    await mailedAlone(server, [answer.json<{ id: string }>().id, await idOf(server, form.email)]);
  });
});

describe('held inquiries in the owner’s commands', () => {
  let server: LocalServer;
  beforeAll(async () => {
    // No digest while the test runs: only the owner's command may send a held inquiry.
    server = await startLocalServer({ DIGEST_SECONDS: '86400' });
  }, 30_000);
  afterAll(() => server?.stop());

  it('lists them with their reasons in npm run inbox; npm run redeliver mails one at once, -- --held the rest', async () => {
    const [links, throwaway] = [linkStuffed(), inquiry({ email: 'grace@mailinator.com' })];
    const ids = await Promise.all(
      [links, throwaway].map(async (body) => (await postContact(server.apiUrl, body, { from: newClient() })).json<{ id: string }>().id),
    );
    const [linksId, throwawayId] = ids as [string, string];

    const listed = await ownerCommand('inbox', server);
    expect(listed.code).toBe(0);
    // The command it gives is the one to paste: local mode's --endpoint included.
    const redeliver = `npm run redeliver -- --endpoint ${server.dynamoUrl}`;
    expect(listed.stdout).toMatch(
      new RegExp(`held\\s+0\\s+${linksId}\\s+link stuffing: 8 links in the message, more than ${linkLimit}; in the next digest, or now: ${redeliver} ${linksId}\\n`),
    );
    expect(listed.stdout).toMatch(
      new RegExp(`held\\s+0\\s+${throwawayId}\\s+throwaway address: mailinator\\.com is a disposable-mail domain; in the next digest, or now: ${redeliver} ${throwawayId}\\n`),
    );
    expect(await settledEmails(server, 500)).toEqual([]);
    // In the terminal's time zone, as `date` gives times: TZ's, named in the heading.
    const inZone = (TZ: string) => runOwnerCommand('inbox', ['--endpoint', server.dynamoUrl], { ...process.env, TZ });
    const [inUtc, inToronto] = await Promise.all([inZone('UTC'), inZone('America/Toronto')]);
    expect(inUtc.stdout).toMatch(/^RECEIVED \(UTC\)  +STATE/);
    expect(inToronto.stdout).toMatch(/^RECEIVED \(America\/Toronto\)  +STATE/);
    // Toronto is 4 or 5 hours behind: the same inquiries, at other times.
    const times = (listing: string) => listing.match(/^\d{4}-\d\d-\d\d \d\d:\d\d/gm);
    expect(times(inToronto.stdout)).toHaveLength(2);
    expect(times(inToronto.stdout)).not.toEqual(times(inUtc.stdout));

    const released = await ownerCommand('redeliver', server, [linksId]);
    expect(released).toMatchObject({ code: 0, stdout: `${linksId}  held -> pending: sent within seconds\n` });
    await mailedAlone(server, [linksId], 5000);
    const [mail] = await sentEmails(server);
    expect(mail?.replyTo).toEqual([links.email]);
    expect(mail?.body.text).toContain(`Message:\n${quoted(links.message)}\n`);
    expect((await ownerCommand('inbox', server)).stdout).toMatch(new RegExp(`sent\\s+1\\s+${linksId}\\s+sent \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\n`));

    expect(await ownerCommand('redeliver', server, ['--held'])).toMatchObject({ code: 0, stdout: `${throwawayId}  held -> pending: sent within seconds\n` });
    await mailedAlone(server, ids, 5000);
    expect(await settledEmails(server, 500)).toHaveLength(2);

    // Sent already: only --again sends it once more, and a run that queued nothing it was asked for exits 1.
    const again = await ownerCommand('redeliver', server, [linksId]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(
      new RegExp(`^${linksId}  not sent: it was sent \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\S+ already; to send it once more: npm run redeliver -- --endpoint ${server.dynamoUrl} --again ${linksId}\\n$`),
    );
    expect(await settledEmails(server, 1000)).toHaveLength(2);
    expect(await ownerCommand('redeliver', server, ['--again', linksId])).toMatchObject({ code: 0, stdout: `${linksId}  sent -> pending: sent within seconds\n` });
    expect((await ownerMailWhen(server, (mail) => mail.alone.length === 3, 5000)).alone.filter((id) => id === linksId)).toHaveLength(2);
  }, 60_000);
});
