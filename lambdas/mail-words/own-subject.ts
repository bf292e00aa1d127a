import type { MailWords } from './mail-words.js';

/** What stands for the visitor's name in the owner's own subject (`mailSubject`, docs/api.md §7). */
export const SUBJECT_NAME_PLACEHOLDER = '{name}';

/** What starts an RFC 2047 encoded word, which a mail program would decode: refused in a name and in the owner's subject alike. */
const ENCODED_WORD_START = '=?';

/**
 * The language's words, an inquiry's subject the owner's own when `mailSubject` sets one
 * (`Enquiry from {name}`). Where the owner's text and the visitor's name would meet in the start of
 * an encoded word (`Web ={name}`, the name `?utf-8?q?…?=`), the language's subject stands instead.
 */
export function withOwnSubject(words: MailWords, subject: string | undefined): MailWords {
  if (subject === undefined) return words;
  return {
    ...words,
    inquirySubject: (name, company) => {
      // A function, so that `$&` and `$'` in a name are the name's characters, not replacement patterns.
      const own = subject.replaceAll(SUBJECT_NAME_PLACEHOLDER, () => name);
      return own.includes(ENCODED_WORD_START) ? words.inquirySubject(name, company) : own;
    },
  };
}
