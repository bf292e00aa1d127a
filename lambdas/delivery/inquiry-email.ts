import type { InquiryText } from '../inbox/inquiry-record.js';

/** A plain-text e-mail to the site owner; `replyTo` is the visitor, when it is one visitor's inquiry. */
export interface InquiryEmail {
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
}

export interface Receipt {
  /** The inquiry's id: what the visitor's 202 and `npm run inbox` show. */
  readonly id: string;
  readonly receivedAt: Date;
}

/** `2026-11-23 14:05 UTC`: the time as a person reads it, beside the exact ISO form (docs/api.md §12). */
function readableUtc(time: Date): string {
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The owner's copy of an inquiry: every submitted field labelled, the message verbatim, then
 * when it arrived and its id, which also stands in the visitor's answer and the owner's inbox.
 */
export function composeInquiryEmail(inquiry: InquiryText, receipt: Receipt): InquiryEmail {
  const company = inquiry.company ?? '';
  return {
    replyTo: inquiry.email,
    subject: `Project inquiry from ${inquiry.name}${company === '' ? '' : ` (${company})`}`,
    text: [...inquiryLines(inquiry, receipt), ''].join('\n'),
  };
}

/** An inquiry as the owner reads it, in its own mail or in the digest: its fields, its message, its arrival and id. */
export function inquiryLines(inquiry: InquiryText, receipt: Receipt): string[] {
  const company = inquiry.company ?? '';
  const projectUrl = inquiry.project_url ?? '';
  return [
    `Name: ${inquiry.name}`,
    `E-mail: ${inquiry.email}`,
    ...(company === '' ? [] : [`Company: ${company}`]),
    ...(projectUrl === '' ? [] : [`Project URL: ${projectUrl}`]),
    '',
    'Message:',
    inquiry.message,
    '',
    `Received: ${readableUtc(receipt.receivedAt)} (${receipt.receivedAt.toISOString()})`,
    `Inquiry id: ${receipt.id}`,
  ];
}
