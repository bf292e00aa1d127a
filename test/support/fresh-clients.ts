let next = 10;

/** A loopback address no other test of this file sends from, so one test's per-IP limit never touches another. */
export function newClient(): string {
  return `127.0.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;
}

/** An e-mail address no other test of this file uses, for the same reason with the per-e-mail limit. */
export function newEmail(): string {
  return `visitor${next++}@example.com`;
}

/**
 * A message no other test of this file sends, so that none is held as a repeated text (docs/api.md
 * §15). It differs in its letters: the signal reads every run of digits as one.
 */
export function newMessage(): string {
  return `An inquiry about the ${spelt(next++)} project, written for this test alone.`;
}

/** `a`, `b`, … `ba`: a number spelt in letters. */
export function spelt(n: number): string {
  return [...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
}
