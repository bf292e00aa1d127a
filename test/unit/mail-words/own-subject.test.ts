import { describe, expect, it } from '@jest/globals';
import { readDeliverySettings } from '../../../lambdas/config.js';
import { createDeliveryDependencies } from '../../../lambdas/delivery/dependencies.js';
import { composeInquiryEmail } from '../../../lambdas/delivery/inquiry-email.js';
import { withOwnSubject } from '../../../lambdas/mail-words/own-subject.js';
import { MAIL_WORDS } from '../../../lambdas/mail-words/words-by-language.js';

/* The owner's own subject of an inquiry's mail (mailSubject, docs/api.md §7), in place of the language's. */

const INQUIRY = { name: 'Ada =?utf-8?b?QQ==?= Lovelace', email: 'ada@example.com', message: 'An engine, if you have the time for it.', company: 'Analytical Engines' };
const RECEIPT = { id: 'inquiry-1', receivedAt: new Date('2026-12-03T10:00:00Z') };

describe('withOwnSubject', () => {
  it('puts the visitor’s name, made visible as in the language’s subject, wherever {name} stands; the rest of the words the language’s', () => {
    const words = withOwnSubject(MAIL_WORDS.de, '{name} schreibt: Anfrage über die Website ({name})');
    const mail = composeInquiryEmail(INQUIRY, RECEIPT, { timeZone: 'Europe/Berlin', words });
    const ownName = composeInquiryEmail(INQUIRY, RECEIPT, { timeZone: 'Europe/Berlin', words: MAIL_WORDS.de }).subject.replace(/^Projektanfrage von | \(Analytical Engines\)$/g, '');
    expect(mail.subject).toBe(`${ownName} schreibt: Anfrage über die Website (${ownName})`);
    expect(mail.text).toBe(composeInquiryEmail(INQUIRY, RECEIPT, { timeZone: 'Europe/Berlin', words: MAIL_WORDS.de }).text);
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
