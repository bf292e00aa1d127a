import { printable } from '../../lib/pages/site-files.js';

/** A few keys as a line names them, printable, the rest counted: `a.html, b.html, c.html and 4 more`. */
export function few(keys: readonly string[]): string {
  const named = keys.slice(0, 3).map(printable).join(', ');
  return keys.length > 3 ? `${named} and ${keys.length - 3} more` : named;
}
