import { describe, expect, it } from '@jest/globals';
import { isJsonMediaType, readFormBody, readJsonBody } from '../../../lambdas/contact/read-body.js';
import { MAX_BODY_BYTES } from '../../../lambdas/inquiry/answer-details.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A JSON object of exactly `size` bytes. */
function objectOfBytes(size: number): Uint8Array {
  const frame = '{"message":""}';
  return utf8(`{"message":"${'a'.repeat(size - frame.length)}"}`);
}

describe('isJsonMediaType (docs/api.md §2: application/json, optionally charset=utf-8, any case)', () => {
  it.each([
    ['application/json'],
    ['Application/JSON; Charset="UTF-8"'],
    ['application/json;charset=utf-8'],
    ['application/json; charset=utf-8'],
    ['APPLICATION/JSON; CHARSET=UTF-8'],
    ['application/json; charset="utf-8"'],
  ])('accepts %j', (contentType) => {
    expect(isJsonMediaType(contentType)).toBe(true);
  });

  it.each([
    ['another charset', 'application/json; charset=iso-8859-1'],
    ['charset utf-16', 'application/json; charset=utf-16'],
    ['charset utf8 (no hyphen)', 'application/json; charset=utf8'],
    ['an empty quoted charset', 'application/json; charset=""'],
    ['another parameter', 'application/json; profile=x'],
    ['charset and another parameter', 'application/json; charset=utf-8; version=1'],
    ['text/plain', 'text/plain'],
    ['text/json', 'text/json'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['a JSON suffix type', 'application/problem+json'],
    ['JSON Lines', 'application/jsonl'],
    ['a wildcard', 'application/*'],
    ['the empty string', ''],
    ['garbage', ';;;=='],
    ['no subtype', 'application'],
    ['two types', 'application/json, text/plain'],
  ])('refuses %s', (_title, contentType) => {
    expect(isJsonMediaType(contentType)).toBe(false);
  });

  // Node's MIMEType parses as the WHATWG MIME Sniffing standard does: it drops a parameter without
  // a value and keeps only the first of two same-named ones. The contract admits application/json
  // with nothing but an optional charset=utf-8, so each of these names something else and is a 415.
  it.each([
    ['a second, other charset', 'application/json; charset=utf-8; charset=iso-8859-1'],
    ['a parameter without a value', 'application/json; version'],
    ['an empty charset', 'application/json; charset='],
  ])('refuses %s, whatever the parser drops', (_title, contentType) => {
    expect(isJsonMediaType(contentType)).toBe(false);
  });

  it('refuses a missing Content-Type', () => {
    expect(isJsonMediaType(undefined)).toBe(false);
  });
});

describe('readJsonBody: size, then media type, then JSON (docs/api.md §2 order)', () => {
  it('is 64 KiB', () => {
    expect(MAX_BODY_BYTES).toBe(65536);
  });

  it('reads a body of exactly 65536 bytes', () => {
    const body = objectOfBytes(65536);
    expect(body.byteLength).toBe(65536);

    expect(readJsonBody({ contentType: JSON_TYPE }, body)).toEqual({ kind: 'fields', fields: { message: 'a'.repeat(65536 - 14) } });
  });

  it('refuses a body of 65537 bytes as too large', () => {
    const body = objectOfBytes(65537);
    expect(body.byteLength).toBe(65537);

    expect(readJsonBody({ contentType: JSON_TYPE }, body)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
  });

  it('counts bytes, not characters', () => {
    // 21846 three-byte characters: 65538 bytes in 21846 characters.
    const body = utf8(`{"m":"${'€'.repeat(21846)}"}`);
    expect(body.byteLength).toBeGreaterThan(65536);

    expect(readJsonBody({ contentType: JSON_TYPE }, body)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
  });

  it('refuses size before media type, and media type before parsing', () => {
    const tooLargeGarbage = new Uint8Array(65537).fill(0xff);

    expect(readJsonBody({ contentType: 'text/plain' }, tooLargeGarbage)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
    expect(readJsonBody({ contentType: undefined }, tooLargeGarbage)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
    expect(readJsonBody({ contentType: 'text/plain' }, utf8('{"name":'))).toEqual({ kind: 'rejected', reason: 'unsupported_media_type' });
    expect(readJsonBody({ contentType: undefined }, utf8('not json'))).toEqual({ kind: 'rejected', reason: 'unsupported_media_type' });
  });

  it.each([
    ['an empty body', new Uint8Array()],
    ['truncated JSON', utf8('{"name":')],
    ['plain text', utf8('name=Ada')],
    ['an array', utf8('[{"name":"Ada"}]')],
    ['null', utf8('null')],
    ['a number', utf8('42')],
    ['a string', utf8('"{\\"name\\":\\"Ada\\"}"')],
    ['true', utf8('true')],
    ['invalid UTF-8 (a lone continuation byte)', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d])],
    ['invalid UTF-8 (an overlong encoding)', Uint8Array.from([...utf8('{"a":"'), 0xc0, 0xaf, ...utf8('"}')])],
    ['invalid UTF-8 (an encoded surrogate)', Uint8Array.from([...utf8('{"a":"'), 0xed, 0xa0, 0x80, ...utf8('"}')])],
    ['Latin-1 bytes', Uint8Array.from([...utf8('{"name":"'), 0xe9, ...utf8('"}')])],
    ['UTF-16', new Uint8Array(Buffer.from('{"name":"Ada"}', 'utf16le'))],
    ['two JSON values', utf8('{}{}')],
    ['a trailing comma', utf8('{"name":"Ada",}')],
    ['single quotes', utf8("{'name':'Ada'}")],
    ['two byte order marks', utf8('\uFEFF\uFEFF{"name":"Ada"}')],
    ['a byte order mark after white space', utf8(' \uFEFF{"name":"Ada"}')],
    ['a byte order mark at the end', utf8('{"name":"Ada"}\uFEFF')],
    ['UTF-16 with its byte order mark', new Uint8Array(Buffer.from('\uFEFF{"name":"Ada"}', 'utf16le'))],
  ])('refuses %s as malformed JSON', (_title, body) => {
    expect(readJsonBody({ contentType: JSON_TYPE }, body)).toEqual({ kind: 'rejected', reason: 'malformed_json' });
  });

  it.each([
    ['an empty object', '{}', {}],
    ['surrounding whitespace', ' \r\n\t{"name":"Ada"} \n', { name: 'Ada' }],
    ['nested values, kept as they are', '{"name":{"first":"Ada"},"n":[1]}', { name: { first: 'Ada' }, n: [1] }],
    ['escaped lone surrogates', '{"name":"\\ud800"}', { name: '\uD800' }],
    ['multi-byte UTF-8', '{"name":"Zoë 😀"}', { name: 'Zoë 😀' }],
    // RFC 8259 §8.1: a sender must not add one, a parser may ignore it.
    ['one byte order mark at the start, which is dropped', '\uFEFF{"name":"Ada"}', { name: 'Ada' }],
    ['U+FEFF inside a string, which is kept', '{"name":"\uFEFFAda"}', { name: '\uFEFFAda' }],
  ])('reads %s', (_title, text, fields) => {
    expect(readJsonBody({ contentType: 'application/json; charset=utf-8' }, utf8(text))).toEqual({ kind: 'fields', fields });
  });

  it('keeps a __proto__ member as an ordinary own field, so the schema can refuse it', () => {
    const result = readJsonBody({ contentType: JSON_TYPE }, utf8('{"__proto__":{"polluted":true}}'));

    expect(result.kind).toBe('fields');
    const fields = result.kind === 'fields' ? result.fields : {};
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('readFormBody (docs/api.md §9: the form posted without JavaScript)', () => {
  it('reads each field once as text, decoded as browsers encode it', () => {
    const body = utf8('name=Zo%C3%AB+Example&email=zoe%40example.com&message=Line+one%0D%0ALine+two');

    expect(readFormBody({ contentType: FORM_TYPE }, body)).toEqual({
      kind: 'fields',
      fields: { name: 'Zoë Example', email: 'zoe@example.com', message: 'Line one\r\nLine two' },
    });
  });

  it('takes the form token and the path an answer in another contact page carries apart from the fields', () => {
    expect(readFormBody({ contentType: FORM_TYPE }, utf8('name=Ada&form_token=t.1&form_page=%2Ffr%2Fcontact%2F'))).toEqual({
      kind: 'fields',
      fields: { name: 'Ada' },
      formToken: 't.1',
      postedFrom: '/fr/contact/',
    });
    // Sent twice, the path is none the service gave.
    expect(readFormBody({ contentType: FORM_TYPE }, utf8('name=Ada&form_page=%2Fa%2F&form_page=%2Fb%2F'))).toEqual({ kind: 'fields', fields: { name: 'Ada' } });
  });

  it('keeps every value of a field sent more than once, in order, as a list', () => {
    expect(readFormBody({ contentType: FORM_TYPE }, utf8('name=Ada&email=a%40b.co&name=Eve&name='))).toEqual({
      kind: 'fields',
      fields: { name: ['Ada', 'Eve', ''], email: 'a@b.co' },
    });
  });

  it('keeps a whole body of one repeated field, up to the size limit', () => {
    const repeats = Math.floor(MAX_BODY_BYTES / 'a=&'.length);
    const body = utf8(Array.from({ length: repeats }, () => 'a=').join('&'));

    const read = readFormBody({ contentType: FORM_TYPE }, body);

    expect(read.kind === 'fields' && read.fields.a).toEqual(Array.from({ length: repeats }, () => ''));
  });

  it('keeps a field named __proto__ as a field of its own', () => {
    const read = readFormBody({ contentType: FORM_TYPE }, utf8('__proto__=x&name=Ada'));

    expect(read.kind).toBe('fields');
    const fields = read.kind === 'fields' ? read.fields : {};
    expect(Object.keys(fields)).toEqual(['__proto__', 'name']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('turns bytes that are not UTF-8 into U+FFFD instead of refusing the form', () => {
    expect(readFormBody({ contentType: FORM_TYPE }, new Uint8Array([...utf8('name=A'), 0xff, 0xfe]))).toEqual({
      kind: 'fields',
      fields: { name: 'A\uFFFD\uFFFD' },
    });
  });

  it('accepts a body of exactly the size limit, and refuses one byte more as too large', () => {
    const atLimit = utf8(`name=${'a'.repeat(MAX_BODY_BYTES - 'name='.length)}`);
    const overLimit = utf8(`name=${'a'.repeat(MAX_BODY_BYTES + 1 - 'name='.length)}`);

    expect(readFormBody({ contentType: FORM_TYPE }, atLimit).kind).toBe('fields');
    expect(readFormBody({ contentType: FORM_TYPE }, overLimit)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
  });

  it.each([
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['another charset', `${FORM_TYPE}; charset=iso-8859-1`],
    ['no Content-Type', undefined],
  ])('refuses %s as an unsupported media type', (_title, contentType) => {
    expect(readFormBody({ contentType }, utf8('name=Ada'))).toEqual({ kind: 'rejected', reason: 'unsupported_media_type' });
  });

  it.each(['application/json', 'Application/JSON; charset=utf-8'])('refuses %s as an unsupported media type, saying it was JSON, which a script sends to the API', (contentType) => {
    expect(readFormBody({ contentType }, utf8('{"name":"Ada"}'))).toEqual({ kind: 'rejected', reason: 'unsupported_media_type', sentJson: true });
  });

  it('accepts the form media type with charset=utf-8, in any case', () => {
    expect(readFormBody({ contentType: `Application/X-WWW-Form-Urlencoded; Charset=UTF-8` }, utf8('name=Ada')).kind).toBe('fields');
  });

  it('checks the size before the media type, as the contract orders them', () => {
    expect(readFormBody({ contentType: 'text/plain' }, new Uint8Array(MAX_BODY_BYTES + 1))).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
  });
});

describe('a Content-Encoding (docs/api.md §2: the service decodes none)', () => {
  const gzipped = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]);

  it.each(['gzip', 'br', 'deflate', 'zstd', 'x-gzip', 'gzip, identity', 'Identity, gzip', 'identityx'])(
    'refuses %j, JSON or form, as an unsupported content coding, not as a malformed body',
    (contentEncoding) => {
      const rejected = { kind: 'rejected', reason: 'unsupported_content_encoding' };
      expect(readJsonBody({ contentType: JSON_TYPE, contentEncoding }, gzipped)).toEqual(rejected);
      expect(readFormBody({ contentType: FORM_TYPE, contentEncoding }, gzipped)).toEqual(rejected);
    },
  );

  it.each([undefined, '', 'identity', 'IDENTITY', ' identity '])('reads a body whose coding is %j, as sent', (contentEncoding) => {
    expect(readJsonBody({ contentType: JSON_TYPE, contentEncoding }, utf8('{"name":"Ada"}'))).toEqual({ kind: 'fields', fields: { name: 'Ada' } });
    expect(readFormBody({ contentType: FORM_TYPE, contentEncoding }, utf8('name=Ada'))).toEqual({ kind: 'fields', fields: { name: 'Ada' } });
  });

  it('refuses the size first, then the coding, then the media type', () => {
    const tooLarge = new Uint8Array(MAX_BODY_BYTES + 1);

    expect(readJsonBody({ contentType: 'text/plain', contentEncoding: 'gzip' }, tooLarge)).toEqual({ kind: 'rejected', reason: 'payload_too_large' });
    expect(readJsonBody({ contentType: 'text/plain', contentEncoding: 'gzip' }, gzipped)).toEqual({
      kind: 'rejected',
      reason: 'unsupported_content_encoding',
    });
  });
});
