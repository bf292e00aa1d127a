import { beforeAll, describe, expect, it } from '@jest/globals';
import { DynamoInquiryStore } from '../../../lambdas/intake/inquiry-store.js';
import { OwnerInbox } from '../../../bin/inbox/owner-inbox.js';
import { DynamoDeliveryStore } from '../../../lambdas/delivery/delivery-store.js';
import { toInquiryRecord } from '../../../lambdas/inbox/inquiry-record.js';
import { inboxEmulator } from '../../support/inbox-emulator.js';

/* The worker's conditional writes against dynalite's inquiry table (docs/api.md §14): each step once. */

const TABLE = 'deliveries-under-test';
const inbox = inboxEmulator(TABLE);
let store: DynamoDeliveryStore;
let accept: (id: string, receivedAt?: Date) => Promise<unknown>;
beforeAll(() => {
  store = new DynamoDeliveryStore(inbox.client(), TABLE);
  const inquiries = new DynamoInquiryStore(inbox.client(), TABLE);
  accept = (id, receivedAt = new Date(NOW * 1000)) =>
    inquiries.accept({ id, requestId: `request-of-${id}`, receivedAt, inquiry: { name: 'Ada', email: 'ada@example.com', message: 'An analytical engine, please.' }, heldFor: [] });
});

const NOW = 1_900_000_000;
const HELD_INQUIRY = {
  requestId: 'request-of-held',
  receivedAt: new Date(NOW * 1000),
  inquiry: { name: 'Ada', email: 'ada@mailinator.com', message: 'An analytical engine, please.' },
};
const inquiries = () => new DynamoInquiryStore(inbox.client(), TABLE);
let ids = 0;
const newId = () => `inquiry-${++ids}`;

describe('DynamoDeliveryStore.claim', () => {
  it('claims a pending, due inquiry once, returning it with its text and one more attempt', async () => {
    const id = newId();
    await accept(id);

    const claimed = await store.claim('pending', { id, attempts: 0 }, 'attempt-a', NOW, NOW + 60);

    expect(claimed).toMatchObject({ id, state: 'sending', attempts: 1, attemptId: 'attempt-a', text: { name: 'Ada' } });
    expect(await inbox.itemOf(id)).toMatchObject({ state: 'sending', queue: 'sending', dueAt: NOW + 60, attempts: 1 });
    expect(await store.claim('pending', { id, attempts: 0 }, 'attempt-b', NOW, NOW + 60)).toBeUndefined();
  });

  it('returns the contact page it was sent from, as stored', async () => {
    const id = newId();
    await inquiries().accept({ ...HELD_INQUIRY, id, heldFor: [], sentFrom: 'https://example.com/fr/contact/' });

    expect(await store.claim('pending', { id, attempts: 0 }, 'attempt-a', NOW, NOW + 60)).toMatchObject({ id, sentFrom: 'https://example.com/fr/contact/' });
  });

  it('takes a repeat of the very same claim (a retried write) as that claim, counting the attempt once', async () => {
    const id = newId();
    await accept(id);

    await store.claim('pending', { id, attempts: 0 }, 'attempt-a', NOW, NOW + 60);
    const repeated = await store.claim('pending', { id, attempts: 0 }, 'attempt-a', NOW + 1, NOW + 61);

    expect(repeated).toMatchObject({ attempts: 1, attemptId: 'attempt-a' });
  });

  it('claims nothing not yet due, nor an inquiry seen with other attempts than it has', async () => {
    const id = newId();
    await accept(id, new Date((NOW + 30) * 1000));

    expect(await store.claim('pending', { id, attempts: 0 }, 'early', NOW, NOW + 60)).toBeUndefined();
    expect(await store.claim('pending', { id, attempts: 3 }, 'stale', NOW + 30, NOW + 90)).toBeUndefined();
    expect(await store.claim('pending', { id: 'no-such-inquiry', attempts: 0 }, 'nothing', NOW, NOW + 60)).toBeUndefined();
  });
});

describe('DynamoDeliveryStore: the held queue (docs/api.md §15)', () => {
  const TOO_FAST = { signal: 'too_fast', token: 'early', seconds: 1, minimum: 3 } as const;
  const FLOOD = { signal: 'flood', limit: 20 } as const;

  it('claims a held inquiry only out of the held queue, for the digest', async () => {
    const id = newId();
    await inquiries().accept({ ...HELD_INQUIRY, id, heldFor: [TOO_FAST] });

    expect(await store.claim('pending', { id, attempts: 0 }, 'alone', NOW, NOW + 60)).toBeUndefined();
    expect(await store.due('held', NOW, 10)).toContainEqual({ id, attempts: 0 });
    expect(await store.claim('held', { id, attempts: 0 }, 'digest', NOW, NOW + 600)).toMatchObject({ id, state: 'sending', heldFor: [TOO_FAST] });
  });

  it('holds a claimed inquiry for the digest with the reasons given, and marks one sent in a digest', async () => {
    const [flooded, digested] = [newId(), newId()];
    await accept(flooded);
    await inquiries().accept({ ...HELD_INQUIRY, id: digested, heldFor: [TOO_FAST] });
    await store.claim('pending', { id: flooded, attempts: 0 }, 'alone', NOW, NOW + 60);
    await store.claim('held', { id: digested, attempts: 0 }, 'digest', NOW, NOW + 600);

    expect(await store.settle(flooded, 'alone', { state: 'held', dueAt: NOW, heldFor: [FLOOD] })).toBe(true);
    expect(await store.settle(digested, 'digest', { state: 'sent', sentAt: new Date(NOW * 1000), expiresAt: NOW + 100, eraseText: false, inDigest: true })).toBe(true);

    expect(await inbox.itemOf(flooded)).toMatchObject({ state: 'held', queue: 'held', dueAt: NOW, heldFor: [FLOOD] });
    expect(await inbox.itemOf(digested)).toMatchObject({ state: 'sent', sentIn: 'digest', heldFor: [TOO_FAST] });
  });

  it('forgets, once held by the flood, an earlier error; once sent alone after a digest, the digest', async () => {
    const id = newId();
    await accept(id);
    await store.claim('pending', { id, attempts: 0 }, 'first', NOW, NOW + 60);
    await store.settle(id, 'first', { state: 'pending', dueAt: NOW, errorName: 'Throttling' });
    await store.claim('pending', { id, attempts: 1 }, 'second', NOW, NOW + 60);
    await store.settle(id, 'second', { state: 'held', dueAt: NOW, heldFor: [FLOOD] });
    expect(await inbox.itemOf(id)).not.toHaveProperty('lastError');

    await store.claim('held', { id, attempts: 2 }, 'digest', NOW, NOW + 600);
    await store.settle(id, 'digest', { state: 'sent', sentAt: new Date(NOW * 1000), expiresAt: NOW + 100, eraseText: false, inDigest: true });
    await new OwnerInbox(inbox.client(), TABLE).redeliver(toInquiryRecord((await inbox.itemOf(id))!), { again: true }, new Date(NOW * 1000));
    await store.claim('pending', { id, attempts: 3 }, 'alone', NOW, NOW + 60);
    await store.settle(id, 'alone', { state: 'sent', sentAt: new Date(NOW * 1000), expiresAt: NOW + 100, eraseText: false, inDigest: false });

    expect(await inbox.itemOf(id)).toMatchObject({ state: 'sent', released: true });
    expect(await inbox.itemOf(id)).not.toHaveProperty('sentIn');
  });

  it('puts a digest SES refused back in the held queue, its reasons as they were', async () => {
    const id = newId();
    await inquiries().accept({ ...HELD_INQUIRY, id, heldFor: [TOO_FAST] });
    await store.claim('held', { id, attempts: 0 }, 'digest', NOW, NOW + 600);

    await store.settle(id, 'digest', { state: 'held', dueAt: NOW, errorName: 'Throttling' });

    expect(await inbox.itemOf(id)).toMatchObject({ state: 'held', queue: 'held', heldFor: [TOO_FAST], lastError: 'Throttling' });
  });

  it('marks one SES refused alone in the digest failed there, and a later failure of it alone no longer so', async () => {
    const id = newId();
    await inquiries().accept({ ...HELD_INQUIRY, id, heldFor: [TOO_FAST] });
    await store.claim('held', { id, attempts: 0 }, 'digest', NOW, NOW + 600);

    await store.settle(id, 'digest', { state: 'failed', errorName: 'MessageRejected', refusedInDigest: true });

    expect(await inbox.itemOf(id)).toMatchObject({ state: 'failed', lastError: 'MessageRejected', failedIn: 'digest', text: expect.any(Object) });
    expect(toInquiryRecord((await inbox.itemOf(id))!)).toMatchObject({ failedIn: 'digest' });
    await new OwnerInbox(inbox.client(), TABLE).redeliver(toInquiryRecord((await inbox.itemOf(id))!), { again: false }, new Date(NOW * 1000));
    await store.claim('pending', { id, attempts: 1 }, 'alone', NOW, NOW + 60);
    await store.settle(id, 'alone', { state: 'failed', errorName: 'MessageRejected' });
    expect(await inbox.itemOf(id)).not.toHaveProperty('failedIn');
  });
});

describe('DynamoDeliveryStore.settle', () => {
  async function claimed(): Promise<string> {
    const id = newId();
    await accept(id);
    await store.claim('pending', { id, attempts: 0 }, `claim-of-${id}`, NOW, NOW + 60);
    return id;
  }

  it('records a send out of every queue, with its expiry, keeping or erasing the text', async () => {
    const [kept, erased] = [await claimed(), await claimed()];

    expect(await store.settle(kept, `claim-of-${kept}`, { state: 'sent', sentAt: new Date(NOW * 1000), expiresAt: NOW + 100, eraseText: false, inDigest: false })).toBe(true);
    expect(await store.settle(erased, `claim-of-${erased}`, { state: 'sent', sentAt: new Date(NOW * 1000), expiresAt: NOW + 100, eraseText: true, inDigest: false })).toBe(true);

    const item = await inbox.itemOf(kept);
    expect(item).toMatchObject({ state: 'sent', sentAt: new Date(NOW * 1000).toISOString(), expiresAt: NOW + 100, text: expect.any(Object) });
    expect(item).not.toHaveProperty('queue');
    expect(item).not.toHaveProperty('dueAt');
    expect(await inbox.itemOf(erased)).not.toHaveProperty('text');
  });

  it('puts an inquiry back in the pending queue, due later, with the error', async () => {
    const id = await claimed();

    await store.settle(id, `claim-of-${id}`, { state: 'pending', dueAt: NOW + 120, errorName: 'Throttling' });

    expect(await inbox.itemOf(id)).toMatchObject({ state: 'pending', queue: 'pending', dueAt: NOW + 120, lastError: 'Throttling' });
    expect(await store.due('pending', NOW + 119, 10)).not.toContainEqual(expect.objectContaining({ id }));
    expect(await store.due('pending', NOW + 120, 10)).toContainEqual(expect.objectContaining({ id, attempts: 1 }));
  });

  it.each(['failed', 'unknown'] as const)('keeps a %s inquiry out of every queue and without an expiry', async (state) => {
    const id = await claimed();

    await store.settle(id, `claim-of-${id}`, { state, errorName: 'SomeError' });

    const item = await inbox.itemOf(id);
    expect(item).toMatchObject({ state, lastError: 'SomeError' });
    for (const attribute of ['queue', 'dueAt', 'expiresAt']) expect(item).not.toHaveProperty(attribute);
  });

  it('lets only the claim that holds an inquiry settle it, and a late send still count', async () => {
    const id = await claimed();

    expect(await store.settle(id, 'another-claim', { state: 'pending', dueAt: NOW, errorName: 'x' })).toBe(false);
    expect(await store.settle(id, `claim-of-${id}`, { state: 'unknown', errorName: 'ClaimExpired' })).toBe(true);
    expect(await store.settle(id, `claim-of-${id}`, { state: 'pending', dueAt: NOW, errorName: 'x' })).toBe(false);
    expect(await store.settle(id, `claim-of-${id}`, { state: 'sent', sentAt: new Date(NOW * 1000), expiresAt: NOW + 1, eraseText: false, inDigest: false })).toBe(true);
    expect(await inbox.itemOf(id)).toMatchObject({ state: 'sent' });
  });
});

describe('DynamoDeliveryStore.due', () => {
  it('finds the claims that ran out, with the claim they are under', async () => {
    const id = newId();
    await accept(id);
    await store.claim('pending', { id, attempts: 0 }, 'stopped-worker', NOW, NOW + 60);

    expect(await store.due('sending', NOW + 59, 50)).not.toContainEqual(expect.objectContaining({ id }));
    expect(await store.due('sending', NOW + 60, 50)).toContainEqual({ id, attempts: 1, attemptId: 'stopped-worker' });
  });

  it('gives at most the limit, oldest first', async () => {
    const [later, sooner] = [newId(), newId()];
    await accept(later, new Date((NOW - 100) * 1000));
    await accept(sooner, new Date((NOW - 200) * 1000));

    const due = await store.due('pending', NOW - 100, 1);

    expect(due.map((candidate) => candidate.id)).toEqual([sooner]);
  });
});
