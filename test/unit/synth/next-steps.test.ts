import { describe, expect, it } from '@jest/globals';
import { exampleAddressLine, nextSteps, readAssembly } from '../../../bin/synth/next-steps.js';
import { EXAMPLE_CERTIFICATE_ARN, EXAMPLE_CONTEXT, EXAMPLE_ENV, MINIMAL_CONTEXT, synthesizeSite } from '../infra/site-app.js';
import { siteFolder } from '../../support/site-folder.js';

/*
 * What `npm run synth` ends with instead of a template (README, "First deploy"): what the owner
 * must do next, read from the cloud assembly synth wrote.
 */

/** The steps for `context`, with `"maxMailsPerHour": 8` unless it says otherwise, as README's first deploy has an owner in SES's sandbox set it. */
function stepsFor(context: Record<string, unknown>, env?: { account: string; region: string }, certificateMayWait = false): string[] {
  const { app } = synthesizeSite({ maxMailsPerHour: 8, ...context }, { ...(env === undefined ? {} : { env }), certificateMayWait });
  const outdir = app.synth().directory;
  return nextSteps(readAssembly(outdir), 'cdk.out');
}

const DOMAIN_WITHOUT_ZONE = { ...MINIMAL_CONTEXT, domainName: 'example.com', certificateArn: EXAMPLE_CERTIFICATE_ARN };

/**
 * A step as synth prints it (bin/synth/step.ts, whose own test pins the layout): numbered, its
 * further lines under its first, a command or a record two spaces further, as written here.
 */
function numbered(number: number, ...lines: string[]): string {
  const under = ' '.repeat(`  ${number}. `.length);
  return lines.map((line, index) => (index === 0 ? `  ${number}. ` : under) + line).join('\n');
}

/** The first step for a bare name the owner's DNS host points at the distribution: whether it can, which decides the names. */
const ALIAS_CHECK = numbered(
  1,
  "First, check that your DNS host can point example.com at another host's name: its DNS editor offers, at example.com (shown as @), an ALIAS or ANAME record, or a CNAME it flattens",
  '(Cloudflare, Namecheap and Porkbun do; GoDaddy, Hover, OVHcloud and Squarespace do not).',
  'If it cannot, before you request the certificate: to keep example.com as your address, follow docs/your-domain.md, "Move the DNS" (to Route 53, then its Route 53 list); for other ways, "A DNS host without ALIAS"',
);

/** The steps every list has: the account's plan and the deploy; the check, and the Free plan while it is not chosen. */
const paidPlan = (number: number) =>
  numbered(
    number,
    "Check your account's plan before you deploy:",
    '  aws freetier get-account-plan-state --query accountPlanType',
    '"PAID" or ResourceNotFoundException: nothing to do. "FREE": upgrade it (it costs nothing; on the free plan the account closes after six months, the site with it), or in the Billing console:',
    '  aws freetier upgrade-account-plan --account-plan-type PAID',
    '"Invalid choice": an AWS CLI older than the command, to install again (README "First deploy" step 1)',
  );
/** What a good deploy ends with: without a domain, the distribution's address; with one, whether the site is there at once. */
const ENDS_AT_DISTRIBUTION = "It ends with PersonalSite.BaseUrl = https://d111….cloudfront.net, your site's address.";
const ENDS_AT_DOMAIN = "It ends with PersonalSite.BaseUrl = https://example.com, your site's address.";
const ENDS_BEFORE_MOVE = 'It ends with PersonalSite.BaseUrl = https://example.com: your site is there once its names point at the distribution (below).';
const ENDS_LIVE = 'It ends with PersonalSite.BaseUrl = https://example.com: your site is there at once, as the stack wrote its records.';
const deploy = (number: number, ending = ENDS_AT_DISTRIBUTION) =>
  numbered(
    number,
    'Deploy (bootstrap first, the first time in an account and region):',
    '  npm run cdk -- bootstrap',
    '  npm run cdk -- deploy --all',
    ending,
    'It takes some minutes, the distribution most. Should a first deploy fail, its line says why: mend that and deploy again, as the CDK CLI deletes a stack whose creation failed first',
    'From then on the stack costs, at rest, 0.84 USD a month at us-east-1\'s prices, 0.94 with the Free plan, about 9.94 with "waf" (README "Costs")',
  );
const checkItAll = (number: number) => numbered(number, 'Check it all, a test inquiry to your mailbox included:', '  npm run verify -- --send-test');
const freePlan = (number: number) =>
  numbered(
    number,
    "Then, recommended: CloudFront's flat-rate Free plan, a web ACL against a flood for 0.10 USD a month more:",
    '"pricingPlan": "free" in your settings, then npm run synth and the deploy again (README "First deploy" step 6)',
  );

const ELSEWHERE_HEADING =
  'Next, with your DNS at a host other than Route 53\n(in a Route 53 zone, a domain bought there included: set hostedZoneName and hostedZoneId, and "siteRecords": false while another host serves your site, then synth again, for a shorter list: docs/your-domain.md "With a Route 53 zone of yours").\nEach step click by click: docs/your-domain.md, "Cloudflare, click by click" at Cloudflare, else "Step by step":';

/** The move of the names, last, for a site of a folder: `where` says how to point them. */
const moveTo = (number: number, names: string, where: string) => {
  const [pronoun, nameOrNames] = names.includes(' and ') ? ['them', 'their names'] : ['it', 'its name'];
  const first = names.split(' and ')[0];
  return numbered(
    number,
    `Move ${names} to the new site, in this order:`,
    `a. Try the site at ${nameOrNames} through your hosts file (docs/your-domain.md, ${where === IN_ZONE_WHERE ? '"A Route 53 zone and a site at another host", step 7 ("Try it")' : 'Step by step, step 6 ("Try it before the world does")'}). These print its two lines, to add to it:`,
    `  d=$(aws cloudformation describe-stacks --stack-name PersonalSite --query "Stacks[0].Outputs[?OutputKey=='DistributionDomainName'].OutputValue" --output text)`,
    `  echo "$(dig +short A $d | head -1)  ${names.replace(' and ', ' ')}"`,
    `  echo "$(dig +short AAAA $d | head -1)  ${names.replace(' and ', ' ')}"`,
    '   Then this shows a via: line ending (CloudFront)',
    `  curl -sI https://${first}/`,
    '   and this ends "your site works."',
    '  npm run verify -- --send-test',
    "b. Note the old records' values first (a screenshot will do): putting them back undoes the move, within the TTL, the old host still running.",
    `   Then point ${pronoun} at DistributionDomainName ${where}. Once the hosts file's lines are gone, curl shows that via: line from your machine too`,
    "c. Your old host, and its form, serve visitors till then and for the old records' TTL, its form mailing you as before: nothing is lost. Meanwhile, push no converted contact page where your old host builds from",
    `d. Once that TTL has passed, read what your form service received, if any (Netlify Forms: Download as CSV), then remove ${names} from the old host's domains and delete the form. GitHub Pages: its Source set to None. Netlify, Vercel: delete the project. Cloudflare Pages: remove ${names} from its Custom domains, check that ${names.includes('www.') ? "dig +short CNAME www.example.com still prints the distribution's name" : 'curl -sI https://example.com/ still shows the via: line'}, then delete the project`,
    'e. Then merge your converted contact page where the old host built from, if it did: from now on, build your site, then npm run publish (docs/your-domain.md "Leaving your old host", for yours)',
  );
};

const WHERE =
  '(an ALIAS record at an apex, a CNAME for a subdomain; at Cloudflare a CNAME at both, DNS only, and a redirect rule of yours for the other name deleted, click by click in docs/your-domain.md "Cloudflare, click by click"; a DNS host without ALIAS, and each record step by step: docs/your-domain.md)';
const IN_ZONE_WHERE =
  '(in the Route 53 console, edit each record in place, so that there is no gap: an A or AAAA record, Alias on, to the distribution; a CNAME, its value. Where there is no AAAA record, create one, Alias. Click by click: docs/your-domain.md, "A Route 53 zone and a site at another host", step 8 ("Switch"))';
const GUIDE = '(docs/your-domain.md "A site that stays at its host")';

describe('npm run synth’s next steps', () => {
  it('for a domain whose DNS is elsewhere: the MAIL FROM records now, the DKIM records from the outputs, the domain’s record last, once the site was tried at it', () => {
    expect(stepsFor(DOMAIN_WITHOUT_ZONE, EXAMPLE_ENV)).toEqual([
      "Synthesized PersonalSiteBudget (us-east-1), PersonalSite (eu-west-1) into cdk.out; cdk-nag's AWS Solutions checks passed.",
      ELSEWHERE_HEADING,
      numbered(
        1,
        'Before you deploy, check that your certificate names example.com, or CloudFront refuses the deploy:',
        `  aws acm describe-certificate --region us-east-1 --certificate-arn ${EXAMPLE_CERTIFICATE_ARN} --query Certificate.SubjectAlternativeNames`,
      ),
      numbered(
        2,
        "At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of example.com's records at your DNS host to 300 s,",
        'so that the switch takes five minutes at most (at Cloudflare, a proxied record has it already)',
      ),
      numbered(
        3,
        "Create these DNS records of your sender's domain at its DNS host, now or right after the deploy:",
        '  bounce.example.com MX 10 feedback-smtp.eu-west-1.amazonses.com',
        '  bounce.example.com TXT "v=spf1 include:amazonses.com ~all"',
      ),
      paidPlan(4),
      deploy(5, ENDS_BEFORE_MOVE),
      numbered(
        6,
        'After the deploy, create the DKIM records its outputs give (SenderDnsRecord1, SenderDnsRecord2, SenderDnsRecord3: CNAMEs that SES names at deploy; at Cloudflare, DNS only); this prints them again:',
        "  aws cloudformation describe-stacks --stack-name PersonalSite --query 'Stacks[0].Outputs'",
      ),
      numbered(
        7,
        "Add example.com's DMARC record yourself, as it speaks for all the domain's mail:",
        '  _dmarc.example.com TXT "v=DMARC1; p=none"',
        'unless one applies already (dig +short TXT _dmarc.example.com). Then p=quarantine once your mail program shows dmarc=pass (Show original, or View headers; Gmail: ⋮, Show original)',
        `for an inquiry's mail and, if you send mail from the domain too, for your own (your mail provider's DKIM set up first) (README "Mail that lands in the inbox")`,
      ),
      numbered(8, 'Confirm the "AWS Notification - Subscription Confirmation" mail sent to you@example.com: until then alarms reach no one'),
      // The names move last, once the site was tried at them: till then visitors reach the old host and its form.
      moveTo(9, 'example.com', WHERE),
      checkItAll(10),
      freePlan(11),
    ]);
  });

  it('while the hour’s mails could pass what SES’s sandbox sends in a day, says to set maxMailsPerHour before the deploy', () => {
    const sandbox = (maxMailsPerHour: number) => stepsFor({ ...MINIMAL_CONTEXT, maxMailsPerHour }).filter((step) => step.includes('maxMailsPerHour'));
    const step = numbered(
      2,
      'Before you deploy, if your account\'s SES is in its sandbox (a new account\'s is; npm run verify says): "maxMailsPerHour": 8 in your settings,',
      'till AWS grants production access (README "SES\'s sandbox")',
    );
    expect({ default: sandbox(20), off: sandbox(0), nine: sandbox(9), eight: sandbox(8) }).toEqual({ default: [step], off: [step], nine: [step], eight: [] });
  });

  it('with the region the CDK falls back to, nothing having named one, has the records wait for the owner’s own', () => {
    const { app } = synthesizeSite({ maxMailsPerHour: 8, ...DOMAIN_WITHOUT_ZONE }, { env: { account: '123456789012', region: 'us-east-1' } });
    const steps = nextSteps(readAssembly(app.synth().directory), 'cdk.out', { regionGuessed: true });
    expect(steps).toContainEqual(
      numbered(
        3,
        "Create these DNS records of your sender's domain at its DNS host, once your region is set and synth run again, which then names it in the MX record (us-east-1 is only the CDK's fallback: the Region line above):",
        '  bounce.example.com MX 10 feedback-smtp.<your region>.amazonses.com',
        '  bounce.example.com TXT "v=spf1 include:amazonses.com ~all"',
      ),
    );
  });

  it('synthesized offline, names the region the MX record takes as the one deployed to', () => {
    const steps = stepsFor(DOMAIN_WITHOUT_ZONE);
    expect(steps[0]).toBe("Synthesized PersonalSiteBudget (us-east-1), PersonalSite (the region you deploy to) into cdk.out; cdk-nag's AWS Solutions checks passed.");
    expect(steps).toContainEqual(expect.stringContaining('bounce.example.com MX 10 feedback-smtp.<the region you deploy to>.amazonses.com'));
  });

  it('for a domain in a Route 53 zone the stack writes to: the records of its own the zone may have, to delete; no DNS record to make but the DMARC record', () => {
    const steps = stepsFor(EXAMPLE_CONTEXT);
    // The zone named, the list is the Route 53 one: nothing said of another DNS host; nor without a domain.
    const inZone = 'Next (each step click by click: docs/your-domain.md, "No domain yet?" for a domain with no site on it yet, bought just now or before, else "A Route 53 zone and a site at another host"):';
    const moving = 'Next (each step click by click: docs/your-domain.md, "A Route 53 zone and a site at another host"):';
    expect([steps[1], stepsFor({ ...EXAMPLE_CONTEXT, siteRecords: false })[1], stepsFor(MINIMAL_CONTEXT)[1]]).toEqual([inZone, moving, 'Next:']);
    expect(steps.join('\n')).not.toMatch(/DNS records|DistributionDomainName/);
    expect(steps[2]).toMatch(/^ {2}1\. Before you deploy, check that your certificate names example\.com, /);
    expect(steps[3]).toBe(
      numbered(
        2,
        'Bought your domain in Route 53 just now? Skip this step: its new zone holds nothing in the way.',
        'Else, before the first deploy: the stack writes example.com (A, AAAA) and bounce.example.com (MX, TXT) in your Route 53 zone Z0123456789ABCDEFGHIJ, and cannot replace a record it did not make.',
        'Another host serves your site at these names today? Delete none of the old host\'s records: set "siteRecords": false and synth again, to keep it up and switch its records yourself once you have tried the new one (docs/your-domain.md).',
        "Right before the first deploy, run this. It prints [] when there is nothing to delete; else delete the records it lists, in the Route 53 console (once deployed, it lists none of the stack's own):",
        '  aws route53 list-resource-record-sets --hosted-zone-id Z0123456789ABCDEFGHIJ ' +
          `--query "ResourceRecordSets[?((Name=='example.com.' && (Type=='CNAME' || Type=='A' || Type=='AAAA')) || (Name=='bounce.example.com.' && (Type=='CNAME' || Type=='MX' || Type=='TXT'))) && ` +
          `!contains(to_string(AliasTarget.DNSName), '.cloudfront.net') && !contains(to_string(ResourceRecords), 'amazonses.com')]"`,
      ),
    );
    expect(steps[4]).toBe(paidPlan(3));
    expect(steps[5]).toBe(deploy(4, ENDS_LIVE));
    expect(steps[6]).toMatch(/^ {2}5\. Add example\.com's DMARC record yourself \(in the Route 53 console: your zone, Create record, Record name _dmarc, Record type TXT, Value as below, its quotes included\), as it speaks for all the domain's mail:\n {7}_dmarc\.example\.com TXT "v=DMARC1; p=none"\n/);
    // Route 53 points a bare name at the distribution with an alias record: nothing to check of the DNS host.
    expect(steps.join('\n')).not.toContain('First, check that your DNS host');
    expect(steps.slice(-2)).toEqual([checkItAll(7), freePlan(8)]);
  });

  it('for a site moving into its Route 53 zone (siteRecords false): the sender’s records alone to clear, the names switched in place last, with no gap', () => {
    const steps = stepsFor({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com', siteRecords: false }, EXAMPLE_ENV);
    expect(steps[3]).toMatch(/^ {2}2\. Bought your domain in Route 53 just now\? Skip this step: its new zone holds nothing in the way\.\n {5}Else, before the first deploy: the stack writes bounce\.example\.com \(MX, TXT\) in your Route 53 zone Z0123456789ABCDEFGHIJ, .*'amazonses\.com'\)\]"$/s);
    expect(steps.join('\n')).not.toMatch(/"siteRecords"/);
    expect(steps[4]).toBe(
      numbered(3, "At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of example.com and www.example.com's records in your Route 53 zone to 300 s,", 'so that the switch takes five minutes at most'),
    );
    expect(steps.at(-3)).toBe(moveTo(8, 'example.com and www.example.com', IN_ZONE_WHERE));
  });

  it('for an existing site at GitHub Pages (siteOrigin), which redirects its own address to the custom domain: the domain verified, turned off right as the names move, with the converted form; no try through the hosts file, which would loop', () => {
    const steps = stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteOrigin: 'https://you.github.io' }, EXAMPLE_ENV);
    expect(steps.join('\n')).not.toContain('hosts file (docs/your-domain.md, Step by step, step 6 ("Try it before the world does"))');
    expect(steps[3]).toBe(
      numbered(
        2,
        "At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of example.com's records at your DNS host to 300 s,",
        "so that the switch leaves visitors on you.github.io's 404 page five minutes at most (at Cloudflare, a proxied record has it already)",
      ),
    );
    // Verified at GitHub before the deploy: a day ahead, as its check of the TXT record may take that long.
    const verifyAtGitHub = numbered(
      3,
      "A day before you switch, verify example.com at GitHub (your account's or organization's Settings, Pages, Add a domain: a TXT record),",
      `so that no one else's site there can claim it while the records still name GitHub Pages ${GUIDE}`,
    );
    expect(steps[4]).toBe(verifyAtGitHub);
    expect(steps[6]).toBe(paidPlan(5));
    expect(steps[7]).toBe(deploy(6, ENDS_AT_DOMAIN));
    expect(steps.at(-3)).toBe(
      numbered(
        10,
        `Turn off your repository's Custom domain (and its CNAME file), at once point it at DistributionDomainName ${WHERE}, and push your contact page converted to post to /contact:`,
        'while the custom domain is on, you.github.io answers the front door with a redirect to the name in that setting, so a try through your hosts file would loop.',
        `For the records' TTL some visitors get GitHub Pages' 404 page: choose a quiet hour ${GUIDE}`,
      ),
    );
    // In a Route 53 zone the deploy points the names itself: the setting goes off as it ends, or siteRecords false leaves the minute to the owner.
    const inZone = stepsFor({ ...EXAMPLE_CONTEXT, siteOrigin: 'https://you.github.io' });
    expect(inZone[4]).toBe(verifyAtGitHub);
    expect(inZone[6]).toBe(deploy(5, ENDS_AT_DOMAIN));
    expect(inZone[7]).toBe(
      numbered(
        6,
        "As the deploy ends, turn off your repository's Custom domain (and its CNAME file), and push your contact page converted to post to /contact:",
        'the deploy points it at the distribution, and while that setting is on you.github.io answers it with a redirect to the name in that setting, a loop for visitors.',
        `To choose the minute yourself, set "siteRecords": false before the first deploy ${GUIDE}`,
      ),
    );
    const switchedByHand = stepsFor({ ...EXAMPLE_CONTEXT, siteOrigin: 'https://you.github.io', siteRecords: false }).join('\n');
    expect(switchedByHand).not.toContain('As the deploy ends');
    expect(switchedByHand).toContain("Turn off your repository's Custom domain (and its CNAME file), at once point it at DistributionDomainName (in the Route 53 console, edit each record in place");
    const tried = stepsFor({ ...EXAMPLE_CONTEXT, siteOrigin: 'https://ada.netlify.app', siteRecords: false }).join('\n');
    expect(tried).toContain('Try the site at example.com through your hosts file (docs/your-domain.md, "A Route 53 zone and a site at another host", step 7 ("Try it"))');
    // A site of a folder has no host of its own to turn off.
    expect(stepsFor(EXAMPLE_CONTEXT).join('\n')).not.toContain('custom domain');
  });

  it('for a site at www. alone moving from GitHub Pages: the redirect named as GitHub’s own setting, whichever name it holds, and the bare name’s TTL lowered too, as its records change at the switch', () => {
    const steps = stepsFor({ ...DOMAIN_WITHOUT_ZONE, domainName: 'www.example.com', siteOrigin: 'https://you.github.io' }, EXAMPLE_ENV);
    expect(steps[3]).toBe(
      numbered(
        2,
        "At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of www.example.com and example.com's records at your DNS host to 300 s,",
        "so that the switch leaves visitors on you.github.io's 404 page five minutes at most (at Cloudflare, a proxied record has it already)",
      ),
    );
    expect(steps[4]).toMatch(/^ {2}3\. A day before you switch, verify example\.com at GitHub /);
    const switchStep = steps.find((step) => step.includes('Turn off your repository'));
    expect(switchStep).toContain('answers the front door with a redirect to the name in that setting, so a try through your hosts file would loop');
    expect(switchStep).not.toContain('redirect to www.example.com');
    // GitHub answers the bare name 404 once its custom domain is off: the forwarding comes with the switch.
    expect(steps[steps.indexOf(switchStep ?? '') + 1]).toMatch(/^ {2}\d+\. example\.com itself is served by nothing of this stack: have your DNS host forward it to https:\/\/www\.example\.com as you switch \(above\), its old records giving way, /);
    // With both names the stack's, no name is left to the DNS host's forwarding.
    expect(stepsFor({ ...DOMAIN_WITHOUT_ZONE, redirectDomainName: 'www.example.com', siteOrigin: 'https://you.github.io' }, EXAMPLE_ENV)[3]).toContain(
      "lower the TTL of example.com and www.example.com's records at your DNS host",
    );
  });

  it('for an existing site at a host that keeps serving its own address (Netlify, Cloudflare Pages, Vercel, GitLab Pages): tried through the hosts file, no gap, the converted form and the host’s domain once the TTL has passed', () => {
    const steps = stepsFor({ ...DOMAIN_WITHOUT_ZONE, redirectDomainName: 'www.example.com', siteOrigin: 'https://ada.netlify.app' }, EXAMPLE_ENV);
    expect(steps[3]).toBe(
      numbered(
        2,
        "At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of example.com and www.example.com's records at your DNS host to 300 s,",
        'so that every visitor reaches the new site five minutes after the switch (at Cloudflare, a proxied record has it already)',
      ),
    );
    const afterTheTtl = (names: string) =>
      "Once the old records' TTL has passed, push your contact page converted to post to /contact (with Netlify Forms, push it right after the switch instead: their posts go to a page of your site, which then sends them back to the form, unsent), " +
      `read what your form service received, and remove ${names} from the site's Domain management ${GUIDE}`;
    expect(steps.at(-3)).toBe(
      numbered(
        9,
        `Try the site at example.com and www.example.com through your hosts file (docs/your-domain.md, Step by step, step 6 ("Try it before the world does")), then point them at DistributionDomainName ${WHERE}.`,
        'Netlify keeps serving ada.netlify.app, where the front door reads your pages (unless you made it redirect to example.com and www.example.com: curl -sI https://ada.netlify.app/ must answer 200).',
        afterTheTtl('example.com and www.example.com'),
      ),
    );
    expect(steps.join('\n')).not.toContain('404 page');
    expect(steps.join('\n')).not.toContain('verify example.com at');
    const pages = stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteOrigin: 'https://ada-site.pages.dev' }, EXAMPLE_ENV).at(-3);
    expect(pages).toContain('Cloudflare Pages keeps serving ada-site.pages.dev');
    // Cloudflare's guide to removing a custom domain deletes its CNAME record first: here that record names the distribution by then.
    expect(pages).toContain("remove example.com from the project's Custom domains (keep the DNS record that now names the distribution)");
    // Netlify Forms is Netlify's own: no other host's step speaks of it.
    expect(pages).not.toContain('Netlify Forms');
    expect(stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteOrigin: 'https://ada.vercel.app' }, EXAMPLE_ENV).at(-3)).toContain('Vercel keeps serving ada.vercel.app');
    expect(stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteOrigin: 'https://ada.gitlab.io' }, EXAMPLE_ENV).at(-3)).toContain('GitLab Pages keeps serving ada.gitlab.io');
    expect(stepsFor({ ...EXAMPLE_CONTEXT, siteOrigin: 'https://ada.netlify.app' })[6]).toBe(
      numbered(
        5,
        'The deploy points example.com at the distribution, which reads your pages from ada.netlify.app: Netlify keeps serving it (unless you made it redirect to example.com: curl -sI https://ada.netlify.app/ must answer 200).',
        afterTheTtl('example.com'),
      ),
    );
  });

  it('for an existing site at a host it does not know: what curl shows decides between the two orders', () => {
    const steps = stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteOrigin: 'https://old.example.net' }, EXAMPLE_ENV);
    expect(steps[3]).toBe(
      numbered(
        2,
        "At least a day before you switch (the move below; the deploy may come sooner), lower the TTL of example.com's records at your DNS host to 300 s,",
        'so that the switch takes five minutes at most (at Cloudflare, a proxied record has it already)',
      ),
    );
    // Known by the end of their name alone: a lookalike is a host like any other.
    for (const lookalike of ['https://notgithub.io', 'https://pages.dev.example.net', 'https://netlify.app']) {
      expect(stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteOrigin: lookalike }, EXAMPLE_ENV).at(-3)).toMatch(/^ {2}\d+\. See how \S+ answers while your domain is set there/);
    }
    expect(steps.at(-3)).toBe(
      numbered(
        9,
        'See how old.example.net answers while your domain is set there:',
        '  curl -sI https://old.example.net/',
        `A 200: try the site at example.com through your hosts file (docs/your-domain.md, Step by step, step 6 ("Try it before the world does")), then point it at DistributionDomainName ${WHERE}, and once the old records' TTL has passed, push your contact page converted to post to /contact and remove example.com from the host's domains.`,
        `A redirect to your domain: turn the host's custom domain setting off, then at once point it at DistributionDomainName and push your contact page converted to post to /contact; for the records' TTL some visitors get the host's 404 page ${GUIDE}`,
      ),
    );
    expect(stepsFor({ ...EXAMPLE_CONTEXT, siteOrigin: 'https://old.example.net' })[6]).toBe(
      numbered(
        5,
        'The deploy points example.com at the distribution, which reads your pages from old.example.net. See how old.example.net answers:',
        '  curl -sI https://old.example.net/',
        'A redirect to your domain: turn off the host\'s custom domain setting as the deploy ends, or visitors loop between the two (to choose the minute yourself, set "siteRecords": false before the first deploy), and push your contact page converted to post to /contact at once.',
        `Else push it once the old records' TTL has passed. Then remove example.com from the host's domains ${GUIDE}`,
      ),
    );
  });

  it('for the domain’s name and its other name (redirectDomainName): the certificate to check for each first, and both names’ records', () => {
    const elsewhere = stepsFor({ ...DOMAIN_WITHOUT_ZONE, redirectDomainName: 'www.example.com' }, EXAMPLE_ENV);
    // The certificate exists: the names are chosen, whether the DNS host can point the bare name asked before its request.
    expect(elsewhere.join('\n')).not.toContain('First, check that your DNS host');
    expect(elsewhere[2]).toBe(
      numbered(
        1,
        'Before you deploy, check that your certificate names example.com and www.example.com, or CloudFront refuses the deploy:',
        `  aws acm describe-certificate --region us-east-1 --certificate-arn ${EXAMPLE_CERTIFICATE_ARN} --query Certificate.SubjectAlternativeNames`,
      ),
    );
    expect(elsewhere.join('\n')).toContain(moveTo(9, 'example.com and www.example.com', WHERE));
    const inZone = stepsFor({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com' }).join('\n');
    expect(inZone).toContain('the stack writes example.com (A, AAAA), www.example.com (A, AAAA) and bounce.example.com (MX, TXT) in your Route 53 zone');
    expect(inZone).toContain("(Name=='www.example.com.' && (Type=='CNAME' || Type=='A' || Type=='AAAA'))");
    const wwwAlone = stepsFor({ ...DOMAIN_WITHOUT_ZONE, domainName: 'www.example.com' });
    expect(wwwAlone[2]).toMatch(/^ {2}1\. Before you deploy, check that your certificate names www\.example\.com, or CloudFront refuses/);
    // Served at www. alone, the bare name is the DNS host's to forward; with both names, or at the bare name, nothing to say.
    expect(wwwAlone.find((step) => step.includes('itself is served by nothing'))).toMatch(
      new RegExp(
        [
          String.raw`^ {2}\d+\. example\.com itself is served by nothing of this stack: have your DNS host forward it to https://www\.example\.com, https:// included \(npm run verify checks it\),`,
          String.raw` +or the hosting plan serving it today redirect it there once www\.example\.com has moved \(Apache: a \.htaccess line\),`,
          String.raw` +or move the DNS to a host with ALIAS and set redirectDomainName \(docs/your-domain\.md, "A DNS host without ALIAS"\)$`,
        ].join('\n'),
      ),
    );
    expect(elsewhere.join('\n')).not.toContain('itself is served by nothing');
    // In a Route 53 zone the stack writes to, the other name is the way: no forwarding there.
    expect(stepsFor({ ...EXAMPLE_CONTEXT, domainName: 'www.example.com' })).toContainEqual(
      expect.stringMatching(/^ {2}\d+\. example\.com itself is served by nothing of this stack: set "redirectDomainName": "example\.com" and deploy again,\n +which writes its records in your Route 53 zone/),
    );
    expect(stepsFor(DOMAIN_WITHOUT_ZONE).join('\n')).not.toContain('itself is served by nothing');
    expect(stepsFor(MINIMAL_CONTEXT).join('\n')).not.toContain('your certificate names');
  });

  it('for a domain registered under a suffix of two labels (.co.uk): its bare name one, whether the DNS host can point it asked first, the check after leaving Cloudflare Pages on www', () => {
    const { certificateArn: _, ...noCertificate } = DOMAIN_WITHOUT_ZONE;
    const steps = stepsFor({ ...noCertificate, domainName: 'lovelace.co.uk', redirectDomainName: 'www.lovelace.co.uk', senderEmail: 'contact@lovelace.co.uk' }, EXAMPLE_ENV, true);
    expect(steps[2]).toMatch(/^ {2}1\. First, check that your DNS host can point lovelace\.co\.uk at another host's name: /);
    expect(steps.join('\n')).toContain("check that dig +short CNAME www.lovelace.co.uk still prints the distribution's name, then delete the project");
    expect(steps.join('\n')).toContain('dig +short CAA lovelace.co.uk\n');
  });

  it('for a domain whose certificate is not there yet: its request first, for each name it must hold, then the same steps as with it', () => {
    const { certificateArn: _, ...noCertificate } = DOMAIN_WITHOUT_ZONE;
    const both = stepsFor({ ...noCertificate, domainName: 'www.example.com', redirectDomainName: 'example.com' }, EXAMPLE_ENV, true);
    // The bare name, though the other name, is the DNS host's to point there too: whether it can comes first.
    expect(both[2]).toBe(ALIAS_CHECK);
    expect(both[3]).toBe(
      numbered(
        2,
        'Before you deploy, request the certificate, as certificateArn is not set (docs/your-domain.md, Step by step, step 2).',
        'First, if this prints records (an old host\'s, for its own certificates), add one more beside them, example.com CAA 0 issue "amazon.com", or ACM issues none:',
        '  dig +short CAA example.com',
        'This prints its CertificateArn:',
        '  aws acm request-certificate --region us-east-1 --domain-name www.example.com --subject-alternative-names example.com --validation-method DNS',
        'This prints a CNAME record for each name, to create at your DNS host (at Cloudflare, DNS only):',
        "  aws acm describe-certificate --region us-east-1 --certificate-arn <CertificateArn> --query 'Certificate.DomainValidationOptions[].ResourceRecord'",
        'This returns once ACM found them:',
        '  aws acm wait certificate-validated --region us-east-1 --certificate-arn <CertificateArn>',
        'Then set "certificateArn": "<CertificateArn>" in your settings and run npm run synth again: the deploy stops without it',
      ),
    );
    const withCertificate = stepsFor({ ...DOMAIN_WITHOUT_ZONE, domainName: 'www.example.com', redirectDomainName: 'example.com' }, EXAMPLE_ENV);
    // Numbered one further, each line under its first one space further from ten on.
    const unnumbered = (steps: string[]) => steps.map((step) => step.replace(/^ {2}\d+\. /, '').replace(/\n +/g, '\n'));
    expect(unnumbered(both.slice(4))).toEqual(unnumbered(withCertificate.slice(3)));
    expect(stepsFor(noCertificate, EXAMPLE_ENV, true)[3]).toMatch(/--domain-name example\.com --validation-method DNS\n/);
    // ACM's validation is the longest wait: its request comes before every other step but the check of the names it holds, a sender's notes included.
    const otherSender = stepsFor({ ...noCertificate, senderEmail: 'contact@other.example.org' }, EXAMPLE_ENV, true);
    expect(otherSender[3]).toMatch(/^ {2}2\. Before you deploy, request the certificate, /);
    expect(otherSender[4]).toMatch(/^ {2}3\. Before you deploy, look at other\.example\.org's DMARC policy/);
    // With a domain set, the sender's other domain is not the site's to come.
    expect(otherSender[4]).toMatch(/\n {5}A domain of yours: verify it in SES with Easy DKIM before the deploy/);
    // With a Route 53 zone, the validation records go there.
    const { certificateArn: __, ...zoneWithoutCertificate } = EXAMPLE_CONTEXT;
    const inZone = stepsFor(zoneWithoutCertificate, EXAMPLE_ENV, true)[2];
    expect(inZone).toMatch(/^ {2}1\. Before you deploy, request the certificate, as certificateArn is not set \(docs\/your-domain\.md, "No domain yet\?" or "A Route 53 zone and a site at another host", step 2\)\.\n/);
    expect(inZone).toContain(
      "\n     Then, in the ACM console (region US East, N. Virginia), open the certificate and choose Create records in Route 53: that makes its records in your zone.\n     (A domain bought in Route 53 needs nothing more; a zone you made for a domain registered elsewhere, once your registrar names the zone's four name servers.)\n     This returns once ACM found them:\n",
    );
    expect(inZone).not.toContain('aws acm describe-certificate');
  });

  it('for a sender domain SES knows already (createSesIdentity false): its DMARC policy to look at, as the stack verifies nothing', () => {
    expect(stepsFor({ ...DOMAIN_WITHOUT_ZONE, createSesIdentity: false }, EXAMPLE_ENV)).toContainEqual(expect.stringMatching(/^ {2}2\. Before you deploy, look at example\.com's DMARC policy:/));
  });

  it('for a sender on a subdomain the stack does not verify: its DMARC policy, then its registered domain’s, to look at', () => {
    expect(stepsFor({ ...MINIMAL_CONTEXT, senderEmail: 'ada@mail.example.net' })[2]).toMatch(
      /^ {2}1\. Before you deploy, look at mail\.example\.net's DMARC policy, then example\.net's:\n {7}dig \+short TXT _dmarc\.mail\.example\.net\n {5}Unless/,
    );
    // A domain registered under a suffix of two labels is no subdomain: no other policy applies.
    expect(stepsFor({ ...MINIMAL_CONTEXT, senderEmail: 'ada@lovelace.co.uk' })[2]).toMatch(/^ {2}1\. Before you deploy, look at lovelace\.co\.uk's DMARC policy:\n/);
    expect(stepsFor({ ...MINIMAL_CONTEXT, senderEmail: 'ada@mail.lovelace.co.uk' })[2]).toMatch(/^ {2}1\. Before you deploy, look at mail\.lovelace\.co\.uk's DMARC policy, then lovelace\.co\.uk's:\n/);
  });

  it('for a sender address of its own: the link SES mails it', () => {
    expect(stepsFor({ ...MINIMAL_CONTEXT, senderEmail: 'ada@mail.example.net', createSesIdentity: true })).toContainEqual(
      '  6. Click the link SES mails to ada@mail.example.net, which verifies the sender',
    );
  });

  it('for an owner without a domain (the default): the sender domain’s DMARC policy to look at, the sender’s link, and in the sandbox the owner’s address to verify too', () => {
    expect(stepsFor(MINIMAL_CONTEXT).slice(2)).toEqual([
      numbered(
        1,
        "Before you deploy, look at example.com's DMARC policy:",
        '  dig +short TXT _dmarc.example.com',
        "Unless example.com is verified in SES with DKIM, SES signs this sender's mail for amazonses.com, so with p=quarantine or p=reject it may be junked or refused.",
        'Your site\'s own domain (one just bought)? Set it as domainName (docs/your-domain.md), and the stack verifies it. Another domain of yours: verify it in SES with Easy DKIM before the deploy (README "Mail that lands in the inbox")',
      ),
      numbered(
        2,
        "Verify your own address before you deploy, as SES's sandbox (a new account is in it) mails verified addresses only:",
        '  aws sesv2 create-email-identity --email-identity you@example.com',
        'then click the link SES mails to you@example.com (or ask AWS for production access: README "SES\'s sandbox")',
      ),
      paidPlan(3),
      deploy(4),
      numbered(5, 'Confirm the "AWS Notification - Subscription Confirmation" mail sent to you@example.com: until then alarms reach no one'),
      numbered(
        6,
        'Click the link SES mails to contact@example.com during the deploy, which verifies the sender (none comes when SES knows the address or its domain already):',
        'a mailbox you read; a domain without mail needs domainName instead, whose sender needs none (README "Mail that lands in the inbox")',
      ),
      checkItAll(7),
      freePlan(8),
    ]);
    // The stack's region known, the owner's verification is made there.
    expect(stepsFor(MINIMAL_CONTEXT, EXAMPLE_ENV).join('\n')).toContain('aws sesv2 create-email-identity --email-identity you@example.com --region eu-west-1\n');
    expect(stepsFor(DOMAIN_WITHOUT_ZONE, EXAMPLE_ENV).join('\n')).not.toContain('DMARC policy');
  });

  it('for a free-mail sender: first, what it would mean, before the deploy; nothing for a free-mail owner alone', () => {
    const steps = stepsFor({ ...MINIMAL_CONTEXT, ownerEmail: 'ada@outlook.com', senderEmail: 'ada@yahoo.co.uk' }).slice(2);
    expect(steps.slice(0, 4)).toEqual([
      numbered(
        1,
        'About your sender: ada@yahoo.co.uk is free mail: SES cannot sign for yahoo.co.uk, so, deployed, mail from it may be junked or refused: try it (npm run verify -- --send-test, then your spam folder too), else give the site a domain, whose sender needs no mailbox (README "Mail that lands in the inbox")',
      ),
      numbered(
        2,
        "Verify your own address before you deploy, as SES's sandbox (a new account is in it) mails verified addresses only:",
        '  aws sesv2 create-email-identity --email-identity ada@outlook.com',
        'then click the link SES mails to ada@outlook.com (or ask AWS for production access: README "SES\'s sandbox")',
      ),
      paidPlan(3),
      deploy(4),
    ]);
    expect(stepsFor({ ...MINIMAL_CONTEXT, ownerEmail: 'ada@outlook.com' }).join('\n')).not.toContain('free mail');
  });

  it('for a folder built for another address than the site’s (the preview’s): its build again, first of all, as the deploy uploads it as it is', () => {
    const sitemap = (origin: string) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url></urlset>`;
    const built = (origin: string) => stepsFor({ ...DOMAIN_WITHOUT_ZONE, siteDir: siteFolder({ 'index.html': '<p>x</p>', 'sitemap.xml': sitemap(origin) }) }, EXAMPLE_ENV);
    expect(built('http://localhost:3200')[2]).toBe(
      numbered(
        1,
        'Build your site again for its own address, not http://localhost:3200 (the siteDir note above), then npm run synth again: the deploy uploads siteDir as it is',
        "Hugo: hugo --cleanDestinationDir, without --baseURL, which builds for your config's baseURL; Zola: zola build; Jekyll: jekyll build, not jekyll serve",
      ),
    );
    expect(built('https://example.com').join('\n')).not.toContain('Build your site again');
    // Built for another site's address: the generator's own setting names it, which is to change.
    expect(built('https://old.example.net')[2]).toBe(
      numbered(
        1,
        'Build your site again for its own address, not https://old.example.net (the siteDir note above), then npm run synth again: the deploy uploads siteDir as it is',
        "First set your generator's base URL to the site's address, as that note says (Hugo: baseURL in hugo.toml or config.toml; Jekyll: url; Astro: site; Zola: base_url)",
      ),
    );
    // Without a domain the site's address is known at deploy only: a build for the preview is one all the same.
    const withoutDomain = (origin: string) => stepsFor({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'index.html': '<p>x</p>', 'sitemap.xml': sitemap(origin) }) }, EXAMPLE_ENV);
    expect(withoutDomain('http://127.0.0.1:3000')[2]).toMatch(/^ {2}1\. Build your site again for its own address, not http:\/\/127\.0\.0\.1:3000 /);
    expect(withoutDomain('https://ada.example.org').join('\n')).not.toContain('Build your site again');
  });

  it('on the Free plan: the check last, the plan no more', () => {
    const steps = stepsFor({ ...MINIMAL_CONTEXT, pricingPlan: 'free' }, EXAMPLE_ENV);
    expect(steps.at(-1)).toMatch(/^ {2}\d+\. Check it all, /);
    expect(steps.join('\n')).not.toContain('"pricingPlan"');
  });

  it('for an owner who is the sender: one link, which verifies both', () => {
    const steps = stepsFor({ ...MINIMAL_CONTEXT, senderEmail: 'you@example.com' });
    expect(steps).toContainEqual(expect.stringContaining('Click the link SES mails to you@example.com during the deploy'));
    expect(steps.join('\n')).not.toContain('sandbox');
  });
});

describe('npm run synth’s line on addresses reserved for examples', () => {
  const lineFor = (context: Record<string, unknown>) => exampleAddressLine(readAssembly(synthesizeSite(context).app.synth().directory));

  it('names each address of a domain RFC 2606 reserves, with the settings that hold it', () => {
    expect(lineFor({ ...MINIMAL_CONTEXT, ownerEmail: 'you@example.com', senderEmail: 'you@example.com' })).toBe(
      'Addresses  you@example.com (ownerEmail and senderEmail): a domain reserved for examples (RFC 2606), where no mail arrives: set your own in site-settings.json before you deploy',
    );
    expect(lineFor({ ...MINIMAL_CONTEXT, ownerEmail: 'ada@mail.example.org', senderEmail: 'ada@studio.test' })).toBe(
      'Addresses  ada@mail.example.org (ownerEmail), ada@studio.test (senderEmail): a domain reserved for examples (RFC 2606), where no mail arrives: set your own in site-settings.json before you deploy',
    );
  });

  it('says nothing of addresses of real domains, one that merely ends in example', () => {
    expect(lineFor({ ...MINIMAL_CONTEXT, ownerEmail: 'ada@lovelace.dev', senderEmail: 'hola@myexample.com' })).toBeUndefined();
  });
});

describe('the cloud assembly as synth reads it', () => {
  it('gives each stack its account and region when synth knew them, none of the CDK’s placeholders otherwise', () => {
    const withEnv = readAssembly(synthesizeSite(MINIMAL_CONTEXT, { env: EXAMPLE_ENV }).app.synth().directory);
    expect(withEnv.map(({ name, account, region }) => ({ name, account, region }))).toEqual(
      expect.arrayContaining([{ name: 'PersonalSite', account: '123456789012', region: 'eu-west-1' }, { name: 'PersonalSiteBudget', account: '123456789012', region: 'us-east-1' }]),
    );
    const site = readAssembly(synthesizeSite(MINIMAL_CONTEXT).app.synth().directory).find((stack) => stack.name === 'PersonalSite');
    expect(site).not.toHaveProperty('account');
    expect(site).not.toHaveProperty('region');
  });
});
