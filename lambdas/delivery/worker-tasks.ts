/**
 * The events the schedules (and local mode's timers) hand the delivery worker: sweep its queues
 * every minute (docs/api.md §14), send the digest of held inquiries once a day (§15).
 */
export const WORKER_TASKS = {
  sweep: { task: 'sweep' },
  digest: { task: 'digest' },
} as const;
export type WorkerTask = { readonly task: string };
