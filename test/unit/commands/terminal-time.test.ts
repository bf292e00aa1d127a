import { afterEach, describe, expect, it } from '@jest/globals';
import { minute, terminalMinute, terminalTimeZone } from '../../../bin/terminal-time.js';

describe('the terminal’s time zone, as the owner’s commands give times in it', () => {
  const before = process.env.TZ;
  afterEach(() => {
    process.env.TZ = before;
  });

  it('is UTC where the run’s TZ is (test-run-setup.js), named so', () => {
    expect(terminalTimeZone()).toBe('UTC');
    expect(terminalMinute('2030-01-02T03:04:05.000Z')).toBe('2030-01-02 03:04 UTC');
  });

  it.each([['/usr/share/zoneinfo/America/Toronto'], [':/usr/share/zoneinfo/America/Toronto']])('reads a zone named by its path in the zone database, %j, which Intl does not follow', (tz) => {
    process.env.TZ = tz;
    expect(terminalTimeZone()).toBe('America/Toronto');
    expect(terminalMinute('2030-01-02T03:04:05.000Z')).toBe('2030-01-01 22:04 America/Toronto');
  });

  it.each([['/usr/share/zoneinfo/Etc/GMT+5'], ['/usr/share/zoneinfo/Mars/Olympus'], ['/etc/localtime']])('passes over a path that names no zone it takes, %j', (tz) => {
    process.env.TZ = tz;
    expect(terminalTimeZone()).toBe('UTC');
  });

  it('gives a time of the inbox (ISO, or epoch seconds) to the minute, and what is no time as it is', () => {
    expect(minute('2030-07-01T21:59:59.999Z', 'Europe/Berlin')).toBe('2030-07-01 23:59');
    expect(minute(Date.UTC(2030, 0, 2, 3, 9) / 1000, 'UTC')).toBe('2030-01-02 03:09');
    expect(minute('soon', 'UTC')).toBe('soon');
  });
});
