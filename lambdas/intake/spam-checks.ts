import type { SpamSettings } from '../config.js';
import { fixedWindowSlot, type CounterStore } from '../counters/counter-store.js';
import { emailDomain } from '../email-domain.js';
import { errorName } from '../http/error-name.js';
import type { HeldFacts } from '../inbox/held-reasons.js';
import type { FormTokenReading, FormTokens } from '../inquiry/form-token.js';
import type { Inquiry } from '../inquiry/schema.js';
import { DAY_SECONDS } from '../time-units.js';

/** Tells whether an e-mail domain is a disposable-mail one; loaded on first use (throwaway-domains.ts). */
export type ThrowawayDomains = (domain: string) => boolean;

export interface SpamCheckDependencies {
  readonly settings: SpamSettings;
  /** The form tokens' reader, for a function that takes form posts (docs/api.md §15); none where no form is posted. */
  readonly tokens?: FormTokens;
  /** The rate limits' store: the repeated-text counter is one more counter of it. */
  readonly counters: CounterStore;
  /** The keyed hash a message is counted under, as the rate limits' keys are (client-keys.ts). */
  readonly textKey: (message: string) => string;
  readonly throwawayDomains: () => Promise<ThrowawayDomains>;
  /** Told when a check could not be made: the inquiry is then not held for it. */
  readonly onCheckFailure: (check: 'repeated_text' | 'throwaway_address', errorName: string, requestId: string) => void;
  /** Told when a text's count could not be given back (it then stays one too high until its day ends). */
  readonly onGiveBackFailure: (errorName: string, requestId: string) => void;
}

/** What the checks found of one inquiry. */
export interface SpamVerdict {
  /** Empty for an inquiry to mail at once; otherwise why it is held for the digest. */
  readonly reasons: readonly HeldFacts[];
  /** Takes back the inquiry's count of its text, for an inquiry that is not stored after all. */
  readonly giveBack: () => Promise<void>;
}

/**
 * Links as a person or a robot writes them: each scheme, and each `www.` host that follows none
 * (a URL that has both is one link), wherever it stands: between white space, or run together
 * with others in BBCode or a comma-joined list.
 */
const LINK = /https?:\/\/|(?<!\/\/)\bwww\./gi;

/**
 * The spam signals of an inquiry at acceptance (docs/api.md §15), none asking a third party: the
 * form's timing, links in the message, and, while the rate limits' counters are asked, how often
 * the same text came today and whether the address is a disposable one. A signal whose threshold
 * is 0 is not computed. A check that fails holds nothing back: a visitor's inquiry is never held
 * because a dependency failed.
 *
 * `form` is the form post's token, when the post is a form's.
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
  const formReading = form !== undefined && settings.formMinSeconds > 0 ? dependencies.tokens?.read(form.token, request.now) : undefined;
  const reasons: HeldFacts[] = [
    ...(repeated?.repeated === true ? [{ signal: 'repeated_text' as const, limit: settings.repeatLimit }] : []),
    ...(formReading === undefined ? [] : tooFast(formReading, settings.formMinSeconds)),
    ...(throwaway === undefined ? [] : [{ signal: 'throwaway_address' as const, domain: throwaway }]),
    ...(settings.linkLimit > 0 ? linkStuffing(inquiry, settings.linkLimit) : []),
  ];
  return { reasons, giveBack: repeated?.giveBack ?? (async () => undefined) };
}

/** More links than `limit` in the message and the owner's own fields, each of which holds a line a robot could fill with links instead. */
function linkStuffing(inquiry: Inquiry, limit: number): HeldFacts[] {
  const fieldLinks = (inquiry.extra ?? []).reduce((sum, { value }) => sum + linkCount(value), 0);
  const links = linkCount(inquiry.message) + fieldLinks;
  return links > limit ? [{ signal: 'link_stuffing', links, limit, inOwnFields: fieldLinks > 0 }] : [];
}

/** How many links the message holds. */
export function linkCount(message: string): number {
  return message.match(LINK)?.length ?? 0;
}

/**
 * A form sent sooner than a person fills it in, or with a token this site did not give, or gave a
 * day ago. A form without a token is not suspect for that alone, as a JSON post is not: the owner's
 * own form on a static page has none to give (docs/api.md §15).
 */
function tooFast(reading: FormTokenReading, minSeconds: number): HeldFacts[] {
  switch (reading.kind) {
    case 'valid':
      return reading.ageSeconds < minSeconds
        ? [{ signal: 'too_fast', token: 'early', seconds: tenthBelow(reading.ageSeconds), minimum: minSeconds }]
        : [];
    case 'expired':
      return [{ signal: 'too_fast', token: 'expired' }];
    case 'missing':
      return [];
    case 'forged':
      return [{ signal: 'too_fast', token: 'forged' }];
  }
}

/** Seconds to the tenth below: 2.96 s is 2.9, never a 3.0 that reads as the minimum itself. */
function tenthBelow(seconds: number): number {
  return Math.floor(seconds * 10) / 10;
}

/**
 * Counts the text in its UTC day: counted up to the limit, refused past it (a repeat). A count
 * that failed may still have been applied (its answer lost): it is given back all the same.
 */
async function countText(
  message: string,
  request: { readonly requestId: string; readonly now: Date },
  dependencies: SpamCheckDependencies,
): Promise<{ readonly repeated: boolean; readonly giveBack: () => Promise<void> }> {
  const slot = fixedWindowSlot('text', dependencies.textKey(message), dependencies.settings.repeatLimit, DAY_SECONDS, request.now);
  const giveBack = async () => {
    await dependencies.counters.giveBack(slot, request.requestId).catch((error: unknown) => {
      dependencies.onGiveBackFailure(errorName(error), request.requestId);
    });
  };
  try {
    const result = await dependencies.counters.increment(slot, request.requestId);
    return { repeated: !result.counted, giveBack: result.counted ? giveBack : async () => undefined };
  } catch (error) {
    dependencies.onCheckFailure('repeated_text', errorName(error), request.requestId);
    return { repeated: false, giveBack };
  }
}

/** The address's domain when it is a disposable-mail one. */
async function isThrowaway(email: string, requestId: string, dependencies: SpamCheckDependencies): Promise<string | undefined> {
  const domain = emailDomain(email).toLowerCase();
  try {
    return (await dependencies.throwawayDomains())(domain) ? domain : undefined;
  } catch (error) {
    dependencies.onCheckFailure('throwaway_address', errorName(error), requestId);
    return undefined;
  }
}
