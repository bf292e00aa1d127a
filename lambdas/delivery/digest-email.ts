import { describeHeldReason } from '../inbox/held-reasons.js';
import type { InquiryRecord, InquiryText } from '../inbox/inquiry-record.js';
import { inquiryLines, type InquiryEmail } from './inquiry-email.js';

/** A held inquiry as the digest holds it: its text, and why it was held. */
export type HeldInquiry = InquiryRecord & { readonly text: InquiryText };

/**
 * The daily digest (docs/api.md §15): every inquiry held since the last one, each in full with
 * why it was held, in the order they were held, and how to have one mailed on its own. No Reply-To: the owner
 * answers a visitor from that mail, or by writing to the address shown.
 */
export function composeDigestEmail(held: readonly HeldInquiry[], sentAt: Date): InquiryEmail {
  const count = held.length === 1 ? '1 held inquiry' : `${held.length} held inquiries`;
  const sections = held.map((inquiry, index) => [
    `=== ${index + 1} of ${held.length} ===`,
    `Held: ${(inquiry.heldFor ?? []).map(describeHeldReason).join('; ') || 'no reason recorded'}`,
    '',
    ...inquiryLines(inquiry.text, { id: inquiry.id, receivedAt: new Date(inquiry.receivedAt) }),
    '',
  ]);
  return {
    subject: `Digest: ${count}, ${sentAt.toISOString().slice(0, 10)}`,
    text: [
      `${count} since the last digest: each looked like spam, so it was kept for this mail instead of being mailed on its own.`,
      'To have one mailed to you on its own, with the visitor as Reply-To: npm run redeliver -- <inquiry id>',
      '',
      ...sections.flat(),
    ].join('\n'),
  };
}
