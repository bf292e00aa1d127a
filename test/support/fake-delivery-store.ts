import type { ClaimableQueue, DeliveryCandidate, DeliveryStore, Settlement } from '../../lambdas/delivery/delivery-store.js';
import type { InquiryRecord, InquiryState, QueueName } from '../../lambdas/inbox/inquiry-record.js';

/** One inquiry as the fake table holds it: the record, and the attributes of its place in a queue. */
export interface FakeItem extends InquiryRecord {
  readonly queue?: QueueName;
  readonly expiresAt?: number;
}

/**
 * An in-memory DeliveryStore with DynamoDeliveryStore's semantics: a claim takes a due inquiry of
 * its queue (pending or held) seen with its current attempts (or repeats the very same claim), and only the claim
 * that holds an inquiry settles it ("sent" also after the sweep called it unknown).
 */
export class FakeDeliveryStore implements DeliveryStore {
  readonly items = new Map<string, FakeItem>();
  /** Every claim that took an inquiry, by inquiry id, in order. */
  readonly claims: Array<{ id: string; attemptId: string }> = [];

  /** An inquiry as the contact function stores it, received at `receivedAt`, with what the test sets on top. */
  add(item: Partial<FakeItem> & { id: string }): FakeItem {
    const receivedAt = item.receivedAt ?? '2030-01-01T12:00:00.000Z';
    const received = Math.floor(Date.parse(receivedAt) / 1000);
    const stored: FakeItem = {
      requestId: item.id,
      receivedAt,
      state: 'pending',
      attempts: 0,
      retryFrom: received,
      queue: 'pending',
      dueAt: received,
      text: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'An analytical engine, if you please.' },
      ...item,
    };
    this.items.set(item.id, stored);
    return stored;
  }

  state(id: string): InquiryState | undefined {
    return this.items.get(id)?.state;
  }

  async claim(from: ClaimableQueue, candidate: DeliveryCandidate, attemptId: string, now: number, leaseUntil: number) {
    const item = this.items.get(candidate.id);
    if (item === undefined) return undefined;
    const due = item.state === from && (item.dueAt ?? 0) <= now && item.attempts === candidate.attempts;
    const same = item.state === 'sending' && item.attemptId === attemptId;
    if (!due && !same) return undefined;
    const claimed: FakeItem = {
      ...item,
      state: 'sending',
      attempts: candidate.attempts + 1,
      attemptId,
      queue: 'sending',
      dueAt: leaseUntil,
      lastAttemptAt: new Date(now * 1000).toISOString(),
    };
    this.items.set(candidate.id, claimed);
    this.claims.push({ id: candidate.id, attemptId });
    return claimed;
  }

  async settle(id: string, attemptId: string, settlement: Settlement): Promise<boolean> {
    const item = this.items.get(id);
    const holds = item?.attemptId === attemptId && (item.state === 'sending' || (settlement.state === 'sent' && item.state === 'unknown'));
    if (item === undefined || !holds) return false;
    const { queue: _queue, dueAt: _dueAt, ...rest } = item;
    switch (settlement.state) {
      case 'sent': {
        const { text, sentIn: _sentIn, ...kept } = rest;
        this.items.set(id, {
          ...(settlement.eraseText ? kept : { ...kept, ...(text === undefined ? {} : { text }) }),
          state: 'sent',
          sentAt: settlement.sentAt.toISOString(),
          expiresAt: settlement.expiresAt,
          ...(settlement.inDigest ? { sentIn: 'digest' as const } : {}),
        });
        return true;
      }
      case 'held': {
        const { lastError: _lastError, ...kept } = rest;
        this.items.set(id, {
          ...kept,
          state: 'held',
          queue: 'held',
          dueAt: settlement.dueAt,
          ...(settlement.heldFor === undefined ? {} : { heldFor: settlement.heldFor }),
          ...(settlement.errorName === undefined ? {} : { lastError: settlement.errorName }),
        });
        return true;
      }
      case 'pending':
        this.items.set(id, { ...rest, state: 'pending', queue: 'pending', dueAt: settlement.dueAt, lastError: settlement.errorName });
        return true;
      case 'failed': {
        const { failedIn: _failedIn, ...kept } = rest;
        this.items.set(id, { ...kept, state: 'failed', lastError: settlement.errorName, ...(settlement.refusedInDigest === true ? { failedIn: 'digest' as const } : {}) });
        return true;
      }
      case 'unknown':
        this.items.set(id, { ...rest, state: 'unknown', lastError: settlement.errorName });
        return true;
    }
  }

  async due(queue: QueueName, now: number, limit: number): Promise<DeliveryCandidate[]> {
    return [...this.items.values()]
      .filter((item) => item.queue === queue && (item.dueAt ?? 0) <= now)
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
      .slice(0, limit)
      .map((item) => ({ id: item.id, attempts: item.attempts, ...(item.attemptId === undefined ? {} : { attemptId: item.attemptId }) }));
  }
}
