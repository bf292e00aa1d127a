/** Seconds in an hour and in a day: the windows of the counters and the span of retention. */
export const HOUR_SECONDS = 60 * 60;
export const DAY_SECONDS = 24 * HOUR_SECONDS;

/** A time in whole epoch seconds, as DynamoDB's TTL and the tables' due times hold it. */
export function epochSeconds(time: Date): number {
  return Math.floor(time.getTime() / 1000);
}
