import { describe, expect, it } from '@jest/globals';
import { emailDomain } from '../../lambdas/email-domain.js';

describe('emailDomain', () => {
  it.each([
    ['ada@example.com', 'example.com'],
    ['Ada@Mail.Example.COM', 'Mail.Example.COM'],
    ['"ada@home"@example.com', 'example.com'],
  ])('%s is at %s: what follows the last @, case kept', (address, domain) => {
    expect(emailDomain(address)).toBe(domain);
  });
});
