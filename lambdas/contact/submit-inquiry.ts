import { parseJsonObject } from '../http/json-body.js';
import { utf8MediaType } from '../http/media-type.js';
import { emailRateKey, ipRateKey } from './client-keys.js';
import { composeInquiryEmail } from './inquiry-email.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter, RateLimitStatus } from './rate-limiter.js';
import type { Inquiry } from './schema.js';
import type { FieldError, InquiryValidator } from './validation.js';

/** Bodies over 64 KiB are refused unread (CONTRACT §2). */
export const MAX_BODY_BYTES = 64 * 1024;

/** One POST to the contact endpoint: who sent it, and its body as far as the cheap checks read it. */
export interface ContactSubmission {
  readonly requestId: string;
  readonly sourceIp: string;
  readonly body: ReadBody;
}

export type RejectionReason = 'payload_too_large' | 'unsupported_media_type' | 'malformed_json';

/** A body read into an object of fields, or the reason it could not be. */
export type ReadBody =
  | { readonly kind: 'fields'; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason };

/** What became of a submission; `contact-replies.ts` turns each into the contract's answer. */
export type ContactOutcome =
  | { readonly kind: 'delivered'; readonly rateLimit: RateLimitStatus }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason; readonly rateLimit: RateLimitStatus }
  | { readonly kind: 'invalid'; readonly errors: readonly FieldError[]; readonly rateLimit: RateLimitStatus }
  | { readonly kind: 'rate_limited'; readonly rateLimit: RateLimitStatus }
  | {
      readonly kind: 'unavailable';
      readonly dependency: 'counter_store' | 'mail_service';
      readonly errorName: string;
    }
  /** The mail service may have taken the inquiry: its counters stay (docs/api.md §11). */
  | { readonly kind: 'delivery_unknown'; readonly errorName: string };

export interface ContactDependencies {
  readonly validate: InquiryValidator;
  readonly limiter: RateLimiter;
  readonly mailer: Mailer;
  readonly now?: () => Date;
}

type LocalVerdict =
  | { readonly kind: 'valid'; readonly inquiry: Inquiry }
  | { readonly kind: 'invalid'; readonly errors: readonly FieldError[] }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason };

/**
 * Checks, limits and delivers one inquiry. The cheap local checks run first so that both rate
 * limit counters can be asked in one round trip; the per-IP verdict (429, or 503 when the store
 * fails) then outranks everything else, as CONTRACT §2 orders it.
 */
export async function submitInquiry(
  submission: ContactSubmission,
  dependencies: ContactDependencies,
): Promise<ContactOutcome> {
  const verdict = checkLocally(submission.body, dependencies.validate);
  const admission = await dependencies.limiter.admit(submission.requestId, {
    ip: ipRateKey(submission.sourceIp),
    email: verdict.kind === 'valid' ? emailRateKey(verdict.inquiry.email) : undefined,
  });

  if (admission.kind === 'refused') return { kind: 'rate_limited', rateLimit: admission.status };
  if (admission.kind === 'unavailable') {
    return { kind: 'unavailable', dependency: 'counter_store', errorName: admission.errorName };
  }
  if (verdict.kind !== 'valid') return { ...verdict, rateLimit: admission.status };

  const receivedAt = dependencies.now?.() ?? new Date();
  const delivery = await dependencies.mailer.send(
    composeInquiryEmail(verdict.inquiry, { requestId: submission.requestId, receivedAt }),
  );
  switch (delivery.kind) {
    case 'sent':
      return { kind: 'delivered', rateLimit: admission.status };
    case 'not_sent':
      await admission.giveBack();
      return { kind: 'unavailable', dependency: 'mail_service', errorName: delivery.errorName };
    case 'unknown':
      return { kind: 'delivery_unknown', errorName: delivery.errorName };
  }
}

function checkLocally(body: ReadBody, validate: InquiryValidator): LocalVerdict {
  if (body.kind === 'rejected') return body;
  const result = validate(body.fields);
  return result.valid ? { kind: 'valid', inquiry: result.inquiry } : { kind: 'invalid', errors: result.errors };
}

/** The checks of a JSON body before its schema, in the contract's order: size, media type, JSON. */
export function readJsonBody(contentType: string | undefined, bytes: Uint8Array): ReadBody {
  if (bytes.byteLength > MAX_BODY_BYTES) return { kind: 'rejected', reason: 'payload_too_large' };
  if (!isJsonMediaType(contentType)) return { kind: 'rejected', reason: 'unsupported_media_type' };
  const fields = parseJsonObject(bytes);
  return fields === undefined ? { kind: 'rejected', reason: 'malformed_json' } : { kind: 'fields', fields };
}

/** `application/json`, with no parameter but an optional `charset=utf-8`, in any case. */
export const isJsonMediaType = utf8MediaType('application/json');

