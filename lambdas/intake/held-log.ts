import type { HeldFacts } from '../inbox/held-reasons.js';
import { writeEventLine } from '../http/request-log.js';

/**
 * One line per signal an accepted inquiry raised, each a count of `InquiriesHeld` with its
 * `reason` (docs/api.md §12, §15): the signal only, never the text or the address behind it.
 */
export function writeHeldLines(inquiryId: string, heldFor: readonly HeldFacts[], requestId: string): void {
  for (const { signal } of heldFor) writeEventLine('inquiry held', { requestId, inquiryId, reason: signal }, { name: 'InquiriesHeld', reason: signal });
}
