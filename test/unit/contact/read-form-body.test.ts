import { describe, expect, it } from '@jest/globals';
import { readFormBody } from '../../../lambdas/contact/read-form-body.js';
import { MAX_BODY_BYTES } from '../../../lambdas/contact/submit-inquiry.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('readFormBody (CONTRACT §9: the form posted without JavaScript)', () => {
  it('reads each field once as text, decoded as browsers encode it', () => {
    const body = bytes('name=Zo%C3%AB+Example&email=zoe%40example.com&message=Line+one%0D%0ALine+two');

    expect(readFormBody(FORM_TYPE, body)).toEqual({
      kind: 'fields',
      fields: { name: 'Zoë Example', email: 'zoe@example.com', message: 'Line one\r\nLine two' },
    });
  });

  it('keeps every value of a field sent more than once, in order, as a list', () => {
    expect(readFormBody(FORM_TYPE, bytes('name=Ada&email=a%40b.co&name=Eve&name='))).toEqual({
      kind: 'fields',
      fields: { name: ['Ada', 'Eve', ''], email: 'a@b.co' },
    });
  });

  it('keeps a whole body of one repeated field, up to the size limit', () => {
    const repeats = Math.floor(MAX_BODY_BYTES / 'a=&'.length);
    const body = bytes(Array.from({ length: repeats }, () => 'a=').join('&'));

    const read = readFormBody(FORM_TYPE, body);

    expect(read.kind === 'fields' && read.fields.a).toEqual(Array.from({ length: repeats }, () => ''));
  });

  it('keeps a field named __proto__ as a field of its own', () => {
    const read = readFormBody(FORM_TYPE, bytes('__proto__=x&name=Ada'));

    expect(read.kind).toBe('fields');
    const fields = read.kind === 'fields' ? read.fields : {};
    expect(Object.keys(fields)).toEqual(['__proto__', 'name']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('turns bytes that are not UTF-8 into U+FFFD instead of refusing the form', () => {
    expect(readFormBody(FORM_TYPE, new Uint8Array([...bytes('name=A'), 0xff, 0xfe]))).toEqual({
      kind: 'fields',
      fields: { name: 'A\uFFFD\uFFFD' },
    });
  });

  it('accepts a body of exactly the size limit, and refuses one byte more as too large', () => {
    const atLimit = bytes(`name=${'a'.repeat(MAX_BODY_BYTES - 'name='.length)}`);
    const overLimit = bytes(`name=${'a'.repeat(MAX_BODY_BYTES + 1 - 'name='.length)}`);

    expect(readFormBody(FORM_TYPE, atLimit).kind).toBe('fields');
    expect(readFormBody(FORM_TYPE, overLimit)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
  });

  it.each([
    ['JSON', 'application/json'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['another charset', `${FORM_TYPE}; charset=iso-8859-1`],
    ['no Content-Type', undefined],
  ])('refuses %s as an unsupported media type', (_title, contentType) => {
    expect(readFormBody(contentType, bytes('name=Ada'))).toEqual({ kind: 'rejected', reason: 'unsupported_media_type' });
  });

  it('accepts the form media type with charset=utf-8, in any case', () => {
    expect(readFormBody(`Application/X-WWW-Form-Urlencoded; Charset=UTF-8`, bytes('name=Ada')).kind).toBe('fields');
  });

  it('checks the size before the media type, as the contract orders them', () => {
    expect(readFormBody('text/plain', new Uint8Array(MAX_BODY_BYTES + 1))).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
  });
});
