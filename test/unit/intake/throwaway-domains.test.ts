import { describe, expect, it } from '@jest/globals';
import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import { readFileSync } from 'node:fs';
import { isThrowawayDomain } from '../../../lambdas/intake/throwaway-domains.js';
import { THROWAWAY_DOMAINS_FILE, throwawayDomainsCode } from '../../../lib/api/throwaway-domains-code.js';

describe('the list of disposable-mail domains generated from its package', () => {
  it('is checked in as the build generates it from the pinned package', () => {
    const checkedIn = readFileSync(THROWAWAY_DOMAINS_FILE, 'utf8');

    expect(checkedIn === throwawayDomainsCode() ? 'up to date' : 'stale: run `npm run generate`').toBe('up to date');
  });

  it('finds every domain of the package, and a host under each', () => {
    const listed = disposableEmailBlocklist();
    expect(listed.length).toBeGreaterThan(1000);
    expect(listed.filter((domain) => !isThrowawayDomain(domain) || !isThrowawayDomain(`mx.${domain}`))).toEqual([]);
  });

  it('finds no domain the package does not list, nor a part of one', () => {
    for (const domain of ['gmail.com', 'proton.me', 'posteo.de', 'com', 'mailinator', 'ailinator.com', 'mailinator.com.example.org', '']) {
      expect({ domain, throwaway: isThrowawayDomain(domain) }).toEqual({ domain, throwaway: false });
    }
  });
});
