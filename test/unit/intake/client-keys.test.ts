import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { emailIdentity, ipIdentity, keyedRateKeys } from '../../../lambdas/intake/client-keys.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;
const SECRET = 'a-test-secret-of-at-least-32-characters';
const keys = keyedRateKeys(SECRET);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('keyedRateKeys (docs/api.md §4: HMAC-SHA-256 under the deployment secret)', () => {
  it('gives one address the same key under one secret, and another key under another secret', () => {
    const other = keyedRateKeys('another-secret-of-at-least-32-characters');

    expect(keyedRateKeys(SECRET).ip('203.0.113.7')).toBe(keys.ip('203.0.113.7'));
    expect(keyedRateKeys(SECRET).email('ada@example.com')).toBe(keys.email('ada@example.com'));
    expect(other.ip('203.0.113.7')).not.toBe(keys.ip('203.0.113.7'));
    expect(other.email('ada@example.com')).not.toBe(keys.email('ada@example.com'));
  });

  it('is no plain hash of the address, with or without its namespace', () => {
    for (const [key, identity] of [
      [keys.ip('203.0.113.7'), 'ip:203.0.113.7'],
      [keys.email('Ada+site@Example.com'), 'email:ada@example.com'],
    ] as const) {
      expect(key).toMatch(SHA256_HEX);
      expect(key).not.toBe(sha256(identity));
      expect(key).not.toBe(sha256(identity.slice(identity.indexOf(':') + 1)));
    }
  });
});

describe('keys.ip (docs/api.md §4: per client IP, IPv6 per /64)', () => {
  it.each([['203.0.113.7'], ['2001:db8:1:2::1'], ['::ffff:203.0.113.7'], ['not an address']])(
    'keys %j as HMAC-SHA-256 hex without the address in it',
    (address) => {
      const key = keys.ip(address);

      expect(key).toMatch(SHA256_HEX);
      expect(key).not.toContain(address);
      expect(keys.ip(address)).toBe(key);
    },
  );

  it('keeps IPv4 addresses apart', () => {
    expect(keys.ip('203.0.113.7')).not.toBe(keys.ip('203.0.113.8'));
    expect(ipIdentity('203.0.113.7')).toBe('203.0.113.7');
  });

  it.each([
    ['compressed', '2001:db8:1:2::1'],
    ['expanded with leading zeros', '2001:0db8:0001:0002:0000:0000:0000:0001'],
    ['upper case', '2001:DB8:1:2::1'],
    ['with a zone index', '2001:db8:1:2::1%eth0'],
    ['with a numeric zone index', '2001:db8:1:2::1%3'],
    ['another interface id', '2001:db8:1:2:ffff:ffff:ffff:ffff'],
    ['another interface id, compressed differently', '2001:db8:1:2:abcd::'],
    ['an IPv4 tail in the interface id', '2001:db8:1:2::203.0.113.7'],
  ])('counts %s spellings of one /64 together (%s)', (_title, address) => {
    expect(ipIdentity(address)).toBe('2001:db8:1:2::/64');
    expect(keys.ip(address)).toBe(keys.ip('2001:db8:1:2::1'));
  });

  it.each([
    ['the next /64', '2001:db8:1:3::1'],
    ['a /64 with zero groups', '2001:db8:1::1'],
    ['another /48', '2001:db8:2:2::1'],
    ['an address with :: in the prefix', '2001:db8::1:2:3:4'],
  ])('keeps %s apart (%s)', (_title, address) => {
    expect(keys.ip(address)).not.toBe(keys.ip('2001:db8:1:2::1'));
  });

  it('places :: correctly when it stands in the prefix', () => {
    expect(ipIdentity('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(ipIdentity('::1')).toBe('0:0:0:0::/64');
    expect(ipIdentity('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it.each([
    ['dotted', '::ffff:203.0.113.7'],
    ['upper-case', '::FFFF:203.0.113.7'],
    ['expanded', '0:0:0:0:0:ffff:203.0.113.7'],
    ['hexadecimal', '::ffff:cb00:7107'],
    ['fully expanded hexadecimal', '0000:0000:0000:0000:0000:ffff:cb00:7107'],
  ])('counts the %s spelling of an IPv4-mapped address as the IPv4 client it is (%s)', (_title, address) => {
    expect(ipIdentity(address)).toBe('203.0.113.7');
    expect(keys.ip(address)).toBe(keys.ip('203.0.113.7'));
  });

  it('never puts two IPv4-mapped clients into one counter, whatever the spelling', () => {
    expect(keys.ip('0:0:0:0:0:ffff:203.0.113.7')).not.toBe(keys.ip('0:0:0:0:0:ffff:198.51.100.1'));
    expect(keys.ip('::ffff:cb00:7107')).not.toBe(keys.ip('::ffff:c633:6401'));
    expect(keys.ip('::ffff:cb00:7107')).not.toBe(keys.ip('::1'));
  });

  it('still counts a source that is no address at all, each on its own', () => {
    expect(keys.ip('unknown')).toMatch(SHA256_HEX);
    expect(keys.ip('unknown')).not.toBe(keys.ip('other'));
  });
});

describe('keys.email (docs/api.md §4: case-insensitive, +tag removed)', () => {
  const alice = keys.email('alice@example.com');

  it.each([
    ['upper case', 'ALICE@EXAMPLE.COM'],
    ['mixed case', 'Alice@Example.Com'],
    ['a +tag', 'alice+news@example.com'],
    ['a +tag and capitals', 'Alice+News@Example.COM'],
    ['an empty +tag', 'alice+@example.com'],
    ['two + signs', 'alice+a+b@example.com'],
  ])('counts %s as the same correspondent (%s)', (_title, email) => {
    expect(keys.email(email)).toBe(alice);
  });

  it.each([
    ['another domain', 'alice@example.org'],
    ['another mailbox', 'alicia@example.com'],
    ['a dot in the mailbox (not a Gmail rule of the contract)', 'a.lice@example.com'],
    ['a subdomain', 'alice@mail.example.com'],
  ])('keeps %s apart (%s)', (_title, email) => {
    expect(keys.email(email)).not.toBe(alice);
  });

  it('names the identity it counts', () => {
    expect(emailIdentity('Alice+news@Example.COM')).toBe('alice@example.com');
    // A leading + is no tag: "+x" and "+y" are two mailboxes, not one empty one.
    expect(emailIdentity('+X@Example.com')).toBe('+x@example.com');
    expect(keys.email('+x@example.com')).not.toBe(keys.email('+y@example.com'));
  });

  it('keys it as HMAC-SHA-256 hex without the address in it', () => {
    const key = keys.email('Alice+news@Example.COM');

    expect(key).toMatch(SHA256_HEX);
    expect(key).not.toMatch(/alice|example/i);
  });

  it('keeps the e-mail and IP namespaces apart', () => {
    expect(keys.email('alice@example.com')).not.toBe(keys.ip('alice@example.com'));
  });
});
