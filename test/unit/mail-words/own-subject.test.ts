import { describe, expect, it } from '@jest/globals';
import { readDeliverySettings } from '../../../lambdas/config.js';
import { createDeliveryDependencies } from '../../../lambdas/delivery/dependencies.js';
import { composeInquiryEmail } from '../../../lambdas/delivery/inquiry-email.js';
import { withOwnSubject } from '../../../lambdas/mail-words/own-subject.js';
import { MAIL_WORDS } from '../../../lambdas/mail-words/words-by-language.js';

/* The owner's own subject of an inquiry's mail (mailSubject, docs/api.md §7), in place of the language's. */

const INQUIRY = { name: 'Ada\u200b Lovelace', email: 'ada@example.com', message: 'An engine, if you have the time for it.', company: 'Analytical Engines' };
const RECEIPT = { id: 'inquiry-1', receivedAt: new Date('2026-12-03T10:00:00Z') };

describe('withOwnSubject', () => {
  it('puts the visitor’s name, made visible as in the language’s subject, wherever {name} stands; the rest of the words the language’s', () => {
    const words = withOwnSubject(MAIL_WORDS.de, '{name} schreibt: Anfrage über die Website ({name})');
    const mail = composeInquiryEmail(INQUIRY, RECEIPT, { timeZone: 'Europe/Berlin', words });
    expect(mail.subject).toBe('Ada\\u200B Lovelace schreibt: Anfrage über die Website (Ada\\u200B Lovelace)');
    expect(mail.text).toBe(composeInquiryEmail(INQUIRY, RECEIPT, { timeZone: 'Europe/Berlin', words: MAIL_WORDS.de }).text);
  });

  it('takes a name’s $& and $’ as the name’s characters, not as patterns of a replacement', () => {
    const { inquirySubject } = withOwnSubject(MAIL_WORDS.en, 'Enquiry from {name} via the website');
    expect(inquirySubject("Jo $& Ann $' $`", undefined)).toBe("Enquiry from Jo $& Ann $' $` via the website");
  });

  it('gives the language’s subject where the owner’s text and the name would start an encoded word, which a mail program decodes', () => {
    const name = '?utf-8?q?=E2=80=AEevil=0AX?=';
    expect(withOwnSubject(MAIL_WORDS.en, 'Web ={name}').inquirySubject(name, undefined)).toBe(MAIL_WORDS.en.inquirySubject(name, undefined));
    expect(withOwnSubject(MAIL_WORDS.en, '{name}{name}').inquirySubject('?x=', 'Acme')).toBe(MAIL_WORDS.en.inquirySubject('?x=', 'Acme'));
    expect(withOwnSubject(MAIL_WORDS.en, 'Web = {name}').inquirySubject(name, undefined)).toBe(`Web = ${name}`);
  });

  it('leaves the language’s words as they are without one', () => {
    expect(withOwnSubject(MAIL_WORDS.fr, undefined)).toBe(MAIL_WORDS.fr);
  });
});

describe('the delivery worker’s words', () => {
  const environment = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com', INQUIRY_TABLE: 'inquiries', COUNTER_TABLE: 'counters', MAIL_LANGUAGE: 'es' };

  it('take MAIL_SUBJECT when set, the language’s subject otherwise', () => {
    const subjectWith = (extra: Record<string, string>) => createDeliveryDependencies(readDeliverySettings({ ...environment, ...extra })).words.inquirySubject('Lucía', 'Estudio');
    expect(subjectWith({ MAIL_SUBJECT: 'Consulta web: {name}' })).toBe('Consulta web: Lucía');
    expect(subjectWith({})).toBe(MAIL_WORDS.es.inquirySubject('Lucía', 'Estudio'));
  });
});
