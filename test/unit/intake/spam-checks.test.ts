import { describe, expect, it } from '@jest/globals';
import { checkForSpam, linkCount } from '../../../lambdas/intake/spam-checks.js';
import type { Inquiry } from '../../../lambdas/inquiry/schema.js';
import { awsError, FakeCounterStore } from '../../support/fake-counter-store.js';
import { spamDependencies, TEST_FORM_TOKENS } from '../../support/spam-dependencies.js';
import { ENGLISH } from '../../../lambdas/mail-words/en.js';
import { describeHeldReason } from '../../../lambdas/mail-words/mail-words.js';

/* The spam signals computed at acceptance, each at its boundary (docs/api.md §15). */

const NOW = new Date('2030-01-01T12:00:00.000Z');
const INQUIRY: Inquiry = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'An analytical engine, if you please.' };
let requests = 0;

function checks(overrides: Parameters<typeof spamDependencies>[1] = {}) {
  const counters = new FakeCounterStore();
  const dependencies = spamDependencies(counters, overrides);
  const check = (inquiry: Partial<Inquiry> = {}, form?: { token: string | undefined }, now = NOW) =>
    checkForSpam({ ...INQUIRY, ...inquiry }, form, { requestId: `request-${++requests}`, now }, dependencies);
  const signals = async (...args: Parameters<typeof check>) => (await check(...args)).reasons.map((reason) => reason.signal);
  return { counters, dependencies, check, signals };
}

const shownAgo = (seconds: number) => ({ token: TEST_FORM_TOKENS.issue(new Date(NOW.getTime() - seconds * 1000)) });

describe('a clean inquiry', () => {
  it('raises no signal, by JSON or by the form a person took their time over', async () => {
    const { signals } = checks();
    expect(await signals()).toEqual([]);
    expect(await signals({ message: 'Another project, quite different.' }, shownAgo(10))).toEqual([]);
  });
});

describe('repeated text', () => {
  it('lets the same text through twice in a UTC day, from anyone, and holds the third', async () => {
    const { signals } = checks();
    expect(await signals({ email: 'a@example.com' })).toEqual([]);
    expect(await signals({ email: 'b@example.org' })).toEqual([]);
    expect(await signals({ email: 'c@example.net' })).toEqual(['repeated_text']);
    expect(await signals({ email: 'd@example.net' })).toEqual(['repeated_text']);
  });

  it('counts case, white space and digits away: one text however a campaign varies them', async () => {
    const { signals } = checks();
    await signals({ message: 'Buy cheap followers now, order 12345 today!' });
    await signals({ message: '  BUY cheap\n\tfollowers NOW, order 9 today!' });
    expect(await signals({ message: 'buy cheap followers now, order 777 today!  ' })).toEqual(['repeated_text']);
    expect(await signals({ message: 'buy cheap followers now, order 777 today?' })).toEqual([]);
  });

  it('starts afresh with the next UTC day', async () => {
    const { signals } = checks();
    for (let i = 0; i < 3; i++) await signals({}, undefined, new Date('2030-01-01T23:59:59.000Z'));
    expect(await signals({}, undefined, new Date('2030-01-02T00:00:00.000Z'))).toEqual([]);
  });

  it('counts under a keyed hash of the text, never the text, until the day ends', async () => {
    const { check, counters } = checks();
    await check();
    const [slot] = counters.callsOf('increment');
    expect(slot?.id).toMatch(/^text#1893456000#[0-9a-f]{64}$/);
    expect(slot?.id).not.toContain('engine');
    expect(slot?.expiresAt).toBe(1893456000 + 86_400);
  });

  it('follows its setting, and asks no counter when it is 0', async () => {
    const { signals, counters } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    for (let i = 0; i < 5; i++) expect(await signals()).toEqual([]);
    expect(counters.calls).toEqual([]);

    const strict = checks({ settings: { repeatLimit: 1, linkLimit: 5, formMinSeconds: 3 } });
    expect(await strict.signals()).toEqual([]);
    expect(await strict.signals()).toEqual(['repeated_text']);
  });

  it('gives its count back for an inquiry that is not stored after all', async () => {
    const { check, counters } = checks();
    const first = await check();
    await first.giveBack();
    await check();
    expect(await check().then((verdict) => verdict.reasons)).toEqual([]);
    expect([...counters.counts.values()]).toEqual([2]);
  });

  it('holds nothing back when the counter fails, and says so', async () => {
    const { signals, counters, dependencies } = checks();
    counters.failIncrement = () => awsError('ProvisionedThroughputExceededException');
    expect(await signals()).toEqual([]);
    expect(dependencies.failures).toEqual(['repeated_text: ProvisionedThroughputExceededException']);
  });

  it('gives back a count whose answer was lost, for an inquiry that is not stored: it may have been applied', async () => {
    const { check, counters } = checks();
    // The update is applied, and then its answer lost.
    counters.failIncrement = (slot) => {
      counters.ids.set(slot.id, new Set([...(counters.ids.get(slot.id) ?? []), `request-${requests}`]));
      return awsError('TimeoutError');
    };
    const verdict = await check();
    expect([...counters.counts.values()]).toEqual([1]);

    await verdict.giveBack();

    expect([...counters.counts.values()]).toEqual([0]);
  });
});

describe('too fast: the form’s token', () => {
  it('holds a form sent sooner than 3 s after it was shown, to the millisecond, and lets it through at exactly 3 s', async () => {
    const { signals } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    expect(await signals({}, shownAgo(0))).toEqual(['too_fast']);
    expect(await signals({}, shownAgo(2.999))).toEqual(['too_fast']);
    expect(await signals({}, shownAgo(3))).toEqual([]);
  });

  it('holds a form posted with a forged token, or with one older than 24 hours', async () => {
    const { check } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    const detail = async (form: { token: string | undefined }) => (await check({}, form)).reasons.map((reason) => describeHeldReason(reason, ENGLISH));
    expect(await detail({ token: '1893456000000.AAAAAAAAAAAAAAAAAAAAAA' })).toEqual(['too fast: posted with a form token this site never gave']);
    expect(await detail(shownAgo(24 * 3600))).toEqual([]);
    expect(await detail(shownAgo(24 * 3600 + 0.001))).toEqual(['too fast: sent more than 24 hours after the form was shown']);
    expect(await detail(shownAgo(1.25))).toEqual(['too fast: sent 1.2 s after the form was shown, sooner than 3 s']);
    // Never a 3.0 that reads as the minimum itself.
    expect(await detail(shownAgo(2.96))).toEqual(['too fast: sent 2.9 s after the form was shown, sooner than 3 s']);
  });

  it('records the facts it held a form on, for the mails to word in their language', async () => {
    const { check } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    expect((await check({}, shownAgo(2.96))).reasons).toEqual([{ signal: 'too_fast', token: 'early', seconds: 2.9, minimum: 3 }]);
    expect((await check({}, { token: '1893456000000.AAAAAAAAAAAAAAAAAAAAAA' })).reasons).toEqual([{ signal: 'too_fast', token: 'forged' }]);
  });

  it('does not suspect a post for having no token: a JSON post (agents post JSON), or the owner’s own form on a static page', async () => {
    const { signals } = checks();
    expect(await signals({}, undefined)).toEqual([]);
    expect(await signals({ message: 'Another text, from a form of the owner’s.' }, { token: undefined })).toEqual([]);
  });

  it('follows its setting, and reads no token when it is 0', async () => {
    expect(await checks({ settings: { repeatLimit: 2, linkLimit: 5, formMinSeconds: 10 } }).signals({}, shownAgo(9))).toEqual(['too_fast']);
    expect(await checks({ settings: { repeatLimit: 2, linkLimit: 5, formMinSeconds: 0 } }).signals({}, { token: 'forged' })).toEqual([]);
  });
});

describe('throwaway address', () => {
  it('holds an address at a disposable-mail domain, or at a host under one, in any case', async () => {
    const { signals } = checks();
    expect(await signals({ email: 'bot@mailinator.com' })).toEqual(['throwaway_address']);
    expect(await signals({ email: 'bot@Inbox.MAILINATOR.com', message: 'A different text.' })).toEqual(['throwaway_address']);
  });

  it('lets real providers and lookalikes through', async () => {
    const { signals } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    for (const email of ['ada@gmail.com', 'ada@proton.me', 'ada@posteo.de', 'ada@mailinator.example.org', 'ada@mailinator.com.example.org']) {
      expect(await signals({ email })).toEqual([]);
    }
  });

  it('holds nothing back when the list cannot be loaded, and says so', async () => {
    const { signals, dependencies } = checks({ throwawayDomains: async () => Promise.reject(awsError('ENOENT')) });
    expect(await signals({ email: 'bot@mailinator.com' })).toEqual([]);
    expect(dependencies.failures).toEqual(['throwaway_address: ENOENT']);
  });
});

describe('link stuffing', () => {
  const links = (count: number) => `Look: ${Array.from({ length: count }, (_, i) => `https://spam${i}.example/page`).join(' ')}`;

  it('lets 5 links through and holds 6', async () => {
    const { signals } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    expect(await signals({ message: links(5) })).toEqual([]);
    expect(await signals({ message: links(6) })).toEqual(['link_stuffing']);
  });

  it('follows its setting, and counts nothing when it is 0', async () => {
    expect(await checks({ settings: { repeatLimit: 0, linkLimit: 1, formMinSeconds: 3 } }).signals({ message: links(2) })).toEqual(['link_stuffing']);
    expect(await checks({ settings: { repeatLimit: 0, linkLimit: 0, formMinSeconds: 3 } }).signals({ message: links(50) })).toEqual([]);
  });

  it('counts the links of the owner’s own fields with the message’s, and says so', async () => {
    const { check } = checks({ settings: { repeatLimit: 0, linkLimit: 5, formMinSeconds: 3 } });
    const extra = [1, 2].map((field) => ({ name: `field${field}`, label: `Field ${field}`, value: 'https://a.example https://b.example' }));
    const details = async (inquiry: Partial<Inquiry>) => (await check(inquiry)).reasons.map((reason) => describeHeldReason(reason, ENGLISH));
    expect(await details({ message: links(1), extra })).toEqual([]);
    expect(await details({ message: links(2), extra })).toEqual(['link stuffing: 6 links in the message and your own fields, more than 5']);
    expect(await details({ message: links(6) })).toEqual(['link stuffing: 6 links in the message, more than 5']);
  });

  it('counts a scheme or a www. host, a link with both once', () => {
    expect(linkCount('https://a.example http://b.example www.c.example https://www.d.example HTTP://E.EXAMPLE')).toBe(5);
    expect(linkCount('no links here, not even example.com or an e-mail ada@example.com')).toBe(0);
    expect(linkCount('[url=https://a.example]x[/url] <a href="http://b.example">b</a>')).toBe(2);
    // Run together, as BBCode chains and comma-joined lists are, each still counts.
    expect(linkCount('[url=http://a.example]x[/url][url=http://b.example]y[/url][url=http://www.c.example]z[/url]')).toBe(3);
    expect(linkCount('https://a.example,https://b.example,www.c.example')).toBe(3);
  });
});

describe('several signals at once', () => {
  it('names each, in a fixed order', async () => {
    const { signals } = checks({ settings: { repeatLimit: 1, linkLimit: 1, formMinSeconds: 3 } });
    const message = 'https://a.example https://b.example';
    await signals({ message });
    expect(await signals({ message, email: 'x@mailinator.com' }, shownAgo(1))).toEqual([
      'repeated_text',
      'too_fast',
      'throwaway_address',
      'link_stuffing',
    ]);
  });
});
