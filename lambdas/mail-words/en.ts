import type { MailWords } from './mail-words.js';

/** The label of why an inquiry was held, which the digest's opening names too. */
const HELD = 'Held';

/** The mails in English, and the owner's terminal (docs/api.md §2, §15). */
export const ENGLISH: MailWords = {
  tag: 'en',
  colon: ':',
  separator: '; ',
  inquirySubject: (name, company) => `Project inquiry from ${name}${company === undefined ? '' : ` (${company})`}`,
  noReplyTo: (error) => `No Reply-To: SES refused the visitor's address as one (${error}). To answer, write to it yourself.`,
  fields: { name: 'Name', email: 'E-mail', company: 'Company', project_url: 'Project URL', message: 'Message' },
  received: 'Received',
  sentFrom: 'Sent from',
  inquiryIdPlaceholder: 'inquiry id',
  inquiryId: 'Inquiry id',
  heldCount: (count) => (count === 1 ? '1 held inquiry' : `${count} held inquiries`),
  heldShare: (shown, total) => `${shown} of ${total} held inquiries`,
  digestSubject: (count, day) => `Digest: ${count}, ${day}`,
  digestOpening: (count, shown, others) => {
    const why = `${shown === 1 ? 'it was' : 'each was'} kept for ${others ? 'the digest' : 'this mail'} instead of being mailed on its own; its "${HELD}" line says why.`;
    return others ? `${count} since the last digest, the others in other mails: ${why}` : `${count} since the last digest: ${why}`;
  },
  quoteMark: 'Every line the visitor wrote starts with "> "; every other line is this service\'s.',
  redeliverHint: (command) => `To have one mailed to you on its own, with the visitor as Reply-To: ${command}`,
  sectionHeading: (number, count) => `=== ${number} of ${count} ===`,
  held: HELD,
  noReasonRecorded: 'no reason recorded',
  signals: { repeated_text: 'repeated text', too_fast: 'too fast', throwaway_address: 'throwaway address', link_stuffing: 'link stuffing', flood: 'flood' },
  heldDetail: (facts, formatSeconds) => {
    switch (facts.signal) {
      case 'repeated_text':
        return `the same text, case, spacing and numbers aside, came more than ${facts.limit} times today (UTC)`;
      case 'too_fast':
        if (facts.token === 'early') return `sent ${formatSeconds(facts.seconds)} s after the form was shown, sooner than ${facts.minimum} s`;
        return facts.token === 'expired' ? 'sent more than 24 hours after the form was shown' : 'posted with a form token this site never gave';
      case 'throwaway_address':
        return `${facts.domain} is a disposable-mail domain`;
      case 'link_stuffing':
        return `${facts.links} links in the message${facts.inOwnFields ? ' and your own fields' : ''}, more than ${facts.limit}`;
      case 'flood':
        return `more than ${facts.limit} inquiries were to be mailed this hour (UTC)`;
    }
  },
};
