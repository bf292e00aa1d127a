import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { extraFieldsValue, parseExtraFields, readSiteSettings } from '../../../lambdas/config.js';
import { composeInquiryEmail } from '../../../lambdas/delivery/inquiry-email.js';
import { inquiryText, toInquiryRecord } from '../../../lambdas/inbox/inquiry-record.js';
import { terminalText, visitorFields } from '../../../lambdas/inbox/visitor-text.js';
import { EXTRA_FIELD_MAX_LENGTH, EXTRA_LABEL_MAX_LENGTH, MAX_EXTRA_FIELDS, TAKEN_FIELD_NAMES, type ExtraField } from '../../../lambdas/inquiry/extra-fields.js';
import { POSTED_FROM_FIELD } from '../../../lambdas/inquiry/form-fields.js';
import { FORM_TOKEN_FIELD } from '../../../lambdas/inquiry/form-token.js';
import { EXTRA_FIELD_MESSAGES } from '../../../lambdas/inquiry/form-messages.js';
import { CONTACT_FIELDS, contactRequestSchema, optionalFieldsInWords } from '../../../lambdas/inquiry/schema.js';
import { inquiryValidator } from '../../../lambdas/intake/validation.js';
import { independentValidator } from '../../support/independent-validator.js';
import { configErrorOf } from '../../support/config-error.js';
import { VALID_INQUIRY } from './inquiry-cases.js';
import { ENGLISH } from '../../../lambdas/mail-words/en.js';

/* The owner's own fields (extraFields, docs/api.md §2): a budget, a phone number, beside the inquiry's. */

const FIELDS: readonly ExtraField[] = [
  { name: 'budget', label: 'Budget' },
  { name: 'telefone', label: 'Telefone (WhatsApp)' },
];
const validate = inquiryValidator(FIELDS);

describe('the extraFields setting', () => {
  it('reads each field’s name and label, in the order written', () => {
    expect(parseExtraFields('extraFields', '{"budget": "Budget", "telefone": "Telefone (WhatsApp)"}')).toEqual(FIELDS);
    expect(parseExtraFields('extraFields', '{}')).toEqual([]);
    expect(parseExtraFields('extraFields', extraFieldsValue(FIELDS))).toEqual(FIELDS);
  });

  it.each([
    ['not JSON', '{budget: Budget}', "extraFields must be an object of your form's own fields' names and their labels, such as"],
    ['a list', '["budget"]', "extraFields must be an object of your form's own fields' names"],
    ['a name no form posts', '{"my budget": "Budget"}', 'extraFields: "my budget" is no field name a form can post'],
    ['a name starting with _', '{"_next": "Next"}', 'extraFields: "_next" is no field name a form can post'],
    ['__proto__', '{"__proto__": "Proto"}', 'extraFields: "__proto__" is no field name a form can post'],
    ['a name of the inquiry’s', '{"company": "Firma"}', "extraFields: company is a field of the inquiry's own or of the service's"],
    ['the form token’s name', '{"form_token": "Token"}', "extraFields: form_token is a field of the inquiry's own or of the service's"],
    ['the posted-from field’s name', '{"form_page": "Page"}', "extraFields: form_page is a field of the inquiry's own or of the service's"],
    ['an empty label', '{"budget": " "}', 'extraFields: the label of budget must be one line of 1 to 60 printable characters'],
    ['a label that is no string', '{"budget": 5}', 'extraFields: the label of budget must be one line'],
    ['a label on two lines', '{"budget": "Budget\\nin euros"}', 'extraFields: the label of budget must be one line'],
    ['a label with a text-direction control', '{"budget": "Budget\\u202e"}', 'extraFields: the label of budget must be one line'],
    ['a label one character too long', JSON.stringify({ budget: 'b'.repeat(EXTRA_LABEL_MAX_LENGTH + 1) }), 'extraFields: the label of budget must be one line'],
  ])('refuses %s, naming the setting', (_case, value, message) => {
    expect(configErrorOf(() => parseExtraFields('extraFields', value)).message).toContain(message);
  });

  it('refuses every name the inquiry or the service’s forms post, as schema.ts and the forms name them', () => {
    expect([...TAKEN_FIELD_NAMES].sort()).toEqual([...CONTACT_FIELDS, FORM_TOKEN_FIELD, POSTED_FROM_FIELD].sort());
  });

  it('takes a label of 60 characters, and names of 40; not 41', () => {
    expect(parseExtraFields('x', JSON.stringify({ budget: 'b'.repeat(EXTRA_LABEL_MAX_LENGTH) }))[0]?.label).toHaveLength(EXTRA_LABEL_MAX_LENGTH);
    expect(parseExtraFields('x', JSON.stringify({ [`a${'b'.repeat(39)}`]: 'B' }))).toHaveLength(1);
    expect(() => parseExtraFields('x', JSON.stringify({ [`a${'b'.repeat(40)}`]: 'B' }))).toThrow('no field name a form can post');
  });

  it(`takes ${MAX_EXTRA_FIELDS} fields, not one more`, () => {
    const fields = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [`field${index}`, `Field ${index}`])));
    expect(parseExtraFields('extraFields', fields(MAX_EXTRA_FIELDS))).toHaveLength(MAX_EXTRA_FIELDS);
    expect(configErrorOf(() => parseExtraFields('extraFields', fields(MAX_EXTRA_FIELDS + 1))).message).toBe(`extraFields names 6 fields: at most ${MAX_EXTRA_FIELDS}`);
  });

  it('reaches every function’s site settings as EXTRA_FIELDS, none when unset or empty', () => {
    const env = { BASE_URL: 'https://example.com' };
    expect(readSiteSettings({ ...env, EXTRA_FIELDS: extraFieldsValue(FIELDS) }).extraFields).toEqual(FIELDS);
    expect(readSiteSettings({ ...env, EXTRA_FIELDS: '' }).extraFields).toEqual([]);
    expect(readSiteSettings(env).extraFields).toEqual([]);
  });
});

describe('the published schema with the owner’s fields', () => {
  const schema = contactRequestSchema('https://example.com', FIELDS);

  it('lists each after the inquiry’s own, the trap last, described by its label', () => {
    expect(Object.keys(schema.properties)).toEqual(['name', 'email', 'message', 'company', 'project_url', 'budget', 'telefone', '_gotcha']);
    expect((schema.properties as Record<string, unknown>).budget).toEqual({
      description: `Budget, optional: at most ${EXTRA_FIELD_MAX_LENGTH} characters, on one line; "" means not given.`,
      type: 'string',
      maxLength: EXTRA_FIELD_MAX_LENGTH,
      pattern: expect.any(String),
    });
    expect(schema.required).toEqual(['name', 'email', 'message']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('is what an independent 2020-12 validator and the server agree on, at the rule’s every edge', async () => {
    const independent = await independentValidator(schema);
    const value = fc.oneof(
      fc.constantFrom('', 'até R$ 5 mil', 'x'.repeat(EXTRA_FIELD_MAX_LENGTH), 'x'.repeat(EXTRA_FIELD_MAX_LENGTH + 1), 'a\nb', 'a=?b', '\u202e', '😀'.repeat(EXTRA_FIELD_MAX_LENGTH), 5, null),
      fc.string({ maxLength: EXTRA_FIELD_MAX_LENGTH + 2 }),
    );
    fc.assert(
      fc.property(value, value, (budget, telefone) => {
        const body = { ...VALID_INQUIRY, budget, telefone };
        expect(validate(body).valid).toBe(independent(body));
      }),
      { numRuns: 300 },
    );
  });
});

describe('validating an inquiry with the owner’s fields', () => {
  it('takes them, each only when given, in the order of the setting, with its label', () => {
    const verdict = validate({ ...VALID_INQUIRY, telefone: '+55 11 91234-5678', budget: 'R$ 5–20 mil' });
    expect(verdict).toEqual({
      valid: true,
      inquiry: expect.objectContaining({
        extra: [
          { name: 'budget', label: 'Budget', value: 'R$ 5–20 mil' },
          { name: 'telefone', label: 'Telefone (WhatsApp)', value: '+55 11 91234-5678' },
        ],
      }),
    });
    expect(verdict.valid && 'budget' in verdict.inquiry).toBe(false);
    const withEmpty = validate({ ...VALID_INQUIRY, budget: '' });
    expect(withEmpty.valid && withEmpty.inquiry.extra).toBeUndefined();
  });

  it('refuses a value past the rule, after the inquiry’s own fields’ errors, with a sentence for the field', () => {
    const verdict = validate({ ...VALID_INQUIRY, name: '', budget: 'b'.repeat(EXTRA_FIELD_MAX_LENGTH + 1), telefone: 'a\nb' });
    expect(verdict.valid ? [] : verdict.errors).toEqual([
      expect.objectContaining({ field: 'name', code: 'too_short' }),
      { field: 'budget', code: 'too_long', message: `budget must be at most ${EXTRA_FIELD_MAX_LENGTH} characters long.`, userMessage: EXTRA_FIELD_MESSAGES.too_long },
      expect.objectContaining({ field: 'telefone', code: 'invalid_characters', userMessage: EXTRA_FIELD_MESSAGES.invalid_characters }),
    ]);
    // Sent twice, as a <select multiple> posts it: one answer is asked for.
    const typed = validate({ ...VALID_INQUIRY, budget: ['R$ 5 mil', 'R$ 20 mil'], _gotcha: 'x' });
    expect(typed.valid ? [] : typed.errors).toEqual([
      expect.objectContaining({ field: 'budget', code: 'invalid_type', userMessage: 'Give one answer here.' }),
      expect.objectContaining({ field: '_gotcha', code: 'honeypot' }),
    ]);
  });

  it('still refuses a field the owner did not name, and the same field on a deployment without it', () => {
    const verdict = validate({ ...VALID_INQUIRY, phone: '123' });
    expect(verdict.valid ? [] : verdict.errors).toEqual([expect.objectContaining({ field: 'phone', code: 'unknown_field' })]);
    const without = inquiryValidator([])({ ...VALID_INQUIRY, budget: 'R$ 5 mil' });
    expect(without.valid ? [] : without.errors).toEqual([expect.objectContaining({ field: 'budget', code: 'unknown_field' })]);
  });

  it('reads a body’s own __proto__ field as an unknown field, whatever the owner named', () => {
    const verdict = validate(JSON.parse(`{"name":"Ada","email":"ada@example.com","message":"${VALID_INQUIRY.message}","__proto__":"x"}`) as Record<string, unknown>);
    expect(verdict.valid ? [] : verdict.errors).toEqual([expect.objectContaining({ field: '__proto__', code: 'unknown_field' })]);
  });

  it('names them among the optional fields, in words', () => {
    expect(optionalFieldsInWords([])).toBe('company and project_url');
    expect(optionalFieldsInWords(FIELDS)).toBe('company, project_url, budget and telefone');
    expect(optionalFieldsInWords(FIELDS, (name) => `\`${name}\``)).toBe('`company`, `project_url`, `budget` and `telefone`');
  });
});

describe('the owner’s fields, stored and read', () => {
  const inquiry = { ...VALID_INQUIRY, extra: [{ name: 'budget', label: 'Budget', value: 'R$ 5–20 mil' }] };

  it('are stored with their labels, and read back as stored', () => {
    const text = inquiryText(inquiry);
    expect(text.extra).toEqual(inquiry.extra);
    expect(toInquiryRecord({ id: 'i', requestId: 'r', receivedAt: 'now', state: 'sent', text }).text?.extra).toEqual(inquiry.extra);
  });

  it('read from an item only as labels and values: anything else stored there is left out', () => {
    const text = { ...inquiryText(VALID_INQUIRY), extra: [{ name: 'budget', label: 'Budget', value: 'R$ 5 mil' }, { name: 'x', label: 5, value: 'y' }, 'z', null] };
    expect(toInquiryRecord({ id: 'i', requestId: 'r', receivedAt: 'now', state: 'sent', text }).text?.extra).toEqual([{ name: 'budget', label: 'Budget', value: 'R$ 5 mil' }]);
  });

  it('reach the owner’s mail after the inquiry’s own fields, each labelled and quoted as the visitor’s', () => {
    const { text } = composeInquiryEmail(inquiryText(inquiry), { id: 'id-1', receivedAt: new Date('2026-11-30T12:00:00Z') }, { timeZone: 'UTC', words: ENGLISH });
    expect(text).toContain('E-mail:\n> ada@example.com\nBudget:\n> R$ 5–20 mil\n\nMessage:');
  });

  it('reach the terminal with their labels’ controls made visible', () => {
    const lines = visitorFields({ ...inquiryText(VALID_INQUIRY), extra: [{ name: 'budget', label: 'Budget\u001b[31m', value: 'R$ 5 mil' }] }, { width: 80, visible: terminalText }, ENGLISH);
    expect(lines).toContain('Budget\\u001B[31m:');
    expect(lines).toContain('> R$ 5 mil');
  });
});
