import { emailDomain } from '../../lambdas/email-domain.js';

/** Free mail services' own domains, which SES can never sign for: the common ones, not every one. */
const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'fastmail.com',
]);

/**
 * The same services under a country's domain (`yahoo.co.uk`, `hotmail.fr`, `outlook.de`): those
 * countries' domains alone, not the ones used as generic names (`.io`, `.co`, `.me`, `.tv`), where
 * `live.io` or `outlook.co` may be anyone's.
 */
const FREE_MAIL_IN_A_COUNTRY =
  /^(?:yahoo|hotmail|outlook|live|gmx)\.(?:co\.(?:uk|jp|in|nz|za)|com\.(?:au|br|ar|mx|sg|hk|tw|tr)|fr|de|es|it|nl|be|ca|at|ch|se|dk|no|fi|ie|pl|pt|gr|jp|cz)$/;

/**
 * The domain of a free-mail address, else undefined. Mail sent through SES from such an address
 * fails DMARC: neither SES's DKIM signature nor its MAIL FROM is of that domain, so receivers that
 * follow the domain's policy may junk or refuse it.
 */
export function freeMailDomain(address: string): string | undefined {
  const domain = emailDomain(address).toLowerCase();
  return FREE_MAIL_DOMAINS.has(domain) || FREE_MAIL_IN_A_COUNTRY.test(domain) ? domain : undefined;
}

/** What a free-mail sender means once deployed, in the words `npm start` and `npm run synth` share. */
export function freeMailSenderNote(senderEmail: string): string | undefined {
  const domain = freeMailDomain(senderEmail);
  return domain === undefined
    ? undefined
    : `${senderEmail} is free mail: SES cannot sign for ${domain}, so, deployed, mail from it may be junked or refused: try it (npm run verify -- --send-test, then your spam folder too), else give the site a domain, whose sender needs no mailbox (README "Mail that lands in the inbox")`;
}
