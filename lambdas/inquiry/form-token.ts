import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_SECONDS } from '../time-units.js';

/** The hidden field of the no-JavaScript form that carries its token (docs/api.md §9, §15). */
export const FORM_TOKEN_FIELD = 'form_token';

/**
 * The header the form's own script sends the token in, beside the JSON it posts to the API
 * (docs/api.md §15): the schema has no place for it, and a JSON post without it is an agent's.
 */
export const FORM_TOKEN_HEADER = 'Form-Token';

/** A token older than this is suspect: a page kept open a day is rare, a harvested token common. */
export const FORM_TOKEN_MAX_AGE_SECONDS = DAY_SECONDS;

/** What a posted token says of the form it came with. */
export type FormTokenReading =
  /** Issued here `ageSeconds` ago (to the millisecond). */
  | { readonly kind: 'valid'; readonly ageSeconds: number }
  /** Issued here, but more than FORM_TOKEN_MAX_AGE_SECONDS ago. */
  | { readonly kind: 'expired'; readonly ageSeconds: number }
  /** None was posted, or one this deployment never issued. */
  | { readonly kind: 'missing' | 'forged' };

/** Issues and reads the tokens of one deployment's form. */
export interface FormTokens {
  /** A token that says the form was rendered at `now`. */
  issue(now: Date): string;
  read(token: string | undefined, now: Date): FormTokenReading;
}

const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/;

/**
 * Tokens of the form `<epoch milliseconds>.<MAC>`: the time the form was rendered and 128 bits of an
 * HMAC-SHA-256 of it, under a key derived from the deployment's form-token key (a value of its own,
 * neither the front door's header nor the counters' key: docs/api.md §10) and the site's origin.
 * The time cannot be moved without the key, and a token of another deployment (another key, or
 * another origin under the same one) never reads as valid here. The token holds no state: the
 * same token may be posted again until it expires.
 */
export function formTokens(secret: string, baseUrl: string): FormTokens {
  const key = createHmac('sha256', secret).update(`form-token\n${baseUrl}`).digest();
  const mac = (time: string) => createHmac('sha256', key).update(time).digest().subarray(0, 16).toString('base64url');
  return {
    issue: (now) => {
      const time = String(now.getTime());
      return `${time}.${mac(time)}`;
    },
    read: (token, now) => {
      if (token === undefined || token === '') return { kind: 'missing' };
      const [, time, signature] = TOKEN.exec(token) ?? [];
      if (time === undefined || signature === undefined) return { kind: 'forged' };
      // Compared as text: two spellings of one MAC in base64url would both pass as bytes.
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac(time)))) return { kind: 'forged' };
      // Never negative: the clocks of two instances may differ by a little.
      const ageSeconds = Math.max(0, (now.getTime() - Number(time)) / 1000);
      return ageSeconds > FORM_TOKEN_MAX_AGE_SECONDS ? { kind: 'expired', ageSeconds } : { kind: 'valid', ageSeconds };
    },
  };
}

/**
 * The token a form served again (after a refused post) carries: the posted one while it is valid,
 * so that the visitor's time keeps counting from when the form was first shown; else a new one.
 */
export function tokenToServeAgain(tokens: FormTokens, posted: string | undefined, now: Date): string {
  return posted !== undefined && tokens.read(posted, now).kind === 'valid' ? posted : tokens.issue(now);
}
