import { createHash, createHmac } from 'node:crypto';

/**
 * The id of an inquiry posted with an `Idempotency-Key` (docs/api.md §11): the same key and the
 * same body give the same id, so the inquiry is stored under one item whatever happened to an
 * earlier attempt's answer, and a retry can never store it twice. It has the shape of every other
 * id the service answers with: a UUID (RFC 9562 version 8, made of a SHA-256 of key and body).
 */
export function keyedInquiryId(key: string, body: Uint8Array): string {
  return uuidOf(createHash('sha256').update(`Idempotency-Key\0${key}\0`).update(body).digest());
}

/** How long the same form post is the same inquiry: a second press of the button, a post sent again. */
export const REPEATED_FORM_SECONDS = 600;

/**
 * The id of an inquiry posted by the form without JavaScript (docs/api.md §11), which sends no
 * `Idempotency-Key`: the same body in the same ten-minute slot of the clock gives the same id, so
 * that a second press of the button, which a browser sends as a post of its own, stores no second
 * inquiry and mails nothing twice. The body holds the visitor's own address: the same one from
 * another network (a phone leaving the Wi-Fi) is the same visitor's, and nothing of the client goes
 * in. An HMAC under the deployment's counter key, as the counters' keys are (docs/api.md §4), so
 * that an id in a log line never lets anyone test a guessed message against it.
 */
export function repeatedFormId(counterKeySecret: string, body: Uint8Array, now: Date): string {
  const slot = Math.floor(now.getTime() / 1000 / REPEATED_FORM_SECONDS);
  return uuidOf(createHmac('sha256', counterKeySecret).update(`form\0${slot}\0`).update(body).digest());
}

/** A UUID of RFC 9562's version 8 (custom) made of a digest's first 16 bytes. */
function uuidOf(digest: Buffer): string {
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
