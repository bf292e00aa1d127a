import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The counter keys of one deployment. A key names the identity a rate limit counts: an IPv4
 * address, an IPv6 /64 prefix (one subscriber's network), or an e-mail address without case or
 * `+tag`. Only its HMAC-SHA-256 under the deployment's counter key is stored (docs/api.md §4): a plain
 * hash of all 2^32 IPv4 addresses takes minutes to compute, and a known e-mail address one hash
 * to test, so whoever reads the table could recover both. The counter key is a value of its own,
 * never the front door's header (docs/api.md §10). A new key gives new counter keys, so rotating
 * it only starts the open windows afresh.
 */
export interface RateKeys {
  ip(clientIp: string): string;
  email(email: string): string;
  /** A message, as the repeated-text signal counts it (docs/api.md §15). */
  text(message: string): string;
}

export function keyedRateKeys(secret: string): RateKeys {
  const hmac = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  return {
    ip: (clientIp) => hmac(`ip:${ipIdentity(clientIp)}`),
    email: (email) => hmac(`email:${emailIdentity(email)}`),
    text: (message) => hmac(`text:${textIdentity(message)}`),
  };
}

/**
 * One text, however a campaign varies it cheaply: without case, with every run of white space one
 * space, and every run of digits one `0` (an order number, a price, a phone number).
 */
export function textIdentity(message: string): string {
  return message.toLowerCase().replace(/\s+/g, ' ').trim().replace(/\d+/g, '0');
}

/** `Alice+news@Example.COM` and `alice@example.com` are one correspondent. */
export function emailIdentity(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  // A local part that starts with `+` has no mailbox before its tag: it is all mailbox.
  const plus = local.indexOf('+');
  const mailbox = plus > 0 ? local.slice(0, plus) : local;
  return `${mailbox}@${email.slice(at + 1)}`.toLowerCase();
}

export function ipIdentity(clientIp: string): string {
  const address = clientIp.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (isIPv6(address)) {
    const hextets = ipv6Hextets(address);
    if (isIpv4Mapped(hextets)) return ipv4FromHextets(hextets[6] ?? '0', hextets[7] ?? '0');
    return `${hextets.slice(0, 4).join(':')}::/64`;
  }
  // Not an address at all (a platform that sent something odd): count it verbatim, never skip it.
  return address;
}

/** `::ffff:a.b.c.d`, however it is spelled, is the IPv4 client a.b.c.d. */
function isIpv4Mapped(hextets: readonly string[]): boolean {
  return hextets.slice(0, 5).every((group) => group === '0') && hextets[5] === 'ffff';
}

function ipv4FromHextets(high: string, low: string): string {
  const [a, b] = [parseInt(high, 16), parseInt(low, 16)];
  return [a >> 8, a & 255, b >> 8, b & 255].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function ipv6Hextets(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':').flatMap(expandEmbeddedIpv4));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

function expandEmbeddedIpv4(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
