import type { HeldFacts } from '../inbox/held-reasons.js';
import type { RejectionReason } from '../inquiry/answer-details.js';
import type { FieldError } from '../inquiry/field-errors.js';
import { withLineFeeds } from '../inquiry/line-breaks.js';
import type { Inquiry } from '../inquiry/schema.js';
import type { RateKeys } from './client-keys.js';
import type { InquiryStore } from './inquiry-store.js';
import type { RateLimiter, RateLimitStatus } from './rate-limiter.js';
import { checkForSpam, type SpamCheckDependencies } from './spam-checks.js';
import type { InquiryValidator } from './validation.js';

/** A body read into an object of fields, or the reason it could not be. */
export type ReadBody =
  | { readonly kind: 'fields'; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason };

/** One POST to the contact endpoint: who sent it, and its body as far as the cheap checks read it. */
export interface ContactSubmission {
  readonly requestId: string;
  /** The id the inquiry is stored and answered under: the request id, unless an `Idempotency-Key`, or a form post's body, gives one. */
  readonly inquiryId: string;
  /** The client the front door names, or else the address the platform saw (docs/api.md §4). */
  readonly clientIp: string;
  readonly body: ReadBody;
  /** A form post's token (docs/api.md §15); none for a JSON post. */
  readonly form?: { readonly token: string | undefined };
  /** The address of the owner's contact page it was sent from, when the post names one (docs/api.md §2). */
  readonly sentFrom?: string;
}

/** What became of a submission; `contact-replies.ts` turns each into the contract's answer. */
export type ContactOutcome =
  /**
   * Stored: from now on the service delivers it (docs/api.md §14), at once, or in the daily digest
   * when `heldFor` names why it looks like spam (§15). The visitor's answer is the same.
   */
  | {
      readonly kind: 'accepted';
      readonly inquiryId: string;
      readonly rateLimit: RateLimitStatus;
      readonly heldFor: readonly HeldFacts[];
      /** Found stored already under its id: this request stored nothing, and held nothing. */
      readonly again?: true;
    }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason; readonly rateLimit: RateLimitStatus }
  | { readonly kind: 'invalid'; readonly errors: readonly FieldError[]; readonly rateLimit: RateLimitStatus }
  | { readonly kind: 'rate_limited'; readonly rateLimit: RateLimitStatus }
  /** Nothing was stored, and the counters were given back. */
  | {
      readonly kind: 'unavailable';
      readonly dependency: 'counter_store' | 'inquiry_store';
      readonly errorName: string;
    };

export interface ContactDependencies {
  readonly validate: InquiryValidator;
  readonly keys: RateKeys;
  readonly limiter: RateLimiter;
  readonly inquiries: InquiryStore;
  readonly spam: SpamCheckDependencies;
  readonly now?: () => Date;
}

type LocalVerdict =
  | { readonly kind: 'valid'; readonly inquiry: Inquiry }
  | { readonly kind: 'invalid'; readonly errors: readonly FieldError[] }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason };

/**
 * Checks, limits and stores one inquiry. The cheap local checks run first so that both rate
 * limit counters can be asked in one round trip; the per-IP verdict (429, or 503 when the store
 * fails) then outranks everything else, as docs/api.md §2 orders it. An inquiry that passes is
 * stored for the delivery worker, held for the daily digest when it looks like spam (docs/api.md
 * §15); the visitor's request never waits for the mail service, and its answer never tells.
 */
export async function submitInquiry(
  submission: ContactSubmission,
  dependencies: ContactDependencies,
): Promise<ContactOutcome> {
  const now = dependencies.now?.() ?? new Date();
  const verdict = checkLocally(submission.body, dependencies.validate);
  // The spam checks that wait on I/O run beside the rate limits: still one round trip.
  const [admission, spam] = await Promise.all([
    dependencies.limiter.admit(submission.requestId, {
      ip: dependencies.keys.ip(submission.clientIp),
      email: verdict.kind === 'valid' ? dependencies.keys.email(verdict.inquiry.email) : undefined,
    }),
    verdict.kind === 'valid'
      ? checkForSpam(verdict.inquiry, submission.form, { requestId: submission.requestId, now }, dependencies.spam)
      : undefined,
  ]);
  const notStored = async <T>(outcome: T): Promise<T> => {
    await spam?.giveBack();
    return outcome;
  };

  if (admission.kind === 'refused') return notStored({ kind: 'rate_limited', rateLimit: admission.status });
  if (admission.kind === 'unavailable') {
    return notStored({ kind: 'unavailable', dependency: 'counter_store', errorName: admission.errorName });
  }
  if (verdict.kind !== 'valid') return { ...verdict, rateLimit: admission.status };

  const heldFor = spam?.reasons ?? [];
  const stored = await dependencies.inquiries.accept({
    id: submission.inquiryId,
    requestId: submission.requestId,
    receivedAt: now,
    inquiry: verdict.inquiry,
    heldFor,
    sentFrom: submission.sentFrom,
  });
  if (stored.kind === 'failed') {
    await Promise.all([admission.giveBack(), spam?.giveBack()]);
    return { kind: 'unavailable', dependency: 'inquiry_store', errorName: stored.errorName };
  }
  // The post counts as every post does; its text, stored once, counts once.
  if (stored.kind === 'found') return notStored({ kind: 'accepted', inquiryId: submission.inquiryId, rateLimit: admission.status, heldFor: [], again: true });
  return { kind: 'accepted', inquiryId: submission.inquiryId, rateLimit: admission.status, heldFor };
}

function checkLocally(body: ReadBody, validate: InquiryValidator): LocalVerdict {
  if (body.kind === 'rejected') return body;
  const result = validate(body.fields);
  return result.valid ? { kind: 'valid', inquiry: withLineFeeds(result.inquiry) } : { kind: 'invalid', errors: result.errors };
}
