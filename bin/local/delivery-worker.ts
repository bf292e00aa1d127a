import type { DynamoDBStreamEvent } from 'aws-lambda';
import { SWEEP_EVENT, type SweepEvent } from '../../lambdas/delivery/sweep-event.js';
import { WORKER_HANDLER } from '../../lambdas/routes.js';
import { toContext } from './api-server.js';

/**
 * How often local mode sweeps: more often than the deployed minute, so that retries in units of
 * a few seconds (DELIVERY_RETRY_SECONDS) come when they are due.
 */
const SWEEP_INTERVAL_MS = 1000;

type DeliveryHandler = (event: DynamoDBStreamEvent | SweepEvent, context: ReturnType<typeof toContext>) => Promise<unknown>;

export interface LocalDeliveryWorker {
  /** Hands the worker a batch of stream records, as the event source mapping does. */
  consume(event: DynamoDBStreamEvent): Promise<unknown>;
  /** Stops the sweeps, after the one under way. */
  close(): Promise<void>;
}

/**
 * The delivery worker in this process (docs/api.md §14): the very handler Lambda runs, handed the
 * stream's records by the table stream stand-in, and a sweep every second, as the schedule
 * hands it one every minute. Imported once the environment holds its settings.
 */
export async function startDeliveryWorker(): Promise<LocalDeliveryWorker> {
  const { handler } = (await import(`../../lambdas/${WORKER_HANDLER}/handler.js`)) as { handler: DeliveryHandler };
  const invoke = (event: DynamoDBStreamEvent | SweepEvent) => handler(event, toContext(WORKER_HANDLER, Date.now()));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const next = () => {
    timer = setTimeout(() => {
      // A sweep that fails (the table down) is tried again at the next tick, as the schedule would.
      sweeping = invoke(SWEEP_EVENT).catch(() => undefined).finally(() => {
        if (!stopped) next();
      });
    }, SWEEP_INTERVAL_MS);
  };
  next();
  return {
    consume: invoke,
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
}
