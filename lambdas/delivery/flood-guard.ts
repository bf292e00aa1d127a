import { fixedWindowSlot, type CounterStore } from '../counters/counter-store.js';
import { HOUR_SECONDS } from '../time-units.js';

/** Gives back a place of the hour: for an inquiry SES surely did not take. */
export type FloodPlaceRelease = () => Promise<void>;

/**
 * The flood signal (docs/api.md §15): at most `maxMailsPerHour` inquiries mailed one by one in a
 * UTC hour, whatever their source; the next are held for the digest. `take` claims one of the
 * hour's places for an inquiry, by its id, so that a second attempt at it in the hour takes no
 * second place; it answers undefined when the hour is full. 0 turns the signal off.
 */
export interface FloodGuard {
  take(inquiryId: string, now: Date): Promise<FloodPlaceRelease | undefined>;
}

export function hourlyMailLimit(counters: CounterStore, maxMailsPerHour: number): FloodGuard {
  return {
    take: async (inquiryId, now) => {
      if (maxMailsPerHour === 0) return async () => undefined;
      const slot = fixedWindowSlot('mailed', undefined, maxMailsPerHour, HOUR_SECONDS, now);
      if (!(await counters.increment(slot, inquiryId)).counted) return undefined;
      return () => counters.giveBack(slot, inquiryId);
    },
  };
}
