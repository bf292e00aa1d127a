import { describe, expect, it } from '@jest/globals';
import { inboxListing } from '../../../bin/inbox/inbox-listing.js';
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

describe('inboxListing (npm run inbox, docs/api.md §14)', () => {
  it('lists each inquiry on one line, with its state and why, never its text unless asked', () => {
    const lines = inboxListing(
      [
        BASE,
        { ...BASE, id: 'pending-one', state: 'pending', attempts: 3, lastError: 'ECONNREFUSED', dueAt: Date.UTC(2030, 0, 2, 3, 9) / 1000 },
        { ...BASE, id: 'failed-one', state: 'failed', attempts: 40, lastError: 'SendingPausedException' },
        { ...BASE, id: 'unknown-one', state: 'unknown', lastError: 'TimeoutError' },
      ],
      { text: false },
    );

    expect(lines).toEqual([
      'RECEIVED (UTC)    STATE    TRIES  ID',
      `2030-01-02 03:04  sent     1      ${BASE.id}  sent 2030-01-02 03:04`,
      '2030-01-02 03:04  pending  3      pending-one                           ECONNREFUSED; next try 2030-01-02 03:09',
      '2030-01-02 03:04  failed   40     failed-one                            SendingPausedException; still failing at the end of the retry period: npm run redeliver -- failed-one',
      '2030-01-02 03:04  unknown  1      unknown-one                           TimeoutError; check your mailbox, then if it never came: npm run redeliver -- unknown-one',
      '',
      '4 inquiries, 1 sent, 1 pending, 1 failed, 1 unknown',
    ]);
    expect(lines.join('\n')).not.toMatch(/Ada|Babbage|line/);
  });

  it('adds what the visitor wrote when asked, or that it was erased', () => {
    const { text: _erased, ...withoutText } = BASE;

    expect(inboxListing([BASE, { ...withoutText, id: 'erased' }], { text: true })).toEqual([
      'RECEIVED (UTC)    STATE  TRIES  ID',
      `2030-01-02 03:04  sent   1      ${BASE.id}  sent 2030-01-02 03:04`,
      '    From: Ada Lovelace <ada@example.com>, Babbage & Co',
      '    > First line.',
      '    > Second line.',
      '',
      '2030-01-02 03:04  sent   1      erased                                sent 2030-01-02 03:04',
      '    (its text was erased once it was sent: retentionDays)',
      '',
      '2 inquiries, 2 sent',
    ]);
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
      { text: false },
    );

    expect(lines.slice(1, 4)).toEqual([
      '2030-01-02 03:04  held    1      held-one  too fast: sent 1 s after the form was shown, sooner than 3 s; throwaway address: mailinator.com is a disposable-mail domain; in the next digest, or now: npm run redeliver -- held-one',
      '2030-01-02 03:04  sent    1      digested  sent 2030-01-02 03:04 in the digest',
      '2030-01-02 03:04  failed  1      erased    its text was erased before it could be sent (retentionDays): nothing left to send',
    ]);
  });

  it('says of a held inquiry that the last digest failed, and why', () => {
    const [, line] = inboxListing(
      [{ ...BASE, id: 'held-one', state: 'held', lastError: 'AccountSendingPausedException', heldFor: [{ signal: 'flood', detail: 'more than 20 inquiries were to be mailed this hour (UTC)' }] }],
      { text: false },
    );
    expect(line).toBe(
      '2030-01-02 03:04  held   1      held-one  flood: more than 20 inquiries were to be mailed this hour (UTC); the last digest failed: AccountSendingPausedException; in the next digest, or now: npm run redeliver -- held-one',
    );
  });

  it('says an empty inbox is empty', () => {
    expect(inboxListing([], { text: false })).toEqual(['RECEIVED (UTC)  STATE  TRIES  ID', '', '0 inquiries']);
  });
});
