import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { IdempotencyConfig, IdempotencyUnknownError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { ResponseHook } from '@aws-lambda-powertools/idempotency/types';
import type { Context } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { budgetedClientOptions } from '../aws/retry-strategy.js';
import { requestNotTaken } from '../aws/sdk-errors.js';
import type { Reply } from '../http/reply.js';
import { REMEMBER_SECONDS } from '../inquiry/idempotency-key.js';
import { idempotencyReplies } from './idempotency-replies.js';
import { errorName } from '../http/error-name.js';
import { INBOX_PARTITION_KEY, INBOX_TTL_ATTRIBUTE } from '../inbox/inquiry-record.js';
import { STORE_CALLS } from '../aws/call-budgets.js';

/**
 * Loaded only for a request that carries an `Idempotency-Key` (docs/api.md §11), with Powertools'
 * Idempotency over DynamoDB: the first final answer to a key is remembered for a day and given
 * again, marked `Idempotency-Replayed: true`, without running the request again.
 */

/** A reply as Powertools stores it: JSON. */
type StoredAnswer = ReturnType<ResponseHook>;

/** The same settings for every request; the Lambda context is each request's own. */
const CONFIG = {
  eventKeyJmesPath: 'key',
  payloadValidationJmesPath: 'body',
  expiresAfterSeconds: REMEMBER_SECONDS,
  hashFunction: 'sha256',
  responseHook: (response: StoredAnswer): StoredAnswer => {
    const reply = response as unknown as Reply;
    // Told apart from the first answer in the log line, and no second InquiriesDelivered metric.
    const replayed: Reply = { ...reply, headers: { ...reply.headers, 'Idempotency-Replayed': 'true' }, outcome: 'replayed' };
    return replayed as unknown as StoredAnswer;
  },
} as const;

/** An answer not to remember (a 503, a 429): thrown so that Powertools deletes its record, and a retry tries again. */
class NotRemembered extends Error {}

export interface RememberedAnswers {
  /** `answer` the first time a key is seen with a body; the remembered answer after that. */
  answer(key: string, body: Uint8Array, context: Context, answer: () => Promise<Reply>): Promise<Reply>;
}

export function createRememberedAnswers(tableName: string): RememberedAnswers {
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName,
    // The inquiry table: its records sit beside the inquiries (docs/api.md §11, §14), under the
    // table's own key and expiry attributes.
    keyAttr: INBOX_PARTITION_KEY,
    expiryAttr: INBOX_TTL_ATTRIBUTE,
    // Its conditional put is no idempotent call: a repeat after a lost answer would find its own
    // record and answer 409. Only a request that surely did nothing is repeated.
    awsSdkV3Client: new DynamoDBClient(budgetedClientOptions(STORE_CALLS, requestNotTaken)),
  });
  return {
    async answer(key, body, context, answer) {
      const config = new IdempotencyConfig(CONFIG);
      config.registerLambdaContext(context);
      let answered: Reply | undefined;
      const once = makeIdempotent(
        async (_request: { key: string; body: string }) => {
          answered = await answer();
          // Neither is final: a 503 asks for a retry, a 429 for one after its Retry-After; replaying
          // either for a day would refuse the very retry it asked for.
          if (answered.statusCode === 503 || answered.statusCode === 429) throw new NotRemembered();
          return answered;
        },
        // Keyed by the contact route, so local mode and every deployment name records alike.
        { persistenceStore, config, keyPrefix: 'contact' },
      );
      try {
        return (await once({ key, body: createHash('sha256').update(body).digest('hex') })) as Reply;
      } catch (error) {
        // The request ran: its answer stands, even when it could not be remembered.
        if (answered !== undefined) return answered;
        if (!(error instanceof IdempotencyUnknownError)) throw error;
        switch (error.name) {
          case 'IdempotencyValidationError':
            return idempotencyReplies.reused(context.awsRequestId);
          case 'IdempotencyAlreadyInProgressError':
            return idempotencyReplies.inProgress(context.awsRequestId);
          default:
            return idempotencyReplies.unavailable(context.awsRequestId, errorName(error.cause ?? error));
        }
      }
    },
  };
}
