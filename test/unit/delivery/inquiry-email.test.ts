import { describe, expect, it } from '@jest/globals';
import { composeInquiryEmail } from '../../../lambdas/delivery/inquiry-email.js';

const RECEIPT = { id: '3f0c9a5e-2b7d-4c1e-8f6a-9d4b2e1c0a77', receivedAt: new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6)) };
const MINIMAL = { name: 'Ada Lovelace', email: 'Ada+site@Example.com', message: 'I would like an analytical engine.' };
const FULL = { ...MINIMAL, company: 'Babbage & Co', project_url: 'https://example.org/engine?x=1' };

describe('composeInquiryEmail (docs/api.md §2, the e-mail)', () => {
  it.each([
    ['without company', MINIMAL, 'Project inquiry from Ada Lovelace'],
    ['with an empty company', { ...MINIMAL, company: '' }, 'Project inquiry from Ada Lovelace'],
    ['with a company', FULL, 'Project inquiry from Ada Lovelace (Babbage & Co)'],
    ['with spaces as company (non-empty)', { ...MINIMAL, company: '  ' }, 'Project inquiry from Ada Lovelace (  )'],
  ])('makes the subject %s', (_title, inquiry, subject) => {
    expect(composeInquiryEmail(inquiry, RECEIPT).subject).toBe(subject);
  });

  it('addresses the reply to the visitor, as written', () => {
    expect(composeInquiryEmail(FULL, RECEIPT).replyTo).toBe('Ada+site@Example.com');
  });

  it('lists every submitted field labelled, the message, the time received and the inquiry’s id', () => {
    expect(composeInquiryEmail(FULL, RECEIPT).text).toBe(
      [
        'Name: Ada Lovelace',
        'E-mail: Ada+site@Example.com',
        'Company: Babbage & Co',
        'Project URL: https://example.org/engine?x=1',
        '',
        'Message:',
        'I would like an analytical engine.',
        '',
        'Received: 2030-01-02 03:04 UTC (2030-01-02T03:04:05.006Z)',
        `Inquiry id: ${RECEIPT.id}`,
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['omitted', MINIMAL],
    ['sent as ""', { ...MINIMAL, company: '', project_url: '' }],
  ])('leaves out optional fields %s', (_title, inquiry) => {
    const { text } = composeInquiryEmail(inquiry, RECEIPT);

    expect(text).not.toContain('Company:');
    expect(text).not.toContain('Project URL:');
    expect(text.startsWith('Name: Ada Lovelace\nE-mail: Ada+site@Example.com\n\nMessage:\n')).toBe(true);
  });

  it('never mentions the honeypot', () => {
    expect(composeInquiryEmail(FULL, RECEIPT).text).not.toMatch(/gotcha/i);
  });

  it('keeps the message verbatim: line breaks, tabs, spaces, emoji and markup', () => {
    const message = '  Two lines,\r\nwith a\ttab;\n\n<b>not bold</b> & 😀 ẞ  \n';

    const { text } = composeInquiryEmail({ ...MINIMAL, message }, RECEIPT);

    expect(text).toContain(`\nMessage:\n${message}\n\nReceived: `);
  });

  it('gives the time received readable, and in ISO 8601 UTC', () => {
    const { text } = composeInquiryEmail(MINIMAL, { ...RECEIPT, receivedAt: new Date('2030-07-01T23:59:59.999+02:00') });

    expect(text).toContain('Received: 2030-07-01 21:59 UTC (2030-07-01T21:59:59.999Z)\n');
  });
});
