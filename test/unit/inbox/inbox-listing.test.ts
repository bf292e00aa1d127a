import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { inboxListing } from '../../../bin/inbox/inbox-listing.js';
import { ownerCommandLine } from '../../../bin/inbox/inbox-table.js';
import type { InquiryRecord } from '../../../lambdas/inbox/inquiry-record.js';

const BASE: InquiryRecord = {
  id: '11111111-2222-4333-8444-555555555555',
  requestId: '11111111-2222-4333-8444-555555555555',
  receivedAt: '2030-01-02T03:04:05.000Z',
  state: 'sent',
  attempts: 1,
  retryFrom: 0,
  sentAt: '2030-01-02T03:04:06.000Z',
  text: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'First line.\r\nSecond line.', company: 'Babbage & Co' },
};

const redeliverCommand = (id: string) => `npm run redeliver -- ${id}`;
const PLAIN = { text: false, redeliverCommand, timeZone: 'UTC' };
const WITH_TEXT = { text: true, redeliverCommand, timeZone: 'UTC' };

describe('inboxListing (npm run inbox, docs/api.md §14)', () => {
  it('lists each inquiry on one line, with its state and why, never its text unless asked', () => {
    const lines = inboxListing(
      [
        BASE,
        { ...BASE, id: 'pending-one', state: 'pending', attempts: 3, lastError: 'ECONNREFUSED', dueAt: Date.UTC(2030, 0, 2, 3, 9) / 1000 },
        { ...BASE, id: 'failed-one', state: 'failed', attempts: 40, lastError: 'SendingPausedException' },
        { ...BASE, id: 'unknown-one', state: 'unknown', lastError: 'TimeoutError' },
      ],
      PLAIN,
    );

    expect(lines).toEqual([
      'RECEIVED (UTC)    STATE    TRIES  ID',
      `2030-01-02 03:04  sent     1      ${BASE.id}  sent 2030-01-02 03:04`,
      '2030-01-02 03:04  pending  3      pending-one                           no answer from SES (ECONNREFUSED); next try 2030-01-02 03:09',
      '2030-01-02 03:04  failed   40     failed-one                            SES answered SendingPausedException; still failing at the end of the retry period: npm run redeliver -- failed-one',
      '2030-01-02 03:04  unknown  1      unknown-one                           no answer from SES in time; check your mailbox, then if it never came: npm run redeliver -- unknown-one',
      '',
      '4 inquiries, 1 sent, 1 pending, 1 failed, 1 unknown',
    ]);
    expect(lines.join('\n')).not.toMatch(/Ada|Babbage|line/);
  });

  it('adds what the visitor wrote when asked, each field labelled and each of its lines quoted, or that it was erased', () => {
    const { text: _erased, ...withoutText } = BASE;

    expect(inboxListing([BASE, { ...withoutText, id: 'erased' }], WITH_TEXT)).toEqual([
      'RECEIVED (UTC)    STATE  TRIES  ID',
      `2030-01-02 03:04  sent   1      ${BASE.id}  sent 2030-01-02 03:04`,
      '    Name:',
      '    > Ada Lovelace',
      '    E-mail:',
      '    > ada@example.com',
      '    Company:',
      '    > Babbage & Co',
      '',
      '    Message:',
      '    > First line.',
      '    > Second line.',
      '',
      '2030-01-02 03:04  sent   1      erased                                sent 2030-01-02 03:04',
      '    (its text was erased once it was sent: retentionDays)',
      '',
      '2 inquiries, 2 sent',
    ]);
  });

  it('gives the contact page it was sent from after its text, or after saying its text was erased', () => {
    const sentFrom = 'https://example.com/fr/contact/';
    const { text: _erased, ...withoutText } = BASE;

    const lines = inboxListing([{ ...BASE, sentFrom }, { ...withoutText, id: 'erased', sentFrom }], WITH_TEXT);

    expect(lines.slice(11, 13)).toEqual(['    > Second line.', `    Sent from: ${sentFrom}`]);
    expect(lines.slice(15, 17)).toEqual(['    (its text was erased once it was sent: retentionDays)', `    Sent from: ${sentFrom}`]);
    expect(inboxListing([{ ...BASE, sentFrom }], PLAIN).join('\n')).not.toContain('Sent from');
  });

  it('says why a held inquiry waits and how to send it now, and which were sent in a digest; a text erased before sending is no one’s to redeliver', () => {
    const held: InquiryRecord = {
      ...BASE,
      id: 'held-one',
      state: 'held',
      heldFor: [
        { signal: 'too_fast', detail: 'sent 1 s after the form was shown, sooner than 3 s' },
        { signal: 'throwaway_address', detail: 'mailinator.com is a disposable-mail domain' },
      ],
    };
    const lines = inboxListing(
      [held, { ...held, id: 'digested', state: 'sent', sentIn: 'digest' }, { ...BASE, id: 'erased', state: 'failed', lastError: 'TextErased' }],
      PLAIN,
    );

    expect(lines.slice(1, 4)).toEqual([
      '2030-01-02 03:04  held    1      held-one  too fast: sent 1 s after the form was shown, sooner than 3 s; throwaway address: mailinator.com is a disposable-mail domain; in the next digest, or now: npm run redeliver -- held-one',
      '2030-01-02 03:04  sent    1      digested  sent 2030-01-02 03:04 in the digest, held for too fast: sent 1 s after the form was shown, sooner than 3 s; throwaway address: mailinator.com is a disposable-mail domain',
      '2030-01-02 03:04  failed  1      erased    its text was erased before it could be sent (retentionDays): nothing left to send',
    ]);
  });

  it('says of a held inquiry that the last digest failed, and why', () => {
    const [, line] = inboxListing(
      [{ ...BASE, id: 'held-one', state: 'held', lastError: 'AccountSendingPausedException', heldFor: [{ signal: 'flood', detail: 'more than 20 inquiries were to be mailed this hour (UTC)' }] }],
      PLAIN,
    );
    expect(line).toBe(
      '2030-01-02 03:04  held   1      held-one  flood: more than 20 inquiries were to be mailed this hour (UTC); the last digest failed: SES answered AccountSendingPausedException; in the next digest, or now: npm run redeliver -- held-one',
    );
  });

  it('gives its times in the terminal’s time zone, which its heading names', () => {
    const zoned = { ...PLAIN, timeZone: 'America/Toronto' };
    const lines = inboxListing([BASE, { ...BASE, id: 'pending-one', state: 'pending', dueAt: Date.UTC(2030, 0, 2, 5, 9) / 1000 }], zoned);

    expect(lines.slice(0, 3)).toEqual([
      'RECEIVED (America/Toronto)  STATE    TRIES  ID',
      `2030-01-01 22:04            sent     1      ${BASE.id}  sent 2030-01-01 22:04`,
      '2030-01-01 22:04            pending  1      pending-one                           next try 2030-01-02 00:09',
    ]);
  });

  it('says an empty inbox is empty', () => {
    expect(inboxListing([], PLAIN)).toEqual(['RECEIVED (UTC)  STATE  TRIES  ID', '', '0 inquiries']);
  });
  it('names the options it was read with in the command it gives, so that it can be pasted as it is', () => {
    const local = { stack: 'PersonalSite', endpoint: 'http://127.0.0.1:45678' };
    const [, line] = inboxListing([{ ...BASE, id: 'unknown-one', state: 'unknown', lastError: 'TimeoutError' }], {
      ...PLAIN,
      redeliverCommand: (id) => ownerCommandLine('redeliver', local, id),
    });

    expect(line).toMatch(/npm run redeliver -- --endpoint http:\/\/127\.0\.0\.1:45678 unknown-one$/);
    expect(ownerCommandLine('redeliver', { stack: 'Other', region: 'eu-west-1', table: "it's" }, '--again', 'x')).toBe(
      "npm run redeliver -- --stack Other --region eu-west-1 --table 'it'\\''s' --again x",
    );
  });

  it('says of an inquiry SES refused alone in the digest that the others went, and how to read it', () => {
    const [, line] = inboxListing([{ ...BASE, id: 'poison', state: 'failed', lastError: 'MessageRejected', failedIn: 'digest' }], PLAIN);

    expect(line).toBe(
      '2030-01-02 03:04  failed  1      poison  SES answered MessageRejected; SES refused it alone in the digest and took the others: --text shows what it holds; alone: npm run redeliver -- poison',
    );
  });

  it('writes no control character to the terminal, whatever the table holds: each is an escape, a lone CR a new quoted line', () => {
    const lines = inboxListing(
      [
        {
          ...BASE,
          id: 'id\u001b[2J',
          lastError: 'Error\u0007',
          sentAt: 'not a time',
          text: { name: 'Ada\u202E\u001b]0;title\u0007', email: 'a@example.com', company: '\u009b31m', message: 'over\rwritten\u0085next\u2028line\tand a tab\u007f' },
        },
      ],
      WITH_TEXT,
    );

    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u);
    expect(lines).toContain('    > Ada\\u202E\\u001B]0;title\\u0007');
    expect(lines).toContain('    > \\u009B31m');
    expect(lines.slice(lines.indexOf('    Message:') + 1, -2)).toEqual(['    > over', '    > written', '    > next', '    > line    and a tab\\u007F']);
  });

  it('never lets a stored text start a line of its own or reach the terminal’s control, by property', () => {
    const anything = fc.string({ unit: 'binary', maxLength: 300 });
    fc.assert(
      fc.property(anything, anything, anything, anything, (name, company, message, id) => {
        const lines = inboxListing([{ ...BASE, id, state: 'held', text: { name, email: 'a@example.com', company, message } }], WITH_TEXT);
        expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cs}\p{Bidi_Control}\u2028\u2029]/u);
        const text = lines.slice(2, -2);
        for (const line of text) expect(line === '' || /^    (?:> |>$|Name:$|E-mail:$|Company:$|Message:$)/.test(line)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
