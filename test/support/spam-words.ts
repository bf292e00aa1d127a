import { SPAM_SIGNALS } from '../../lambdas/inbox/held-reasons.js';
import { FORM_TOKEN_FIELD, FORM_TOKEN_HEADER } from '../../lambdas/inquiry/form-token.js';

/**
 * The words of the spam signals (docs/api.md §15) that a published document names, if it names any:
 * the form page's own token, a signal, an inquiry held for the digest. Agents are told what a 202
 * says, and no more.
 */
export function spamWordsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return [FORM_TOKEN_HEADER, FORM_TOKEN_FIELD, ...SPAM_SIGNALS, 'held', 'digest'].filter((word) => lower.includes(word.toLowerCase()));
}
