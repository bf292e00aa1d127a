import { readableMinute, timeZoneNamed, UTC } from '../lambdas/time-zone.js';

/**
 * The time zone the owner's terminal shows times in, as `date` does: TZ's, its name read from a
 * path of the zone database too (`/usr/share/zoneinfo/America/Toronto`), which Intl does not follow;
 * else the machine's; UTC where neither names a zone.
 */
export function terminalTimeZone(): string {
  const fromPath = /zoneinfo\/(.+)$/.exec(process.env.TZ ?? '')?.[1];
  return (fromPath === undefined ? undefined : timeZoneNamed(fromPath)) ?? timeZoneNamed(new Intl.DateTimeFormat().resolvedOptions().timeZone) ?? UTC;
}

/** `2026-11-23 14:05`: a time (ISO, or epoch seconds) to the minute, in `timeZone`, as the owner's e-mail shows times. */
export function minute(time: string | number, timeZone: string): string {
  const date = typeof time === 'number' ? new Date(time * 1000) : new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : readableMinute(date, timeZone);
}

/** `2026-11-23 15:05 Europe/Berlin`: a time in the terminal's time zone, named, for a line no heading names it for. */
export function terminalMinute(time: string | number): string {
  const timeZone = terminalTimeZone();
  return `${minute(time, timeZone)} ${timeZone}`;
}
