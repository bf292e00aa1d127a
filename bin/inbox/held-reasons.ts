import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';
import { ENGLISH } from '../../lambdas/mail-words/en.js';
import { describeHeldReason } from '../../lambdas/mail-words/mail-words.js';

/** Why an inquiry was held, in the terminal's English: the mails' language is the deployment's (mailLanguage). */
export function heldReasonsInEnglish(record: Pick<InquiryRecord, 'heldFor'>): string[] {
  return (record.heldFor ?? []).map((reason) => describeHeldReason(reason, ENGLISH));
}
