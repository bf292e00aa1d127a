/**
 * Rate limits count per fixed UTC hour, so a test that counts to a limit would see the counters
 * start again if the hour turned while it ran. Called before such a test, this waits out the last
 * seconds of an hour (rarely, and never more than `margin` seconds and one more) instead.
 */
export async function awayFromWindowEdge(margin = 15): Promise<void> {
  const msToHour = 3_600_000 - (Date.now() % 3_600_000);
  if (msToHour < margin * 1000) await new Promise((resolve) => setTimeout(resolve, msToHour + 1000));
}
