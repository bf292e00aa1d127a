import type { SpamSettings } from '../config.js';
import type { CounterSlot, CounterStore } from '../counters/counter-store.js';
import { errorName } from '../http/error-name.js';
import type { HeldReason } from '../inbox/held-reasons.js';
import type { FormTokenReading, FormTokens } from '../inquiry/form-token.js';
import type { Inquiry } from '../inquiry/schema.js';

/** Tells whether an e-mail domain is a disposable-mail one; loaded on first use (throwaway-domains.ts). */
export type ThrowawayDomains = (domain: string) => boolean;

export interface SpamCheckDependencies {
  readonly settings: SpamSettings;
  readonly tokens: FormTokens;
  /** The rate limits' store: the repeated-text counter is one more counter of it. */
  readonly counters: CounterStore;
  /** The keyed hash a message is counted under, as the rate limits' keys are (client-keys.ts). */
  readonly textKey: (message: string) => string;
  readonly throwawayDomains: () => Promise<ThrowawayDomains>;
  /** Told when a check could not be made: the inquiry is then not held for it. */
  readonly onCheckFailure: (check: 'repeated_text' | 'throwaway_address', errorName: string, requestId: string) => void;
}

/** What the checks found of one inquiry. */
export interface SpamVerdict {
  /** Empty for an inquiry to mail at once; otherwise why it is held for the digest. */
  readonly reasons: readonly HeldReason[];
  /** Takes back the inquiry's count of its text, for an inquiry that is not stored after all. */
  readonly giveBack: () => Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Links as a person or a robot writes them: a scheme, or a `www.` host. A URL that has both is
 * one link.
 */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/**
 * The spam signals of an inquiry at acceptance (docs/api.md §15), none asking a third party: the
 * form's timing, links in the message, and, while the rate limits' counters are asked, how often
 * the same text came today and whether the address is a disposable one. A signal whose threshold
 * is 0 is not computed. A check that fails holds nothing back: a visitor's inquiry is never held
 * because a dependency failed.
 *
 * `form` is the form post's token; a JSON post has none, and is not suspect for that alone.
 */
export async function checkForSpam(
  inquiry: Inquiry,
  form: { readonly token: string | undefined } | undefined,
  request: { readonly requestId: string; readonly now: Date },
  dependencies: SpamCheckDependencies,
): Promise<SpamVerdict> {
  const { settings } = dependencies;
  const [repeated, throwaway] = await Promise.all([
    settings.repeatLimit > 0 ? countText(inquiry.message, request, dependencies) : undefined,
    isThrowaway(inquiry.email, request.requestId, dependencies),
  ]);
  const formReading = form !== undefined && settings.formMinSeconds > 0 ? dependencies.tokens.read(form.token, request.now) : undefined;
  const links = settings.linkLimit > 0 ? linkCount(inquiry.message) : 0;
  const reasons: HeldReason[] = [
    ...(repeated?.repeated === true
      ? [{ signal: 'repeated_text' as const, detail: `the same text came more than ${settings.repeatLimit} times today (UTC)` }]
      : []),
    ...(formReading === undefined ? [] : tooFast(formReading, settings.formMinSeconds)),
    ...(throwaway === undefined ? [] : [{ signal: 'throwaway_address' as const, detail: `${throwaway} is a disposable-mail domain` }]),
    ...(links > settings.linkLimit
      ? [{ signal: 'link_stuffing' as const, detail: `${links} links in the message, more than ${settings.linkLimit}` }]
      : []),
  ];
  return { reasons, giveBack: repeated?.giveBack ?? (async () => undefined) };
}

/** How many links the message holds. */
export function linkCount(message: string): number {
  return message.match(LINK)?.length ?? 0;
}

/** A form sent sooner than a person fills it in, or with a token this site did not give, or gave a day ago. */
function tooFast(reading: FormTokenReading, minSeconds: number): HeldReason[] {
  switch (reading.kind) {
    case 'valid':
      return reading.ageSeconds < minSeconds
        ? [{ signal: 'too_fast', detail: `sent ${reading.ageSeconds} s after the form was shown, sooner than ${minSeconds} s` }]
        : [];
    case 'expired':
      return [{ signal: 'too_fast', detail: 'sent more than 24 hours after the form was shown' }];
    case 'missing':
      return [{ signal: 'too_fast', detail: 'posted without the token of a form this site showed' }];
    case 'forged':
      return [{ signal: 'too_fast', detail: 'posted with a form token this site never gave' }];
  }
}

/**
 * Counts the text in its UTC day: counted up to the limit, refused past it (a repeat). A count
 * that failed is no repeat, but may still have been made (its answer lost), so it is given back
 * as a counted one is, should the inquiry not be stored.
 */
async function countText(
  message: string,
  request: { readonly requestId: string; readonly now: Date },
  dependencies: SpamCheckDependencies,
): Promise<{ readonly repeated: boolean; readonly giveBack: () => Promise<void> }> {
  const dayStart = Math.floor(request.now.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const slot: CounterSlot = {
    id: `text#${dayStart}#${dependencies.textKey(message)}`,
    limit: dependencies.settings.repeatLimit,
    expiresAt: dayStart + DAY_SECONDS,
  };
  const giveBack = async () => {
    await dependencies.counters.giveBack(slot, request.requestId).catch((error: unknown) => {
      dependencies.onCheckFailure('repeated_text', errorName(error), request.requestId);
    });
  };
  try {
    const result = await dependencies.counters.increment(slot, request.requestId);
    return result.counted ? { repeated: false, giveBack } : { repeated: true, giveBack: async () => undefined };
  } catch (error) {
    dependencies.onCheckFailure('repeated_text', errorName(error), request.requestId);
    return { repeated: false, giveBack };
  }
}

/** The address's domain when it is a disposable-mail one. */
async function isThrowaway(email: string, requestId: string, dependencies: SpamCheckDependencies): Promise<string | undefined> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  try {
    return (await dependencies.throwawayDomains())(domain) ? domain : undefined;
  } catch (error) {
    dependencies.onCheckFailure('throwaway_address', errorName(error), requestId);
    return undefined;
  }
}
