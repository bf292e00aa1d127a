let next = 10;

/** A loopback address no other test of this file sends from, so one test's per-IP limit never touches another. */
export function newClient(): string {
  return `127.0.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;
}

/** An e-mail address no other test of this file uses, for the same reason with the per-e-mail limit. */
export function newEmail(): string {
  return `visitor${next++}@example.com`;
}
