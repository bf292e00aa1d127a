import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../aws/sdk-errors.js';
import { errorName } from '../http/error-name.js';
import type { HeldFacts } from '../inbox/held-reasons.js';
import { INBOX_PARTITION_KEY, inquiryKey, inquiryText } from '../inbox/inquiry-record.js';
import type { Inquiry } from '../inquiry/schema.js';
import { epochSeconds } from '../time-units.js';

/** An inquiry that passed every check and limit, to be kept until it reaches the owner. */
export interface NewInquiry {
  /** The id the visitor is given: the request id, or one derived from the `Idempotency-Key` and body, or from a form post's body (docs/api.md §11). */
  readonly id: string;
  readonly requestId: string;
  readonly receivedAt: Date;
  readonly inquiry: Inquiry;
  /** Why it looks like spam (docs/api.md §15): none, and it is mailed at once; some, and it waits for the digest. */
  readonly heldFor: readonly HeldFacts[];
  /** The address of the owner's contact page it was sent from, which its mail gives. */
  readonly sentFrom?: string;
}

/**
 * Whether the inquiry is in the table: stored now, or found stored before under its id (a retried
 * write, the same keyed inquiry again, the same form post again), which this one leaves as it is.
 */
export type Acceptance = { readonly kind: 'stored' } | { readonly kind: 'found' } | { readonly kind: 'failed'; readonly errorName: string };

/** Where an accepted inquiry is kept: the delivery worker takes it from there (docs/api.md §14). */
export interface InquiryStore {
  accept(entry: NewInquiry): Promise<Acceptance>;
}

/**
 * The inquiry table: one conditional put of a pending item, which the table's stream hands the
 * delivery worker, or of a held one, which waits in its queue for the daily digest. The put never
 * overwrites: a retry of a put whose answer was lost, a second request with the same
 * `Idempotency-Key` and body, or the same form post again finds the item there, which is the
 * inquiry stored; overwriting it could set an inquiry a worker is already sending back to pending.
 */
export class DynamoInquiryStore implements InquiryStore {
  private readonly documents: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly tableName: string,
  ) {
    this.documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async accept({ id, requestId, receivedAt, inquiry, heldFor, sentFrom }: NewInquiry): Promise<Acceptance> {
    const received = epochSeconds(receivedAt);
    const state = heldFor.length === 0 ? 'pending' : 'held';
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            [INBOX_PARTITION_KEY]: inquiryKey(id),
            id,
            requestId,
            receivedAt: receivedAt.toISOString(),
            state,
            attempts: 0,
            queue: state,
            dueAt: received,
            retryFrom: received,
            text: inquiryText(inquiry),
            ...(heldFor.length === 0 ? {} : { heldFor }),
            sentFrom,
          },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': INBOX_PARTITION_KEY },
          // The item found comes back in the error: the SDK's repeat of this very put finds its own.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { kind: 'stored' };
    } catch (error) {
      if (isConditionFailure(error)) return storingRequest(error) === requestId ? { kind: 'stored' } : { kind: 'found' };
      return { kind: 'failed', errorName: errorName(error) };
    }
  }
}

/**
 * The request that stored the item a failed condition found, from the item DynamoDB returns in the
 * error (ReturnValuesOnConditionCheckFailure, ALL_OLD: AWS's PutItem reference); none where it
 * returns none, as dynalite, which then counts as another request's.
 */
function storingRequest(error: unknown): string | undefined {
  const attribute = (error as { readonly Item?: Readonly<Record<string, unknown>> }).Item?.requestId;
  if (typeof attribute === 'string') return attribute;
  const text = (attribute as { readonly S?: unknown } | undefined)?.S;
  return typeof text === 'string' ? text : undefined;
}
