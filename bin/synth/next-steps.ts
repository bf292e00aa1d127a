import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDomain } from 'tldts';
import { emailDomain } from '../../lambdas/email-domain.js';
import { bareNameOf } from '../../lib/bare-name.js';
import { freeMailSenderNote } from '../../lib/mail/free-mail.js';
import { exceedsSandbox, SANDBOX_MAILS_AN_HOUR } from '../../lib/mail/ses-sandbox.js';
import { SITE_ORIGIN_ID } from '../../lib/front-door-paths.js';
import { isLoopbackUrl } from '../../lib/loopback-names.js';
import { REBUILD_FOR_SITE, SITE_BUILT_FOR_METADATA } from '../../lib/pages/sitemap-address.js';
import { CERTIFICATE_TO_REQUEST_ARN } from '../../lib/settings/certificate-to-request.js';
import { SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { STACK_NAMES } from '../../lib/stack-names.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { citedStep, DOMAIN_GUIDE_STEPS } from './domain-guide.js';
import { hostAfterDeployStep, hostSwitchStep, lowerTtlStep, verifyAtHostStep } from './host-switch.js';
import { renderStep, type Step, verbatim } from './step.js';

/** A stack of the cloud assembly synth wrote: its name, its region and account when synth knew them, and its template. */
export interface SynthesizedStack {
  readonly name: string;
  readonly region?: string;
  readonly account?: string;
  readonly template: Template;
  /** The origin its site folder was built for, where that is not the site's (lib/pages/sitemap-address.ts). */
  readonly siteBuiltFor?: string;
}

interface Template {
  readonly Resources?: Readonly<Record<string, { readonly Type: string; readonly Properties?: Record<string, unknown> }>>;
  readonly Outputs?: Readonly<Record<string, { readonly Value: unknown }>>;
}

/** A stack's metadata: each construct's path, and its entries. */
type Metadata = Record<string, { type: string; data?: unknown }[]>;

/** The stacks of the cloud assembly in `outdir` (cdk.out), as its manifest lists them. */
export function readAssembly(outdir: string): SynthesizedStack[] {
  const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
    artifacts?: Record<
      string,
      {
        type: string;
        environment?: string;
        displayName?: string;
        properties?: { templateFile?: string; stackName?: string };
        metadata?: Metadata;
        /** Where aws-cdk-lib writes the metadata of a stack rather than in the manifest. */
        additionalMetadataFile?: string;
      }
    >;
  };
  return Object.entries(manifest.artifacts ?? {}).flatMap(([id, artifact]) => {
    const templateFile = artifact.properties?.templateFile;
    if (artifact.type !== 'aws:cloudformation:stack' || templateFile === undefined) return [];
    const [, account, region] = /^aws:\/\/([^/]+)\/(.+)$/.exec(artifact.environment ?? '') ?? [];
    return [
      {
        name: artifact.properties?.stackName ?? id,
        ...(region === undefined || region === 'unknown-region' ? {} : { region }),
        ...(account === undefined || account === 'unknown-account' ? {} : { account }),
        template: JSON.parse(readFileSync(join(outdir, templateFile), 'utf8')) as Template,
        ...siteBuiltFor([artifact.metadata ?? {}, artifact.additionalMetadataFile === undefined ? {} : (JSON.parse(readFileSync(join(outdir, artifact.additionalMetadataFile), 'utf8')) as Metadata)]),
      },
    ];
  });
}

/** The origin a stack's metadata says its site folder was built for, if any. */
function siteBuiltFor(metadata: readonly Metadata[]): { siteBuiltFor?: string } {
  const entry = metadata.flatMap((entries) => Object.values(entries).flat()).find((candidate) => candidate.type === SITE_BUILT_FOR_METADATA && typeof candidate.data === 'string');
  return entry === undefined ? {} : { siteBuiltFor: entry.data as string };
}

/**
 * What `npm run synth` ends with: the stacks it made, then what the owner must do next, in order
 * (README, "First deploy"): a sender other than a free-mail address, and for one on a domain the
 * stack does not verify, that domain's DMARC policy to look at; deploy; the DNS records known
 * now (the MAIL FROM's MX and SPF), and those known only once deployed (DKIM's CNAMEs, the
 * domain's record for the distribution), which the stack's outputs give; the sender domain's DMARC
 * record, which the stack leaves to the owner; the mails to answer (the alarms' subscription, the
 * sender's link, the owner's address in SES's sandbox unless the stack verifies it); the names
 * moved to the distribution last, once the site was tried at them (docs/your-domain.md); then
 * `npm run verify -- --send-test`, as README's step 5 has it.
 */
export function nextSteps(stacks: readonly SynthesizedStack[], outdir: string, { regionGuessed = false }: { readonly regionGuessed?: boolean } = {}): string[] {
  const site = stacks.find((stack) => stack.name === STACK_NAMES.site);
  const summary = `Synthesized ${stacks.map((stack) => `${stack.name} (${stack.region ?? 'the region you deploy to'})`).join(', ')} into ${outdir}; cdk-nag's AWS Solutions checks passed.`;
  if (site === undefined) return [summary];
  const records = senderDnsRecords(site);
  const knownRecords = records.flatMap(({ text }) => (text === undefined ? [] : [text]));
  const laterRecords = records.filter(({ text }) => text === undefined).map(({ id }) => id);
  const resources = Object.values(stacks.flatMap((stack) => Object.values(stack.template.Resources ?? {})));
  const ofType = (type: string) => resources.filter((resource) => resource.Type === type).map((resource) => resource.Properties ?? {});
  const distributions = ofType('AWS::CloudFront::Distribution').map(
    (properties) =>
      (properties.DistributionConfig ?? {}) as {
        Aliases?: string[];
        ViewerCertificate?: { AcmCertificateArn?: string };
        Origins?: { Id?: string; DomainName?: unknown; CustomOriginConfig?: unknown }[];
      },
  );
  // An existing site (siteOrigin): a host of its own, not the bucket, serves the site's pages.
  const siteHost = distributions
    .flatMap((config) => config.Origins ?? [])
    .find((origin) => origin.Id === SITE_ORIGIN_ID && origin.CustomOriginConfig !== undefined && typeof origin.DomainName === 'string')?.DomainName as string | undefined;
  const aliases = distributions.flatMap((config) => config.Aliases ?? []);
  const recordSets = ofType('AWS::Route53::RecordSet');
  const writesInZone = recordSets.length > 0;
  const requestsCertificate = distributions.some(({ ViewerCertificate: certificate }) => certificate?.AcmCertificateArn === CERTIFICATE_TO_REQUEST_ARN);
  // CloudFront refuses a name the certificate does not name: the site's, and its other name (redirectDomainName).
  const certificateChecks = distributions.flatMap(({ Aliases: names = [], ViewerCertificate: certificate }) =>
    names.length === 0 || certificate?.AcmCertificateArn === undefined
      ? []
      : [certificate.AcmCertificateArn === CERTIFICATE_TO_REQUEST_ARN ? certificateRequestStep(names, writesInZone) : certificateCheckStep(names, certificate.AcmCertificateArn)],
  );
  const madeRecords = new Set(recordSets.map((properties) => String(properties.Name).replace(/\.$/, '')));
  const unpointed = aliases.filter((alias) => !madeRecords.has(alias));
  const pointedInZone = aliases.filter((alias) => madeRecords.has(alias));
  // A site at www. alone: no record of the stack's serves its bare name, which the owner's DNS host
  // forwards, or, in a zone the stack writes to, an alias record of its other name.
  const unservedBareNames = distributions.flatMap(({ Aliases: names = [] }) => {
    const [name] = names;
    const bare = names.length === 1 && name !== undefined ? bareNameOf(name) : undefined;
    return bare === undefined || name === undefined ? [] : [{ bare, name, inZone: madeRecords.has(name) }];
  });
  const subscribers = [...new Set(ofType('AWS::SNS::Subscription').filter((properties) => properties.Protocol === 'email').map((properties) => String(properties.Endpoint)))];
  const stackIdentities = ofType('AWS::SES::EmailIdentity').map((properties) => String(properties.EmailIdentity));
  const senderAddresses = stackIdentities.filter((identity) => identity.includes('@'));
  const verifiedDomains = stackIdentities.filter((identity) => !identity.includes('@'));
  const identitiesAtDeploy = ofType('Custom::SenderIdentity').map((properties) => String(properties.EmailIdentity));
  // In the sandbox SES mails verified recipients only: an address the stack verifies, or one of a domain it verifies.
  const verified = new Set([...stackIdentities, ...identitiesAtDeploy]);
  const owners = functionVariable(stacks, 'CONTACT_TO');
  const senders = functionVariable(stacks, 'CONTACT_FROM');
  const freeMailSenders = senders.flatMap((sender) => freeMailSenderNote(sender) ?? []);
  // SES signs mail from any other domain for amazonses.com: that domain's DMARC policy decides.
  const senderDomains = [...new Set(senders.filter((sender) => freeMailSenderNote(sender) === undefined).map(emailDomain))];
  const signedDomains = senderDomains.filter((domain) => verifiedDomains.includes(domain));
  const unsignedDomains = senderDomains.filter((domain) => !verifiedDomains.includes(domain));
  const unverifiedOwners = owners.filter((address) => !verified.has(address) && !verified.has(emailDomain(address)));
  const overSandbox = functionVariable(stacks, 'MAX_MAILS_PER_HOUR').map(Number).some(exceedsSandbox);

  const steps: Step[] = [
    // A deploy uploads siteDir as it is: a build for the preview would send every visitor's links and style sheets there.
    ...(site.siteBuiltFor === undefined
      ? []
      : [
          [
            `Build your site again for its own address, not ${site.siteBuiltFor} (the siteDir note above), then npm run synth again: the deploy uploads siteDir as it is`,
            // A preview's address was given on the command line; another is the generator's own setting.
            isLoopbackUrl(site.siteBuiltFor)
              ? REBUILD_FOR_SITE
              : "First set your generator's base URL to the site's address, as that note says (Hugo: baseURL in hugo.toml or config.toml; Jekyll: url; Astro: site; Zola: base_url)",
          ],
        ]),
    // Whether the DNS host can point a bare name at the distribution decides the names, and so the certificate to request.
    ...(writesInZone || !requestsCertificate ? [] : unpointed.filter(isBareName).map(aliasCheckStep)),
    // A certificate to request comes first: ACM's validation is the longest wait.
    ...certificateChecks,
    ...freeMailSenders.map((note) => [`About your sender: ${note}`]),
    ...unsignedDomains.map((domain) => [
      `Before you deploy, look at ${domain}'s DMARC policy${parentDomainToo(domain)}:`,
      verbatim(dmarcLookup(domain)),
      `Unless ${domain} is verified in SES with DKIM, SES signs this sender's mail for amazonses.com, so with p=quarantine or p=reject it may be junked or refused.`,
      // With no domain set yet, the sender's may be the site's to come (a domain just bought), which domainName has the stack verify.
      aliases.length === 0
        ? `Your site's own domain (one just bought)? Set it as domainName (docs/your-domain.md), and the stack verifies it. Another domain of yours: verify it in SES with Easy DKIM before the deploy (README "Mail that lands in the inbox")`
        : `A domain of yours: verify it in SES with Easy DKIM before the deploy (README "Mail that lands in the inbox")`,
    ]),
    ...zoneRecordChecks(recordSets),
    // A bare name left to the owner's DNS host changes at the switch too: the old host's records give way to its forwarding.
    ...(unpointed.length === 0
      ? []
      : [lowerTtlStep([...unpointed, ...unservedBareNames.filter(({ inZone }) => !inZone).map(({ bare }) => bare)], siteHost, writesInZone)]),
    ...(overSandbox
      ? [
          [
            `Before you deploy, if your account's SES is in its sandbox (a new account's is; npm run verify says): "maxMailsPerHour": ${SANDBOX_MAILS_AN_HOUR} in your settings,`,
            `till AWS grants production access (README "SES's sandbox")`,
          ],
        ]
      : []),
    ...(siteHost === undefined || aliases.length === 0 ? [] : [verifyAtHostStep(aliases, siteHost)].filter((step) => step !== undefined)),
    ...(knownRecords.length === 0
      ? []
      : [
          [
            regionGuessed
              ? `Create these DNS records of your sender's domain at its DNS host, once your region is set and synth run again, which then names it in the MX record (${site.region ?? 'this region'} is only the CDK's fallback: the Region line above):`
              : "Create these DNS records of your sender's domain at its DNS host, now or right after the deploy:",
            // A record naming the fallback region would be copied as it is: it names none till the owner's is known.
            ...knownRecords.map((record) => verbatim(regionGuessed && site.region !== undefined ? record.replace(`.${site.region}.amazonses.com`, '.<your region>.amazonses.com') : record)),
          ],
        ]),
    // Neither needs the stack: done before the deploy, they leave the DKIM records its only wait.
    ...unverifiedOwners.map((address) => [
      `Verify your own address before you deploy, as SES's sandbox (a new account is in it) mails verified addresses only:`,
      verbatim(`aws sesv2 create-email-identity --email-identity ${address}${site.region === undefined ? '' : ` --region ${site.region}`}`),
      `then click the link SES mails to ${address} (or ask AWS for production access: README "SES's sandbox")`,
    ]),
    [
      "Check your account's plan before you deploy:",
      verbatim('aws freetier get-account-plan-state --query accountPlanType'),
      '"PAID" or ResourceNotFoundException: nothing to do. "FREE": upgrade it (it costs nothing; on the free plan the account closes after six months, the site with it), or in the Billing console:',
      verbatim('aws freetier upgrade-account-plan --account-plan-type PAID'),
      '"Invalid choice": an AWS CLI older than the command, to install again (README "First deploy" step 1)',
    ],
    [
      'Deploy (bootstrap first, the first time in an account and region):',
      verbatim('npm run cdk -- bootstrap'),
      verbatim(DEPLOY_COMMAND),
      deployEnd(site, siteHost === undefined && aliases.length > 0 ? unpointed.length === 0 : undefined),
      'It takes some minutes, the distribution most. Should a first deploy fail, its line says why: mend that and deploy again, as the CDK CLI deletes a stack whose creation failed first',
      'From then on the stack costs, at rest, 0.84 USD a month at us-east-1\'s prices, 0.94 with the Free plan, about 9.94 with "waf" (README "Costs")',
    ],
    ...(siteHost === undefined || pointedInZone.length === 0 ? [] : [hostAfterDeployStep(pointedInZone, siteHost)]),
    ...(laterRecords.length === 0
      ? []
      : [
          [
            `After the deploy, create the DKIM records its outputs give (${laterRecords.join(', ')}: CNAMEs that SES names at deploy; at Cloudflare, DNS only); this prints them again:`,
            verbatim(`aws cloudformation describe-stacks --stack-name ${STACK_NAMES.site} --query 'Stacks[0].Outputs'`),
          ],
        ]),
    ...signedDomains.map((domain) => [
      `Add ${domain}'s DMARC record yourself${writesInZone ? ' (in the Route 53 console: your zone, Create record, Record name _dmarc, Record type TXT, Value as below, its quotes included)' : ''}, as it speaks for all the domain's mail:`,
      verbatim(`_dmarc.${domain} TXT "v=DMARC1; p=none"`),
      `unless one applies already (${dmarcLookup(domain)}${parentDomainToo(domain)}). Then p=quarantine once your mail program shows dmarc=pass (Show original, or View headers; Gmail: ⋮, Show original)`,
      `for an inquiry's mail and, if you send mail from the domain too, for your own (your mail provider's DKIM set up first) (README "Mail that lands in the inbox")`,
    ]),
    ...subscribers.map((address) => [`Confirm the "AWS Notification - Subscription Confirmation" mail sent to ${address}: until then alarms reach no one`]),
    ...senderAddresses.map((address) => [`Click the link SES mails to ${address}, which verifies the sender`]),
    ...identitiesAtDeploy.map((address) => [
      `Click the link SES mails to ${address} during the deploy, which verifies the sender (none comes when SES knows the address or its domain already):`,
      `a mailbox you read; a domain without mail needs domainName instead, whose sender needs none (README "Mail that lands in the inbox")`,
    ]),
    ...(unpointed.length === 0 ? [] : [pointingStep(unpointed, writesInZone, siteHost)]),
    ...unservedBareNames.map(({ bare, name, inZone }) =>
      inZone
        ? [
            `${bare} itself is served by nothing of this stack: set "redirectDomainName": "${bare}" and deploy again,`,
            `which writes its records in your Route 53 zone and sends it to https://${name} (its certificate must name both)`,
          ]
        : [
            `${bare} itself is served by nothing of this stack: have your DNS host forward it to https://${name}${siteHost === undefined ? '' : ' as you switch (above), its old records giving way'}, https:// included (npm run verify checks it),`,
            `or the hosting plan serving it today redirect it there once ${name} has moved (Apache: a .htaccess line),`,
            `or move the DNS to a host with ALIAS and set redirectDomainName (docs/your-domain.md, "A DNS host without ALIAS")`,
          ],
    ),
    ['Check it all, a test inquiry to your mailbox included:', verbatim('npm run verify -- --send-test')],
    // The Free plan's stack, once chosen, is in the assembly.
    ...(stacks.some((stack) => stack.name === STACK_NAMES.pricingPlan)
      ? []
      : [
          [
            'Then, recommended: CloudFront\'s flat-rate Free plan, a web ACL against a flood for 0.10 USD a month more:',
            '"pricingPlan": "free" in your settings, then npm run synth and the deploy again (README "First deploy" step 6)',
          ],
        ]),
  ];
  // A domain bought in Route 53 has its zone there: named in the settings, the stack writes the records these steps leave to a DNS host.
  // Each step's clicks are in the list of docs/your-domain.md for the owner's case, whose steps quote these first words.
  const heading =
    aliases.length === 0
      ? 'Next:'
      : writesInZone
        ? `Next (each step click by click: docs/your-domain.md, ${pointedInZone.length === 0 ? '' : '"No domain yet?" for a domain with no site on it yet, bought just now or before, else '}"A Route 53 zone and a site at another host"):`
        : [
            'Next, with your DNS at a host other than Route 53',
            '(in a Route 53 zone, a domain bought there included: set hostedZoneName and hostedZoneId, and "siteRecords": false while another host serves your site, then synth again, for a shorter list: docs/your-domain.md "With a Route 53 zone of yours").',
            'Each step click by click: docs/your-domain.md, "Cloudflare, click by click" at Cloudflare, else "Step by step":',
          ].join('\n');
  return [summary, heading, ...steps.map((step, index) => renderStep(step, index + 1))];
}

/**
 * The step that moves the site's names to the distribution, last: tried first through the hosts
 * file, the old host serving visitors till then; an existing site's host (siteOrigin) in the order
 * its own address allows (hostSwitchStep).
 */
function pointingStep(names: readonly string[], inZone: boolean, siteHost: string | undefined): Step {
  const pronoun = names.length === 1 ? 'it' : 'them';
  const where = inZone
    ? `(in the Route 53 console, edit each record in place, so that there is no gap: an A or AAAA record, Alias on, to the distribution; a CNAME, its value. Where there is no AAAA record, create one, Alias. Click by click: docs/your-domain.md, ${citedStep(DOMAIN_GUIDE_STEPS.switchInZone)})`
    : '(an ALIAS record at an apex, a CNAME for a subdomain; at Cloudflare a CNAME at both, DNS only, and a redirect rule of yours for the other name deleted, click by click in docs/your-domain.md "Cloudflare, click by click"; a DNS host without ALIAS, and each record step by step: docs/your-domain.md)';
  const listed = names.join(' and ');
  const tryGuide = citedStep(inZone ? DOMAIN_GUIDE_STEPS.tryInZone : DOMAIN_GUIDE_STEPS.tryAtDnsHost);
  if (siteHost !== undefined) return hostSwitchStep(names, where, tryGuide, siteHost);
  return [
    `Move ${listed} to the new site, in this order:`,
    `a. Try the site at ${pronoun === 'it' ? 'its name' : 'their names'} through your hosts file (docs/your-domain.md, ${tryGuide}). These print its two lines, to add to it:`,
    ...hostsFileLines(names).map(verbatim),
    '   Then this shows a via: line ending (CloudFront)',
    verbatim(`curl -sI https://${names[0]}/`),
    '   and this ends "your site works."',
    verbatim('npm run verify -- --send-test'),
    "b. Note the old records' values first (a screenshot will do): putting them back undoes the move, within the TTL, the old host still running.",
    `   Then point ${pronoun} at DistributionDomainName ${where}. Once the hosts file's lines are gone, curl shows that via: line from your machine too`,
    `c. Your old host, and its form, serve visitors till then and for the old records' TTL, its form mailing you as before: nothing is lost. Meanwhile, push no converted contact page where your old host builds from`,
    `d. Once that TTL has passed, read what your form service received, if any (Netlify Forms: Download as CSV), then remove ${listed} from the old host's domains and delete the form. GitHub Pages: its Source set to None. Netlify, Vercel: delete the project. Cloudflare Pages: remove ${listed} from its Custom domains, check that ${stillPointed(names)}, then delete the project`,
    `e. Then merge your converted contact page where the old host built from, if it did: from now on, build your site, then npm run publish (docs/your-domain.md "Leaving your old host", for yours)`,
  ];
}

/**
 * What a good deploy ends with, the site's address, and, for a domain, whether the site is there
 * at once (`recordsWritten`: the stack wrote the names' records) or once the names are moved.
 */
function deployEnd(site: SynthesizedStack, recordsWritten: boolean | undefined): string {
  const baseUrl = site.template.Outputs?.[SITE_OUTPUTS.baseUrl]?.Value;
  const ending = `It ends with ${STACK_NAMES.site}.${SITE_OUTPUTS.baseUrl} = ${typeof baseUrl === 'string' ? baseUrl : 'https://d111….cloudfront.net'}`;
  if (recordsWritten === undefined) return `${ending}, your site's address.`;
  return `${ending}: ${recordsWritten ? 'your site is there at once, as the stack wrote its records' : 'your site is there once its names point at the distribution (below)'}.`;
}

/**
 * The commands that print the hosts file's lines for a try of the deployed site at its names: one
 * of the distribution's IPv4 addresses and one of its IPv6 ones, each with the names, as a browser
 * may take either (macOS and Linux; docs/your-domain.md says where Windows keeps the file).
 */
function hostsFileLines(names: readonly string[]): string[] {
  const output = `Stacks[0].Outputs[?OutputKey=='${SITE_OUTPUTS.distributionDomainName}'].OutputValue`;
  return [
    `d=$(aws cloudformation describe-stacks --stack-name ${STACK_NAMES.site} --query "${output}" --output text)`,
    ...['A', 'AAAA'].map((type) => `echo "$(dig +short ${type} $d | head -1)  ${names.join(' ')}"`),
  ];
}

/** The check that the names still lead to the distribution: a subdomain's CNAME names it, where Cloudflare flattens a bare name's. */
function stillPointed(names: readonly string[]): string {
  const subdomain = names.find((name) => !isBareName(name));
  return subdomain === undefined ? `curl -sI https://${names[0] ?? ''}/ still shows the via: line` : `dig +short CNAME ${subdomain} still prints the distribution's name`;
}

/** Whether a name is a domain's bare name (an apex), where DNS allows no CNAME: the name registered under a public suffix (`example.com`, `example.co.uk`). */
function isBareName(name: string): boolean {
  return getDomain(name) === name;
}

/** The step that has the owner check their DNS host can point a bare name at the distribution's name, before the certificate names it. */
function aliasCheckStep(name: string): Step {
  return [
    `First, check that your DNS host can point ${name} at another host's name: its DNS editor offers, at ${name} (shown as @), an ALIAS or ANAME record, or a CNAME it flattens`,
    '(Cloudflare, Namecheap and Porkbun do; GoDaddy, Hover, OVHcloud and Squarespace do not).',
    `If it cannot, before you request the certificate: to keep ${name} as your address, follow docs/your-domain.md, "Move the DNS" (to Route 53, then its Route 53 list); for other ways, "A DNS host without ALIAS"`,
  ];
}

/** The certificate to request first, for the names it must hold, when certificateArn is not set yet (lib/settings/certificate-to-request.ts). */
function certificateRequestStep(names: readonly string[], inZone: boolean): Step {
  const [name = '', ...others] = names;
  const otherNames = others.length === 0 ? '' : ` --subject-alternative-names ${others.join(' ')}`;
  const certificate = '--region us-east-1 --certificate-arn <CertificateArn>';
  const domain = bareNameOf(name) ?? name;
  return [
    `Before you deploy, request the certificate, as certificateArn is not set (docs/your-domain.md, ${inZone ? '"No domain yet?" or "A Route 53 zone and a site at another host"' : 'Step by step'}, step 2).`,
    `First, if this prints records (an old host's, for its own certificates), add one more beside them, ${domain} CAA 0 issue "amazon.com", or ACM issues none:`,
    verbatim(`dig +short CAA ${domain}`),
    'This prints its CertificateArn:',
    verbatim(`aws acm request-certificate --region us-east-1 --domain-name ${name}${otherNames} --validation-method DNS`),
    ...(inZone
      ? [
          "Then, in the ACM console (region US East, N. Virginia), open the certificate and choose Create records in Route 53: that makes its records in your zone.",
          "(A domain bought in Route 53 needs nothing more; a zone you made for a domain registered elsewhere, once your registrar names the zone's four name servers.)",
        ]
      : ['This prints a CNAME record for each name, to create at your DNS host (at Cloudflare, DNS only):', verbatim(`aws acm describe-certificate ${certificate} --query 'Certificate.DomainValidationOptions[].ResourceRecord'`)]),
    'This returns once ACM found them:',
    verbatim(`aws acm wait certificate-validated ${certificate}`),
    'Then set "certificateArn": "<CertificateArn>" in your settings and run npm run synth again: the deploy stops without it',
  ];
}

/** The names the certificate given must hold, checked before the deploy. */
function certificateCheckStep(names: readonly string[], arn: string): Step {
  return [
    `Before you deploy, check that your certificate names ${names.join(' and ')}, or CloudFront refuses the deploy:`,
    verbatim(`aws acm describe-certificate --region us-east-1 --certificate-arn ${arn} --query Certificate.SubjectAlternativeNames`),
  ];
}

/**
 * For each Route 53 zone the stack writes records in, the step that lists those of them the zone
 * has already: CloudFormation cannot create a record set that exists (a site moving from another
 * host has its name's A record), so the owner deletes them right before the first deploy, or, to
 * keep a site moving up, has the stack write the sender's alone (`siteRecords` false) and switches
 * the site's records in place once the new site was tried (README "Your own domain"). Only records
 * whose names synth knows (the site's, the MAIL FROM's; SES names the DKIM ones at deploy), each
 * with the types the stack writes there and CNAME, which excludes all; and never the stack's own,
 * once deployed (an alias to CloudFront, a value naming amazonses.com), which synth run again must
 * not have the owner delete.
 */
function zoneRecordChecks(recordSets: readonly Record<string, unknown>[]): Step[] {
  const zones = new Map<string, Map<string, Set<string>>>();
  for (const { HostedZoneId: zone, Name: name, Type: type } of recordSets) {
    if (typeof zone !== 'string' || typeof name !== 'string' || typeof type !== 'string') continue;
    const names = zones.get(zone) ?? new Map<string, Set<string>>();
    zones.set(zone, names.set(name, (names.get(name) ?? new Set(['CNAME'])).add(type)));
  }
  return [...zones].map(([zone, names]) => {
    const written = [...names].map(([name, types]) => `${name.replace(/\.$/, '')} (${[...types].filter((type) => type !== 'CNAME').join(', ')})`);
    const records = [...names].map(([name, types]) => `(Name=='${name}' && (${[...types].map((type) => `Type=='${type}'`).join(' || ')}))`).join(' || ');
    const notTheStacks = "!contains(to_string(AliasTarget.DNSName), '.cloudfront.net') && !contains(to_string(ResourceRecords), 'amazonses.com')";
    const sitesRecords = [...names.values()].some((types) => types.has('A'));
    return [
      'Bought your domain in Route 53 just now? Skip this step: its new zone holds nothing in the way.',
      `Else, before the first deploy: the stack writes ${[written.slice(0, -1).join(', '), written.at(-1)].filter(Boolean).join(' and ')} in your Route 53 zone ${zone}, and cannot replace a record it did not make.`,
      // Said before the command: its list would hold the old host's records, which deleted take the site down.
      ...(sitesRecords
        ? ['Another host serves your site at these names today? Delete none of the old host\'s records: set "siteRecords": false and synth again, to keep it up and switch its records yourself once you have tried the new one (docs/your-domain.md).']
        : []),
      "Right before the first deploy, run this. It prints [] when there is nothing to delete; else delete the records it lists, in the Route 53 console (once deployed, it lists none of the stack's own):",
      verbatim(`aws route53 list-resource-record-sets --hosted-zone-id ${zone} --query "ResourceRecordSets[?(${records}) && ${notTheStacks}]"`),
    ];
  });
}

/** The command that shows a domain's DMARC record. */
function dmarcLookup(domain: string): string {
  return `dig +short TXT _dmarc.${domain}`;
}

/** For a subdomain, whose DMARC policy is its registered domain's when it has none of its own (RFC 7489 §6.6.3): that one's is to look at too. */
function parentDomainToo(domain: string): string {
  const registered = getDomain(domain);
  return registered !== null && registered !== domain ? `, then ${registered}'s` : '';
}

/**
 * The line `npm run synth` prints when ownerEmail or senderEmail is still an address of a domain
 * reserved for examples (the example settings file's `you@example.com`), where no mail arrives; none otherwise.
 */
export function exampleAddressLine(stacks: readonly SynthesizedStack[]): string | undefined {
  const keysByAddress = new Map<string, string[]>();
  for (const [variable, key] of [['CONTACT_TO', 'ownerEmail'], ['CONTACT_FROM', 'senderEmail']] as const) {
    for (const address of functionVariable(stacks, variable)) if (isExampleDomain(emailDomain(address))) keysByAddress.set(address, [...(keysByAddress.get(address) ?? []), key]);
  }
  if (keysByAddress.size === 0) return undefined;
  const named = [...keysByAddress].map(([address, keys]) => `${address} (${keys.join(' and ')})`);
  return `Addresses  ${named.join(', ')}: a domain reserved for examples (RFC 2606), where no mail arrives: set your own in site-settings.json before you deploy`;
}

/** Whether a mail domain is one RFC 2606 reserves for examples: example.com, .net and .org, and names under .example, .test, .invalid and .localhost. */
function isExampleDomain(domain: string): boolean {
  return /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)\.?$/i.test(domain);
}

/** The values the stacks' functions are given for an environment variable (CONTACT_TO, the owner's address; CONTACT_FROM, the sender's), each once. */
function functionVariable(stacks: readonly SynthesizedStack[], name: string): string[] {
  const functions = stacks.flatMap((stack) => Object.values(stack.template.Resources ?? {})).filter((resource) => resource.Type === 'AWS::Lambda::Function');
  return [...new Set(functions.flatMap((resource) => readVariable(resource.Properties ?? {}, name)))];
}

/** A function's environment variable, if it is given one. */
function readVariable(properties: Record<string, unknown>, name: string): string[] {
  const value = (properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[name];
  return typeof value === 'string' ? [value] : [];
}

/**
 * The sender domain's DNS records, as the stack's outputs give them (SenderDnsRecordN): with their
 * text where synth knows it (the MAIL FROM's MX, which names the region, and SPF), without for
 * those SES names at deploy (DKIM's CNAMEs).
 */
export function senderDnsRecords(site: SynthesizedStack): { readonly id: string; readonly text: string | undefined }[] {
  return Object.entries(site.template.Outputs ?? {})
    .filter(([id]) => /^SenderDnsRecord\d+$/.test(id))
    .map(([id, output]) => ({ id, text: rendered(output.Value, site.region) }));
}

/**
 * An output's value as text, when synth knew it: a string, or a join of strings and the stack's
 * region. Undefined for what only a deploy knows (an attribute of a resource).
 */
function rendered(value: unknown, region: string | undefined): string | undefined {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] } | null)?.['Fn::Join'];
  if (join === undefined) {
    const ref = (value as { Ref?: unknown } | null)?.Ref;
    return ref === 'AWS::Region' ? (region ?? '<the region you deploy to>') : undefined;
  }
  const parts = join[1].map((part) => rendered(part, region));
  return parts.every((part) => part !== undefined) ? parts.join(join[0]) : undefined;
}
