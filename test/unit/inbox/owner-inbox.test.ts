import { beforeAll, describe, expect, it } from '@jest/globals';
import { OwnerInbox } from '../../../bin/inbox/owner-inbox.js';
import { DynamoInquiryStore } from '../../../lambdas/intake/inquiry-store.js';
import { DynamoDeliveryStore } from '../../../lambdas/delivery/delivery-store.js';
import { inboxEmulator } from '../../support/inbox-emulator.js';

/* The owner's view of the inbox against dynalite (docs/api.md §14): listing, and sending again on purpose. */

const TABLE = 'owner-inbox';
const inbox = inboxEmulator(TABLE);
let owner: OwnerInbox;
let deliveries: DynamoDeliveryStore;
let inquiries: DynamoInquiryStore;
let accept: (id: string, receivedAt: string) => Promise<unknown>;
beforeAll(() => {
  owner = new OwnerInbox(inbox.client(), TABLE);
  deliveries = new DynamoDeliveryStore(inbox.client(), TABLE);
  inquiries = new DynamoInquiryStore(inbox.client(), TABLE);
  accept = (id, receivedAt) => inquiries.accept({ id, requestId: id, receivedAt: new Date(receivedAt), inquiry: INQUIRY, heldFor: [] });
});

const INQUIRY = { name: 'Ada', email: 'ada@example.com', message: 'An analytical engine, please.' };
const NOW = new Date('2030-06-01T00:00:00.000Z');
const ONCE = { again: false };
const AGAIN = { again: true };
const seconds = NOW.getTime() / 1000;

/** An inquiry stored, claimed and settled as the worker would have. */
async function settled(id: string, state: 'failed' | 'unknown' | 'sent', eraseText = false) {
  await accept(id, '2030-05-01T00:00:00.000Z');
  await deliveries.claim('pending', { id, attempts: 0 }, `attempt-${id}`, seconds, seconds + 60);
  await deliveries.settle(
    id,
    `attempt-${id}`,
    state === 'sent' ? { state, sentAt: NOW, expiresAt: seconds + 86_400, eraseText, inDigest: false } : { state, errorName: 'SomeError' },
  );
}

describe('OwnerInbox', () => {
  it('lists only inquiries, newest first', async () => {
    await accept('older', '2030-01-01T00:00:00.000Z');
    await accept('newer', '2030-02-01T00:00:00.000Z');

    const ids = (await owner.list()).map((record) => record.id);

    expect(ids.indexOf('newer')).toBeLessThan(ids.indexOf('older'));
  });

  it.each(['failed', 'unknown', 'sent'] as const)('sends a %s inquiry again (a sent one with again): pending, due now, with a fresh retry period', async (state) => {
    await settled(`again-${state}`, state);
    const record = (await owner.list()).find((candidate) => candidate.id === `again-${state}`)!;

    expect(await owner.redeliver(record, AGAIN, NOW)).toEqual({ id: record.id, kind: 'queued', from: state });

    expect(await inbox.itemOf(record.id)).toMatchObject({ state: 'pending', queue: 'pending', dueAt: seconds, retryFrom: seconds });
    expect(await inbox.itemOf(record.id)).not.toHaveProperty('expiresAt');
    expect(await deliveries.due('pending', seconds, 100)).toContainEqual(expect.objectContaining({ id: record.id }));
  });

  it('sends a held inquiry at once, released from every spam signal, its reasons kept', async () => {
    const heldFor = [{ signal: 'too_fast', token: 'early', seconds: 1, minimum: 3 }] as const;
    await inquiries.accept({ id: 'held-one', requestId: 'held-one', receivedAt: new Date('2030-05-01T00:00:00.000Z'), inquiry: INQUIRY, heldFor });
    const record = (await owner.list()).find((candidate) => candidate.id === 'held-one')!;
    expect(record).toMatchObject({ state: 'held', heldFor });

    expect(await owner.redeliver(record, ONCE, NOW)).toEqual({ id: 'held-one', kind: 'queued', from: 'held' });

    expect(await inbox.itemOf('held-one')).toMatchObject({ state: 'pending', queue: 'pending', dueAt: seconds, released: true, heldFor });
    expect((await owner.list()).find((candidate) => candidate.id === 'held-one')).toMatchObject({ state: 'pending', released: true });
  });

  it('refuses what is already on its way, what has no text left, and what changed since it was listed', async () => {
    await accept('on-its-way', '2030-05-01T00:00:00.000Z');
    await settled('erased', 'sent', true);
    await settled('changed', 'failed');
    const listed = await owner.list();
    const record = (id: string) => listed.find((candidate) => candidate.id === id)!;
    await owner.redeliver(record('changed'), ONCE, NOW);

    expect(await owner.redeliver(record('on-its-way'), ONCE, NOW)).toEqual({ id: 'on-its-way', kind: 'refused', reason: 'it is pending already' });
    expect(await owner.redeliver(record('erased'), AGAIN, NOW)).toEqual({ id: 'erased', kind: 'refused', reason: 'its text was erased (retentionDays)' });
    expect(await owner.redeliver(record('changed'), ONCE, NOW)).toEqual({ id: 'changed', kind: 'refused', reason: 'it changed meanwhile: it is pending now; list the inbox again' });
  });

  it('sends a sent inquiry once more only when asked to again, and says when it went', async () => {
    await settled('sent-once', 'sent');
    const record = (await owner.list()).find((candidate) => candidate.id === 'sent-once')!;

    expect(await owner.redeliver(record, ONCE, NOW)).toEqual({ id: 'sent-once', kind: 'already_sent', sentAt: NOW.toISOString() });
    expect(await inbox.itemOf('sent-once')).toMatchObject({ state: 'sent' });
    expect(await owner.redeliver(record, AGAIN, NOW)).toMatchObject({ kind: 'queued', from: 'sent' });
  });
});

describe('OwnerInbox against a digest at the same moment (docs/api.md §15)', () => {
  const HELD_FOR = [{ signal: 'too_fast', token: 'early', seconds: 1, minimum: 3 }] as const;
  async function listedHeld(id: string) {
    await inquiries.accept({ id, requestId: id, receivedAt: new Date('2030-05-01T00:00:00.000Z'), inquiry: INQUIRY, heldFor: HELD_FOR });
    return (await owner.list()).find((candidate) => candidate.id === id)!;
  }

  it('does not mail twice a held inquiry the digest mailed after the owner listed it, without again', async () => {
    const listed = await listedHeld('race-sent');
    // The digest claims it and SES takes the digest, between the owner's listing and the owner's release.
    await deliveries.claim('held', { id: 'race-sent', attempts: 0 }, 'digest', seconds, seconds + 600);
    await deliveries.settle('race-sent', 'digest', { state: 'sent', sentAt: NOW, expiresAt: seconds + 86_400, eraseText: false, inDigest: true });

    expect(await owner.redeliver(listed, ONCE, NOW)).toEqual({ id: 'race-sent', kind: 'already_sent', sentAt: NOW.toISOString(), sentIn: 'digest' });
    expect(await inbox.itemOf('race-sent')).toMatchObject({ state: 'sent', sentIn: 'digest' });
    expect(await inbox.itemOf('race-sent')).not.toHaveProperty('queue');
    // Even with again, the release of what was listed as held does not pass: the owner sees it sent first.
    expect(await owner.redeliver(listed, AGAIN, NOW)).toMatchObject({ kind: 'already_sent' });
    expect(await inbox.itemOf('race-sent')).toMatchObject({ state: 'sent' });
  });

  it('leaves a held inquiry the digest is sending to the digest', async () => {
    const listed = await listedHeld('race-sending');
    await deliveries.claim('held', { id: 'race-sending', attempts: 0 }, 'digest', seconds, seconds + 600);

    expect(await owner.redeliver(listed, ONCE, NOW)).toEqual({ id: 'race-sending', kind: 'refused', reason: 'it changed meanwhile: it is sending now; list the inbox again' });
    expect(await inbox.itemOf('race-sending')).toMatchObject({ state: 'sending', attemptId: 'digest' });
  });

  it('lets exactly one of a release and a digest claim take a held inquiry, when both come at once', async () => {
    for (let round = 0; round < 10; round++) {
      const id = `race-both-${round}`;
      const listed = await listedHeld(id);

      const [released, claimed] = await Promise.all([
        owner.redeliver(listed, ONCE, NOW),
        deliveries.claim('held', { id, attempts: 0 }, 'digest', seconds, seconds + 600),
      ]);

      expect([released.kind === 'queued', claimed !== undefined].filter(Boolean)).toHaveLength(1);
    }
  });
});
