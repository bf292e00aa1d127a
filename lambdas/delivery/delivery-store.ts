import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../aws/sdk-errors.js';
import type { HeldFacts } from '../inbox/held-reasons.js';
import { INBOX_TTL_ATTRIBUTE, inquiryKey, INBOX_PARTITION_KEY, QUEUE_INDEX, toInquiryRecord, type InquiryRecord, type QueueName } from '../inbox/inquiry-record.js';

/** An inquiry waiting in a queue, as the sweep finds it: enough to claim it, or to end its claim. */
export interface DeliveryCandidate {
  readonly id: string;
  /** The attempts it has had: a claim counts on it, so that a repeated claim is the same claim. */
  readonly attempts: number;
  /** The claim it is under, for an inquiry being sent. */
  readonly attemptId?: string;
}

/** How one attempt ends (docs/api.md §14, §15). */
export type Settlement =
  | { readonly state: 'sent'; readonly sentAt: Date; readonly expiresAt: number; readonly eraseText: boolean; readonly inDigest: boolean }
  | { readonly state: 'pending'; readonly dueAt: number; readonly errorName: string }
  /** Held for the next digest: by the flood signal (its reason given), or back after a digest that did not send it. */
  | { readonly state: 'held'; readonly dueAt: number; readonly heldFor?: readonly HeldFacts[]; readonly errorName?: string }
  /** Given up: at the end of its retry period, or refused alone in a digest (`refusedInDigest`, docs/api.md §15). */
  | { readonly state: 'failed'; readonly errorName: string; readonly refusedInDigest?: boolean }
  | { readonly state: 'unknown'; readonly errorName: string };

/** The queues an inquiry is claimed from: alone when pending, in the digest when held. */
export type ClaimableQueue = Extract<QueueName, 'pending' | 'held'>;

/** The inquiry table as the delivery worker moves inquiries through their states, each step a conditional write. */
export interface DeliveryStore {
  /**
   * Claims a due inquiry of the queue `from` for one attempt until `leaseUntil` and returns it, or
   * undefined when it is not in that queue and due (someone else claimed it, or it is waiting for later).
   */
  claim(from: ClaimableQueue, candidate: DeliveryCandidate, attemptId: string, now: number, leaseUntil: number): Promise<InquiryRecord | undefined>;
  /** Ends the attempt `attemptId`; false when that attempt no longer holds the inquiry. */
  settle(id: string, attemptId: string, settlement: Settlement): Promise<boolean>;
  /** The inquiries of a queue whose `dueAt` has come, oldest first. */
  due(queue: QueueName, now: number, limit: number): Promise<DeliveryCandidate[]>;
}

const NAMES = { '#state': 'state', '#queue': QUEUE_INDEX.partitionKey, '#dueAt': QUEUE_INDEX.sortKey } as const;

export class DynamoDeliveryStore implements DeliveryStore {
  private readonly documents: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.documents = DynamoDBDocumentClient.from(client);
  }

  async claim(from: ClaimableQueue, candidate: DeliveryCandidate, attemptId: string, now: number, leaseUntil: number): Promise<InquiryRecord | undefined> {
    try {
      const { Attributes } = await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [INBOX_PARTITION_KEY]: inquiryKey(candidate.id) },
          UpdateExpression:
            'SET #state = :sending, attempts = :attempts, attemptId = :attemptId, #queue = :sending, #dueAt = :leaseUntil, lastAttemptAt = :at',
          // The attempts it was seen with make the claim its own: a repeat of this very claim (the SDK
          // retrying a write whose answer was lost) passes the second branch and changes nothing.
          ConditionExpression: '(#state = :from AND #dueAt <= :now AND attempts = :seen) OR (#state = :sending AND attemptId = :attemptId)',
          ExpressionAttributeNames: NAMES,
          ExpressionAttributeValues: {
            ':from': from,
            ':sending': 'sending',
            ':seen': candidate.attempts,
            ':attempts': candidate.attempts + 1,
            ':attemptId': attemptId,
            ':now': now,
            ':leaseUntil': leaseUntil,
            ':at': new Date(now * 1000).toISOString(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes === undefined ? undefined : toInquiryRecord(Attributes);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async settle(id: string, attemptId: string, settlement: Settlement): Promise<boolean> {
    const update = settlementUpdate(settlement);
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [INBOX_PARTITION_KEY]: inquiryKey(id) },
          UpdateExpression: update.expression,
          // A late "sent" still counts once the claim ran out and the sweep called it unknown: the
          // mail did go out. Anything else settles only the claim that still holds the inquiry.
          ConditionExpression:
            settlement.state === 'sent'
              ? 'attemptId = :attemptId AND (#state = :sending OR #state = :unknown)'
              : 'attemptId = :attemptId AND #state = :sending',
          ExpressionAttributeNames: { ...NAMES, ...update.names },
          ExpressionAttributeValues: {
            ':attemptId': attemptId,
            ':sending': 'sending',
            ...(settlement.state === 'sent' ? { ':unknown': 'unknown' } : {}),
            ...update.values,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async due(queue: QueueName, now: number, limit: number): Promise<DeliveryCandidate[]> {
    const { Items = [] } = await this.documents.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: QUEUE_INDEX.name,
        KeyConditionExpression: '#queue = :queue AND #dueAt <= :now',
        ExpressionAttributeNames: { '#queue': NAMES['#queue'], '#dueAt': NAMES['#dueAt'] },
        ExpressionAttributeValues: { ':queue': queue, ':now': now },
        Limit: limit,
      }),
    );
    return Items.map((item) => ({
      id: String(item[INBOX_PARTITION_KEY]).replace(/^inquiry#/, ''),
      attempts: Number(item.attempts ?? 0),
      ...(typeof item.attemptId === 'string' ? { attemptId: item.attemptId } : {}),
    }));
  }
}

interface Update {
  readonly expression: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
}

function settlementUpdate(settlement: Settlement): Update {
  switch (settlement.state) {
    case 'sent': {
      // A send alone after one in a digest (a redelivery) is no longer the digest's.
      const removed = ['#queue', '#dueAt', ...(settlement.eraseText ? ['#text'] : []), ...(settlement.inDigest ? [] : ['sentIn'])];
      return {
        // Out of every queue; kept until its retention ends, or erased of the visitor's text now.
        expression: `SET #state = :state, sentAt = :sentAt, #expiresAt = :expiresAt${settlement.inDigest ? ', sentIn = :digest' : ''} REMOVE ${removed.join(', ')}`,
        names: { '#expiresAt': INBOX_TTL_ATTRIBUTE, ...(settlement.eraseText ? { '#text': 'text' } : {}) },
        values: {
          ':state': 'sent',
          ':sentAt': settlement.sentAt.toISOString(),
          ':expiresAt': settlement.expiresAt,
          ...(settlement.inDigest ? { ':digest': 'digest' } : {}),
        },
      };
    }
    case 'held':
      return {
        // Held by the flood signal, an earlier error is no longer the news: only a refused digest's is.
        expression: `SET #state = :state, #queue = :state, #dueAt = :dueAt${settlement.heldFor === undefined ? '' : ', heldFor = :heldFor'}${settlement.errorName === undefined ? ' REMOVE lastError' : ', lastError = :error'}`,
        names: {},
        values: {
          ':state': 'held',
          ':dueAt': settlement.dueAt,
          ...(settlement.heldFor === undefined ? {} : { ':heldFor': settlement.heldFor }),
          ...(settlement.errorName === undefined ? {} : { ':error': settlement.errorName }),
        },
      };
    case 'pending':
      return {
        expression: 'SET #state = :state, #queue = :state, #dueAt = :dueAt, lastError = :error',
        names: {},
        values: { ':state': 'pending', ':dueAt': settlement.dueAt, ':error': settlement.errorName },
      };
    case 'failed':
      // Out of every queue, and without an expiry: it stays until the owner has seen to it.
      return {
        expression: `SET #state = :state, lastError = :error${settlement.refusedInDigest === true ? ', failedIn = :digest REMOVE' : ' REMOVE failedIn,'} #queue, #dueAt`,
        names: {},
        values: { ':state': settlement.state, ':error': settlement.errorName, ...(settlement.refusedInDigest === true ? { ':digest': 'digest' } : {}) },
      };
    case 'unknown':
      return {
        expression: 'SET #state = :state, lastError = :error REMOVE #queue, #dueAt',
        names: {},
        values: { ':state': settlement.state, ':error': settlement.errorName },
      };
  }
}
