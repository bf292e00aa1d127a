import { describe, expect, it } from '@jest/globals';
import { FIELD_MESSAGES } from '../../../lambdas/inquiry/form-messages.js';
import { CONTACT_FIELDS } from '../../../lambdas/inquiry/schema.js';
import { validateInquiry } from '../../../lambdas/intake/validation.js';
import {
  COMPANY_CASES,
  EMAIL_CASES,
  HONEYPOT_CASES,
  MESSAGE_CASES,
  NAME_CASES,
  PROJECT_URL_CASES,
  SEVERAL_VIOLATIONS_CASES,
  UNKNOWN_FIELD_CASES,
  VALID_INQUIRY,
  type InquiryCase,
} from '../inquiry/inquiry-cases.js';

function verdictOf(body: Readonly<Record<string, unknown>>) {
  const verdict = validateInquiry(body);
  return verdict.valid ? [] : verdict.errors.map((error) => [error.field, error.code]);
}

describe('validateInquiry: every rule of docs/api.md §2 at its boundaries', () => {
  const groups: ReadonlyArray<readonly [string, readonly InquiryCase[]]> = [
    ['name', NAME_CASES],
    ['email', EMAIL_CASES],
    ['message', MESSAGE_CASES],
    ['company', COMPANY_CASES],
    ['project_url', PROJECT_URL_CASES],
    ['_gotcha (honeypot)', HONEYPOT_CASES],
    ['unknown and mistyped fields', UNKNOWN_FIELD_CASES],
    ['several violations at once', SEVERAL_VIOLATIONS_CASES],
  ];

  describe.each(groups)('%s', (_group, cases) => {
    it.each(cases.map((testCase) => [testCase.title, testCase] as const))('%s', (_title, { body, errors }) => {
      expect(verdictOf(body)).toEqual(errors.map(([field, code]) => [field, code]));
    });
  });
});

describe('validateInquiry: the answer it gives', () => {
  it('returns a valid body as the inquiry, untrimmed and unchanged', () => {
    const body = { ...VALID_INQUIRY, name: '  Ada  ', message: `  ${VALID_INQUIRY.message}\r\n`, company: '' };

    const verdict = validateInquiry(body);

    expect(verdict).toEqual({ valid: true, inquiry: body });
  });

  it('gives every error one sentence that names its field', () => {
    const verdict = validateInquiry({
      name: '',
      email: 'me@gmail',
      message: 'x'.repeat(5001),
      company: 'a\nb',
      project_url: 'ftp://x',
      _gotcha: 'x',
      extra: 1,
    });

    expect(verdict.valid).toBe(false);
    const errors = verdict.valid ? [] : verdict.errors;
    expect(errors.map((error) => error.code)).toEqual([
      'too_short',
      'invalid_email',
      'too_long',
      'invalid_characters',
      'invalid_url',
      'honeypot',
      'unknown_field',
    ]);
    for (const error of errors) {
      expect(error.message).toMatch(/^\S.*\.$/);
      expect(error.message.startsWith(`${error.field} `)).toBe(true);
      expect(Object.keys(error).sort()).toEqual(['code', 'field', 'message', 'userMessage']);
    }
  });

  it('gives every error the sentence the service’s page shows beside its field, in words for a person', () => {
    const verdict = validateInquiry({ name: '', email: 'ada@example', message: 'short', company: 7, _gotcha: 'x', phone: '1' });
    const errors = verdict.valid ? [] : verdict.errors;
    expect(errors.map(({ field, userMessage }) => [field, userMessage])).toEqual([
      // Empty, a required field asks for itself, whichever rule the empty value broke first.
      ['name', FIELD_MESSAGES.name?.empty],
      ['email', FIELD_MESSAGES.email?.invalid_email],
      ['message', FIELD_MESSAGES.message?.too_short],
      // Where the page has no sentence of its own, the API's.
      ['company', 'company must be a string.'],
      ['_gotcha', FIELD_MESSAGES._gotcha?.honeypot],
      ['phone', 'phone is not a field of this form.'],
    ]);
  });

  it('states the limit a length error is about', () => {
    const verdict = validateInquiry({ name: 'x'.repeat(121), email: 'ada@example.com', message: 'short' });

    expect(verdict.valid ? [] : verdict.errors.map((error) => error.message)).toEqual([
      'name must be at most 120 characters long.',
      'message must be at least 20 characters long.',
    ]);
  });

  it('counts one character in the singular, and says what blank means', () => {
    const verdict = validateInquiry({ name: '', email: 'ada@example.com', message: '\u3164'.repeat(20) });

    expect(verdict.valid ? [] : verdict.errors.map((error) => error.message)).toEqual([
      'name must be at least 1 character long.',
      'message must contain at least one character that shows: not only spaces or invisible characters.',
    ]);
  });

  it('never quotes the submitted value in a message', () => {
    const secret = 'Robert"); DROP TABLE';
    const verdict = validateInquiry({ name: `${secret}\n`, email: secret, message: `${secret}\u0000`, [secret]: 1 });

    const messages = verdict.valid ? [] : verdict.errors.filter((error) => error.field !== secret).map((e) => e.message);
    expect(messages).toHaveLength(3);
    for (const message of messages) expect(message).not.toContain(secret);
  });

  it('lists each field once, in the table order of docs/api.md §2, unknown fields last in body order', () => {
    const body = Object.fromEntries([
      ['omega', 1],
      ...[...CONTACT_FIELDS].reverse().map((field) => [field, 0]),
      ['alpha', 2],
    ]);

    const verdict = validateInquiry(body);

    const fields = verdict.valid ? [] : verdict.errors.map((error) => error.field);
    expect(fields).toEqual(['name', 'email', 'message', 'company', 'project_url', '_gotcha', 'omega', 'alpha']);
  });
});

describe('createInquiryValidator: answers bounded whatever was sent (docs/api.md §2)', () => {
  const unknownOf = (body: Record<string, unknown>) => {
    const verdict = validateInquiry({ ...VALID_INQUIRY, ...body });
    return verdict.valid ? [] : verdict.errors.filter((error) => error.code === 'unknown_field');
  };

  it('lists the first 10 unknown fields, in body order', () => {
    const extras = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`extra${String.fromCharCode(108 - i)}`, i]));

    expect(unknownOf(extras).map((error) => error.field)).toEqual(Object.keys(extras).slice(0, 10));
    expect(unknownOf(Object.fromEntries(Object.entries(extras).slice(0, 10)))).toHaveLength(10);
  });

  it('cuts an unknown field name to 64 characters, never inside an emoji, and marks the cut', () => {
    const [long, emoji, exact] = unknownOf({ ['x'.repeat(5000)]: 1, ['😀'.repeat(65)]: 2, ['y'.repeat(64)]: 3 });

    const cut = `${'x'.repeat(64)}…`;
    expect(long).toEqual({ field: cut, code: 'unknown_field', message: `${cut} is not a field of this form.`, userMessage: `${cut} is not a field of this form.` });
    expect(emoji?.field).toBe(`${'😀'.repeat(64)}…`);
    expect(exact?.field).toBe('y'.repeat(64));
  });

  it('lists two long names cut to the same prefix once, as every field is listed once', () => {
    const prefix = 'z'.repeat(64);

    expect(unknownOf({ [`${prefix}-first`]: 1, [`${prefix}-second`]: 2, other: 3 }).map((error) => error.field)).toEqual([
      `${prefix}…`,
      'other',
    ]);
  });
});
