import { describe, expect, it } from '@jest/globals';
import { keyedInquiryId, REPEATED_FORM_SECONDS, repeatedFormId } from '../../../lambdas/contact/inquiry-id.js';

const body = (text: string) => new TextEncoder().encode(text);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('keyedInquiryId (docs/api.md §11)', () => {
  it('is one id for one key and body, whenever it is asked', () => {
    expect(keyedInquiryId('key-1', body('{"a":1}'))).toBe(keyedInquiryId('key-1', body('{"a":1}')));
  });

  it('is another id for another key, or another body', () => {
    const ids = new Set([
      keyedInquiryId('key-1', body('{"a":1}')),
      keyedInquiryId('key-2', body('{"a":1}')),
      keyedInquiryId('key-1', body('{"a":2}')),
      keyedInquiryId('key-1', body('{"a": 1}')),
      // The key's end is marked: a key and a body that run together differently are not the same.
      keyedInquiryId('key-1{', body('"a":1}')),
    ]);

    expect(ids.size).toBe(5);
  });

  it('has the shape of every id the service answers with: a version 8 UUID', () => {
    for (const key of ['k', 'x'.repeat(255), '"quoted"']) expect(keyedInquiryId(key, body('{}'))).toMatch(UUID);
  });
});

describe('repeatedFormId (docs/api.md §11)', () => {
  const at = (seconds: number) => new Date(seconds * 1000);
  const start = 1_764_000_000 - (1_764_000_000 % REPEATED_FORM_SECONDS);
  const SECRET = 'a-counter-key-of-at-least-32-characters';

  it('is one id for the same body in the same ten-minute slot: a second press of the button', () => {
    expect(repeatedFormId(SECRET, body('name=Ada'), at(start))).toBe(repeatedFormId(SECRET, body('name=Ada'), at(start + REPEATED_FORM_SECONDS - 1)));
    expect(repeatedFormId(SECRET, body('name=Ada'), at(start))).toMatch(UUID);
  });

  it('is another id for another body, the next slot, another deployment’s key, or any key and body of a JSON post', () => {
    const slot = Math.floor(start / REPEATED_FORM_SECONDS);
    const ids = new Set([
      repeatedFormId(SECRET, body('name=Ada'), at(start)),
      repeatedFormId(SECRET, body('name=Eve'), at(start)),
      repeatedFormId(SECRET, body('name=Ada'), at(start + REPEATED_FORM_SECONDS)),
      repeatedFormId(`${SECRET}!`, body('name=Ada'), at(start)),
      // What a keyed id of the same parts would be: only the counter key makes a form post's id.
      keyedInquiryId('form', body(`${slot}\0name=Ada`)),
    ]);
    expect(ids.size).toBe(5);
  });
});
