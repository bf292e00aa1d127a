/**
 * Why an inquiry was held for the daily digest instead of mailed on its own (docs/api.md §15):
 * each signal is also the `reason` dimension of the `InquiriesHeld` metric.
 */
export const SPAM_SIGNALS = ['repeated_text', 'too_fast', 'throwaway_address', 'link_stuffing', 'flood'] as const;
export type SpamSignal = (typeof SPAM_SIGNALS)[number];

/**
 * One signal an inquiry raised, with the facts it was raised on: what the owner reads of it, in
 * the mails' language (lambdas/mail-words) or on a terminal, is worded from them.
 */
export type HeldFacts =
  /** The same text came more than `limit` times in a UTC day. */
  | { readonly signal: 'repeated_text'; readonly limit: number }
  /** A form sent `seconds` (to the tenth below) after it was shown, sooner than `minimum`. */
  | { readonly signal: 'too_fast'; readonly token: 'early'; readonly seconds: number; readonly minimum: number }
  /** A form sent a day after it was shown, or with a token this site never gave. */
  | { readonly signal: 'too_fast'; readonly token: 'expired' | 'forged' }
  | { readonly signal: 'throwaway_address'; readonly domain: string }
  /** More than `limit` links in the message, counting the owner's own fields' when `inOwnFields`. */
  | { readonly signal: 'link_stuffing'; readonly links: number; readonly limit: number; readonly inOwnFields: boolean }
  /** More than `limit` inquiries were to be mailed in a UTC hour. */
  | { readonly signal: 'flood'; readonly limit: number };

/** A reason as versions before the mails had a language stored it: its words, in English. */
export interface WordedHeldReason {
  readonly signal: SpamSignal;
  readonly detail: string;
}

export type HeldReason = HeldFacts | WordedHeldReason;

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Whether a stored reason holds its signal's facts, each of its type. */
const HAS_FACTS: { readonly [S in SpamSignal]: (item: Readonly<Record<string, unknown>>) => boolean } = {
  repeated_text: (item) => isCount(item.limit),
  too_fast: (item) =>
    item.token === 'expired' ||
    item.token === 'forged' ||
    (item.token === 'early' && Number.isFinite(item.seconds) && (item.seconds as number) >= 0 && isCount(item.minimum)),
  throwaway_address: (item) => typeof item.domain === 'string' && item.domain !== '',
  link_stuffing: (item) => isCount(item.links) && isCount(item.limit) && typeof item.inOwnFields === 'boolean',
  flood: (item) => isCount(item.limit),
};

/**
 * The held reasons of a stored item, as lib-dynamodb reads them: only well-formed ones, each as
 * its facts when it holds them (whatever else it holds), else as its English words.
 */
export function toHeldReasons(value: unknown): HeldReason[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): HeldReason[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { signal, detail, ...facts } = item as Readonly<Record<string, unknown>>;
    if (!(SPAM_SIGNALS as readonly unknown[]).includes(signal)) return [];
    if (HAS_FACTS[signal as SpamSignal](facts)) return [{ signal, ...facts } as HeldFacts];
    return typeof detail === 'string' ? [{ signal: signal as SpamSignal, detail }] : [];
  });
}
