import { describe, expect, it } from '@jest/globals';
import { corsForOrigins, requestBody, requestHeader } from '../../../lambdas/http/handler.js';
import { httpEvent } from '../../support/events.js';

describe('requestBody: the body as bytes, text or base64', () => {
  it.each([
    ['a text body', httpEvent({ body: '{"name":"Zoë"}' }), '{"name":"Zoë"}'],
    ['a base64 body', httpEvent({ body: Buffer.from('{"name":"Zoë"}').toString('base64'), isBase64Encoded: true }), '{"name":"Zoë"}'],
    ['no body', httpEvent(), ''],
  ])('reads %s', (_title, event, text) => {
    expect(Buffer.from(requestBody(event)).toString('utf8')).toBe(text);
  });

  it('keeps bytes that are not UTF-8 as they came', () => {
    const event = httpEvent({ body: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'), isBase64Encoded: true });

    expect([...requestBody(event)]).toEqual([0x7b, 0xff, 0x7d]);
  });
});

describe('requestHeader', () => {
  it('reads a header by its lower-case name, and undefined when absent', () => {
    const event = httpEvent({ headers: { 'content-type': 'application/json' } });

    expect(requestHeader(event, 'content-type')).toBe('application/json');
    expect(requestHeader(event, 'origin')).toBeUndefined();
  });
});

describe('corsForOrigins (CONTRACT §1: only configured origins)', () => {
  const cors = corsForOrigins(['https://example.com', 'https://www.example.com']);

  it.each([['https://example.com'], ['https://www.example.com']])('allows %s', (origin) => {
    expect(cors.isAllowed(origin)).toBe(true);
  });

  it.each([
    ['another site', 'https://attacker.example'],
    ['a lookalike suffix', 'https://example.com.attacker.example'],
    ['another scheme', 'http://example.com'],
    ['another port', 'https://example.com:8443'],
    ['a trailing slash', 'https://example.com/'],
    ['the null origin', 'null'],
    ['a wildcard', '*'],
    ['no origin', undefined],
  ])('refuses %s', (_title, origin) => {
    expect(cors.isAllowed(origin)).toBe(false);
  });
});
