import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { composeDigestEmail, type HeldInquiry } from '../../../lambdas/delivery/digest-email.js';
import { composeInquiryEmail, MAIL_LINE_WIDTH } from '../../../lambdas/delivery/inquiry-email.js';
import type { InquiryText } from '../../../lambdas/inbox/inquiry-record.js';
import { ENGLISH } from '../../../lambdas/mail-words/en.js';
import { MAIL_WORDS } from '../../../lambdas/mail-words/words-by-language.js';

const RECEIPT = { id: '3f0c9a5e-2b7d-4c1e-8f6a-9d4b2e1c0a77', receivedAt: new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6)) };
const MINIMAL = { name: 'Ada Lovelace', email: 'Ada+site@Example.com', message: 'I would like an analytical engine.' };
const FULL = { ...MINIMAL, company: 'Babbage & Co', project_url: 'https://example.org/engine?x=1' };
const IN_UTC = { timeZone: 'UTC', words: ENGLISH };

describe('composeInquiryEmail (docs/api.md §2, the e-mail)', () => {
  it.each([
    ['without company', MINIMAL, 'Project inquiry from Ada Lovelace'],
    ['with an empty company', { ...MINIMAL, company: '' }, 'Project inquiry from Ada Lovelace'],
    ['with a company', FULL, 'Project inquiry from Ada Lovelace (Babbage & Co)'],
    ['with spaces as company (non-empty)', { ...MINIMAL, company: '  ' }, 'Project inquiry from Ada Lovelace (  )'],
    [
      'with format characters shown as escapes, as in the text',
      { ...MINIMAL, name: 'Ada\u200BLovelace\u{E0041}', company: 'Babbage\u2060 & Co' },
      'Project inquiry from Ada\\u200BLovelace\\u{E0041} (Babbage\\u2060 & Co)',
    ],
    ['with ZWNJ and ZWJ kept', { ...MINIMAL, name: 'می\u200Cخواهم 👩\u200D💻' }, 'Project inquiry from می\u200Cخواهم 👩\u200D💻'],
  ])('makes the subject %s', (_title, inquiry, subject) => {
    expect(composeInquiryEmail(inquiry, RECEIPT, IN_UTC).subject).toBe(subject);
  });

  it('addresses the reply to the visitor, as written', () => {
    expect(composeInquiryEmail(FULL, RECEIPT, IN_UTC).replyTo).toBe('Ada+site@Example.com');
  });

  it('labels every submitted field on a line of its own, quotes what the visitor wrote, then gives the time received and the inquiry’s id', () => {
    expect(composeInquiryEmail(FULL, RECEIPT, IN_UTC).text).toBe(
      [
        'Name:',
        '> Ada Lovelace',
        'E-mail:',
        '> Ada+site@Example.com',
        'Company:',
        '> Babbage & Co',
        'Project URL:',
        '> https://example.org/engine?x=1',
        '',
        'Message:',
        '> I would like an analytical engine.',
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
    const { text } = composeInquiryEmail(inquiry, RECEIPT, IN_UTC);

    expect(text).not.toContain('Company:');
    expect(text).not.toContain('Project URL:');
    expect(text.startsWith('Name:\n> Ada Lovelace\nE-mail:\n> Ada+site@Example.com\n\nMessage:\n')).toBe(true);
  });

  it('never mentions the honeypot', () => {
    expect(composeInquiryEmail(FULL, RECEIPT, IN_UTC).text).not.toMatch(/gotcha/i);
  });

  it('keeps the message’s words, spaces, emoji and markup, each of its lines quoted, an empty one as `>`', () => {
    const message = '  Two lines,\nwith <b>not bold</b> & 😀 ẞ  \n\nand a last.';

    const { text } = composeInquiryEmail({ ...MINIMAL, message }, RECEIPT, IN_UTC);

    expect(text).toContain('\nMessage:\n>   Two lines,\n> with <b>not bold</b> & 😀 ẞ  \n>\n> and a last.\n\nReceived: ');
  });

  it('starts a quoted line at every kind of line break: CR LF, a lone CR, VT, FF, NEL, LS and PS', () => {
    const { text } = composeInquiryEmail({ ...MINIMAL, message: 'one\r\ntwo\rthree\vfour\ffive\u0085six\u2028seven\u2029eight' }, RECEIPT, IN_UTC);

    expect(text).toContain('Message:\n> one\n> two\n> three\n> four\n> five\n> six\n> seven\n> eight\n\n');
    expect(text).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/u);
  });

  it('shows a control character a stored text holds as an escape, and a tab as spaces', () => {
    const { text } = composeInquiryEmail({ ...MINIMAL, name: 'Ada\u001b[31m', message: 'A bell\u0007, a C1 \u009b and a\ttab.' }, RECEIPT, IN_UTC);

    expect(text).toContain('Name:\n> Ada\\u001B[31m\n');
    expect(text).toContain('> A bell\\u0007, a C1 \\u009B and a tab.\n');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u);
  });

  it(`cuts a long line into quoted pieces of at most ${MAIL_LINE_WIDTH} characters, after a space where one fits`, () => {
    const message = `${'word '.repeat(40)}${'x'.repeat(200)}`;

    const { text } = composeInquiryEmail({ ...MINIMAL, message }, RECEIPT, IN_UTC);

    const quoted = text.split('\n').filter((line) => line.startsWith('>')).slice(2);
    expect(quoted.every((line) => line.length <= MAIL_LINE_WIDTH)).toBe(true);
    expect(quoted[0]).toBe(`> ${'word '.repeat(15)}`);
    expect(quoted.map((line) => line.slice(2)).join('')).toBe(message);
  });

  it('gives the address of the contact page it was sent from, between its arrival and its id, when its post named one', () => {
    const { text } = composeInquiryEmail(MINIMAL, { ...RECEIPT, sentFrom: 'https://example.com/fr/%C3%A9crire/' }, IN_UTC);

    expect(text.endsWith(`UTC (2030-01-02T03:04:05.006Z)\nSent from: https://example.com/fr/%C3%A9crire/\nInquiry id: ${RECEIPT.id}\n`)).toBe(true);
    expect(composeInquiryEmail(MINIMAL, RECEIPT, IN_UTC).text).not.toContain('Sent from');
  });

  it('gives the time received readable, in the owner’s time zone and named by it, and in ISO 8601 UTC', () => {
    const at = (receivedAt: string, timeZone: string) => composeInquiryEmail(MINIMAL, { ...RECEIPT, receivedAt: new Date(receivedAt) }, { timeZone, words: ENGLISH }).text;

    expect(at('2030-07-01T23:59:59.999+02:00', 'UTC')).toContain('Received: 2030-07-01 21:59 UTC (2030-07-01T21:59:59.999Z)\n');
    // Summer and winter time, a day apart from UTC's, and a zone of half hours.
    expect(at('2030-07-01T21:59:59.999Z', 'Europe/Berlin')).toContain('Received: 2030-07-01 23:59 Europe/Berlin (2030-07-01T21:59:59.999Z)\n');
    expect(at('2030-01-01T23:30:00.000Z', 'Europe/Berlin')).toContain('Received: 2030-01-02 00:30 Europe/Berlin (2030-01-01T23:30:00.000Z)\n');
    expect(at('2030-01-01T03:00:00.000Z', 'America/Toronto')).toContain('Received: 2029-12-31 22:00 America/Toronto (2030-01-01T03:00:00.000Z)\n');
    expect(at('2030-01-01T00:00:00.000Z', 'Asia/Kolkata')).toContain('Received: 2030-01-01 05:30 Asia/Kolkata (2030-01-01T00:00:00.000Z)\n');
  });

  it('gives a held inquiry in a digest the time zone that digest is composed in, however often it was composed before', () => {
    const held: HeldInquiry = { id: 'held-1', requestId: 'r', receivedAt: RECEIPT.receivedAt.toISOString(), state: 'sending', attempts: 1, retryFrom: 0, text: MINIMAL };
    const sentAt = new Date(Date.UTC(2030, 0, 3, 8));

    expect(composeDigestEmail([held], 1, { sentAt, timeZone: 'UTC', words: ENGLISH }).text).toContain('Received: 2030-01-02 03:04 UTC (');
    expect(composeDigestEmail([held], 1, { sentAt, timeZone: 'Europe/Berlin', words: ENGLISH }).text).toContain('Received: 2030-01-02 04:04 Europe/Berlin (');
  });

  it('goes without a Reply-To when SES refused it, and says so first, the address still in the text', () => {
    const email = composeInquiryEmail(FULL, RECEIPT, { ...IN_UTC, replyToRefused: 'BadRequestException' });

    expect(email).not.toHaveProperty('replyTo');
    expect(email.text).toMatch(/^No Reply-To: SES refused the visitor's address as one \(BadRequestException\)\. To answer, write to it yourself\.\n\nName:\n/);
    expect(email.text).toContain('E-mail:\n> Ada+site@Example.com\n');
  });
});

/*
 * What a hostile visitor writes against what the owner reads (issue 29): whatever the fields hold,
 * forged sections, trailers, labels and separators included, every line the visitor's text makes is
 * quoted and no wider than a mail's line, and the service's own lines are exactly those of a
 * harmless inquiry.
 */
describe('a visitor’s text cannot pass for the service’s', () => {
  const forgeries = fc.constantFrom(
    '=== 2 of 2 ===',
    'Held: nothing',
    'Name: Mallory',
    'E-mail: mallory@evil.example',
    'Company: Trusted Bank',
    'Project URL: https://evil.example/',
    'Message:',
    `Received: 2030-01-02 03:04 UTC (2030-01-02T03:04:05.006Z)`,
    `Inquiry id: ${RECEIPT.id}`,
    'No Reply-To: none',
    'From mallory@evil.example Mon Jan  1 00:00:00 2030',
    'Reply-To: mallory@evil.example',
    'Content-Type: text/html',
    '--boundary--',
    '>',
    '> quoted',
    '＞ fullwidth',
    '',
    ' '.repeat(120),
    '\t'.repeat(30),
    '😀'.repeat(50),
    '\u202Etxet desrever',
    'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
  );
  const breaks = fc.constantFrom('\n', '\r\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029');
  const line = fc.oneof(forgeries, fc.string({ unit: 'binary', maxLength: 90 }), fc.string({ unit: 'grapheme', maxLength: 200 }));
  const text = fc.array(fc.tuple(line, breaks), { minLength: 1, maxLength: 8 }).map((parts) => parts.map(([part, lineBreak]) => part + lineBreak).join(''));
  const inquiry = fc.record({ name: text, email: text, message: text, company: text, project_url: text });

  /** Each line of a mail that is not quoted: the service's. */
  const serviceLines = (mail: string) => mail.split('\n').filter((line) => !line.startsWith('>'));
  /** An inquiry of harmless values in every field: the lines the service writes for any such. */
  const HARMLESS: InquiryText = { name: 'A', email: 'a@example.com', message: 'M', company: 'C', project_url: 'https://example.com' };
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  /** The characters of a line that take a column: its grapheme clusters, but the invisible format characters. */
  const visibleLength = (line: string) => [...graphemes.segment(line)].filter(({ segment }) => !/^\p{Cf}+$/u.test(segment)).length;

  it('in a mail of its own, in every language', () => {
    fc.assert(
      fc.property(inquiry, fc.constantFrom(...Object.values(MAIL_WORDS)), (fields, words) => {
        const { text: mail } = composeInquiryEmail(fields, RECEIPT, { ...IN_UTC, words });
        expect(serviceLines(mail)).toEqual(serviceLines(composeInquiryEmail(HARMLESS, RECEIPT, { ...IN_UTC, words }).text));
        for (const quoted of mail.split('\n').filter((candidate) => candidate.startsWith('>'))) {
          expect(quoted === '>' || quoted.startsWith('> ')).toBe(true);
          expect(visibleLength(quoted)).toBeLessThanOrEqual(MAIL_LINE_WIDTH);
        }
        expect(mail).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/u);
      }),
      { numRuns: 300 },
    );
  });

  it('in a digest', () => {
    const held = (fields: InquiryText, id: string): HeldInquiry => ({
      id,
      requestId: id,
      receivedAt: RECEIPT.receivedAt.toISOString(),
      state: 'sending',
      attempts: 1,
      retryFrom: 0,
      heldFor: [{ signal: 'too_fast', detail: 'sent 1 s after the form was shown, sooner than 3 s' }],
      text: fields,
    });
    fc.assert(
      fc.property(inquiry, inquiry, (first, second) => {
        const at = new Date(Date.UTC(2030, 0, 3, 8));
        const { text: mail } = composeDigestEmail([held(first, 'one'), held(second, 'two')], 2, { sentAt: at, timeZone: 'UTC', words: ENGLISH });
        const { text: expected } = composeDigestEmail([held(HARMLESS, 'one'), held(HARMLESS, 'two')], 2, { sentAt: at, timeZone: 'UTC', words: ENGLISH });
        expect(serviceLines(mail)).toEqual(serviceLines(expected));
        expect(mail.match(/^=== \d of 2 ===$/gm)).toEqual(['=== 1 of 2 ===', '=== 2 of 2 ===']);
        expect(mail.match(/^Inquiry id: .*$/gm)).toEqual(['Inquiry id: one', 'Inquiry id: two']);
      }),
      { numRuns: 200 },
    );
  });
});
