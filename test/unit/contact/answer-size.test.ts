import { describe, expect, it } from '@jest/globals';
import { readSiteSettings } from '../../../lambdas/config.js';
import { contactReply } from '../../../lambdas/contact/contact-replies.js';
import { formReply } from '../../../lambdas/contact/form-replies.js';
import { readFormBody, readJsonBody } from '../../../lambdas/contact/read-body.js';
import type { ReadBody } from '../../../lambdas/intake/submit-inquiry.js';
import { MAX_BODY_BYTES } from '../../../lambdas/inquiry/answer-details.js';
import type { ContactOutcome } from '../../../lambdas/intake/submit-inquiry.js';
import { validateInquiry } from '../../../lambdas/intake/validation.js';
import { FORM_FIELDS } from '../../../lambdas/inquiry/form-fields.js';
import { escapeHtml } from '../../../lambdas/html/escape-html.js';

/*
 * docs/api.md §2: no JSON answer to a POST is over 16 KiB, and the form page at most 16 KiB plus
 * the visitor's own fields it fills in again, whatever the body (at most 64 KiB) holds.
 */

const ANSWER_BUDGET = 16 * 1024;
const site = readSiteSettings({ BASE_URL: 'https://example.com', SITE_NAME: '“'.repeat(120) });
const rateLimit = { scope: 'ip', remaining: 4, resetSeconds: 3599 } as const;
const size = (text: string | undefined) => Buffer.byteLength(text ?? '');

/** How a body is sent, and what one more member adds to it (with its separator). */
interface Encoding {
  encode(fields: Record<string, unknown>): string;
  memberSize(key: string, value: unknown): number;
}
const asJson: Encoding = {
  encode: (fields) => JSON.stringify(fields),
  memberSize: (key, value) => size(JSON.stringify(key)) + size(JSON.stringify(value)) + 2,
};
const asForm: Encoding = {
  encode: (fields) => new URLSearchParams(fields as Record<string, string>).toString(),
  memberSize: (key, value) => size(new URLSearchParams({ [key]: String(value) }).toString()) + 1,
};

/** Members added while the body, as `encoding` writes it, stays within 64 KiB. */
function fill(encoding: Encoding, member: (i: number) => [string, unknown], start: Record<string, unknown> = {}) {
  const body = { ...start };
  let total = size(encoding.encode(body));
  for (let i = 0; ; i++) {
    const [key, value] = member(i);
    total += encoding.memberSize(key, value);
    if (total > MAX_BODY_BYTES) return body;
    body[key] = value;
  }
}

/** The bodies that make the largest answers: most unknown names, longest names, costliest characters. */
const hostileBodies = (encode: Encoding): ReadonlyArray<readonly [string, Record<string, unknown>]> => [
  ['64 KiB of short unknown keys', fill(encode, (i) => [`k${i}`, ''])],
  ['unknown keys of 1000 control characters', fill(encode, (i) => [`${i}`.padEnd(1000, '\u0001'), ''])],
  ['unknown keys of lone surrogates', fill(encode, (i) => [`${i}`.padEnd(1000, '\uD800'), ''])],
  ['unknown keys of quotes and ampersands', fill(encode, (i) => [`${i}`.padEnd(1000, '"&'), ''])],
  ['unknown keys of emoji', fill(encode, (i) => [`${i}`.padEnd(1000, '😀'), ''])],
  [
    'every known field wrong and unknown keys',
    fill(encode, (i) => [`${i}`.padEnd(200, '<'), ''], {
      name: '',
      email: 'x',
      message: '',
      company: '\n',
      project_url: 'ftp://',
      _gotcha: 'x',
    }),
  ],
];

function invalidOutcome(fields: Record<string, unknown>): ContactOutcome {
  const verdict = validateInquiry(fields);
  if (verdict.valid) throw new Error('a hostile body passed the schema');
  return { kind: 'invalid', errors: verdict.errors, rateLimit };
}

describe('answers to a 64 KiB hostile body', () => {
  it.each(hostileBodies(asJson))('%s: a JSON answer of at most 16 KiB', (_title, fields) => {
    const sent = asJson.encode(fields);
    expect(size(sent)).toBeGreaterThan(48 * 1024);
    const read = readJsonBody({ contentType: 'application/json' }, new TextEncoder().encode(sent));
    expect(read.kind).toBe('fields');

    const answer = contactReply(invalidOutcome((read as Extract<ReadBody, { kind: 'fields' }>).fields), 'request-id', site.limits);

    expect(answer.statusCode).toBe(422);
    expect(size(answer.body)).toBeLessThanOrEqual(ANSWER_BUDGET);
  });

  it.each(hostileBodies(asForm))('%s: a form page of at most 16 KiB', async (_title, fields) => {
    const sent = asForm.encode(fields);
    expect(size(sent)).toBeGreaterThan(48 * 1024);
    const body = readFormBody({ contentType: 'application/x-www-form-urlencoded' }, new TextEncoder().encode(sent));
    expect(body.kind).toBe('fields');

    const page = await formReply(invalidOutcome((body as Extract<ReadBody, { kind: 'fields' }>).fields), body, 'form-token', 'request-id', site);

    expect(page.statusCode).toBe(422);
    expect(size(page.body)).toBeLessThanOrEqual(ANSWER_BUDGET);
  });

  it('fills in every visible field, however long, beyond the 16 KiB of the page', async () => {
    const typed = {
      name: '<Ada> & “Co” '.repeat(300),
      email: 'a'.repeat(3000),
      message: '😀"'.repeat(1500),
      company: '&'.repeat(3000),
      project_url: 'x',
    };
    const fields = fill(asForm, (i) => [`k${i}`, ''], typed);
    expect(Object.keys(fields).length).toBeGreaterThan(100);
    const body: ReadBody = { kind: 'fields', fields };

    const page = (await formReply(invalidOutcome(fields), body, 'form-token', 'request-id', site)).body ?? '';

    const refilled = FORM_FIELDS.map((field) => escapeHtml(typed[field.name as keyof typeof typed]));
    for (const value of refilled) expect(page).toContain(value);
    expect(size(page)).toBeLessThanOrEqual(ANSWER_BUDGET + refilled.reduce((total, value) => total + size(value), 0));
  });
});
