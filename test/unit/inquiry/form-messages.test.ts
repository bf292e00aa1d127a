import { describe, expect, it } from '@jest/globals';
import type { FieldError } from '../../../lambdas/inquiry/field-errors.js';
import { CHANGED_FORM_NOTICE, FIELD_MESSAGES, invalidNotice, NOTICES, pageErrors } from '../../../lambdas/inquiry/form-messages.js';
import { HONEYPOT_FIELD } from '../../../lambdas/inquiry/schema.js';

/* The notice above a refused form (docs/api.md §9), which a post made without JavaScript gets in the page. */

const unknown = (field: string): FieldError => ({ field, code: 'unknown_field', message: `${field} is not a field of this form.`, userMessage: `${field} is not a field of this form.` });
const TRAP: FieldError = { field: HONEYPOT_FIELD, code: 'honeypot', message: `${HONEYPOT_FIELD} must be left empty.`, userMessage: FIELD_MESSAGES[HONEYPOT_FIELD]!.honeypot! };
const SHORT: FieldError = { field: 'message', code: 'too_short', message: 'message is too short.', userMessage: FIELD_MESSAGES.message!.too_short! };

describe('the notice above a refused form', () => {
  it('asks once to send again for the fields an older form sent (Netlify’s form-name and bot-field), where each field’s message would read as a broken site', () => {
    expect(invalidNotice([unknown('form-name'), unknown('bot-field')])).toBe(CHANGED_FORM_NOTICE);
    expect(invalidNotice([unknown('form-name'), SHORT])).toBe(CHANGED_FORM_NOTICE);
  });

  it('says a filled spam trap in its own words, beside the changed form’s sentence', () => {
    expect(invalidNotice([TRAP])).toBe(TRAP.userMessage);
    expect(invalidNotice([TRAP, unknown('form-name')])).toBe(`${TRAP.userMessage} ${CHANGED_FORM_NOTICE}`);
  });

  it('asks to correct the marked fields when every error has its field in the form', () => {
    expect(invalidNotice([SHORT])).toBe(NOTICES.invalid);
  });
});

describe('the errors the owner’s form page says beside its fields', () => {
  it('says the fields an older form sent as one sentence, first, and every other error in its own words', () => {
    expect(pageErrors([unknown('form-name'), SHORT, unknown('bot-field')])).toEqual([
      { field: 'form-name', message: CHANGED_FORM_NOTICE },
      { field: 'message', message: SHORT.userMessage },
    ]);
    expect(pageErrors([SHORT, TRAP])).toEqual([
      { field: 'message', message: SHORT.userMessage },
      { field: HONEYPOT_FIELD, message: TRAP.userMessage },
    ]);
  });
});
