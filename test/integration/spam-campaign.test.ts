import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_RATE_LIMITS, DEFAULT_SPAM_THRESHOLDS } from '../../lambdas/config.js';
import { SPAM_SIGNALS } from '../../lambdas/inbox/held-reasons.js';
import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';
import { spelt } from '../support/fresh-clients.js';
import { postContact, type HttpResponse } from '../support/http-client.js';
import { jsonLines } from '../support/json-lines.js';
import { sentEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { inboxRecords } from '../support/local-tables.js';
import { awayFromWindowEdge } from '../support/rate-window.js';
import { digestedIds, quoted, readOwnerMail } from '../support/owner-mail.js';

/*
 * The campaign of issue 22 through local mode, with the shipped thresholds: many machines post the
 * form, each within the per-IP limit, so no limit of one client stops them (docs/api.md §15). The
 * owner must still get at most maxMailsPerHour mails one by one, and every other inquiry once, in
 * the digest that follows; the bots must all get the same answer.
 */

const { maxMailsPerHour, repeatLimit, linkLimit } = DEFAULT_SPAM_THRESHOLDS;
const ADDRESSES = 150;
const POSTS_PER_ADDRESS = 2;
/** How many posts go at once: a botnet's pace, within what two shared cores serve without timing out. */
const CONCURRENCY = 25;
/**
 * Long enough for the whole campaign to be posted and the worker to have judged every inquiry, so
 * that all the held ones meet in the one digest that follows it.
 */
const DIGEST_SECONDS = 15;

type Kind = 'same_text' | 'throwaway' | 'links' | 'clean';
const CAMPAIGN: Readonly<Record<Kind, number>> = { same_text: 100, throwaway: 50, links: 50, clean: 100 };

interface Post {
  readonly kind: Kind;
  readonly address: string;
  readonly body: { readonly name: string; readonly email: string; readonly message: string };
}

/**
 * What each kind of bot writes: texts apart differ in their letters (spelt), since the repeated-text
 * signal reads every run of digits as one; the one text is varied as campaigns vary it, in its
 * number, case and spacing.
 */
const WRITE: Readonly<Record<Kind, (n: number) => Post['body']>> = {
  same_text: (n) => ({
    name: 'Rank Booster',
    email: `offer-${spelt(n)}@example.net`,
    message: `${n % 2 === 0 ? 'Boost' : 'BOOST'} your ranking  today! Offer ${1000 + n}: our team puts your site on page one of every search engine.`,
  }),
  throwaway: (n) => ({
    name: 'Kim',
    email: `kim-${spelt(n)}@mailinator.com`,
    message: `Hello, I run the ${spelt(n)} shop and would like a website for it. Please write back.`,
  }),
  links: (n) => ({
    name: 'Deals',
    email: `deals-${spelt(n)}@example.org`,
    message: `Deals for ${spelt(n)}: ${Array.from({ length: 8 }, (_, link) => `https://deals.example/${spelt(n)}/${link}`).join(' ')}`,
  }),
  clean: (n) => ({
    name: 'Sam',
    email: `sam-${spelt(n)}@example.com`,
    message: `Could you build the ${spelt(n)} tool for our team? We have a budget, a deadline and a mock-up.`,
  }),
};

/** The 300 posts, their kinds mixed as a botnet mixes them (a fixed shuffle), two from each address. */
function campaign(): Post[] {
  const bodies = (Object.entries(CAMPAIGN) as Array<[Kind, number]>).flatMap(([kind, count]) =>
    Array.from({ length: count }, (_, n) => ({ kind, body: WRITE[kind](n) })),
  );
  let seed = 22;
  for (let i = bodies.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
  }
  return bodies.map(({ kind, body }, i) => {
    const address = Math.floor(i / POSTS_PER_ADDRESS);
    return { kind, body, address: `127.22.${Math.floor(address / 250)}.${(address % 250) + 1}` };
  });
}

/** Sends every post, `CONCURRENCY` at a time, and returns the answers in the posts' order. */
async function sendAll(posts: readonly Post[], apiUrl: string): Promise<HttpResponse[]> {
  const answers: HttpResponse[] = [];
  let next = 0;
  const sender = async () => {
    while (next < posts.length) {
      const index = next++;
      const post = posts[index]!;
      answers[index] = await postContact(apiUrl, post.body, { from: post.address });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  return answers;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const digestLines = (server: LocalServer) => jsonLines(server.output()).filter((line) => line.message === 'digest');
const signals = (record: InquiryRecord) => (record.heldFor ?? []).map((reason) => reason.signal).sort();
const hourOf = (time: string) => time.slice(0, 13);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ DIGEST_SECONDS: String(DIGEST_SECONDS) });
}, 30_000);
afterAll(() => server?.stop());

describe('a campaign of 300 posts from 150 addresses (issue 22)', () => {
  it('answers every post alike, mails at most maxMailsPerHour one by one, and every other inquiry once in the digest', async () => {
    expect(POSTS_PER_ADDRESS).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.ip);
    // Starts right after a digest, so that the next one finds the whole campaign judged.
    await until(async () => digestLines(server), (lines) => lines.length > 0, (DIGEST_SECONDS + 10) * 1000, 'no digest ran');
    const posts = campaign();
    expect(new Set(posts.map((post) => post.address)).size).toBe(ADDRESSES);
    // The repeated-text count starts afresh each UTC day: the posts, a few seconds, keep to one.
    await awayFromWindowEdge();
    const started = Date.now();
    const answers = await sendAll(posts, server.apiUrl);
    const postingMs = Date.now() - started;

    // The same answer to every bot, held or mailed: within the per-IP limit, all 202 and alike.
    expect(answers.map((answer) => answer.status)).toEqual(posts.map(() => 202));
    expect([...new Set(answers.map((answer) => Object.keys(answer.headers).sort().join()))]).toHaveLength(1);
    for (const answer of answers) expect(answer.json()).toEqual({ status: 'accepted', id: expect.any(String) });
    const kindOf = new Map(answers.map((answer, i) => [answer.json<{ id: string }>().id, posts[i]!.kind]));
    const bodyOf = new Map(answers.map((answer, i) => [answer.json<{ id: string }>().id, posts[i]!.body]));
    expect(kindOf.size).toBe(posts.length);

    // Every inquiry reaches the owner: mailed alone, or in a digest once the worker has held it.
    const records = (
      await until(
        () => inboxRecords(server.dynamoUrl),
        (all) => all.filter((record) => kindOf.has(record.id) && record.state === 'sent').length === kindOf.size,
        (2 * DIGEST_SECONDS + 30) * 1000,
        'not every inquiry was sent',
      )
    ).filter((record) => kindOf.has(record.id));
    const mail = readOwnerMail(await sentEmails(server));
    const digested = digestedIds(mail);

    // Each inquiry once: alone or in a digest, never both, none twice, none missing.
    expect(new Set(mail.alone).size).toBe(mail.alone.length);
    expect(new Set(digested).size).toBe(digested.length);
    expect(mail.alone.filter((id) => digested.includes(id))).toEqual([]);
    expect([...mail.alone, ...digested].sort()).toEqual([...kindOf.keys()].sort());

    // Mailed alone: exactly the inquiries the table says were sent alone and never held.
    const alone = records.filter((record) => record.sentIn === undefined);
    expect(alone.map((record) => record.id).sort()).toEqual([...mail.alone].sort());
    for (const record of alone) expect(record.heldFor ?? []).toEqual([]);
    // At most maxMailsPerHour in each UTC hour (a run may straddle the turn of one), and no fewer
    // than the first hour's allowance: the flood signal holds only once the hour's mails are spent.
    const perHour = new Map<string, number>();
    for (const record of alone) perHour.set(hourOf(record.sentAt!), (perHour.get(hourOf(record.sentAt!)) ?? 0) + 1);
    for (const count of perHour.values()) expect(count).toBeLessThanOrEqual(maxMailsPerHour);
    expect(alone.length).toBeGreaterThanOrEqual(maxMailsPerHour);

    // Held: each for the signals of its kind, and the flood for the rest of the hour's inquiries.
    const held = records.filter((record) => record.sentIn === 'digest');
    const byKind = (kind: Kind) => held.filter((record) => kindOf.get(record.id) === kind).map(signals);
    expect(byKind('throwaway')).toEqual(Array(CAMPAIGN.throwaway).fill(['throwaway_address']));
    expect(byKind('links')).toEqual(Array(CAMPAIGN.links).fill(['link_stuffing']));
    expect(byKind('same_text').filter((found) => found.join() === 'repeated_text')).toHaveLength(CAMPAIGN.same_text - repeatLimit);
    for (const found of [...byKind('same_text'), ...byKind('clean')]) expect(['repeated_text', 'flood']).toContain(found.join());
    const flooded = held.filter((record) => signals(record).includes('flood'));
    expect(flooded).toHaveLength(CAMPAIGN.clean + repeatLimit - alone.length);

    // The owner reads each held inquiry in full, with why it was held.
    const heldLines: Readonly<Record<string, RegExp>> = {
      repeated_text: new RegExp(`^repeated text: the same text, case, spacing and numbers aside, came more than ${repeatLimit} times today \\(UTC\\)$`),
      throwaway_address: /^throwaway address: mailinator\.com is a disposable-mail domain$/,
      link_stuffing: new RegExp(`^link stuffing: 8 links in the message, more than ${linkLimit}$`),
      flood: new RegExp(`^flood: more than ${maxMailsPerHour} inquiries were to be mailed this hour \\(UTC\\)$`),
    };
    const recordOf = new Map(held.map((record) => [record.id, record]));
    for (const section of mail.digests.flatMap((digest) => digest.sections)) {
      const body = bodyOf.get(section.id)!;
      expect(section.held).toMatch(heldLines[signals(recordOf.get(section.id)!).join()]!);
      expect(section.text).toContain(`E-mail:\n${quoted(body.email)}\n`);
      expect(section.text).toContain(`Message:\n${quoted(body.message)}\n`);
    }

    const figures = {
      posts: posts.length,
      postingSeconds: postingMs / 1000,
      mailedAlone: alone.length,
      mailedAlonePerHour: Object.fromEntries(perHour),
      held: held.length,
      heldByReason: Object.fromEntries(
        SPAM_SIGNALS.map((signal) => [
          signal,
          held.filter((record) => signals(record).includes(signal)).length,
        ]),
      ),
      digests: mail.digests.map((digest) => digest.count),
    };
    console.log(`spam campaign figures: ${JSON.stringify(figures)}`);
  }, 180_000);
});
