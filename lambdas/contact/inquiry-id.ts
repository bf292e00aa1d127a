import { createHash } from 'node:crypto';

/**
 * The id of an inquiry posted with an `Idempotency-Key` (docs/api.md §11): the same key and the
 * same body give the same id, so the inquiry is stored under one item whatever happened to an
 * earlier attempt's answer, and a retry can never store it twice. It has the shape of every other
 * id the service answers with: a UUID (RFC 9562 version 8, made of a SHA-256 of key and body).
 */
export function keyedInquiryId(key: string, body: Uint8Array): string {
  const hash = createHash('sha256').update(`Idempotency-Key\0${key}\0`).update(body).digest().subarray(0, 16);
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x80;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/** How long the same form post is the same inquiry: a second press of the button, a post sent again. */
export const REPEATED_FORM_SECONDS = 600;

/**
 * The id of an inquiry posted by the form without JavaScript (docs/api.md §9), which sends no
 * `Idempotency-Key`: the same body within the same ten minutes gives the same id, so that a second
 * press of the button, which a browser sends as a post of its own, stores no second inquiry and
 * mails nothing twice. The body holds the visitor's own address: the same one from another network
 * (a phone leaving the Wi-Fi) is the same visitor's. Nothing of the client goes into the id.
 */
export function repeatedFormId(body: Uint8Array, now: Date): string {
  const window = Math.floor(now.getTime() / 1000 / REPEATED_FORM_SECONDS);
  // A header never holds a NUL: no Idempotency-Key gives these ids.
  return keyedInquiryId(`form\0${window}`, body);
}
