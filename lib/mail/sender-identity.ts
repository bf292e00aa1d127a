import { CfnOutput, Stack } from 'aws-cdk-lib';
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53';
import { DkimIdentity, EasyDkimSigningKeyLength, EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { HostedZoneAttributes } from '../hosted-zone.js';
import { SenderAddressIdentity } from './sender-address-identity.js';

/**
 * The sender's SES identity, as the stack creates it: none (it exists already, or the owner makes
 * it); the address alone (SES mails it a verification link), made at deploy unless SES knows the
 * address or its domain already (`email-if-missing`), or a CloudFormation resource of its own
 * (`email`, which fails when SES knows it); or the address's domain with Easy DKIM and a custom
 * MAIL FROM, whose DNS records go in the hosted zone when the domain is in it.
 */
export type SenderIdentity =
  | { readonly kind: 'none' }
  | { readonly kind: 'email-if-missing' }
  | { readonly kind: 'email' }
  | { readonly kind: 'domain'; readonly domain: string; readonly hostedZone?: HostedZoneAttributes };

/**
 * The subdomain of the sender's domain that SES sends from (the envelope's MAIL FROM, where
 * bounces go): its own, so that SPF passes aligned with the From. It must receive no mail of its
 * own, hence not `mail.`, which often does.
 */
export const MAIL_FROM_SUBDOMAIN = 'bounce';

/** The MAIL FROM domain's records, as SES documents them (aws-cdk-lib's EmailIdentity writes the same into a zone). */
export function mailFromRecords(mailFromDomain: string, region: string) {
  return {
    mx: { name: mailFromDomain, type: 'MX', value: `10 feedback-smtp.${region}.amazonses.com` },
    spf: { name: mailFromDomain, type: 'TXT', value: '"v=spf1 include:amazonses.com ~all"' },
  } as const;
}

/**
 * The sender's SES identity (docs/api.md §12). A domain is verified with Easy DKIM and sends from
 * a MAIL FROM subdomain of its own, so that its mail passes DKIM and SPF aligned with the From,
 * which DMARC asks; the DNS records go in the hosted zone when the domain is in it, else the stack
 * outputs each one, for the owner to create. An address is verified by the link SES mails to it.
 */
export function addSenderIdentity(stack: Stack, senderEmail: string, sender: SenderIdentity): void {
  if (sender.kind === 'none') return;
  if (sender.kind === 'email-if-missing') {
    new SenderAddressIdentity(stack, 'SenderAddressIdentity', { senderEmail });
    return;
  }
  if (sender.kind === 'email') {
    new EmailIdentity(stack, 'SenderIdentity', { identity: Identity.email(senderEmail) });
    return;
  }
  const zone =
    sender.hostedZone === undefined ? undefined : PublicHostedZone.fromPublicHostedZoneAttributes(stack, 'SenderZone', sender.hostedZone);
  const mailFromDomain = `${MAIL_FROM_SUBDOMAIN}.${sender.domain}`;
  const identity = new EmailIdentity(stack, 'SenderDomainIdentity', {
    // Identity.publicHostedZone names the zone's own domain; the sender's may be below it.
    identity: zone === undefined ? Identity.domain(sender.domain) : { value: sender.domain, hostedZone: zone },
    dkimSigning: true,
    dkimIdentity: DkimIdentity.easyDkim(EasyDkimSigningKeyLength.RSA_2048_BIT),
    mailFromDomain,
  });
  if (zone !== undefined) return;
  const records = [
    ...identity.dkimRecords.map(({ name, value }) => ({ name, type: 'CNAME', value })),
    ...Object.values(mailFromRecords(mailFromDomain, Stack.of(stack).region)),
  ];
  records.forEach(({ name, type, value }, index) => {
    new CfnOutput(stack, `SenderDnsRecord${index + 1}`, {
      value: `${name} ${type} ${value}`,
      description: `Create this DNS record of ${sender.domain} (name, type, value), so that SES verifies it and its mail passes DKIM and SPF`,
    });
  });
}
