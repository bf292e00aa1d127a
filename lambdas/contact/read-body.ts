import { parseJsonObject } from '../http/json-body.js';
import { utf8MediaType } from '../http/media-type.js';

/** Bodies over 64 KiB are refused unread (docs/api.md §2). */
export const MAX_BODY_BYTES = 64 * 1024;

/** MAX_BODY_BYTES as the answers word it. */
export const MAX_BODY_SIZE = `${MAX_BODY_BYTES / 1024} KiB`;

export type RejectionReason = 'payload_too_large' | 'unsupported_media_type' | 'malformed_json';

/** A body read into an object of fields, or the reason it could not be. */
export type ReadBody =
  | { readonly kind: 'fields'; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason };

/** `application/json`, with no parameter but an optional `charset=utf-8`, in any case. */
export const isJsonMediaType = utf8MediaType('application/json');

/** `application/x-www-form-urlencoded`, with no parameter but an optional `charset=utf-8`, in any case. */
const isFormMediaType = utf8MediaType('application/x-www-form-urlencoded');

const utf8 = new TextDecoder('utf-8');

/** The checks of a JSON body before its schema, in the contract's order: size, media type, JSON. */
export function readJsonBody(contentType: string | undefined, bytes: Uint8Array): ReadBody {
  if (bytes.byteLength > MAX_BODY_BYTES) return { kind: 'rejected', reason: 'payload_too_large' };
  if (!isJsonMediaType(contentType)) return { kind: 'rejected', reason: 'unsupported_media_type' };
  const fields = parseJsonObject(bytes);
  return fields === undefined ? { kind: 'rejected', reason: 'malformed_json' } : { kind: 'fields', fields };
}

/**
 * The checks of a posted form before its schema, in the contract's order: size, then media type.
 * Decoding is the WHATWG form decoder's (URLSearchParams): it cannot fail, so a form is never
 * "malformed"; bytes that are not UTF-8 become U+FFFD, as in every browser.
 *
 * A field sent more than once keeps all its values, as a list: the schema then reports
 * `invalid_type` for that field, as it would for a JSON array, and the visitor gets the form back
 * with the error beside the field. Keeping one of the values would pass on text nobody chose.
 */
export function readFormBody(contentType: string | undefined, bytes: Uint8Array): ReadBody {
  if (bytes.byteLength > MAX_BODY_BYTES) return { kind: 'rejected', reason: 'payload_too_large' };
  if (!isFormMediaType(contentType)) {
    return { kind: 'rejected', reason: 'unsupported_media_type' };
  }
  return { kind: 'fields', fields: formFields(new URLSearchParams(utf8.decode(bytes))) };
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
