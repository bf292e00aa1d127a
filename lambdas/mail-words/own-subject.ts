import type { MailWords } from './mail-words.js';

/** What stands for the visitor's name in the owner's own subject (`mailSubject`, docs/api.md §7). */
export const SUBJECT_NAME_PLACEHOLDER = '{name}';

/** The language's words, an inquiry's subject the owner's own when `mailSubject` sets one: `Enquiry from {name}`. */
export function withOwnSubject(words: MailWords, subject: string | undefined): MailWords {
  return subject === undefined ? words : { ...words, inquirySubject: (name) => subject.replaceAll(SUBJECT_NAME_PLACEHOLDER, name) };
}
