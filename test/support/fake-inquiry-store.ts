import type { Acceptance, InquiryStore, NewInquiry } from '../../lambdas/intake/inquiry-store.js';

/**
 * An in-memory InquiryStore with DynamoInquiryStore's semantics: an id is stored once, a second
 * accept of it finds it stored (`found`). `failure` makes every accept fail with that error name.
 */
export class FakeInquiryStore implements InquiryStore {
  readonly stored = new Map<string, NewInquiry>();
  failure: string | undefined;

  async accept(entry: NewInquiry): Promise<Acceptance> {
    if (this.failure !== undefined) return { kind: 'failed', errorName: this.failure };
    if (this.stored.has(entry.id)) return { kind: 'found' };
    this.stored.set(entry.id, entry);
    return { kind: 'stored' };
  }
}
