/**
 * Why an inquiry was held for the daily digest instead of mailed on its own (docs/api.md §15):
 * each signal is also the `reason` dimension of the `InquiriesHeld` metric.
 */
export const SPAM_SIGNALS = ['repeated_text', 'too_fast', 'throwaway_address', 'link_stuffing', 'flood'] as const;
export type SpamSignal = (typeof SPAM_SIGNALS)[number];

/** One signal an inquiry raised, with what the owner reads of it in the digest and the inbox. */
export interface HeldReason {
  readonly signal: SpamSignal;
  readonly detail: string;
}

/** `too fast: sent 1 s after the form was shown …`: a reason as the owner reads it. */
export function describeHeldReason(reason: HeldReason): string {
  return `${reason.signal.replaceAll('_', ' ')}: ${reason.detail}`;
}

/** The held reasons of a stored item, as lib-dynamodb reads them: only well-formed ones. */
export function toHeldReasons(value: unknown): HeldReason[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is HeldReason =>
      typeof item === 'object' &&
      item !== null &&
      (SPAM_SIGNALS as readonly unknown[]).includes((item as HeldReason).signal) &&
      typeof (item as HeldReason).detail === 'string',
  );
}
