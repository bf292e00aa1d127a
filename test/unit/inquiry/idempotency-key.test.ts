import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { IDEMPOTENCY_KEY_PATTERN, readIdempotencyKey } from '../../../lambdas/inquiry/idempotency-key.js';
import { END } from '../../../lambdas/inquiry/patterns.js';

describe('readIdempotencyKey (docs/api.md §11)', () => {
  it('reads no header as absent', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ kind: 'absent' });
  });

  it.each([
    ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['8e03978e-40d5-43e8-bc93-6894a57f9324', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['"with \\"quotes\\" and \\\\"', 'with "quotes" and \\'],
    ['"a b"', 'a b'],
    ['x', 'x'],
    [`"${'k'.repeat(255)}"`, 'k'.repeat(255)],
  ])('takes %s as the key %s', (header, key) => {
    expect(readIdempotencyKey(header)).toEqual({ kind: 'key', key });
  });

  it.each([
    ['empty', ''],
    ['an empty quoted string', '""'],
    ['256 characters', 'k'.repeat(256)],
    ['a quoted 256', `"${'k'.repeat(256)}"`],
    ['non-ASCII', 'clé'],
    ['a control character', 'a\u0001b'],
    ['an unterminated quote', '"abc'],
    ['a bare quote inside quotes', '"a"b"'],
    ['an unknown escape', '"a\\nb"'],
  ])('refuses %s', (_title, header) => {
    expect(readIdempotencyKey(header)).toEqual({ kind: 'invalid' });
  });

  it('takes every value the published pattern allows, so a documented key always works', () => {
    const published = new RegExp(IDEMPOTENCY_KEY_PATTERN);
    // fast-check generates from no lookahead; to ECMAScript, the portable END is `$`.
    const generated = new RegExp(`${IDEMPOTENCY_KEY_PATTERN.slice(0, -END.length)}$`);
    fc.assert(
      fc.property(fc.stringMatching(generated), (header) => {
        expect(published.test(header)).toBe(true);
        expect(readIdempotencyKey(header).kind).toBe('key');
      }),
    );
  });
});
