import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { contactRequestSchema } from '../../lambdas/inquiry/schema.js';
import { NOT_BLANK_PATTERN, ONE_LINE_PATTERN } from '../../lambdas/inquiry/patterns.js';
import { independentValidator } from '../support/independent-validator.js';
import { postContact, send, type HttpResponse } from '../support/http-client.js';
import { sentEmails, startLocalServer, type LocalServer } from '../support/local-server.js';
import { digestedIds, ownerMailWhen, reachedAll } from '../support/owner-mail.js';

/*
 * Property-based tests over the HTTP surface of POST /api/contact: whatever arrives, the answer
 * is never a 5xx, and an inquiry is delivered exactly when an independent JSON Schema 2020-12
 * validator accepts the body under the published schema. Limits are raised, and the spam signals
 * that have a setting turned off, so that every schema-valid body is mailed alone; the limits and
 * signals have their own tests. One signal has no setting: an address at a disposable-mail domain,
 * which fast-check now and then makes up, goes in the digest, every DIGEST_SECONDS here.
 */

const RUNS = 100;
const OWNER = 'owner@site.example.com';
let server: LocalServer;
let isValid: (instance: unknown) => boolean;
/** The ids of the inquiries accepted so far. */
const accepted: string[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    RATE_LIMIT_IP: '10000',
    RATE_LIMIT_EMAIL: '10000',
    MAX_MAILS_PER_HOUR: '0',
    SPAM_REPEAT_LIMIT: '0',
    SPAM_LINK_LIMIT: '0',
    DIGEST_SECONDS: '2',
    CONTACT_TO: OWNER,
  });
  isValid = await independentValidator(contactRequestSchema(server.baseUrl));
}, 30_000);
afterAll(() => server.stop());

async function post(body: string | Uint8Array, contentType = 'application/json'): Promise<HttpResponse> {
  const response = await postContact(server.apiUrl, body, { headers: { 'Content-Type': contentType } });
  if (response.status === 202) accepted.push(response.json<{ id: string }>().id);
  return response;
}

/** The verdict rule: 202 exactly for what the independent validator accepts, else a 4xx of the contract. */
function expectVerdictOf(response: HttpResponse, parsed: unknown, parses: boolean) {
  expect(response.status).toBeLessThan(500);
  const valid = parses && isValid(parsed);
  if (valid) expect(response.status).toBe(202);
  else expect([400, 413, 422]).toContain(response.status);
  expect(response.text).not.toMatch(/at .+\.(ts|js):\d+/);
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '\t',
  '\r\n',
  '\u0000',
  '\u0085',
  '\u2028',
  '\u202E',
  '\u2066',
  '\uD800',
  '\uDC00x',
  '😀'.repeat(20),
  'a'.repeat(121),
  'x'.repeat(5001),
  'Bcc: attacker@evil.example\r\n',
  '%0d%0aBcc: attacker@evil.example',
  '=?utf-8?q?=0D=0ABcc:_attacker@evil.example?=',
  'https://example.com/ok',
  'javascript:alert(1)',
  'me@example.com',
  'me@example.com\r\nBcc: attacker@evil.example',
  '<script>alert(1)</script>',
);

/** Strings from every corner: nasty constants, any code points, e-mail and URL look-alikes. */
const anyString = fc.oneof(
  nasty,
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ maxLength: 40 }),
  fc.emailAddress(),
  fc.webUrl(),
  fc.lorem({ maxCount: 30 }),
);

const anyValue = fc.oneof(anyString, anyString, fc.jsonValue({ maxDepth: 3 }));

const fieldNames = fc.constantFrom('name', 'email', 'message', 'company', 'project_url', '_gotcha');
const oddNames = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'Name', 'e-mail', '');

/** Bodies that are mostly the contact form's fields, with any values, extra keys and odd keys. */
const nearlyInquiries = fc
  .tuple(
    fc.dictionary(fieldNames, anyValue, { maxKeys: 6 }),
    fc.array(fc.tuple(fc.oneof(oddNames, fc.string({ maxLength: 8 })), anyValue), { maxLength: 2 }),
  )
  .map(([fields, extras]) => {
    // Written by hand so that `__proto__` stays an own key, as it does in JSON.parse's result.
    const members = [...Object.entries(fields), ...extras].map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
    return `{${members.join(',')}}`;
  });

const validInquiries = fc.record(
  {
    name: fc
      .string({ minLength: 1, maxLength: 120 })
      .filter((name) => new RegExp(NOT_BLANK_PATTERN, 'u').test(name) && new RegExp(ONE_LINE_PATTERN, 'u').test(name)),
    // fast-check's addresses follow RFC 5322; the schema also refuses an encoded word's `=?` in the local part (docs/api.md §2).
    email: fc.emailAddress().filter((email) => email.length <= 254 && /\.[a-zA-Z0-9-]+$/.test(email) && !/^[^@]*=\?/.test(email)),
    message: fc.lorem({ mode: 'sentences', maxCount: 5 }).filter((message) => message.length >= 20),
    company: fc.constantFrom('', 'ACME', 'Ünïcödé GmbH'),
    project_url: fc.constantFrom('', 'https://example.com/a?b=c#d', 'http://localhost:8080'),
  },
  { requiredKeys: ['name', 'email', 'message'] },
);

describe('POST /api/contact under hostile input', () => {
  it('agrees with an independent validator on arbitrary near-inquiries', async () => {
    await fc.assert(
      fc.asyncProperty(nearlyInquiries, async (body) => {
        expectVerdictOf(await post(body), JSON.parse(body), true);
      }),
      { numRuns: RUNS * 3 },
    );
  }, 120_000);

  it('delivers every schema-valid inquiry', async () => {
    await fc.assert(
      fc.asyncProperty(validInquiries, async (inquiry) => {
        expect(isValid(inquiry)).toBe(true);
        expect((await post(JSON.stringify(inquiry))).status).toBe(202);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('answers arbitrary JSON values and duplicate keys by the parsed value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const body = JSON.stringify(value);
        expectVerdictOf(await post(body), value, true);
      }),
      { numRuns: RUNS },
    );
    const duplicate = '{"name":"A","name":"B","email":"a@b.co","message":"twenty characters at least","email":"x"}';
    expectVerdictOf(await post(duplicate), JSON.parse(duplicate), true);
  }, 120_000);

  it('answers arbitrary bytes without a 5xx, and never delivers them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
        let parsed: unknown;
        let parses = true;
        try {
          parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
        } catch {
          parses = false;
        }
        expectVerdictOf(await post(bytes), parsed, parses);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('refuses every media type but JSON with 415', async () => {
    const mediaTypes = fc.oneof(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/json; foo=bar',
        'application/jsonx',
        'application/ld+json',
        'json',
        '',
        ';;;',
      ),
      fc.string({ maxLength: 30 }).filter((type) => !/^\s*application\/json\s*(;|$)/i.test(type)),
    );
    const body = JSON.stringify({ name: 'A', email: 'a@example.com', message: 'Twenty characters or more.' });
    await fc.assert(
      fc.asyncProperty(mediaTypes, async (contentType) => {
        const response = await post(body, contentType.replace(/[^\t\x20-\x7e]/g, ''));
        expect(response.status).toBe(415);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('survives deep nesting, huge strings and lone surrogates', async () => {
    // Too deep for the reference validator's recursion; the verdict is plain: name is not a string.
    const deep = `{"name":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const deepAnswer = await post(deep);
    expect(deepAnswer.status).toBe(422);
    expect(deepAnswer.json()).toMatchObject({ errors: expect.arrayContaining([{ field: 'name', code: 'invalid_type', message: expect.any(String), userMessage: expect.any(String) }]) });
    const deeper = '['.repeat(40_000) + ']'.repeat(40_000);
    expect((await post(deeper)).status).toBe(413);
    const huge = JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(70_000) });
    expect((await post(huge)).status).toBe(413);
    const loneSurrogate = '{"name":"\\ud800","email":"a@example.com","message":"Twenty characters or more."}';
    const answer = await post(loneSurrogate);
    expect(answer.status).toBe(422);
    expect(answer.json()).toMatchObject({ errors: [{ field: 'name', code: 'invalid_characters' }] });
    // The same surrogate as raw (CESU-style) bytes is not UTF-8: not JSON at all.
    const rawSurrogate = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    expect((await post(rawSurrogate)).status).toBe(400);
  }, 60_000);

  it('answers 64 KiB of unknown keys with at most 16 KiB, as JSON and as the form page', async () => {
    /** As many members as fit in 64 KiB, joined. */
    const upTo64KiB = (member: (i: number) => string, separator: string, overhead: number) => {
      const members: string[] = [];
      for (let i = 0, length = overhead; length + member(i).length + separator.length <= 64 * 1024; i++) {
        members.push(member(i));
        length += member(i).length + separator.length;
      }
      return members.join(separator);
    };
    const json = `{${upTo64KiB((i) => `"k${i}":0`, ',', 2)}}`;
    const form = upTo64KiB((i) => `k${i}=`, '&', 0);

    const api = await post(json);
    const page = await send(`${server.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });

    expect(api.status).toBe(422);
    expect(api.json<{ errors: unknown[] }>().errors).toHaveLength(3 + 10);
    expect(Buffer.byteLength(api.text)).toBeLessThanOrEqual(16 * 1024);
    expect(page.status).toBe(422);
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(16 * 1024);
  });

  it('lets no field add a recipient or a header, and delivered exactly the accepted inquiries', async () => {
    const injections = [
      '\r\nBcc: attacker@evil.example',
      '\nTo: attacker@evil.example',
      '%0d%0aBcc: attacker@evil.example',
      '=?utf-8?q?=0D=0ABcc:_attacker@evil.example?=',
      '\u2028Bcc: attacker@evil.example',
      '\u0085Bcc: attacker@evil.example',
    ];
    const base = { name: 'Mallory', email: 'mallory@example.com', message: 'Twenty characters or more, surely.' };
    for (const field of ['name', 'email', 'message', 'company', 'project_url'] as const) {
      for (const injection of injections) {
        const inquiry = { ...base, [field]: `${base[field as keyof typeof base] ?? 'x'}${injection}` };
        expectVerdictOf(await post(JSON.stringify(inquiry)), inquiry, true);
      }
    }
    const mail = await ownerMailWhen(server, (now) => reachedAll(now, accepted), 20_000);
    expect([...mail.alone, ...digestedIds(mail)].sort()).toEqual([...accepted].sort());
    const emails = await sentEmails(server);
    for (const email of emails) {
      expect(email.destination).toEqual({ to: [OWNER], cc: [], bcc: [] });
      // An inquiry's own mail replies to its visitor; a digest to no one.
      expect(email.replyTo.length).toBeLessThanOrEqual(1);
      for (const replyTo of email.replyTo) expect(replyTo).not.toMatch(/[\r\n,;]|evil/);
      // CR and LF are what would end a header line; SES sends any other character encoded (RFC 2047).
      expect(email.subject).not.toMatch(/[\r\n]/);
    }
    expect(emails.filter((email) => email.replyTo.length === 1)).toHaveLength(mail.alone.length);
  }, 60_000);
});
