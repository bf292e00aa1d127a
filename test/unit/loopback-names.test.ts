import { describe, expect, it } from '@jest/globals';
import { isLoopbackName, isLoopbackUrl } from '../../lib/loopback-names.js';

describe('loopback names', () => {
  it.each(['localhost', 'LocalHost', '127.0.0.1', '127.1.2.3', '[::1]', 'blog.localhost'])('take %s for this machine', (hostname) => {
    expect(isLoopbackName(hostname)).toBe(true);
  });

  it.each(['example.com', 'localhost.example', 'localhostx', '127.0.0.1.example.com', '128.0.0.1', '::1', ''])('take %j for another', (hostname) => {
    expect(isLoopbackName(hostname)).toBe(false);
  });

  it.each([
    ['http://localhost:8080', true],
    ['http://127.0.0.1', true],
    ['http://[::1]:3000', true],
    ['https://example.com', false],
    // An opaque origin (a file: page's), as URL serializes it: no host at all.
    ['null', false],
  ])('take %s for a preview’s: %s', (origin, loopback) => {
    expect(isLoopbackUrl(origin)).toBe(loopback);
  });
});
