import { GetAccountCommand, GetEmailIdentityCommand, type GetEmailIdentityCommandOutput, type SESv2Client } from '@aws-sdk/client-sesv2';
import { emailDomain } from '../../lambdas/email-domain.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { fail, ok, skip, warn, type CheckResult } from './check.js';
import type { DeployedSettings } from './deployed-stack.js';
import { exceedsSandbox, SANDBOX_MAILS_A_DAY, SANDBOX_MAILS_AN_HOUR } from '../../lib/mail/ses-sandbox.js';

/** README's section on the sender's identity and its DNS records. */
const MAIL_GUIDE = 'README "Mail that lands in the inbox"';
/** Where a domain identity's DNS records are listed: the stack's outputs, or SES's console for one verified outside it. */
const DNS_RECORDS = `the SenderDnsRecord outputs, or SES's console for a domain you verified there; ${MAIL_GUIDE}`;

/**
 * Whether SES in the stack's region will send the owner's mail (docs/api.md §12): sending enabled,
 * the sandbox or production, the sender's identity verified with its DKIM and MAIL FROM, and, in
 * the sandbox, the owner's address verified too, since the sandbox checks every recipient, and
 * `maxMailsPerHour` within its daily quota.
 */
export async function* mailChecks(ses: SESv2Client, settings: DeployedSettings): AsyncGenerator<CheckResult> {
  const region = await ses.config.region();
  const account = await ses.send(new GetAccountCommand({}));
  const sandbox = account.ProductionAccessEnabled !== true;
  yield sendingCheck(region, account.SendingEnabled === true, account.EnforcementStatus, sandbox, account.Details?.ReviewDetails?.Status);

  const { senderEmail, ownerEmail } = settings;
  if (senderEmail === undefined) {
    yield fail('sender identity', "the stack's template names no sender (CONTACT_FROM)", `deploy this version of the project: ${DEPLOY_COMMAND}`);
    return;
  }
  const sender = await verifiedIdentity(ses, senderEmail);
  yield* senderChecks(senderEmail, sender, region);

  if (!sandbox) {
    yield skip("owner's address", 'production access: SES sends to any address');
  } else if (ownerEmail === undefined) {
    yield fail("owner's address", "the stack's template names no owner (CONTACT_TO)", `deploy this version of the project: ${DEPLOY_COMMAND}`);
  } else if ((await verifiedIdentity(ses, ownerEmail)).verified !== undefined) {
    yield ok(`owner's address ${ownerEmail}`, 'verified, so the sandbox lets SES mail it');
  } else {
    yield fail(
      `owner's address ${ownerEmail}`,
      'not verified: in the sandbox SES mails verified addresses only, so no inquiry reaches you',
      `verify it (SES console, ${region}: Identities, Create identity, then the link SES mails), or request production access`,
    );
  }
  if (sandbox) yield* sandboxQuotaCheck(settings.maxMailsPerHour);
}

/** In the sandbox, whether a day-long flood mailed one by one would leave the digest room in the day's quota (docs/api.md §15). */
function* sandboxQuotaCheck(maxMailsPerHour: number | undefined): Generator<CheckResult> {
  if (maxMailsPerHour === undefined) return;
  const name = 'mails an hour';
  // 0 turns the flood signal off: every inquiry is mailed on its own, however many come.
  if (!exceedsSandbox(maxMailsPerHour)) {
    yield ok(name, `at most ${maxMailsPerHour} (maxMailsPerHour), within the sandbox's ${SANDBOX_MAILS_A_DAY} a day`);
    return;
  }
  const flood = maxMailsPerHour === 0 ? 'maxMailsPerHour is 0, no limit: a day-long flood would ask for as many mails as inquiries came' : `maxMailsPerHour is ${maxMailsPerHour}: a day-long flood would ask for ${maxMailsPerHour * 24} mails`;
  yield warn(
    name,
    `${flood}, more than the sandbox's ${SANDBOX_MAILS_A_DAY} a day, and the rest (the digest too) would wait for the next day`,
    `add "maxMailsPerHour": ${SANDBOX_MAILS_AN_HOUR} to your settings file and deploy again (${DEPLOY_COMMAND}), or request production access`,
  );
}

function sendingCheck(region: string, enabled: boolean, enforcement: string | undefined, sandbox: boolean, review: string | undefined): CheckResult {
  const name = `SES sending (${region})`;
  if (!enabled || enforcement === 'SHUTDOWN') {
    return fail(name, `paused${enforcement === undefined ? '' : ` (${enforcement})`}: SES sends nothing from this account here`, 'the SES console\'s Account dashboard says why and how to ask for it back');
  }
  const where = sandbox
    ? `in the sandbox: ${SANDBOX_MAILS_A_DAY} mails a day, to verified addresses only${review === undefined ? '' : `; production access ${review.toLowerCase()}`}`
    : 'production access';
  if (enforcement === 'PROBATION') {
    return warn(name, `enabled, ${where}, but under review (PROBATION)`, 'the SES console\'s Account dashboard says what to correct before sending is paused');
  }
  return ok(name, `enabled, ${where}`);
}

/** The identity SES authorizes a send to or from an address by: the address's own, or its domain's. */
interface IdentityFound {
  /** The first of the address and its domain that is verified for sending. */
  readonly verified?: Identity;
  /** Each of the two that exists, verified or not. */
  readonly existing: readonly Identity[];
}

interface Identity {
  readonly name: string;
  readonly details: GetEmailIdentityCommandOutput;
}

async function verifiedIdentity(ses: SESv2Client, address: string): Promise<IdentityFound> {
  const domain = emailDomain(address);
  const existing: Identity[] = [];
  for (const name of [domain, address]) {
    try {
      existing.push({ name, details: await ses.send(new GetEmailIdentityCommand({ EmailIdentity: name })) });
    } catch (error) {
      if ((error as { name?: unknown }).name !== 'NotFoundException') throw error;
    }
  }
  const verified = existing.find((identity) => identity.details.VerifiedForSendingStatus === true);
  return { ...(verified === undefined ? {} : { verified }), existing };
}

/** The sender's identity, then its domain's DKIM and MAIL FROM, one line each. */
function* senderChecks(senderEmail: string, found: IdentityFound, region: string): Generator<CheckResult> {
  const identity = found.verified ?? found.existing[0];
  if (identity === undefined) {
    yield fail(
      `sender identity ${senderEmail}`,
      `SES in ${region} knows neither the address nor its domain`,
      `deploy this version of the project, whose stack makes it unless createSesIdentity is false (${MAIL_GUIDE}), or create it in the SES console in ${region}`,
    );
    return;
  }
  const { details, name } = identity;
  if (found.verified !== undefined) {
    yield ok(`sender identity ${name}`, 'verified for sending');
  } else {
    const status = details.VerificationStatus ?? 'NOT_STARTED';
    yield fail(`sender identity ${name}`, `${status}: SES sends nothing from ${senderEmail} yet`, identityFix(details, name));
  }
  if (details.IdentityType !== 'DOMAIN') {
    yield skip('DKIM and MAIL FROM', `${name} is an address identity: they are its domain's, which SES does not know (${MAIL_GUIDE})`);
    return;
  }
  yield dnsRecordCheck(`DKIM ${name}`, details.DkimAttributes?.Status, 'its three CNAME records');
  const mailFrom = details.MailFromAttributes;
  if (mailFrom?.MailFromDomain === undefined) {
    // The stack's own domain identity always has one: this is a domain verified outside the stack.
    yield warn(
      `MAIL FROM of ${name}`,
      'none: mail leaves from amazonses.com, so SPF does not align with your domain (DKIM, once SUCCESS, is enough for DMARC)',
      `in the SES console, Identities, ${name}, Custom MAIL FROM domain: bounce.${name}, then its MX and TXT records at your DNS host (${MAIL_GUIDE})`,
    );
  } else {
    yield dnsRecordCheck(`MAIL FROM ${mailFrom.MailFromDomain}`, mailFrom.MailFromDomainStatus, 'its MX and TXT records');
  }
}

function identityFix(details: GetEmailIdentityCommandOutput, name: string): string {
  if (details.IdentityType === 'EMAIL_ADDRESS') return `click the link SES mailed to ${name} (SES console: Identities, ${name}, Send verification again)`;
  const reason = details.VerificationInfo?.ErrorType;
  return `create its DNS records (${DNS_RECORDS})${reason === undefined ? '' : `; SES says ${reason}`}`;
}

/** A status SES reports for DNS records it looks for (DKIM's CNAMEs, MAIL FROM's MX and TXT). */
function dnsRecordCheck(name: string, status: string | undefined, records: string): CheckResult {
  switch (status) {
    case 'SUCCESS':
      return ok(name, 'SUCCESS');
    case 'PENDING':
    case 'NOT_STARTED':
    case undefined:
      return warn(name, `${status ?? 'NOT_STARTED'}: SES has not yet found ${records}`, `wait, SES looks for 72 hours; without a hosted zone, create them first (${DNS_RECORDS})`);
    case 'TEMPORARY_FAILURE':
      return warn(name, `TEMPORARY_FAILURE: SES could not read ${records} for now`, 'SES tries again by itself: check the records are still there');
    default:
      return fail(name, `${status}: SES gave up looking for ${records}`, `create them exactly as listed (${DNS_RECORDS}), or check the hosted zone holds them, then restart the check in the SES console`);
  }
}
