import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inquiryKey, INBOX_PARTITION_KEY, QUEUE_INDEX, toInquiryRecord, type InquiryRecord, type InquiryState } from '../../lambdas/inbox/inquiry-record.js';
import { isConditionFailure } from '../../lambdas/aws/sdk-errors.js';
import { epochSeconds } from '../../lambdas/time-units.js';

/** The states from which the owner may send an inquiry (again): everything not already on its way; `sent` only with `again`. */
const REDELIVERABLE: readonly InquiryState[] = ['held', 'failed', 'unknown', 'sent'];

/** What became of one request to send an inquiry again. */
export type Redelivery =
  | { readonly id: string; readonly kind: 'queued'; readonly from: InquiryState }
  /** Sent already, alone or in the digest (`sentIn`): sent once more only when asked to again. */
  | { readonly id: string; readonly kind: 'already_sent'; readonly sentAt?: string; readonly sentIn?: 'digest' }
  /** Not in the table, already pending or being sent, or its text erased: nothing to send. */
  | { readonly id: string; readonly kind: 'refused'; readonly reason: string };

/** What became of one request to erase an inquiry. */
export type Erasure =
  | { readonly id: string; readonly kind: 'erased' }
  /** On its way to the owner, or changed since it was listed: left as it is. */
  | { readonly id: string; readonly kind: 'refused'; readonly reason: string };

/** The states of an inquiry a worker may be mailing: erased, it could still reach the owner, and its worker would find it gone. */
const ON_ITS_WAY: readonly InquiryState[] = ['pending', 'sending'];

export interface RedeliveryOptions {
  /** Send an inquiry that was sent already once more (`--again`). */
  readonly again: boolean;
}

/**
 * The inquiry table as its owner reads it (docs/api.md §14): every inquiry with its state, and
 * sending one again on purpose. Reads go over the whole table: a personal site's inbox is small.
 */
export class OwnerInbox {
  private readonly documents: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.documents = DynamoDBDocumentClient.from(client);
  }

  /** Every inquiry, newest first. */
  async list(): Promise<InquiryRecord[]> {
    const records: InquiryRecord[] = [];
    const pages = paginateScan(
      { client: this.documents },
      {
        TableName: this.tableName,
        FilterExpression: 'begins_with(#pk, :inquiry)',
        ExpressionAttributeNames: { '#pk': INBOX_PARTITION_KEY },
        ExpressionAttributeValues: { ':inquiry': inquiryKey('') },
        ConsistentRead: true,
      },
    );
    for await (const page of pages) records.push(...(page.Items ?? []).map(toInquiryRecord));
    return records.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  }

  /** One inquiry as the table holds it now, or undefined when it is not there. */
  async get(id: string): Promise<InquiryRecord | undefined> {
    const { Item } = await this.documents.send(
      new GetCommand({ TableName: this.tableName, Key: { [INBOX_PARTITION_KEY]: inquiryKey(id) }, ConsistentRead: true }),
    );
    return Item === undefined ? undefined : toInquiryRecord(Item);
  }

  /**
   * Puts an inquiry back to pending, due now, with a fresh retry period, released from the spam
   * signals (a held one is mailed on its own, even in a flood): the table's stream hands it to the
   * worker at once (deployed, and in local mode), and the sweep would within a minute. One that
   * was sent already is sent again only when `again` says so. The write holds only while the
   * inquiry is as it was listed: a digest that mailed a held inquiry since, or a worker or another
   * redelivery that moved it, wins, and the answer says what it is now.
   */
  async redeliver(record: InquiryRecord, { again }: RedeliveryOptions, now = new Date()): Promise<Redelivery> {
    if (!REDELIVERABLE.includes(record.state)) return { id: record.id, kind: 'refused', reason: `it is ${record.state} already` };
    if (record.state === 'sent' && !again) return alreadySent(record);
    if (record.text === undefined) return { id: record.id, kind: 'refused', reason: 'its text was erased (retentionDays)' };
    const seconds = epochSeconds(now);
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [INBOX_PARTITION_KEY]: inquiryKey(record.id) },
          UpdateExpression: 'SET #state = :pending, #queue = :pending, #dueAt = :now, retryFrom = :now, released = :released REMOVE expiresAt',
          ConditionExpression: '#state = :listed AND attribute_exists(#text)',
          ExpressionAttributeNames: { '#state': 'state', '#queue': QUEUE_INDEX.partitionKey, '#dueAt': QUEUE_INDEX.sortKey, '#text': 'text' },
          ExpressionAttributeValues: { ':pending': 'pending', ':now': seconds, ':listed': record.state, ':released': true },
        }),
      );
      return { id: record.id, kind: 'queued', from: record.state };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = await this.get(record.id);
      if (current?.state === 'sent') return alreadySent(current);
      return { id: record.id, kind: 'refused', reason: `it changed meanwhile${current === undefined ? '' : `: it is ${current.state} now`}; list the inbox again` };
    }
  }

  /**
   * Deletes an inquiry, text and all, as a visitor may ask the owner to (`npm run forget`): one
   * held, sent, failed or unknown, and only while it is as it was listed. One on its way (pending,
   * sending) is left for its worker, which may be mailing it, to settle. An inquiry gone already
   * (its retention ended, another erasure) counts as erased.
   */
  async erase(record: InquiryRecord): Promise<Erasure> {
    if (ON_ITS_WAY.includes(record.state)) return { id: record.id, kind: 'refused', reason: `it is on its way to you (${record.state}): run this again once it is sent` };
    try {
      await this.documents.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { [INBOX_PARTITION_KEY]: inquiryKey(record.id) },
          ConditionExpression: 'attribute_not_exists(#pk) OR #state = :listed',
          ExpressionAttributeNames: { '#pk': INBOX_PARTITION_KEY, '#state': 'state' },
          ExpressionAttributeValues: { ':listed': record.state },
        }),
      );
      return { id: record.id, kind: 'erased' };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = await this.get(record.id);
      return { id: record.id, kind: 'refused', reason: `it changed meanwhile${current === undefined ? '' : `: it is ${current.state} now`}; run this again` };
    }
  }
}

function alreadySent(record: InquiryRecord): Redelivery {
  return {
    id: record.id,
    kind: 'already_sent',
    ...(record.sentAt === undefined ? {} : { sentAt: record.sentAt }),
    ...(record.sentIn === undefined ? {} : { sentIn: record.sentIn }),
  };
}
