/** The event the schedule (and local mode's timer) hands the delivery worker to sweep its queues. */
export const SWEEP_EVENT = { task: 'sweep' } as const;
export type SweepEvent = { readonly task: string };
