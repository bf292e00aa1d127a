/** The time zone times are shown in when the owner names none. */
export const UTC = 'UTC';

/** One formatter per time zone: building one loads the zone's rules. */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `2026-11-23 15:05`: a time to the minute, as a person reads it, in `timeZone` (a name of the
 * IANA database, such as Europe/Berlin, or UTC): the owner's mails and terminal show times so.
 */
export function readableMinute(time: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(time).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** `2026-11-23`: the day a time falls on in `timeZone`. */
export function readableDay(time: Date, timeZone: string): string {
  return readableMinute(time, timeZone).slice(0, 10);
}

/**
 * The time zone `name` names, as the owner spelt it (`Europe/Kyiv`, which Intl knows by its old
 * name, stays so), its case mended where it is Intl's own name's (`europe/berlin` is
 * Europe/Berlin), and UTC by any of its names (`Etc/UTC`); or none when Intl does not know it. A
 * name is an area and a place (letters, digits and `_+-`, joined by `/`), or UTC: never an offset
 * (`+01:00`, `Etc/GMT+1`, whose sign POSIX turns round), nor an abbreviation (`EST`) or a
 * `SystemV/` zone, which know no summer time or are no zone of the IANA database's.
 */
export function timeZoneNamed(name: string): string | undefined {
  if (!/^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+)$/i.test(name) || /^(?:Etc\/GMT[+-]|SystemV\/)/i.test(name)) return undefined;
  try {
    const zone = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    if (/^(?:Etc\/)?(?:UTC|GMT|UCT|Zulu|Universal|Greenwich)$/i.test(zone)) return UTC;
    return zone.toLowerCase() === name.toLowerCase() ? zone : name;
  } catch {
    return undefined;
  }
}
