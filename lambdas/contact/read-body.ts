import { isOverBodyLimit } from '../body-limit.js';
import { parseJsonObject } from '../http/json-body.js';
import { utf8MediaType } from '../http/media-type.js';
import { POSTED_FROM_FIELD } from '../inquiry/form-fields.js';
import { MAX_BODY_BYTES, type RejectionReason } from '../inquiry/answer-details.js';
import { FORM_TOKEN_FIELD } from '../inquiry/form-token.js';
import type { ReadBody } from '../intake/submit-inquiry.js';

/**
 * A posted form: its fields, and apart from them the token of the page it came from (docs/api.md
 * §15) and the path of the contact page the service answered in, if it was another (§9); or why it
 * was not read, and whether it was JSON, which a script sends to the API instead.
 */
export type ReadForm = ReadBody & { readonly formToken?: string; readonly postedFrom?: string; readonly sentJson?: true };

/** The request headers that say how to read its body. */
export interface BodyHeaders {
  readonly contentType: string | undefined;
  readonly contentEncoding?: string | undefined;
}

/** `application/json`, with no parameter but an optional `charset=utf-8`, in any case. */
export const isJsonMediaType = utf8MediaType('application/json');

/** `application/x-www-form-urlencoded`, with no parameter but an optional `charset=utf-8`, in any case. */
const isFormMediaType = utf8MediaType('application/x-www-form-urlencoded');

const utf8 = new TextDecoder('utf-8');

/** The checks of a JSON body before its schema, in the contract's order: size, coding, media type, JSON. */
export function readJsonBody(headers: BodyHeaders, bytes: Uint8Array): ReadBody {
  const rejection = rejectUnread(headers, bytes, isJsonMediaType);
  if (rejection !== undefined) return rejection;
  const fields = parseJsonObject(bytes);
  return fields === undefined ? { kind: 'rejected', reason: 'malformed_json' } : { kind: 'fields', fields };
}

/**
 * The checks of a posted form before its schema, in the contract's order: size, coding, media type.
 * Decoding is the WHATWG form decoder's (URLSearchParams): it cannot fail, so a form is never
 * "malformed"; bytes that are not UTF-8 become U+FFFD, as in every browser.
 *
 * A field sent more than once keeps all its values, as a list: the schema then reports
 * `invalid_type` for that field, as it would for a JSON array, and the visitor gets the form back
 * with the error beside the field. Keeping one of the values would pass on text nobody chose.
 */
export function readFormBody(headers: BodyHeaders, bytes: Uint8Array): ReadForm {
  const rejection = rejectUnread(headers, bytes, isFormMediaType);
  if (rejection !== undefined) return rejection.reason === 'unsupported_media_type' && isJsonMediaType(headers.contentType) ? { ...rejection, sentJson: true } : rejection;
  const { [FORM_TOKEN_FIELD]: token, [POSTED_FROM_FIELD]: postedFrom, ...fields } = formFields(new URLSearchParams(utf8.decode(bytes)));
  return {
    kind: 'fields',
    fields,
    // Sent twice, it is no token this site gave.
    ...(token === undefined ? {} : { formToken: Array.isArray(token) ? token.join(',') : token }),
    ...(typeof postedFrom === 'string' ? { postedFrom } : {}),
  };
}

function rejectUnread(headers: BodyHeaders, bytes: Uint8Array, isMediaType: (contentType: string | undefined) => boolean): Rejected | undefined {
  if (isOverBodyLimit(bytes, MAX_BODY_BYTES)) return rejected('payload_too_large');
  if (!isIdentityCoding(headers.contentEncoding)) return rejected('unsupported_content_encoding');
  if (!isMediaType(headers.contentType)) return rejected('unsupported_media_type');
  return undefined;
}

type Rejected = Extract<ReadBody, { kind: 'rejected' }>;

const rejected = (reason: RejectionReason): Rejected => ({ kind: 'rejected', reason });

/**
 * A body sent as it is: no `Content-Encoding`, or `identity`. The service decodes no content
 * coding (gzip, br, …): a compressed body would read as garbage, so it is refused as such
 * (RFC 9110 §15.5.16), not as broken JSON.
 */
function isIdentityCoding(contentEncoding: string | undefined): boolean {
  return contentEncoding === undefined || /^\s*(?:identity)?\s*$/i.test(contentEncoding);
}

function formFields(params: URLSearchParams): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of params) {
    const list = values.get(name);
    if (list === undefined) values.set(name, [value]);
    else list.push(value);
  }
  // Object.fromEntries defines own properties, so a field named "__proto__" stays a field (unknown_field).
  return Object.fromEntries([...values].map(([name, list]) => [name, list.length === 1 ? (list[0] as string) : list]));
}
