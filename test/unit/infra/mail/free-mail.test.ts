import { describe, expect, it } from '@jest/globals';
import { freeMailDomain, freeMailSenderNote } from '../../../../lib/mail/free-mail.js';

describe('freeMailDomain', () => {
  it.each([
    ['ada@gmail.com', 'gmail.com'],
    ['Ada@GMail.COM', 'gmail.com'],
    ['ada@outlook.com', 'outlook.com'],
    ['ada@proton.me', 'proton.me'],
    ['ada@yahoo.co.uk', 'yahoo.co.uk'],
    ['ada@hotmail.fr', 'hotmail.fr'],
    ['ada@outlook.com.au', 'outlook.com.au'],
  ])('names %s’s domain as free mail', (address, domain) => {
    expect(freeMailDomain(address)).toBe(domain);
  });

  it.each([
    'ada@example.com',
    'ada@mail.gmail.com',
    'ada@notgmail.com',
    'ada@gmail.co',
    'ada@yahoo.example',
    'ada@live.company.com',
    'ada@outlook.example.fr',
    'ada@live.io',
    'ada@live.tv',
    'ada@yahoo.co',
    'ada@outlook.co',
    'ada@gmx.us',
  ])(
    'leaves %s alone: a domain of its own, or one only named like a service',
    (address) => {
      expect(freeMailDomain(address)).toBeUndefined();
    },
  );
});

describe('freeMailSenderNote', () => {
  it('says what a free-mail sender means deployed, and where README says what to do', () => {
    expect(freeMailSenderNote('ada@gmail.com')).toBe(
      'ada@gmail.com is free mail: SES cannot sign for gmail.com, so, deployed, mail from it may be junked or refused: try it (npm run verify -- --send-test, then your spam folder too), else give the site a domain, whose sender needs no mailbox (README "Mail that lands in the inbox")',
    );
    expect(freeMailSenderNote('contact@ada.example')).toBeUndefined();
  });
});
