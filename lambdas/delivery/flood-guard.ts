import type { CounterStore } from '../counters/counter-store.js';

const HOUR_SECONDS = 60 * 60;

/**
 * The flood signal (docs/api.md §15): at most `maxMailsPerHour` inquiries mailed one by one in a
 * UTC hour, whatever their source; the next are held for the digest. Each is counted by its id, so
 * a second attempt at the same inquiry in the hour takes no second place. 0 turns it off.
 */
export type FloodGuard = (inquiryId: string, now: Date) => Promise<boolean>;

export function hourlyMailLimit(counters: CounterStore, maxMailsPerHour: number): FloodGuard {
  return async (inquiryId, now) => {
    if (maxMailsPerHour === 0) return true;
    const hourStart = Math.floor(now.getTime() / 1000 / HOUR_SECONDS) * HOUR_SECONDS;
    const slot = { id: `mailed#${hourStart}`, limit: maxMailsPerHour, expiresAt: hourStart + HOUR_SECONDS };
    return (await counters.increment(slot, inquiryId)).counted;
  };
}
