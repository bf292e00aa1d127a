import { describe, expect, it } from '@jest/globals';
import { utf8PageText } from '../../../lambdas/html/page-text.js';

describe('utf8PageText', () => {
  const encoded = (text: string) => new TextEncoder().encode(text);

  it('reads UTF-8, dropping a byte order mark at the start as a browser does', () => {
    expect(utf8PageText(encoded('<p>Grüße</p>'))).toBe('<p>Grüße</p>');
    expect(utf8PageText(Uint8Array.of(0xef, 0xbb, 0xbf, ...encoded('<p>é</p>')))).toBe('<p>é</p>');
    expect(utf8PageText(new Uint8Array())).toBe('');
  });

  it('refuses a page in another encoding, or cut inside a character, rather than garble it', () => {
    expect(utf8PageText(Uint8Array.of(0x3c, 0x70, 0x3e, 0xe9, 0x3c))).toBeUndefined(); // <p>é< in Latin-1
    expect(utf8PageText(encoded('é').subarray(0, 1))).toBeUndefined();
  });
});
