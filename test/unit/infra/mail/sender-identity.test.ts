import { describe, expect, it } from '@jest/globals';
import { Match } from 'aws-cdk-lib/assertions';
import { MAIL_FROM_SUBDOMAIN } from '../../../../lib/mail/sender-identity.js';
import { EXAMPLE_CONTEXT, MINIMAL_CONTEXT, resourcesOfType, synthesizeSite } from '../site-app.js';

/*
 * The sender's SES identity (docs/api.md §12): a domain verified with Easy DKIM and a MAIL FROM
 * subdomain of its own, its DNS records in the zone or given as outputs; or the address alone.
 */

const { hostedZoneId: _zoneId, hostedZoneName: _zoneName, ...WITHOUT_ZONE } = EXAMPLE_CONTEXT;
const identityId = (template: ReturnType<typeof synthesizeSite>['template']) => Object.keys(resourcesOfType(template, 'AWS::SES::EmailIdentity'))[0]!;
const attribute = (id: string, name: string) => ({ 'Fn::GetAtt': [id, name] });
const region = { Ref: 'AWS::Region' };
/** The outputs of records to create by hand, by name, in order. */
const recordOutputs = (template: ReturnType<typeof synthesizeSite>['template']) =>
  Object.entries(template.findOutputs('*'))
    .filter(([name]) => name.startsWith('SenderDnsRecord'))
    .map(([name, output]) => [name, output.Value as unknown]);

describe('with the sender on the site’s domain and its hosted zone (the README example)', () => {
  const { template } = synthesizeSite();
  const id = identityId(template);

  it('verifies the domain with Easy DKIM (2048-bit) and a MAIL FROM subdomain', () => {
    expect(MAIL_FROM_SUBDOMAIN).toBe('bounce');
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      DkimAttributes: { SigningEnabled: true },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      MailFromAttributes: { MailFromDomain: 'bounce.example.com', BehaviorOnMxFailure: Match.absent() },
    });
  });

  it('writes the three DKIM CNAMEs SES names into the zone', () => {
    for (const token of [1, 2, 3]) {
      template.hasResourceProperties('AWS::Route53::RecordSet', {
        HostedZoneId: EXAMPLE_CONTEXT.hostedZoneId,
        Type: 'CNAME',
        Name: attribute(id, `DkimDNSTokenName${token}`),
        ResourceRecords: [attribute(id, `DkimDNSTokenValue${token}`)],
      });
    }
  });

  it('writes the MAIL FROM domain’s MX (SES’s feedback endpoint of the region) and SPF records into the zone', () => {
    template.hasResourceProperties('AWS::Route53::RecordSet', {
      HostedZoneId: EXAMPLE_CONTEXT.hostedZoneId,
      Type: 'MX',
      Name: 'bounce.example.com.',
      ResourceRecords: [{ 'Fn::Join': ['', ['10 feedback-smtp.', region, '.amazonses.com']] }],
    });
    template.hasResourceProperties('AWS::Route53::RecordSet', {
      HostedZoneId: EXAMPLE_CONTEXT.hostedZoneId,
      Type: 'TXT',
      Name: 'bounce.example.com.',
      ResourceRecords: ['"v=spf1 include:amazonses.com ~all"'],
    });
  });

  it('outputs no record to create by hand', () => {
    expect(recordOutputs(template)).toEqual([]);
  });
});

describe('with the sender on the site’s domain and no hosted zone', () => {
  const { template } = synthesizeSite(WITHOUT_ZONE);
  const id = identityId(template);

  it('verifies the domain the same way, and writes no DNS record', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      MailFromAttributes: { MailFromDomain: 'bounce.example.com' },
    });
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
  });

  it('outputs each record the zone variant writes, as name, type and value, for the owner to create', () => {
    const join = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });
    expect(recordOutputs(template)).toEqual([
      ['SenderDnsRecord1', join(attribute(id, 'DkimDNSTokenName1'), ' CNAME ', attribute(id, 'DkimDNSTokenValue1'))],
      ['SenderDnsRecord2', join(attribute(id, 'DkimDNSTokenName2'), ' CNAME ', attribute(id, 'DkimDNSTokenValue2'))],
      ['SenderDnsRecord3', join(attribute(id, 'DkimDNSTokenName3'), ' CNAME ', attribute(id, 'DkimDNSTokenValue3'))],
      ['SenderDnsRecord4', join('bounce.example.com MX 10 feedback-smtp.', region, '.amazonses.com')],
      ['SenderDnsRecord5', 'bounce.example.com TXT "v=spf1 include:amazonses.com ~all"'],
    ]);
  });
});

describe('a sender outside the site’s domain (the default with no domain)', () => {
  it.each([
    ['without a domain', MINIMAL_CONTEXT],
    ['with a domain the sender is not on', { ...EXAMPLE_CONTEXT, senderEmail: 'ada@mail.example.net' }],
  ])('%s: has its address made or confirmed at deploy by a custom resource, not an AWS::SES::EmailIdentity that fails when SES knows it', (_title, context) => {
    const { template } = synthesizeSite(context);
    const sender = String(context.senderEmail);
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    const identities = Object.values(resourcesOfType(template, 'Custom::SenderIdentity'));
    expect(identities).toHaveLength(1);
    expect(identities[0]!.Properties).toEqual({
      ServiceToken: { 'Fn::GetAtt': [expect.stringMatching(/^SenderAddressIdentityKeeper/), 'Arn'] },
      EmailIdentity: sender,
      // A keeper that never answers fails the deploy in 5 minutes.
      ServiceTimeout: '300',
    });
    expect(identities[0]!).toMatchObject({ UpdateReplacePolicy: 'Delete', DeletionPolicy: 'Delete' });
  });

  it('lets its keeper look up the address and its domain, make the address, and delete an address identity only: never a domain’s', () => {
    const { template } = synthesizeSite(MINIMAL_CONTEXT);
    const keeperId = Object.keys(resourcesOfType(template, 'AWS::Lambda::Function')).find((id) => id.startsWith('SenderAddressIdentityKeeper'))!;
    const keeper = resourcesOfType(template, 'AWS::Lambda::Function')[keeperId]!;
    const roleId = (keeper.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement);
    const identity = (name: string) => ({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', region, ':', { Ref: 'AWS::AccountId' }, `:identity/${name}`]],
    });
    expect(statements.filter((statement) => String(statement.Action).startsWith('ses:'))).toEqual([
      { Effect: 'Allow', Action: 'ses:GetEmailIdentity', Resource: [identity('contact@example.com'), identity('example.com')] },
      { Effect: 'Allow', Action: 'ses:CreateEmailIdentity', Resource: identity('contact@example.com') },
      { Effect: 'Allow', Action: 'ses:DeleteEmailIdentity', Resource: identity('*@*') },
    ]);
  });
});

describe('other senders', () => {
  it('verifies the address alone of a sender elsewhere, with createSesIdentity, under the identity’s earlier id', () => {
    const { template, stack } = synthesizeSite({ ...MINIMAL_CONTEXT, createSesIdentity: true });
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'contact@example.com', MailFromAttributes: Match.absent() });
    // The id an earlier deployment gave it: an update keeps the verified identity.
    expect(identityId(template)).toBe(stack.getLogicalId(stack.node.findChild('SenderIdentity').node.defaultChild as never));
  });

  it('makes none when createSesIdentity is false, the domain being verified already', () => {
    const { template } = synthesizeSite({ ...EXAMPLE_CONTEXT, createSesIdentity: false });
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(recordOutputs(template)).toEqual([]);
  });
});

describe('a site moving into its own Route 53 zone, siteRecords false (docs/your-domain.md)', () => {
  it('writes the sender’s records in the zone and none of the site’s names, which keep the old host’s records till the owner switches them', () => {
    const { template } = synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com', siteRecords: false });
    const types = Object.values(resourcesOfType(template, 'AWS::Route53::RecordSet')).map((record) => (record.Properties as { Type: string }).Type);
    expect(types.sort()).toEqual(['CNAME', 'CNAME', 'CNAME', 'MX', 'TXT']);
    expect(recordOutputs(template)).toEqual([]);
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ Aliases: ['example.com', 'www.example.com'] }) });
  });
});
