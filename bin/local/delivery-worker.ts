import type { DynamoDBStreamEvent } from 'aws-lambda';
import { WORKER_TASKS, type WorkerTask } from '../../lambdas/delivery/worker-tasks.js';
import { WORKER_HANDLER } from '../../lambdas/routes.js';
import { toContext } from './api-server.js';

/**
 * How often local mode sweeps: more often than the deployed minute, so that retries in units of
 * a few seconds (DELIVERY_RETRY_SECONDS) come when they are due.
 */
const SWEEP_INTERVAL_MS = 1000;

type DeliveryHandler = (event: DynamoDBStreamEvent | WorkerTask, context: ReturnType<typeof toContext>) => Promise<unknown>;

export interface LocalDeliveryWorker {
  /** Hands the worker a batch of stream records, as the event source mapping does. */
  consume(event: DynamoDBStreamEvent): Promise<unknown>;
  /** Stops the schedules, after the tasks under way. */
  close(): Promise<void>;
}

/**
 * The delivery worker in this process (docs/api.md §14, §15): the very handler Lambda runs, handed
 * the stream's records by the table stream stand-in, a sweep every second, as the schedule hands
 * it one every minute, and the digest every `digestSeconds`, as the other hands it one a day.
 * Imported once the environment holds its settings.
 */
export async function startDeliveryWorker({ digestSeconds }: { readonly digestSeconds: number }): Promise<LocalDeliveryWorker> {
  const { handler } = (await import(`../../lambdas/${WORKER_HANDLER}/handler.js`)) as { handler: DeliveryHandler };
  const invoke = (event: DynamoDBStreamEvent | WorkerTask) => handler(event, toContext(WORKER_HANDLER, Date.now()));
  const schedules = [repeat(() => invoke(WORKER_TASKS.sweep), SWEEP_INTERVAL_MS), repeat(() => invoke(WORKER_TASKS.digest), digestSeconds * 1000)];
  return {
    consume: invoke,
    close: async () => {
      await Promise.all(schedules.map((stop) => stop()));
    },
  };
}

/**
 * Runs a task every `intervalMs`, one run at a time, as a schedule would; a run that fails (the
 * table down) is tried again at the next tick. Returns what stops it, after the run under way.
 */
function repeat(task: () => Promise<unknown>, intervalMs: number): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const next = () => {
    timer = setTimeout(() => {
      running = task().catch(() => undefined).finally(() => {
        if (!stopped) next();
      });
    }, intervalMs);
  };
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
