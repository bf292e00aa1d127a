import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { readDeliverySettings } from '../config.js';
import { deliverInquiry, sweep } from './deliver-inquiry.js';
import { createDeliveryDependencies } from './dependencies.js';
import { writeDigestLine } from './delivery-log.js';
import { sendDigest } from './digest.js';
import { WORKER_TASKS, type WorkerTask } from './worker-tasks.js';

const dependencies = createDeliveryDependencies(readDeliverySettings(process.env));
const processor = new BatchProcessor(EventType.DynamoDBStreams);

/**
 * One pending inquiry, as the table's stream hands it (its new image): one attempt at it. A record
 * that throws (the table failing) is reported back, and the stream hands it again.
 */
async function deliverRecord(record: DynamoDBRecord): Promise<void> {
  const image = record.dynamodb?.NewImage;
  const id = image?.id?.S;
  if (id === undefined) return;
  await deliverInquiry({ id, attempts: Number(image?.attempts?.N ?? '0') }, dependencies);
}

/**
 * The delivery worker (docs/api.md §14, §15): fed by the inquiry table's stream (an inquiry stored
 * or put back to pending); every minute by a schedule that sweeps up the retries that are due and
 * the claims that ran out; once a day by one that sends the digest of held inquiries.
 */
export async function handler(event: DynamoDBStreamEvent | WorkerTask) {
  if ('Records' in event) {
    // One at a time: the SES sandbox takes one message a second.
    return processPartialResponse(event, deliverRecord, processor, { processInParallel: false });
  }
  switch (event.task) {
    case WORKER_TASKS.sweep.task:
      await sweep(dependencies);
      return {};
    case WORKER_TASKS.digest.task:
      await sendDigest(dependencies, writeDigestLine);
      return {};
    default:
      throw new Error(`No such task: ${JSON.stringify(event)}`);
  }
}
