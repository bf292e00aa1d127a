import { describe, expect, it } from '@jest/globals';
import { App } from 'aws-cdk-lib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, readAgentSettings } from '../../../../lambdas/config.js';
import { MAX_FORM_PAGE_BYTES } from '../../../../lambdas/html/owner-form-page.js';
import { moveSettingsLine } from '../../../../lib/settings/settings-file.js';
import { formPageLine } from '../../../../lib/settings/form-page.js';
import { CERTIFICATE_TO_REQUEST_ARN } from '../../../../lib/settings/certificate-to-request.js';
import { readSiteConfig, rejectUnknownKeys } from '../../../../lib/settings/site-config.js';
import { NO_BUNDLING, settingsFile, synthWith } from '../../../support/cdk-app-run.js';
import { CDK_JSON_CONTEXT } from '../../../support/cdk-context.js';
import { configErrorOf } from '../../../support/config-error.js';
import { ownerFormPage } from '../../../support/form-pages.js';
import { siteFolder } from '../../../support/site-folder.js';
import { OPEN_REDIRECT_ATTEMPTS, SITE_PATHS } from '../../../support/site-path-cases.js';
import { EXAMPLE_CERTIFICATE_ARN, EXAMPLE_CONTEXT, EXAMPLE_HOSTED_ZONE_ID, MINIMAL_CONTEXT } from '../site-app.js';

/** The form's attributes that word the service's answers to a refused post (lambdas/html/owner-markup.ts), as the owner writes them. */
const ANSWER_ATTRIBUTES = ['data-title-prefix', 'data-notice-invalid', 'data-notice-rate-limited', 'data-notice-unavailable', 'data-notice-cross-site', 'data-notice-honeypot'];


function configOf(context: Record<string, unknown>) {
  return readSiteConfig(new App({ context }));
}

const errorOf = (context: Record<string, unknown>) => configErrorOf(() => configOf(context));

describe('the deployment context', () => {
  it.each([
    [0, 0],
    ['365', 365],
    [7, 7],
  ])('takes a retention of %j days', (retentionDays, days) => {
    expect(configOf({ ...MINIMAL_CONTEXT, retentionDays }).retentionDays).toBe(days);
  });

  it.each([
    ['maxMailsPerHour', 0, 'maxMailsPerHour', 0],
    ['maxMailsPerHour', '10000', 'maxMailsPerHour', 10_000],
    ['spamRepeatLimit', 1, 'repeatLimit', 1],
    ['spamLinkLimit', '0', 'linkLimit', 0],
    ['formMinSeconds', 10, 'formMinSeconds', 10],
  ])('takes %s %j (0 turns the signal off)', (key, value, setting, expected) => {
    expect(configOf({ ...MINIMAL_CONTEXT, [key]: value }).spam).toMatchObject({ [setting]: expected });
  });

  it('reads the README example, numbers and lists included', () => {
    expect(configOf({ ...EXAMPLE_CONTEXT })).toEqual({
      ownerEmail: 'you@example.com',
      senderEmail: 'contact@example.com',
      siteName: 'Ada Lovelace',
      allowedOrigins: ['https://example.com', 'https://www.example.com'],
      rateLimits: { ip: 5, email: 3 },
      customDomain: {
        domainName: 'example.com',
        certificateArn: EXAMPLE_CERTIFICATE_ARN,
        hostedZone: { hostedZoneId: EXAMPLE_HOSTED_ZONE_ID, zoneName: 'example.com' },
      },
      waf: false,
      retentionDays: 30,
      timeZone: 'UTC',
      mailLanguage: 'en',
      extraFields: [],
      spam: { repeatLimit: 2, linkLimit: 5, formMinSeconds: 3, maxMailsPerHour: 20 },
      pricingPlan: 'none',
      senderIdentity: { kind: 'domain', domain: 'example.com', hostedZone: { hostedZoneId: EXAMPLE_HOSTED_ZONE_ID, zoneName: 'example.com' } },
      keyRotations: { originVerify: '', counterKey: '', formTokenKey: '' },
      apiHostRotation: '',
      // What agents find, every part on (docs/api.md §16).
      agents: readAgentSettings({}),
      monthlyBudgetUsd: 5,
      otherContactPages: [],
    });
  });

  it('takes siteRecords false only beside a zone, whose site records it leaves to the owner: the sender’s stay the stack’s', () => {
    expect(configOf({ ...EXAMPLE_CONTEXT, siteRecords: false }).customDomain).toMatchObject({ hostedZone: { hostedZoneId: EXAMPLE_HOSTED_ZONE_ID }, siteRecords: false });
    expect(configOf({ ...EXAMPLE_CONTEXT, siteRecords: 'true' }).customDomain).not.toHaveProperty('siteRecords');
    expect(configOf({ ...EXAMPLE_CONTEXT, siteRecords: false }).senderIdentity).toMatchObject({ kind: 'domain', hostedZone: { hostedZoneId: EXAMPLE_HOSTED_ZONE_ID } });
    expect(errorOf({ ...EXAMPLE_CONTEXT, hostedZoneId: undefined, hostedZoneName: undefined, siteRecords: false }).message).toBe(
      "siteRecords is false, which leaves the site's records in your Route 53 zone to you, and no zone is set (hostedZoneId, hostedZoneName): leave siteRecords out",
    );
    expect(errorOf({ ...EXAMPLE_CONTEXT, siteRecords: 'no' }).message).toBe('siteRecords must be true or false, got "no"');
    // Without a domain too: a value that would mean nothing is said so.
    expect(errorOf({ ...MINIMAL_CONTEXT, siteRecords: 'flase' }).message).toBe('siteRecords must be true or false, got "flase"');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteRecords: false }).message).toMatch(/^siteRecords is false, which leaves the site's records in your Route 53 zone to you, and no zone is set/);
  });

  it('takes a hosted zone id as the Route 53 CLI prints it, /hostedzone/ first', () => {
    expect(configOf({ ...EXAMPLE_CONTEXT, hostedZoneId: `/hostedzone/${EXAMPLE_HOSTED_ZONE_ID}` }).customDomain?.hostedZone).toEqual({ hostedZoneId: EXAMPLE_HOSTED_ZONE_ID, zoneName: 'example.com' });
  });

  it('fills in the defaults of docs/api.md §7 and takes -c strings as cdk.json values', () => {
    expect(configOf({ ...MINIMAL_CONTEXT })).toEqual({
      ownerEmail: 'you@example.com',
      senderEmail: 'contact@example.com',
      siteName: 'Personal site',
      rateLimits: { ip: 5, email: 3 },
      waf: false,
      retentionDays: 30,
      timeZone: 'UTC',
      mailLanguage: 'en',
      extraFields: [],
      spam: { repeatLimit: 2, linkLimit: 5, formMinSeconds: 3, maxMailsPerHour: 20 },
      pricingPlan: 'none',
      senderIdentity: { kind: 'email-if-missing' },
      keyRotations: { originVerify: '', counterKey: '', formTokenKey: '' },
      apiHostRotation: '',
      // What agents find, every part on (docs/api.md §16).
      agents: readAgentSettings({}),
      monthlyBudgetUsd: 5,
      otherContactPages: [],
    });
    const fromCli = configOf({
      ...MINIMAL_CONTEXT,
      rateLimitIp: '10',
      allowedOrigins: ['https://example.com'],
      createSesIdentity: 'true',
    });
    expect(fromCli).toMatchObject({ rateLimits: { ip: 10 }, allowedOrigins: ['https://example.com'], senderIdentity: { kind: 'email' } });
  });

  it.each(['ownerEmail', 'senderEmail'])('fails on a missing %s with one line naming it', (key) => {
    const error = errorOf({ ...EXAMPLE_CONTEXT, [key]: undefined });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(new RegExp(`^Missing setting "${key}"`));
    expect(error.message).not.toContain('\n');
  });

  it.each([
    ['ownerEmail', 'not-an-address'],
    ['senderEmail', 'me@localhost'],
    ['baseUrl', 'https://example.com/path'],
    ['allowedOrigins', 'https://example.com,ftp://example.com'],
    ['rateLimitIp', 0],
    ['rateLimitEmail', 'many'],
    ['siteName', 'two\nlines'],
    ['createSesIdentity', 'yes'],
    ['waf', 'maybe'],
    ['pricingPlan', 'FREE'],
    ['hostedZoneId', 'not-a-zone'],
    ['hostedZoneName', 'example.org'],
    ['siteOrigin', 'http://you.github.io'],
    ['siteDir', '/nonexistent/site'],
    ['retentionDays', 366],
    ['retentionDays', -1],
    ['retentionDays', 'forever'],
    ['originVerifyRotation', 'two words'],
    ['counterKeyRotation', 'a'.repeat(65)],
    ['formTokenKeyRotation', 'x/y'],
    ['apiHostRotation', 'new host'],
    ['monthlyBudgetUsd', 0],
    ['monthlyBudgetUsd', 0.99],
    ['monthlyBudgetUsd', 100_000.01],
    ['monthlyBudgetUsd', '5 USD'],
    ['monthlyBudgetUsd', 5.123],
    ['monthlyBudgetUsd', '-5'],
    ['maxMailsPerHour', -1],
    ['maxMailsPerHour', 10_001],
    ['spamRepeatLimit', 'twice'],
    ['spamLinkLimit', 2.5],
    ['formMinSeconds', true],
  ])('names a malformed %s', (key, value) => {
    const error = errorOf({ ...EXAMPLE_CONTEXT, [key]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message.startsWith(key)).toBe(true);
  });

  it('takes a label for each value of the deployment’s keys and for the API’s host: a date, a number, a word', () => {
    const config = configOf({ ...EXAMPLE_CONTEXT, originVerifyRotation: '2026-12-01', counterKeyRotation: 2, formTokenKeyRotation: 'leak_3.b', apiHostRotation: 'moved' });
    expect(config.keyRotations).toEqual({ originVerify: '2026-12-01', counterKey: '2', formTokenKey: 'leak_3.b' });
    expect(config.apiHostRotation).toBe('moved');
  });

  it('moves the API only where {base} is known before the deploy, a domain or baseUrl, and says how otherwise in one line', () => {
    expect(configOf({ ...MINIMAL_CONTEXT, baseUrl: 'https://d111111abcdef8.cloudfront.net', apiHostRotation: 'moved' }).apiHostRotation).toBe('moved');
    const error = errorOf({ ...MINIMAL_CONTEXT, apiHostRotation: 'moved' });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      "apiHostRotation needs {base} known before the deploy, so that the distribution waits for the new API's routes: set baseUrl to your BaseUrl output (https://<DistributionDomainName>), or set domainName (docs/api.md §10)",
    );
    expect(configOf({ ...MINIMAL_CONTEXT, apiHostRotation: '' }).apiHostRotation).toBe('');
  });

  it('takes a monthly budget in dollars and cents, from 1 to 100 000', () => {
    expect(configOf({ ...MINIMAL_CONTEXT, monthlyBudgetUsd: '12.50' }).monthlyBudgetUsd).toBe(12.5);
    expect(configOf({ ...MINIMAL_CONTEXT, monthlyBudgetUsd: 1 }).monthlyBudgetUsd).toBe(1);
    expect(configOf({ ...MINIMAL_CONTEXT, monthlyBudgetUsd: 100_000 }).monthlyBudgetUsd).toBe(100_000);
  });

  it('takes the time zone the mails give times in, UTC unless set, as the IANA database spells it', () => {
    expect(configOf(MINIMAL_CONTEXT).timeZone).toBe('UTC');
    expect(configOf({ ...MINIMAL_CONTEXT, timeZone: 'america/toronto' }).timeZone).toBe('America/Toronto');
    expect(errorOf({ ...MINIMAL_CONTEXT, timeZone: 'EST' }).message).toBe(
      'timeZone must be a time zone of the IANA database, such as Europe/Berlin or America/Toronto, or UTC, got "EST"',
    );
  });

  it('takes the language the mails are written in, English unless set, by a tag’s language', () => {
    expect(configOf(MINIMAL_CONTEXT).mailLanguage).toBe('en');
    expect(configOf({ ...MINIMAL_CONTEXT, mailLanguage: 'pt-br' }).mailLanguage).toBe('pt-BR');
    expect(configOf({ ...MINIMAL_CONTEXT, mailLanguage: 'fr-CA' }).mailLanguage).toBe('fr');
    expect(errorOf({ ...MINIMAL_CONTEXT, mailLanguage: 'ja' }).message).toBe('mailLanguage must be the language the mails are written in, one of en, de, es, fr, it, nl, pt-BR, pt-PT, sv, got "ja"');
  });

  it('takes the owner’s own subject of an inquiry’s mail, {name} the visitor’s, none unless set', () => {
    expect(configOf(MINIMAL_CONTEXT).mailSubject).toBeUndefined();
    expect(configOf({ ...MINIMAL_CONTEXT, mailSubject: '  Enquiry from {name} via the website ' }).mailSubject).toBe('Enquiry from {name} via the website');
    expect(errorOf({ ...MINIMAL_CONTEXT, mailSubject: 'Enquiry from {name} at {company}' }).message).toBe('mailSubject may hold {name}, the visitor\'s name, and no other placeholder: "{company}"');
    expect(errorOf({ ...MINIMAL_CONTEXT, mailSubject: 'Enquiry\nBcc: x@example.com' }).message).toMatch(/^mailSubject must be one line of 1 to 100 characters, such as "Enquiry from \{name\}"/);
  });

  it('takes the owner’s own fields as an object (settings file, cdk.json) or its JSON (-c), none unless set', () => {
    const fields = [{ name: 'budget', label: 'Orçamento' }];
    expect(configOf(MINIMAL_CONTEXT).extraFields).toEqual([]);
    expect(configOf({ ...MINIMAL_CONTEXT, extraFields: { budget: 'Orçamento' } }).extraFields).toEqual(fields);
    expect(configOf({ ...MINIMAL_CONTEXT, extraFields: '{"budget": "Orçamento"}' }).extraFields).toEqual(fields);
    expect(errorOf({ ...MINIMAL_CONTEXT, extraFields: { message: 'Mensagem' } }).message).toBe("extraFields: message is a field of the inquiry's own or of the service's: name yours otherwise");
  });

  it('takes a form page whose form asks the owner’s own fields, a <select> among them, once extraFields names them', () => {
    const page = ownerFormPage().replace('<button', '<select name="budget"><option>até R$ 5 mil</option><option>acima de R$ 20 mil</option></select><input name="phone"><button');
    const folder = siteFolder({ 'contact/index.html': page });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message).toContain('a field of your own (budget, phone) goes in the extraFields setting with its label, such as "extraFields": {"budget":"Budget","phone":"Phone"}');
    // Never an example of more fields than the setting takes, nor one that leaves out a new field: the room there is.
    const seven = ownerFormPage().replace('<button', `${['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => `<input name="${name}">`).join('')}<button`);
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': seven }) }).message).toContain(
      'a field of your own (a, b, c, d, e, f, g) goes in the extraFields setting with its label, which holds 5 at most (0 set, 7 more here): take out of it any the form no longer has, or leave fields out of the form (docs/api.md §2)',
    );
    const full = { a: 'A1', b: 'B1', c: 'C1', d: 'D1', e: 'E1' };
    const sixth = ownerFormPage().replace('<button', `${[...Object.keys(full), 'phone'].map((name) => `<input name="${name}">`).join('')}<button`);
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': sixth }), extraFields: full }).message).toContain('with its label, which holds 5 at most (5 set, 1 more here): ');
    // A name the setting cannot take: the form's field is renamed, and the example never stands for the setting.
    const spaced = ownerFormPage().replace('<button', '<input name="tel no"><button');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': spaced }), extraFields: { phone: 'Telefone' } }).message).toContain(
      'a field of your own (tel no) goes in the extraFields setting with its label, such as "extraFields": {"phone": "Phone"}, each name a letter, then letters, digits, _ or -: rename the field in the form (docs/api.md §2)',
    );
    // The spam trap renamed is the trap, not a field of the owner's.
    const renamedTrap = ownerFormPage().replace('name="_gotcha"', 'name="_gotchaX"');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': renamedTrap }) }).message).toMatch(
      /whose form has fields the inquiry has not \(_gotchaX\), so every post would be refused: the inquiry's fields are name, email, message, company, project_url, _gotcha; _gotchaX: the spam trap is _gotcha, one field by that name alone$/,
    );
    // A field of any name that the hidden attribute keeps from a person, as the example's trap, may be it, or a step a
    // script reveals: both are said. Never the page's own hidden input, nor one the page gives a value.
    const hiddenTrap = ownerFormPage().replace('name="_gotcha"', 'name="trap"');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': hiddenTrap }) }).message).toContain(
      '; trap, which no person sees: if one is your spam trap, name it _gotcha, one field by that name alone; a field of your own (trap) goes in the extraFields setting',
    );
    for (const own of ['<input type="hidden" name="source" value="blog">', '<input hidden name="source" value="blog">']) {
      const valued = ownerFormPage().replace('name="_gotcha"', 'name="trap"').replace('<button', `${own}<button`);
      expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': valued }) }).message).toMatch(/\(trap, source\).*; trap, which no person sees: /);
    }
    // A field of the owner's that merely holds the word is theirs.
    const scored = ownerFormPage().replace('<button', '<input name="gotcha_score"><button');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': scored }) }).message).toContain('a field of your own (gotcha_score) goes in the extraFields setting');
    const { formPage } = configOf({ ...MINIMAL_CONTEXT, siteDir: folder, extraFields: { budget: 'Orçamento', phone: 'Telefone' } });
    expect(formPage?.path).toBe('/contact/');
    // As the inquiry's own, each of them has its message beside it only with an element of its own.
    expect(formPageLine(formPage!, 'formPage')).toMatch(/; its budget, phone have no data-error-for element, so their messages go at the top of the form, apart from them\)$/);
    // A field added beside those set: the example is the whole setting to copy, theirs kept as worded.
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder, extraFields: { budget: 'Orçamento' } }).message).toContain(
      'whose form has fields the inquiry has not (phone), so every post would be refused: the inquiry\'s fields are name, email, message, company, project_url, _gotcha, and extraFields\' budget; a field of your own (phone) goes in the extraFields setting with its label, such as "extraFields": {"budget":"Orçamento","phone":"Phone"} (docs/api.md §2)',
    );
  });

  it('names secretVersion, which it no longer reads, and what replaced it', () => {
    expect(errorOf({ ...MINIMAL_CONTEXT, secretVersion: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0' }).message).toBe(
      'Setting "secretVersion" is no longer read: the stack versions the deployment\'s keys itself; to replace the header, set originVerifyRotation (README, "The secret and the API\'s own endpoint")',
    );
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])('takes %s, a name every object inherits, for an unknown key, not a retired one', (key) => {
    expect(errorOf({ ...MINIMAL_CONTEXT, [key]: 'x' }).message).toMatch(new RegExp(`^Unknown setting "${key}": did you mean "\\w+"\\?$`));
  });

  it('names a misspelt key and the known key nearest to it', () => {
    expect(errorOf({ ...EXAMPLE_CONTEXT, ratelimitIp: 50 }).message).toBe('Unknown setting "ratelimitIp": did you mean "rateLimitIp"?');
    expect(errorOf({ ...MINIMAL_CONTEXT, sitename: 'Ada' }).message).toBe('Unknown setting "sitename": did you mean "siteName"?');
    expect(errorOf({ ...MINIMAL_CONTEXT, ownerEmial: 'x' }).message).toBe('Unknown setting "ownerEmial": did you mean "ownerEmail"?');
  });

  it('names the file a misspelt or retired key is in, when it comes from one', () => {
    const file = '/home/ada/personal-site/site-settings.json';
    expect(configErrorOf(() => rejectUnknownKeys(['ownerEmail', 'ratelimitIp'], file)).message).toBe(`Unknown setting "ratelimitIp" in ${file}: did you mean "rateLimitIp"?`);
    expect(configErrorOf(() => rejectUnknownKeys(['secretVersion'], file)).message).toMatch(new RegExp(`^Setting "secretVersion" in ${file} is no longer read: `));
    expect(() => rejectUnknownKeys(['ownerEmail', '@aws-cdk/core:newStyleStackSynthesis'], file)).not.toThrow();
  });

  it("leaves the CDK's own keys alone: feature flags, the CLI's settings, lookups", () => {
    expect(() =>
      configOf({
        ...MINIMAL_CONTEXT,
        '@aws-cdk/core:target-partitions': ['aws'],
        'aws:cdk:bundling-stacks': [],
        'availability-zones:account=123456789012:region=eu-west-1': ['eu-west-1a'],
      }),
    ).not.toThrow();
  });

  it('wants both halves of a custom domain, and well-formed', () => {
    const certificateArn = EXAMPLE_CERTIFICATE_ARN;
    expect(errorOf({ ...MINIMAL_CONTEXT, domainName: 'api.example.com' }).message).toBe(
      'Missing setting "certificateArn": a custom domain needs both domainName and certificateArn, a certificate of ACM in us-east-1 (docs/your-domain.md, step 2: aws acm request-certificate; npm run synth lists the steps, this one first)',
    );
    expect(errorOf({ ...MINIMAL_CONTEXT, certificateArn }).message).toMatch(/^Missing setting "domainName"/);
    expect(errorOf({ ...MINIMAL_CONTEXT, domainName: 'https://api.example.com', certificateArn }).message).toMatch(/^domainName/);
    expect(errorOf({ ...MINIMAL_CONTEXT, domainName: 'api.example.com', certificateArn: 'arn:aws:iam::1:x' }).message).toMatch(
      /^certificateArn/,
    );
    expect(errorOf({ ...MINIMAL_CONTEXT, hostedZoneId: EXAMPLE_HOSTED_ZONE_ID }).message).toMatch(/^Missing setting "domainName"/);
    expect(errorOf({ ...EXAMPLE_CONTEXT, hostedZoneName: undefined }).message).toMatch(/^Missing setting "hostedZoneName"/);
    // The zone's id is looked up: the message gives the command, for the zone named, as docs/your-domain.md does.
    expect(errorOf({ ...EXAMPLE_CONTEXT, hostedZoneId: undefined }).message).toBe(
      'Missing setting "hostedZoneId": the alias records need both hostedZoneId and hostedZoneName; this prints it: ' +
        `aws route53 list-hosted-zones-by-name --dns-name example.com --query "HostedZones[?Name=='example.com.' && !Config.PrivateZone].Id" --output text`,
    );
    expect(errorOf({ ...EXAMPLE_CONTEXT, hostedZoneId: undefined, hostedZoneName: 'Not a name; rm -rf' }).message).toContain('--dns-name example.com ');
  });

  it('takes a domain without its certificate only where told the certificate may wait, as npm run synth tells it, with an ARN that names none', () => {
    const waiting = (context: Record<string, unknown>) => readSiteConfig(new App({ context }), { certificateMayWait: true });
    expect(waiting({ ...MINIMAL_CONTEXT, domainName: 'www.example.com', redirectDomainName: 'example.com' }).customDomain).toEqual({
      domainName: 'www.example.com',
      certificateArn: CERTIFICATE_TO_REQUEST_ARN,
      redirectDomainName: 'example.com',
    });
    expect(waiting({ ...MINIMAL_CONTEXT, domainName: 'example.com', certificateArn: EXAMPLE_CERTIFICATE_ARN }).customDomain?.certificateArn).toBe(EXAMPLE_CERTIFICATE_ARN);
    expect(waiting(MINIMAL_CONTEXT).customDomain).toBeUndefined();
    // What waits is the certificate alone: the domain's other settings are checked as ever.
    expect(configErrorOf(() => waiting({ ...MINIMAL_CONTEXT, domainName: 'https://example.com' })).message).toMatch(/^domainName must be a lower-case host name/);
    expect(configErrorOf(() => waiting({ ...MINIMAL_CONTEXT, certificateArn: EXAMPLE_CERTIFICATE_ARN })).message).toMatch(/^Missing setting "domainName"/);
  });

  it('says of docs/your-domain.md’s example ARN, copied with its …, to leave certificateArn out till ACM gives one', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/…';
    expect(errorOf({ ...MINIMAL_CONTEXT, domainName: 'example.com', certificateArn }).message).toBe(
      `certificateArn must be an ACM certificate ARN, got "${certificateArn}": the example's, whose … stands for your certificate's ID; till ACM gives you one, leave certificateArn out, and npm run synth lists the steps, its request first`,
    );
    expect(errorOf({ ...MINIMAL_CONTEXT, domainName: 'example.com', certificateArn: 'arn:aws:iam::1:x' }).message).toBe('certificateArn must be an ACM certificate ARN, got "arn:aws:iam::1:x"');
  });

  it('stops on a certificate outside us-east-1 with one line naming it', () => {
    const certificateArn = EXAMPLE_CERTIFICATE_ARN.replace('us-east-1', 'eu-west-1');
    const error = errorOf({ ...EXAMPLE_CONTEXT, certificateArn });
    expect(error.message).toMatch(/^certificateArn must be a certificate in us-east-1 .*got one in eu-west-1$/);
    expect(error.message).not.toContain('\n');
  });

  it('takes the site’s pages from a folder or an existing https site, never both', () => {
    const siteDir = siteFolder();
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir }).sitePages).toEqual({ kind: 'folder', path: siteDir });
    expect(configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' }).sitePages).toEqual({ kind: 'origin', host: 'you.github.io' });
    const error = errorOf({ ...MINIMAL_CONTEXT, siteDir, siteOrigin: 'https://you.github.io' });
    expect(error.message).toMatch(/^siteDir and siteOrigin are exclusive/);
    expect(error.message).not.toContain('\n');
  });
});

describe.each(['formSuccessPath', 'pageStylesheet'] as const)('%s, a path of the site (docs/api.md §7, §9)', (key) => {
  const site = siteFolder({ 'thanks/index.html': 'Thanks', 'css/site.css': 'body {}', 'about/index.html': 'About' });
  /** The path the setting gave the config (the thank-you page's, with where it came from). */
  const pathOf = (config: ReturnType<typeof configOf>) => (key === 'formSuccessPath' ? config.formSuccessPath?.path : config.pageStylesheet);

  it.each(OPEN_REDIRECT_ATTEMPTS)('refuses %j (%s) with one line naming the key', (value) => {
    const { message } = errorOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', [key]: value });
    expect(message.startsWith(`${key} must be a path of the site itself`)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it.each(SITE_PATHS.map((path) => [path]))('takes %s from an existing site, whose pages synth cannot see', (path) => {
    expect(pathOf(configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', [key]: path }))).toBe(path);
  });

  it.each([['/thanks/'], ['/thanks'], ['/thanks/?from=contact#top'], ['/css/site.css?v=2'], ['/about/'], ['/contact/sent'], ['/contact/form.css']])(
    'takes %s, which siteDir or the service serves',
    (path) => {
      expect(pathOf(configOf({ ...MINIMAL_CONTEXT, siteDir: site, [key]: path }))).toBe(path);
    },
  );

  it.each([['/thank-you/'], ['/css/missing.css'], ['/api/nothing'], ['/contact/nothing']])('refuses %s, a 404 of siteDir', (path) => {
    const { message } = errorOf({ ...MINIMAL_CONTEXT, siteDir: site, [key]: path });
    expect(message).toBe(`${key} ${path} is no page of siteDir (${site}): a visitor sent there would get a 404`);
  });

  it('takes only a page of the service when the stack has no pages of the site', () => {
    expect(pathOf(configOf({ ...MINIMAL_CONTEXT, [key]: '/contact/sent' }))).toBe('/contact/sent');
    expect(errorOf({ ...MINIMAL_CONTEXT, [key]: '/thanks/' }).message).toBe(
      `${key} /thanks/ is no page of the service, and there are no pages of the site (siteDir or siteOrigin) to find it among`,
    );
  });
});

describe('the sender’s SES identity (docs/api.md §12)', () => {
  const domain = { domainName: 'example.com', certificateArn: EXAMPLE_CERTIFICATE_ARN };
  const zone = { hostedZoneId: EXAMPLE_HOSTED_ZONE_ID, hostedZoneName: 'example.com' };
  const exampleZone = { hostedZoneId: EXAMPLE_HOSTED_ZONE_ID, zoneName: 'example.com' };

  it.each<[string, Record<string, unknown>, unknown]>([
    ['the domain, its records in the zone, for a sender on domainName', { ...domain, ...zone }, { kind: 'domain', domain: 'example.com', hostedZone: exampleZone }],
    ['the domain, its records output, without a zone', domain, { kind: 'domain', domain: 'example.com' }],
    ['the parent domain of a site on www', { ...domain, ...zone, domainName: 'www.example.com' }, { kind: 'domain', domain: 'example.com', hostedZone: exampleZone }],
    ['the domain in lower case, as DNS names compare, for a sender written in capitals', { ...domain, ...zone, senderEmail: 'Contact@Example.COM' }, { kind: 'domain', domain: 'example.com', hostedZone: exampleZone }],
    [
      'a subdomain of domainName, in the zone',
      { ...domain, ...zone, senderEmail: 'contact@mail.example.com' },
      { kind: 'domain', domain: 'mail.example.com', hostedZone: exampleZone },
    ],
    [
      'the domain, its records output, when the zone is a subdomain’s',
      { ...domain, domainName: 'site.example.com', hostedZoneId: EXAMPLE_HOSTED_ZONE_ID, hostedZoneName: 'site.example.com' },
      { kind: 'domain', domain: 'example.com' },
    ],
    ['the address, made unless SES knows it, for a sender elsewhere', { ...domain, ...zone, senderEmail: 'me@example.org' }, { kind: 'email-if-missing' }],
    ['the address of a sender elsewhere, with createSesIdentity', { ...domain, senderEmail: 'me@example.org', createSesIdentity: true }, { kind: 'email' }],
    ['the address, with createSesIdentity and no domain', { createSesIdentity: 'true' }, { kind: 'email' }],
    ['none with createSesIdentity false, the domain being known to SES already', { ...domain, ...zone, createSesIdentity: false }, { kind: 'none' }],
    ['the address, made unless SES knows it, without a domain', {}, { kind: 'email-if-missing' }],
    ['none without a domain, with createSesIdentity false', { createSesIdentity: 'false' }, { kind: 'none' }],
  ])('is %s', (_title, context, senderIdentity) => {
    expect(configOf({ ...MINIMAL_CONTEXT, ...context }).senderIdentity).toEqual(senderIdentity);
  });
});

describe('bin/app.ts, as `cdk synth` runs it', () => {

  it('reads the owner’s settings file, under the context the CLI hands over (cdk.json, -c)', () => {
    const env = settingsFile({ ...MINIMAL_CONTEXT, rateLimitIp: 'five' });
    const fromFile = synthWith(NO_BUNDLING, { env });
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr.trim().split('\n')).toEqual(['Cannot synthesize: rateLimitIp must be a whole number from 1 to 10000, got "five"']);
    // `-c rateLimitIp=7` wins over the file's value.
    expect(synthWith({ ...NO_BUNDLING, rateLimitIp: '7' }, { env }).status).toBe(0);
  }, 90_000);

  it('stops with one line naming a misspelt key of the settings file, and the file', () => {
    const env = settingsFile({ ...MINIMAL_CONTEXT, sitedir: '../site' });
    const run = synthWith(NO_BUNDLING, { env });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([`Cannot synthesize: Unknown setting "sitedir" in ${env.SITE_SETTINGS}: did you mean "siteDir"?`]);
  }, 60_000);

  it('reads an owner’s settings still in cdk.json, and says in one line to move them', () => {
    const project = mkdtempSync(join(tmpdir(), 'project-'));
    const context = { ...CDK_JSON_CONTEXT, ...MINIMAL_CONTEXT };
    writeFileSync(join(project, 'cdk.json'), JSON.stringify({ app: 'npx tsx bin/app.ts', context }));
    const run = synthWith({ ...context, ...NO_BUNDLING }, { cwd: project, env: { SITE_SETTINGS: '' } });
    expect(run.status).toBe(0);
    expect(run.stderr.trim().split('\n').filter((line) => !line.startsWith('[Warning'))).toEqual([moveSettingsLine(['ownerEmail', 'senderEmail'])]);
  }, 90_000);

  it('stops with one line naming the missing key and no stack trace', () => {
    // Without senderEmail.
    const run = synthWith({ ownerEmail: 'you@example.com' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot synthesize: Missing setting "senderEmail"/)]);
  }, 60_000);

  it('stops with one line naming a misspelt key, as `-c ratelimitIp=50` passes it', () => {
    const run = synthWith({ ...MINIMAL_CONTEXT, ratelimitIp: '50' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Cannot synthesize: Unknown setting "ratelimitIp": did you mean "rateLimitIp"?']);
  }, 60_000);

  it('says in one line which form page it found, and in another the thank-you page its form names, as npm start does; and synthesizes', () => {
    const thanks = '<title>Thanks</title><meta name="robots" content="noindex">';
    const siteDir = siteFolder({ 'contact/index.html': ownerFormPage({ successPath: '/thanks/' }), 'thanks/index.html': thanks, 'css/site.css': 'body {}' });
    const run = synthWith({ ...MINIMAL_CONTEXT, siteDir, 'aws:cdk:bundling-stacks': [] });
    expect(run.status).toBe(0);
    expect(run.stderr.trim().split('\n').filter((line) => !line.startsWith('[Warning'))).toEqual([
      `Form page  /contact/  ${join(siteDir, 'contact/index.html')}  (found, its form posting to /contact; formPage names another)`,
      'Thank-you  /thanks/  (data-success-path on the form of /contact/)',
    ]);
    // Named by the setting too, it is the owner's word: nothing to say; an empty setting names nothing.
    const named = synthWith({ ...MINIMAL_CONTEXT, siteDir, formPage: '/contact/', formSuccessPath: '/thanks/', 'aws:cdk:bundling-stacks': [] });
    expect(named.stderr).not.toContain('Thank-you');
    expect(named.stderr).not.toContain('Form page');
    // So is the thank-you page its form names: no line of it alone, apart from the form page's.
    const namedPage = synthWith({ ...MINIMAL_CONTEXT, siteDir, formPage: '/contact/', 'aws:cdk:bundling-stacks': [] });
    expect(namedPage.stderr).not.toContain('Thank-you');
    const empty = synthWith({ ...MINIMAL_CONTEXT, siteDir, formSuccessPath: '', 'aws:cdk:bundling-stacks': [] });
    expect(empty.stderr).toContain('Thank-you  /thanks/  (data-success-path on the form of /contact/)');
    // Unless search engines would list it: a thank-you page without noindex is said, however named.
    writeFileSync(join(siteDir, 'thanks/index.html'), '<title>Thanks</title>');
    const listed = synthWith({ ...MINIMAL_CONTEXT, siteDir, formSuccessPath: '/thanks/', 'aws:cdk:bundling-stacks': [] });
    expect(listed.stderr).toContain(`Thank-you  /thanks/  (formSuccessPath; it has no <meta name="robots" content="noindex">, so search engines and the sitemap may list it: add it to its <head> (a generator: the page's front matter, or a layout block such as MkDocs Material's extrahead))\n`);
    // A form page named by the setting is said when it lacks something: here the words of its language.
    writeFileSync(join(siteDir, 'contact/index.html'), ownerFormPage({ successPath: '/thanks/' }).replace('lang="en"', 'lang="fr"'));
    const french = synthWith({ ...MINIMAL_CONTEXT, siteDir, formPage: '/contact/', formSuccessPath: '/thanks/', 'aws:cdk:bundling-stacks': [] });
    expect(french.stderr).toContain(
      `Form page  /contact/  ${join(siteDir, 'contact/index.html')}  (formPage; its page is lang="fr", but its form words none of the service's sentences, which visitors then read in English: docs/examples/contact-form.fr.html words them all in its form's data- attributes, to copy into yours)\n`,
    );
    // A second contact page gets its line after them: what its visitors get without JavaScript.
    writeFileSync(join(siteDir, 'about.html'), ownerFormPage());
    const second = synthWith({ ...MINIMAL_CONTEXT, siteDir, 'aws:cdk:bundling-stacks': [] });
    expect(second.stderr).toMatch(/\nOther form \/about\.html  \(its form posts to \/contact too: .* a refused post comes back in it and a sent one lands on the thank-you page its form names, else on \/thanks\/ \(docs\/api\.md §9\)\)\n/);
    // And a line of its own when it lacks something, as the form page's says it.
    writeFileSync(join(siteDir, 'about.html'), ownerFormPage().replace(/<div hidden[^\n]*\n/, ''));
    const trapless = synthWith({ ...MINIMAL_CONTEXT, siteDir, 'aws:cdk:bundling-stacks': [] });
    expect(trapless.stderr).toContain(`\nOther form /about.html  ${join(siteDir, 'about.html')}  (its form has no _gotcha field, the spam trap `);
    // A synth that stops after the pages were read says its one line alone, the thank-you page's too.
    const stopped = synthWith({ ...MINIMAL_CONTEXT, siteDir, pricingPlan: 'free', 'aws:cdk:bundling-stacks': [] });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot synthesize: pricingPlan free needs the target account and region/)]);
  }, 240_000);

  it('says a page at the form page’s address whose form does not post to /contact, which visitors at /contact would miss', () => {
    const siteDir = siteFolder({ 'index.html': '<title>Home</title>', 'contact.html': '<title>Contact</title><form id="contact"><input name="email"><textarea name="message"></textarea><button>Send</button></form>' });
    const run = synthWith({ ...MINIMAL_CONTEXT, siteDir, 'aws:cdk:bundling-stacks': [] });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`Form page  /contact, the service's own  (siteDir's /contact.html has no form posting to /contact, so visitors at /contact get this form, not your page (README "Your own contact page"))\n`);
  }, 60_000);

  it('with siteOrigin, whose pages it cannot read, says which form page answers a refused post and where each post ends', () => {
    const run = synthWith({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formSuccessPath: '/thanks/', 'aws:cdk:bundling-stacks': [] });
    expect(run.status).toBe(0);
    expect(run.stderr.trim().split('\n').filter((line) => !line.startsWith('[Warning'))).toEqual([
      "Form page  the service's own, at /contact, in its own look (pageStylesheet, a style sheet of your site, would give it yours): your site's forms post to /contact, and a refused post made without JavaScript comes back in this page, in English; formPage names your contact page at your site instead (such as /contact/), which it then comes back in",
      'Thank-you  /thanks/  (formSuccessPath, where a post made without JavaScript ends; your form\'s data-success-path="/thanks/" takes one made with it there too. Not read here: open https://you.github.io/thanks/ to see it is there)',
    ]);
    const styled = synthWith({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formPage: '/contact/', pageStylesheet: '/assets/style.css', 'aws:cdk:bundling-stacks': [] });
    expect(styled.stderr).toContain(
      "Form page  /contact/ at https://you.github.io  (formPage: /contact leads there, and a refused post made without JavaScript comes back in it, filled in, fetched from your site as it is then; synth cannot read it, npm start does. While it cannot be had, the service's own form answers, with your /assets/style.css (pageStylesheet), in English)\n",
    );
    expect(styled.stderr).toContain("Thank-you  the service's own, at /contact/sent: a post made without JavaScript ends there; formSuccessPath names a page of yours instead\n");
  }, 120_000);

  it.each([
    ['a field twice', ownerFormPage().replace('<button', '<input name="message"><button'), /whose form has more than one control named message \(a radio group aside\)/],
    ['multipart/form-data', ownerFormPage().replace('action="/contact"', 'action="/contact" enctype="multipart/form-data"'), /whose form has enctype="multipart\/form-data", so every post would be refused \(415\)/],
    ['a button sending text/plain', ownerFormPage().replace('<button type="submit">', '<button type="submit" formenctype="text/plain">'), /whose form's submit button has formenctype="text\/plain", so every post sent with it would be refused \(415\)/],
    ['no method', ownerFormPage().replace('method="post" ', ''), /whose form has no method, so a browser sends it as a GET, never a post/],
  ])('stops with one line on a form page whose form has %s, every post of which would fail', (_case, page, cause) => {
    const siteDir = siteFolder({ 'contact/index.html': page });
    const run = synthWith({ ...MINIMAL_CONTEXT, siteDir, 'aws:cdk:bundling-stacks': [] });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Cannot synthesize: /contact/ \\(found with no formPage\\) is \\S+, ${cause.source}`))]);
  }, 60_000);

  it('stops with one line when formSuccessPath and the form page’s data-success-path disagree', () => {
    const siteDir = siteFolder({ 'contact/index.html': ownerFormPage({ successPath: '/thanks/' }), 'thanks/index.html': 'Thanks', 'merci/index.html': 'Merci' });
    const run = synthWith({ ...MINIMAL_CONTEXT, siteDir, formSuccessPath: '/merci/', 'aws:cdk:bundling-stacks': [] });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `Cannot synthesize: formSuccessPath /merci/ and data-success-path="/thanks/" on the form of /contact/ (${join(siteDir, 'contact/index.html')}) disagree: a visitor would land on one with JavaScript and on the other without. Name the thank-you page once, in the form, and leave formSuccessPath out`,
    ]);
  }, 60_000);

  it('stops with one line on a thank-you page of another origin, never an open redirect', () => {
    const run = synthWith({ ...MINIMAL_CONTEXT, formSuccessPath: '/\\evil.example' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Cannot synthesize: formSuccessPath must be a path of the site itself, such as /thanks/: one leading slash, no scheme or host, no // or backslash, got "/\\\\evil.example"',
    ]);
  }, 60_000);
});

describe('formPage, the owner’s form page (docs/api.md §7, §9)', () => {
  const site = siteFolder({
    'contact/index.html': ownerFormPage(),
    'write/index.html': ownerFormPage({ action: '../contact' }),
    'about/index.html': 'About',
    'css/site.css': 'body {}',
  });

  it('is found at /contact/ when unset, its form posting to /contact', () => {
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).formPage).toEqual({
      path: '/contact/',
      file: join(site, 'contact/index.html'),
      source: 'found',
      subresources: ['/css/site.css'],
      missingSubresources: [],
      errorFor: ['name', 'email', 'message'],
      errorWorded: [],
      fields: ['name', 'email', 'message', '_gotcha'],
      ownFields: [],
      honeypotShown: false,
      language: 'en',
      worded: false,
      unwordedAnswers: ANSWER_ATTRIBUTES,
      refusedByPolicy: { styleAttributes: 0, handlerAttributes: 0, inlinePast: 0, otherOrigins: [], captchas: [] },
      loadedOrigins: [],
    });
  });

  it.each([
    ['no /contact/ page', siteFolder({ 'about/index.html': 'About' })],
    ['a /contact/ page without a form, the owner writing their address instead', siteFolder({ 'contact/index.html': '<p>Write to ada@example.com</p>' })],
    ['a /contact/ page whose form posts elsewhere', siteFolder({ 'contact/index.html': ownerFormPage({ action: 'https://forms.example/ada' }) })],
    ['a /contact/ page with a newsletter form of the site', siteFolder({ 'contact/index.html': '<form method="post" action="/subscribe"><input name="name"><input name="email"></form>' })],
    ['a /contact/ page whose inquiry form sends it with a button’s formaction', siteFolder({ 'contact/index.html': ownerFormPage({ action: '/contact/' }).replace('<button type="submit">', '<button type="submit" formaction="/contact">') })],
    ['a /contact/ page whose inquiry form a script sends (no action, no method)', siteFolder({ 'contact/index.html': ownerFormPage().replace('<form method="post" action="/contact">', '<form id="inquiry">') })],
    ['a /contact/ page whose inquiry form is a GET to itself', siteFolder({ 'contact/index.html': ownerFormPage({ action: '/contact/' }).replace('method="post"', 'method="get"') })],
  ])('is none when unset and the site has %s', (_case, folder) => {
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage).toBeUndefined();
  });

  it('is none without siteDir, and none with siteOrigin, whose pages cannot be read from here', () => {
    expect(configOf(MINIMAL_CONTEXT).formPage).toBeUndefined();
    expect(configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' }).formPage).toBeUndefined();
  });

  it.each([['/write/'], ['/write'], ['/write/index.html']])('takes %s, a page of siteDir whose form posts to /contact', (path) => {
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site, formPage: path }).formPage).toEqual({ path, file: join(site, 'write/index.html'), source: 'setting', subresources: ['/css/site.css'], missingSubresources: [], errorFor: ['name', 'email', 'message'], errorWorded: [], fields: ['name', 'email', 'message', '_gotcha'], ownFields: [], honeypotShown: false, language: 'en', worded: false, unwordedAnswers: ANSWER_ATTRIBUTES, refusedByPolicy: { styleAttributes: 0, handlerAttributes: 0, inlinePast: 0, otherOrigins: [], captchas: [] }, loadedOrigins: [] });
  });

  it('takes a file the page names by the site’s whole address (Zola’s base_url) for the site’s own, which a refused post’s answer loads', () => {
    const page = ownerFormPage().replace('<form', '<link rel="stylesheet" href="https://example.com/site.css"><script src="https://cdn.example/x.js"></script><form');
    const folder = siteFolder({ 'contact/index.html': page, 'site.css': 'body {}' });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: folder, domainName: 'example.com', certificateArn: EXAMPLE_CERTIFICATE_ARN }).formPage?.refusedByPolicy.otherOrigins).toEqual(['https://cdn.example']);
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage?.refusedByPolicy.otherOrigins).toEqual(['https://example.com', 'https://cdn.example']);
    // What it loads of the site, its images too, which publish keeps till the next deploy: written whole, by its path.
    const withImage = page.replace('<form', '<img src="/_astro/logo.H1x.webp" alt=""><form');
    const imaged = siteFolder({ 'contact/index.html': withImage, 'site.css': 'body {}', 'css/site.css': 'body {}' });
    const own = configOf({ ...MINIMAL_CONTEXT, siteDir: imaged, domainName: 'example.com', certificateArn: EXAMPLE_CERTIFICATE_ARN }).formPage!;
    expect({ subresources: own.subresources, missing: own.missingSubresources }).toEqual({ subresources: ['/css/site.css', '/site.css', '/_astro/logo.H1x.webp'], missing: [] });
  });

  it('names the style sheets and scripts of the site it loads that siteDir has no file for, and says so in its line', () => {
    const page = ownerFormPage().replace('<form', '<link rel="Stylesheet preload" href="/site.css"><script src="contact-form.js" defer></script><script src="https://cdn.example/x.js"></script><form');
    const folder = siteFolder({ 'contact/index.html': page, 'site.css': 'body {}', 'css/site.css': 'body {}' });
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage!;
    expect(formPage.missingSubresources).toEqual(['/contact/contact-form.js']);
    expect(formPageLine(formPage, 'formPage')).toBe(
      `/contact/  ${join(folder, 'contact/index.html')}  (found, its form posting to /contact; formPage names another; it loads /contact/contact-form.js, which the site has no file for: copy it in, or change the page's links; a refused post's answer with it leaves out what it loads from https://cdn.example, as the service's policy allows only the site's own files, <style> elements and inline scripts: move them there (your own address, as a generator's base URL writes it, is the site's once it is domainName, or baseUrl; to preview, build with the preview's address))`,
    );
  });

  it.each([
    ['an hCaptcha', 'https://js.hcaptcha.com/1/api.js', ''],
    ['a reCAPTCHA beside another script of its host', 'https://www.google.com/recaptcha/api.js', '<script src="https://www.google.com/jsapi"></script>'],
    ['a Turnstile beside a file of another host', 'https://challenges.cloudflare.com/turnstile/v0/api.js', '<script src="https://cdn.example/x.js"></script>'],
  ])('says %s the page loads is to remove, not to move to the site', (_captcha, script, other) => {
    const page = ownerFormPage().replace('<form', `<script src="${script}" async defer></script>${other}<form`);
    const folder = siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' });
    const captcha = `it loads a CAPTCHA (${new URL(script).origin}), which the service does not check: remove it and its widget, as suspected spam is held for your digest instead (docs/form-services.md)`;
    const moved = `a refused post's answer with it leaves out what it loads from ${new URL(other.match(/src="([^"]*)"/)?.[1] ?? 'https://none.example').origin}, as the service's policy allows only the site's own files, <style> elements and inline scripts: move them there (your own address, as a generator's base URL writes it, is the site's once it is domainName, or baseUrl; to preview, build with the preview's address); `;
    expect(formPageLine(configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage!, 'formPage')).toBe(
      `/contact/  ${join(folder, 'contact/index.html')}  (found, its form posting to /contact; formPage names another; ${other === '' ? '' : moved}${captcha})`,
    );
  });

  it('names each data-error-for of its form that is for no field of it, where no message would ever go, and says so in its line', () => {
    const page = ownerFormPage().replace('data-error-for="message"', 'data-error-for="msg"').replace('data-error-for="email"', 'data-error-for="e-mail"');
    const folder = siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' });
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage!;
    expect(formPage.errorFor).toEqual(['name', 'e-mail', 'msg']);
    expect(formPageLine(formPage, 'formPage')).toBe(
      `/contact/  ${join(folder, 'contact/index.html')}  (found, its form posting to /contact; formPage names another; its data-error-for="e-mail", data-error-for="msg" name no field of its form, so no message goes there (its fields: name, email, message, _gotcha); its email, message have no data-error-for element, so their messages go at the top of the form, apart from them)`,
    );
  });

  it('names each field of its form without a data-error-for element, whose message goes at the top of the form, and says nothing of the spam trap', () => {
    const page = ownerFormPage()
      .replace('<p id="name-error" data-error-for="name" hidden></p>', '')
      .replace('<button', '<label for="company">Company</label> <input id="company" name="company"><button');
    const folder = siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' });
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage!;
    expect(formPageLine(formPage, 'formPage')).toBe(
      `/contact/  ${join(folder, 'contact/index.html')}  (found, its form posting to /contact; formPage names another; its name, company have no data-error-for element, so their messages go at the top of the form, apart from them)`,
    );
    const one = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': ownerFormPage().replace('data-error-for="email"', ''), 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPageLine(one, 'formPage')).toMatch(/; its email has no data-error-for element, so its message goes at the top of the form, apart from it\)$/);
  });

  it.each([
    ['a style attribute', '<div style="display:none" aria-hidden="true"><input name="_gotcha"></div>', true],
    ['a class its style sheet hides', '<div class="trap"><input name="_gotcha"></div>', true],
    ['hidden="until-found", which a search in the page reveals', '<div hidden="until-found"><input name="_gotcha"></div>', true],
    ['the hidden attribute on the element around it', '<div class="trap" hidden><p><input name="_gotcha"></p></div>', false],
    ['the hidden attribute on itself', '<input name="_gotcha" hidden>', false],
    ['type="hidden"', '<input type="HIDDEN" name="_gotcha">', false],
  ])('says in its line whether a person may see its spam trap, hidden by %s', (_case, trap, shown) => {
    const page = ownerFormPage().replace(/<div hidden[^\n]*<\/div>/, trap);
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPage.honeypotShown).toBe(shown);
    const note = "; its spam trap (_gotcha) has no hidden attribute around it, so visitors see it wherever no style hides it, a refused post's answer among them: keep the example's <div hidden>";
    expect(formPageLine(formPage, 'formPage').includes(note)).toBe(shown);
  });

  it('says in its line what a refused post’s answer with it leaves out: style attributes, and what it loads from other origins', () => {
    const page = ownerFormPage()
      .replace('<head>', '<head><link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Lora"><link rel="preconnect" href="https://fonts.gstatic.com">')
      .replace('<h1', '<img src="https://cdn.example/hero.jpg" alt=""><img src="/hero.jpg" alt=""><h1 style="color: teal"')
      .replace('<button', '<p style="margin: 0">Or write to me.</p><script src="https://fonts.googleapis.com/x.js"></script><button');
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPage.refusedByPolicy).toEqual({ styleAttributes: 2, handlerAttributes: 0, inlinePast: 0, otherOrigins: ['https://fonts.googleapis.com', 'https://cdn.example'], captchas: [] });
    expect(formPageLine(formPage, 'formPage')).toMatch(
      /; a refused post's answer with it leaves out its 2 style attributes and what it loads from https:\/\/fonts\.googleapis\.com, https:\/\/cdn\.example, as the service's policy allows only the site's own files, <style> elements and inline scripts: move them there \(your own address, as a generator's base URL writes it, is the site's once it is domainName, or baseUrl; to preview, build with the preview's address\)\)$/,
    );
  });

  it('says of a page a generator built for a preview (its files at a local address) to build it for the site’s address, not to move them', () => {
    const page = ownerFormPage()
      .replace('/css/site.css', 'http://localhost:3000/css/site.css')
      .replace('<h1', '<img src="https://cdn.example/hero.jpg" alt=""><h1');
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPage.refusedByPolicy.otherOrigins).toEqual(['http://localhost:3000', 'https://cdn.example']);
    expect(formPageLine(formPage, 'formPage')).toMatch(
      /; it loads its files from http:\/\/localhost:3000, a local address: build your site for the address it is served at \(your generator's base URL\), or a refused post's answer leaves them out; a refused post's answer with it leaves out what it loads from https:\/\/cdn\.example, as /,
    );
    const previewOnly = ownerFormPage().replace('/css/site.css', 'http://127.0.0.1:3000/css/site.css');
    const built = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': previewOnly, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPageLine(built, 'formPage')).toMatch(/; it loads its files from http:\/\/127\.0\.0\.1:3000, a local address: build your site for the address it is served at \(your generator's base URL\), or a refused post's answer leaves them out\)$/);
  });

  it('says in its line what of its scripts a refused post’s answer leaves out: event handler attributes, and inline scripts past those it allows', () => {
    const scripts = Array.from({ length: 18 }, (_, n) => `<script>window.step = ${n};</script>`).join('');
    const page = ownerFormPage()
      .replace('<head>', `<head><script>__md_scope = new URL(".", location)</script>${scripts}<script type="application/ld+json">{}</script>`)
      .replace('<button', '<button onclick="track()" onkeydown="track()"');
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPage.refusedByPolicy).toMatchObject({ handlerAttributes: 2, inlinePast: 19 - 16 });
    expect(formPageLine(formPage, 'formPage')).toMatch(
      /; a refused post's answer with it leaves out its 2 event handler attributes \(onclick=…\) and its 3 <style> elements or inline scripts past the 16 of each it allows, as the service's policy/,
    );
    const theme = ownerFormPage().replace('<head>', '<head><script>__md_scope = new URL(".", location)</script>');
    const themed = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': theme, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPageLine(themed, 'formPage')).not.toMatch(/leaves out/);
  });

  it('says in its line that its form has no spam trap, which refuses robots that fill in every field', () => {
    const page = ownerFormPage().replace(/<div hidden[^\n]*<\/div>/, '');
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPage.fields).toEqual(['name', 'email', 'message']);
    expect(formPageLine(formPage, 'formPage')).toBe(
      `/contact/  ${formPage.file}  (found, its form posting to /contact; formPage names another; its form has no _gotcha field, the spam trap (the example's, in a <div hidden>), so robots that fill in every field are not refused (the other spam rules still hold))`,
    );
  });

  it.each([
    ['German, the example’s own', 'de', 'docs/examples/contact-form.de.html words them all in its form\'s data- attributes, to copy into yours'],
    ['Swiss German, the example’s German', 'de-CH', 'docs/examples/contact-form.de.html words them all in its form\'s data- attributes, to copy into yours'],
    ['European Portuguese, the example’s own', 'PT-pt', 'docs/examples/contact-form.pt-PT.html words them all in its form\'s data- attributes, to copy into yours'],
    ['Portuguese as Angola writes it, the example’s Brazilian', 'pt-AO', 'docs/examples/contact-form.pt-BR.html words them all in its form\'s data- attributes, to copy into yours'],
    ['German as a locale writes it', 'de_DE', 'docs/examples/contact-form.de.html words them all in its form\'s data- attributes, to copy into yours'],
    ['Italian, the example’s own', 'it', 'docs/examples/contact-form.it.html words them all in its form\'s data- attributes, to copy into yours'],
    ['Swedish as Sweden writes it, the example’s Swedish', 'sv-SE', 'docs/examples/contact-form.sv.html words them all in its form\'s data- attributes, to copy into yours'],
    ['Polish, of no example', 'pl', "word them in its form's data-notice-… and data-error-text attributes (docs/api.md §9)"],
    [
      'French, its form wording only what the script says',
      'fr',
      'docs/examples/contact-form.fr.html words them all in its form\'s data- attributes, to copy into yours',
      '<form data-notice-sending="Envoi…" data-notice-sent="Merci." data-notice-failed="Échec." ',
    ],
  ])('says in its line that a page in %s whose form words nothing shows visitors the service’s English', (_case, language, copy, form = '<form ') => {
    const page = ownerFormPage().replace('<html lang="en">', `<html lang="${language}">`).replace('<form ', form);
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPageLine(formPage, 'formPage')).toBe(
      `/contact/  ${formPage.file}  (found, its form posting to /contact; formPage names another; its page is lang="${language}", but its form words none of the service's sentences, which visitors then read in English: ${copy})`,
    );
  });

  it.each([
    ['in English', ownerFormPage()],
    ['in English, written in capitals', ownerFormPage().replace('lang="en"', 'lang="EN-GB"')],
    ['in English, written as a locale', ownerFormPage().replace('lang="en"', 'lang="en_GB"')],
    ['of a language undetermined', ownerFormPage().replace('lang="en"', 'lang="und"')],
    ['of no language', ownerFormPage().replace(' lang="en"', '')],
    [
      'in German, every field’s errors and every answer worded',
      ['name', 'email', 'message'].reduce(
        (page, field) => page.replace(`data-error-for="${field}"`, `data-error-for="${field}" data-error-text="Bitte prüfen."`),
        ownerFormPage().replace('lang="en"', 'lang="de"').replace('<form ', `<form ${ANSWER_ATTRIBUTES.map((name) => `${name}="Auf Deutsch."`).join(' ')} `),
      ),
    ],
  ])('says nothing of the language of a page %s', (_case, page) => {
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPageLine(formPage, 'formPage')).toBe(`/contact/  ${formPage.file}  (found, its form posting to /contact; formPage names another)`);
  });

  /** What a German page's line adds for the answers its form leaves unworded (a refused post's page, a filled spam trap's, a limit's). */
  const englishAnswers = (unworded: readonly string[]) =>
    `; its form leaves ${unworded.join(', ')} empty, so a refused post's page says ${unworded.length === 1 ? 'that' : 'those'} in English: docs/examples/contact-form.de.html words them, to copy`;

  it.each([
    ['one notice', ownerFormPage().replace('<form ', '<form data-notice-invalid="Bitte prüfen Sie die Felder." '), 'name, email, message', 'each one\'s', ANSWER_ATTRIBUTES.filter((name) => name !== 'data-notice-invalid')],
    ['one field’s errors', ownerFormPage().replace('data-error-for="email"', 'data-error-for="email" data-error-text="Bitte eine E-Mail-Adresse."'), 'name, message', 'each one\'s', ANSWER_ATTRIBUTES],
    ['all but an own field’s errors', ['name', 'email', 'message'].reduce((page, field) => page.replace(`data-error-for="${field}"`, `data-error-for="${field}" data-error-text="Bitte prüfen."`), ownerFormPage()).replace('<button', '<input name="telefon"><p data-error-for="telefon"></p><button'), 'telefon', 'its', ANSWER_ATTRIBUTES],
  ])('names the fields whose messages stay English on a German page whose form words %s, and the answers it leaves unworded', (_case, page, fields, whose, unworded) => {
    const siteDir = siteFolder({ 'contact/index.html': page.replace('lang="en"', 'lang="de"'), 'css/site.css': 'body {}' });
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir, extraFields: { telefon: 'Telefon' } }).formPage!;
    expect(formPageLine(formPage, 'formPage')).toBe(
      `/contact/  ${formPage.file}  (found, its form posting to /contact; formPage names another; its form words the service's sentences, but not the messages of ${fields}, which visitors then read in English: give ${whose} data-error-for element a data-error-text${englishAnswers(unworded)})`,
    );
  });

  it('names the one answer a German page’s form leaves unworded, its fields’ messages all worded (a filled spam trap’s, trials 130 and 133)', () => {
    const worded = ['name', 'email', 'message'].reduce(
      (page, field) => page.replace(`data-error-for="${field}"`, `data-error-for="${field}" data-error-text="Bitte prüfen."`),
      ownerFormPage().replace('lang="en"', 'lang="de"').replace('<form ', `<form ${ANSWER_ATTRIBUTES.filter((name) => name !== 'data-notice-honeypot').map((name) => `${name}="Auf Deutsch."`).join(' ')} `),
    );
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': worded, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPageLine(formPage, 'formPage')).toBe(`/contact/  ${formPage.file}  (found, its form posting to /contact; formPage names another${englishAnswers(['data-notice-honeypot'])})`);
  });

  it('says nothing of the language of a German page whose form words only white space, which words nothing', () => {
    const page = ownerFormPage().replace('lang="en"', 'lang="de"').replace('<form ', '<form data-notice-invalid=" " data-title-prefix="" ');
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'contact/index.html': page, 'css/site.css': 'body {}' }) }).formPage!;
    expect(formPage.worded).toBe(false);
    expect(formPageLine(formPage, 'formPage')).toMatch(/its page is lang="de", but its form words none/);
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)('refuses %j (%s) with one line naming the key', (value) => {
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: site, formPage: value }).message).toMatch(/^formPage must be a path of the site itself/);
  });

  it.each([
    ['/hire-me/', `formPage /hire-me/ is no page of siteDir (${site}): a visitor sent there would get a 404`],
    ['/contact', `formPage /contact is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address, /contact/, or leave formPage out: with none, /contact/ is the form page once its form posts to /contact`],
    ['/about/', `formPage /about/ is ${join(site, 'about/index.html')}, which has no form that posts to /contact (<form method="post" action="/contact">)`],
  ])('refuses %s with one line', (path, message) => {
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: site, formPage: path }).message).toBe(message);
  });

  it.each([
    ['contact.html', () => 'formPage must be the path visitors use, with its leading slash: /contact.html, not "contact.html"'],
    ['./contact.html', () => 'formPage must be the path visitors use, with its leading slash: /contact.html, not "./contact.html"'],
    ['contact', () => 'formPage must be the path visitors use, with its leading slash: /contact.html, not "contact"'],
    ['/contact', () => `formPage /contact is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address, /contact.html, which /contact then shows, or leave formPage out: with none, /contact.html is the form page once its form posts to /contact`],
    ['/contact/', (folder: string) => `formPage /contact/ is no page of siteDir (${folder}): a visitor sent there would get a 404; /contact.html is a page of it: name it so`],
  ])('refuses %s for a flat site’s contact.html, naming the path it may mean', (path, message) => {
    const flat = siteFolder({ 'contact.html': ownerFormPage(), 'css/site.css': 'body {}' });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: flat, formPage: path }).message).toBe(message(flat));
    const formPage = configOf({ ...MINIMAL_CONTEXT, siteDir: flat, formPage: '/contact.html' }).formPage!;
    expect(formPage.path).toBe('/contact.html');
    expect(formPageLine(formPage, 'formPage')).toBe(`/contact.html  ${join(flat, 'contact.html')}  (formPage, shown at /contact too)`);
  });

  it('names the form service a page set as formPage still posts to, and the guide to moving from it', () => {
    const flat = siteFolder({ 'contact.html': ownerFormPage({ action: 'https://formspree.io/f/xyzabcd' }), 'css/site.css': 'body {}' });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: flat, formPage: '/contact.html' }).message).toBe(
      `formPage /contact.html is ${join(flat, 'contact.html')}, whose form sends the inquiry to formspree.io, a form service: action="/contact" sends it here instead (docs/form-services.md: what each of its fields becomes)`,
    );
  });

  it('names the folder’s /contact/ first, the page found with no setting, where both it and contact.html are pages', () => {
    const both = siteFolder({ 'contact/index.html': ownerFormPage(), 'contact.html': ownerFormPage(), 'css/site.css': 'body {}' });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: both, formPage: '/contact' }).message).toBe(
      `formPage /contact is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address, /contact/, or leave formPage out: with none, /contact/ is the form page once its form posts to /contact`,
    );
    const none = siteFolder({ 'about.html': 'About' });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: none, formPage: '/contact' }).message).toBe(
      "formPage /contact is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address, the path of its file in siteDir",
    );
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: both, formPage: 'contact' }).message).toBe('formPage must be the path visitors use, with its leading slash: /contact/, not "contact"');
  });

  it.each([
    ['/contact/', ownerFormPage({ action: '/contact/' }), '/contact/'],
    ['no action, so its own page', ownerFormPage().replace(' action="/contact"', ''), '/contact/'],
    ['/api/contact, which reads JSON', ownerFormPage({ action: '/api/contact' }), '/api/contact'],
    ['contact, relative to its page', ownerFormPage({ action: 'contact' }), '/contact/contact'],
  ])('refuses a /contact/ page whose inquiry form posts to %s, where no form post is read, in one line', (_case, page, action) => {
    const folder = siteFolder({ 'contact/index.html': page });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message).toBe(
      `/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose form sends the inquiry to ${action}, which takes no form post: only /contact does (<form method="post" action="/contact">)`,
    );
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder, formPage: '/contact/' }).message).toMatch(/^formPage \/contact\/ is .*, whose form sends the inquiry to /);
  });

  it('says at once what else a form moving from a form service would meet once it posts to /contact: its own fields', () => {
    const netlify = ownerFormPage({ action: '/obrigado.html' })
      .replace('<form', '<form name="contacto" data-netlify="true" netlify-honeypot="bot-field"')
      .replace('name="name"', 'name="nome"')
      .replace('name="message"', 'name="mensagem"')
      .replace('<button', '<input type="hidden" name="form-name" value="contacto"><input name="telefone"><button');
    const folder = siteFolder({ 'contacto.html': netlify, 'obrigado.html': 'Obrigado', 'css/site.css': 'body {}' });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder, formPage: '/contacto' }).message).toBe(
      `formPage /contacto is ${join(folder, 'contacto.html')}, whose form sends the inquiry to Netlify, a form service: action="/contact" sends it here instead (docs/form-services.md: what each of its fields becomes); ` +
        'once it does, its form has fields the inquiry has not (nome, mensagem, form-name, telefone) and no name, message, so every post would be refused: the inquiry\'s fields are name, email, message, company, project_url, _gotcha (nome: the inquiry\'s name: rename the field, its label stays yours; mensagem: the inquiry\'s message: rename the field, its label stays yours; form-name: a form service\'s, remove it; the rest of a form service\'s markup: docs/form-services.md)' +
        '; a field of your own (telefone) goes in the extraFields setting with its label, such as "extraFields": {"telefone":"Telefone"} (docs/api.md §2)',
    );
  });

  it('says a Netlify form’s action, a thank-you page of the site, goes in data-success-path', () => {
    const netlify = ownerFormPage({ action: '/merci/' }).replace('<form', '<form data-netlify="true"');
    const folder = siteFolder({ 'contact/index.html': netlify, 'merci/index.html': 'Merci' });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message).toBe(
      `/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose form sends the inquiry to /merci/, which takes no form post: only /contact does (<form method="post" action="/contact">); a page to land on once it is sent goes in data-success-path="/merci/"`,
    );
  });

  const ownDomain = { domainName: 'atelier-brun.example', certificateArn: EXAMPLE_CERTIFICATE_ARN };
  const WHOLE = "a whole address, which the preview's posts would leave for and a site not yet at that name would miss";

  it.each([
    ['/contact of domainName', ownDomain, 'https://atelier-brun.example/contact', `https://atelier-brun.example/contact, ${WHOLE}: write the path alone`],
    ['/contact of baseUrl, without a scheme', { baseUrl: 'https://d111.cloudfront.net' }, '//d111.cloudfront.net/contact?from=page', `https://d111.cloudfront.net/contact?from=page, ${WHOLE}: write the path alone`],
    ['/contact/ of domainName', ownDomain, 'https://atelier-brun.example/contact/', 'https://atelier-brun.example/contact/, which takes no form post: only /contact does'],
  ])('refuses a /contact/ page whose inquiry form posts to %s, written whole, in one line', (_case, context, written, said) => {
    const folder = siteFolder({ 'contact/index.html': ownerFormPage({ action: written }) });
    expect(errorOf({ ...MINIMAL_CONTEXT, ...context, siteDir: folder }).message).toBe(
      `/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose form sends the inquiry to ${said} (<form method="post" action="/contact">)`,
    );
  });

  it.each([
    ['another host’s other path (a form service)', ownDomain, 'https://forms.example/f/ada'],
    ['another host’s /contact (a form service)', ownDomain, 'https://api.formhost.example/contact'],
    ['the site’s own name, when synth knows none', {}, 'https://atelier-brun.example/contact'],
    ['mail', ownDomain, 'mailto:ada@example.com'],
  ])('leaves a /contact/ page whose form posts to %s: no form page, no stop', (_case, context, action) => {
    expect(configOf({ ...MINIMAL_CONTEXT, ...context, siteDir: siteFolder({ 'contact/index.html': ownerFormPage({ action }) }) }).formPage).toBeUndefined();
  });

  it('refuses a form page whose button’s formaction is /contact written whole, saying to leave it out', () => {
    const folder = siteFolder({ 'contact/index.html': ownerFormPage().replace('<button type="submit">', '<button type="submit" formaction="https://atelier-brun.example/contact">') });
    expect(errorOf({ ...MINIMAL_CONTEXT, ...ownDomain, siteDir: folder }).message).toBe(
      `/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose form's submit button has formaction="https://atelier-brun.example/contact", ${WHOLE}: leave formaction out`,
    );
  });

  it('reads a form without an action as posting to its own page, whatever its <base>, as a browser sends it', () => {
    const page = ownerFormPage().replace(' action="/contact"', '').replace('<head>', '<head><base href="/contact">');
    const folder = siteFolder({ 'contact/index.html': page });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message).toMatch(/, whose form sends the inquiry to \/contact\/, which takes no form post: only \/contact does /);
  });

  // A field of the owner's own, beside every field the inquiry needs, is said where it goes: extraFields.
  const asking = (names: string, example = names) => `; a field of your own (${names}) goes in the extraFields setting with its label, such as "extraFields": ${example} (docs/api.md §2)`;
  it.each([
    ['a field the inquiry has not', ownerFormPage().replace('<button', '<input name="phone"><button'), 'fields the inquiry has not (phone)', asking('phone', '{"phone":"Phone"}')],
    ['a named submit button, which a browser sends too', ownerFormPage().replace('<button type="submit">', '<button type="submit" name="send">'), 'fields the inquiry has not (send)', ''],
    ['no e-mail field', ownerFormPage().replace('name="email"', 'name="mail"'), 'fields the inquiry has not (mail) and no email', ''],
    ['fields named as an object’s own properties, of no form service', ownerFormPage().replace('<button', '<input name="constructor"><input name="__proto__"><button'), 'fields the inquiry has not (constructor, __proto__)', asking('constructor, __proto__', '{"phone": "Phone"}, each name a letter, then letters, digits, _ or -: rename the field in the form')],
  ])('refuses a form page whose form has %s: every post would be refused', (_case, page, wrong, hint) => {
    const folder = siteFolder({ 'contact/index.html': page });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message).toBe(
      `/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose form has ${wrong}, so every post would be refused: the inquiry's fields are name, email, message, company, project_url, _gotcha${hint}`,
    );
  });

  it.each([
    [
      'Formspree’s',
      ownerFormPage().replace('name="email"', 'name="_replyto"').replace('<button', '<input type="hidden" name="_next" value="/danke/"><input type="hidden" name="_subject" value="Anfrage"><button'),
      'fields the inquiry has not (_replyto, _next, _subject) and no email, so every post would be refused: the inquiry\'s fields are name, email, message, company, project_url, _gotcha (_replyto: the inquiry\'s email field is the address replies go to here; _next: the thank-you page goes in the form\'s data-success-path here; _subject: a form service\'s, remove it; the rest of a form service\'s markup: docs/form-services.md)',
    ],
    [
      'Netlify’s',
      ownerFormPage().replace('<button', '<input type="hidden" name="form-name" value="contact"><p hidden><input name="bot-field"></p><button'),
      'fields the inquiry has not (form-name, bot-field), so every post would be refused: the inquiry\'s fields are name, email, message, company, project_url, _gotcha (form-name: a form service\'s, remove it; bot-field: a form service\'s spam trap: the example\'s _gotcha is this one\'s; the rest of a form service\'s markup: docs/form-services.md)',
    ],
    [
      'FormSubmit’s and Web3Forms’',
      ownerFormPage().replace('<button', '<input type="hidden" name="access_key" value="k"><input type="hidden" name="subject" value="Novo contato"><input type="hidden" name="redirect" value="/thanks/"><input type="hidden" name="_captcha" value="false"><p hidden><input name="_honey"><input name="botcheck"></p><button'),
      'fields the inquiry has not (access_key, subject, redirect, _captcha, _honey, botcheck), so every post would be refused: the inquiry\'s fields are name, email, message, company, project_url, _gotcha (access_key, _captcha: a form service\'s, remove it; subject: the inquiry has none (each mail\'s is Project inquiry from the visitor\'s name), remove it; redirect: the thank-you page goes in the form\'s data-success-path here; _honey, botcheck: a form service\'s spam trap: the example\'s _gotcha is this one\'s; the rest of a form service\'s markup: docs/form-services.md)',
    ],
    [
      'Getform’s, named in Portuguese, with a budget',
      ownerFormPage()
        .replace('name="name"', 'name="nome"')
        .replace('name="message"', 'name="mensagem"')
        .replace('<button', '<input name="empresa"><select name="orcamento"><option>até R$ 5 mil</option></select><button'),
      "fields the inquiry has not (nome, mensagem, empresa, orcamento) and no name, message, so every post would be refused: the inquiry's fields are name, email, message, company, project_url, _gotcha (nome: the inquiry's name: rename the field, its label stays yours; mensagem: the inquiry's message: rename the field, its label stays yours; empresa: the inquiry's company: rename the field, its label stays yours; the rest of a form service's markup: docs/form-services.md)" +
        '; a field of your own (orcamento) goes in the extraFields setting with its label, such as "extraFields": {"orcamento":"Orcamento"} (docs/api.md §2)',
    ],
    [
      'Formspree’s, with a budget of the owner’s own, said at once with the rest',
      ownerFormPage().replace('name="email"', 'name="_replyto"').replace('<button', '<select name="budget"><option>5-15k</option></select><button'),
      "fields the inquiry has not (_replyto, budget) and no email, so every post would be refused: the inquiry's fields are name, email, message, company, project_url, _gotcha (_replyto: the inquiry's email field is the address replies go to here; the rest of a form service's markup: docs/form-services.md)" +
        '; a field of your own (budget) goes in the extraFields setting with its label, such as "extraFields": {"budget":"Budget"} (docs/api.md §2)',
    ],
  ])('refuses a form page that kept %s fields, saying what each becomes here', (_service, page, said) => {
    const folder = siteFolder({ 'contact/index.html': page });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message).toBe(`/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose form has ${said}`);
  });

  const found = (page: string) => {
    const folder = siteFolder({ 'contact/index.html': page });
    return { message: errorOf({ ...MINIMAL_CONTEXT, siteDir: folder }).message, named: `/contact/ (found with no formPage) is ${join(folder, 'contact/index.html')}, whose` };
  };
  const withForm = (form: string) => ownerFormPage().replace('<form method="post" action="/contact">', form);
  const posts = 'give it method="post" (<form method="post" action="/contact">)';
  const encoding = 'the service reads application/x-www-form-urlencoded, a form\'s default (leave it out)';

  it.each([
    ['no method', withForm('<form action="/contact">'), `form has no method, so a browser sends it as a GET, never a post: ${posts}`],
    ['method="get"', withForm('<form method="get" action="/contact">'), `form has method="get", so a browser sends it as a GET, never a post: ${posts}`],
    ['a method a browser reads as GET', withForm('<form method=" post" action="/contact">'), `form has method=" post", so a browser sends it as a GET, never a post: ${posts}`],
    ['method="dialog"', withForm('<form method="dialog" action="/contact">'), `form has method="dialog", so a browser sends nothing (it only closes a dialog): ${posts}`],
    ['a button of another method', ownerFormPage().replace('<button type="submit">', '<button type="submit" formmethod="get">'), 'form\'s submit button has formmethod="get", so when it is pressed a browser sends it as a GET, never a post: leave formmethod out'],
    ['a button of no known method, which browsers read as GET', ownerFormPage().replace('<button type="submit">', '<button type="submit" formmethod="put">'), 'form\'s submit button has formmethod="put", so when it is pressed a browser sends it as a GET, never a post: leave formmethod out'],
    ['a button that sends it to /contact/', ownerFormPage().replace('<button type="submit">', '<button type="submit" formaction="/contact/">'), 'form\'s submit button has formaction="/contact/", so when it is pressed the inquiry goes elsewhere than /contact, the one address that takes it: leave formaction out'],
    ['a button that sends it to another site', ownerFormPage().replace('<button type="submit">', '<button type="submit" formaction="https://forms.example/contact">'), 'form\'s submit button has formaction="https://forms.example/contact", so when it is pressed the inquiry goes elsewhere than /contact, the one address that takes it: leave formaction out'],
    ['a button whose empty formaction sends it to the page itself', ownerFormPage().replace('<button type="submit">', '<button type="submit" formaction="">'), 'form\'s submit button has formaction="", so when it is pressed the inquiry goes elsewhere than /contact, the one address that takes it: leave formaction out'],
    ['a button whose empty formaction sends it to the page itself, not to its <base>', ownerFormPage().replace('<head>', '<head><base href="/contact">').replace('<button type="submit">', '<button type="submit" formaction="">'), 'form\'s submit button has formaction="", so when it is pressed the inquiry goes elsewhere than /contact, the one address that takes it: leave formaction out'],
    ['enctype="multipart/form-data"', withForm('<form method="post" action="/contact" enctype="multipart/form-data">'), `form has enctype="multipart/form-data", so every post would be refused (415): ${encoding}`],
    ['enctype="TEXT/PLAIN"', withForm('<form method="post" action="/contact" enctype="TEXT/PLAIN">'), `form has enctype="TEXT/PLAIN", so every post would be refused (415): ${encoding}`],
    ['a button of another encoding', ownerFormPage().replace('<button type="submit">', '<button type="submit" formenctype="multipart/form-data">'), `form's submit button has formenctype="multipart/form-data", so every post sent with it would be refused (415): ${encoding}`],
    ['two controls of one field', ownerFormPage().replace('<button', '<input type="hidden" name="email" value="me@example.com"><button'), 'form has more than one control named email (a radio group aside), so a post would send it more than once, which the service refuses (422): give each field one control'],
    ['two checkboxes of one field', ownerFormPage().replace('<button', '<input type="checkbox" name="company" value="a"><input type="checkbox" name="company" value="b"><button'), 'form has more than one control named company (a radio group aside), so a post would send it more than once, which the service refuses (422): give each field one control'],
    ['a select that takes more than one option', ownerFormPage().replace('<button', '<select name="company" MULTIPLE><option>Acme</option><option>Initech</option></select><button'), "form's company is a <select multiple>, so a visitor could send more than one answer, which the service refuses (422): leave multiple out"],
    ['two selects that take more than one option', ownerFormPage().replace('<button', '<select name="company" multiple><option>Acme</option></select><select name="project_url" multiple><option>https://a.example</option></select><button'), "form's company, project_url are <select multiple> controls, so a visitor could send more than one answer, which the service refuses (422): leave multiple out"],
    ['a name with a terminal escape', ownerFormPage().replace('<button', '<input name="\u001b]0;pwned\u0007"><button'), "form has fields the inquiry has not (\\u001B]0;pwned\\u0007), so every post would be refused: the inquiry's fields are name, email, message, company, project_url, _gotcha; a field of your own (\\u001B]0;pwned\\u0007) goes in the extraFields setting with its label, such as \"extraFields\": {\"phone\": \"Phone\"}, each name a letter, then letters, digits, _ or -: rename the field in the form (docs/api.md §2)"],
  ])('refuses a form page whose form has %s, in one line naming the cause', (_case, page, cause) => {
    const { message, named } = found(page);
    expect(message).toBe(`${named} ${cause}`);
    expect(message).not.toMatch(/[\u0000-\u001f]/);
  });

  it.each([
    ['method="POST"', withForm('<form method="POST" action="/contact">')],
    ['enctype="application/x-www-form-urlencoded", in capitals', withForm('<form method="post" action="/contact" enctype="APPLICATION/X-WWW-FORM-URLENCODED">')],
    ['an enctype browsers read as URL-encoded', withForm('<form method="post" action="/contact" enctype="application/x-www-form-urlencoded; charset=utf-8">')],
    ['a button that posts URL-encoded, said twice', ownerFormPage().replace('<button type="submit">', '<button type="submit" formmethod="post" formenctype="application/x-www-form-urlencoded">')],
    ['a button whose formaction is /contact again, with a query', ownerFormPage().replace('<button type="submit">', '<button type="submit" formaction="../contact?from=button">')],
    ['a button that submits nothing, with a formaction', ownerFormPage().replace('<button', '<button type="button" formaction="/elsewhere">Check</button><button')],
    ['a disabled button, never pressed, with a formaction', ownerFormPage().replace('<button', '<button disabled formaction="/elsewhere">Later</button><button')],
    ['a radio group', ownerFormPage().replace('<button', '<input type="radio" name="company" value="Acme"><input type="radio" name="company" value="Initech"><button')],
    ['a select of one option at a time', ownerFormPage().replace('<button', '<select name="company"><option>Acme</option><option>Initech</option></select><button')],
    ['submit buttons of one field, of which a post sends the one pressed', ownerFormPage().replace('<button type="submit">Send</button>', '<button name="company" value="">Send</button><button name="company" value="Acme">Send for Acme</button>')],
    ['a button that submits nothing, named as a field', ownerFormPage().replace('<button', '<button type="button" name="email">Check</button><button')],
    ['a field repeated in another form of the page', `${ownerFormPage()}<form method="post" action="/subscribe"><input name="email"><input name="email"></form>`],
    ['a GET form to /contact after the one that posts', `${ownerFormPage()}<form action="/contact"><input name="q"></form>`],
  ])('takes a form page with %s', (_case, page) => {
    const folder = siteFolder({ 'contact/index.html': page });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: folder }).formPage).toMatchObject({ path: '/contact/', file: join(folder, 'contact/index.html'), source: 'found' });
  });

  it('refuses a page that is not UTF-8, or larger than a form page may be', () => {
    const latin1 = siteFolder({ 'contact/index.html': '' });
    writeFileSync(join(latin1, 'contact/index.html'), Buffer.concat([Buffer.from(ownerFormPage()), Buffer.from([0xe9])]));
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: latin1 }).message).toMatch(/^\/contact\/ \(found with no formPage\) is .*, which is not UTF-8 text/);
    const huge = siteFolder({ 'contact/index.html': `${ownerFormPage()}<!--${'x'.repeat(MAX_FORM_PAGE_BYTES)}-->` });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: huge, formPage: '/contact/' }).message).toMatch(/^formPage \/contact\/ is .* bytes: a form page may have 1048576 at most$/);
  });

  it('takes one with siteOrigin as a path of the site, which is fetched, not read at synth', () => {
    const config = configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formPage: '/contact/' });
    expect(config.sitePages).toEqual({ kind: 'origin', host: 'you.github.io', formPage: '/contact/' });
    expect(config.formPage).toBeUndefined();
    expect(configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' }).sitePages).toEqual({ kind: 'origin', host: 'you.github.io' });
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)('refuses %j (%s) as an existing site’s form page', (value) => {
    expect(errorOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formPage: value }).message).toMatch(/^formPage must be a path of the site itself/);
  });

  it('refuses the service’s own /contact as an existing site’s form page, and a form page without any pages', () => {
    expect(errorOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formPage: '/contact' }).message).toBe(
      "formPage /contact is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address at your site, such as /contact/",
    );
    expect(errorOf({ ...MINIMAL_CONTEXT, formPage: '/contact/' }).message).toBe("formPage /contact/ needs siteDir, the site's folder, to read the page from");
  });

  it.each(['/contact/sent', '/contact/form.js', '/api/contact', '/llms.txt', '/.well-known/api-catalog', '/api/mcp'])(
    'refuses %s, which the service answers itself, as an existing site’s form page',
    (path) => {
      expect(errorOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formPage: path }).message).toBe(
        `formPage ${path} is an address the service answers itself, so visitors never see your site's page there: name your contact page by its own address at your site, such as /contact/`,
      );
    },
  );
});

describe('the other contact pages: pages beside the form page whose form posts to /contact (docs/api.md §9)', () => {
  const bilingual = {
    'contact/index.html': ownerFormPage({ title: 'Contact', successPath: '/bedankt/' }),
    'bedankt/index.html': 'Bedankt',
    'en/thanks/index.html': 'Thanks',
    'en/index.html': '<title>Home</title><form method="post" action="/newsletter"><input name="email"></form>',
  };

  it('may carry their own path in a hidden form_page field, for browsers that send no Referer, and no other page’s', () => {
    const hidden = (path: string) => ownerFormPage().replace('</form>', `<input type="hidden" name="form_page" value="${path}"></form>`);
    const site = siteFolder({ ...bilingual, 'en/contact/index.html': hidden('/en/contact/') });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).otherContactPages.map(({ path }) => path)).toEqual(['/en/contact/']);
    writeFileSync(join(site, 'en/contact/index.html'), hidden('/en/contact/index.html'));
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).otherContactPages.map(({ path }) => path)).toEqual(['/en/contact/']);
    writeFileSync(join(site, 'en/contact/index.html'), hidden('/fr/contact/'));
    expect(configErrorOf(() => configOf({ ...MINIMAL_CONTEXT, siteDir: site })).message).toBe(
      `/en/contact/ is ${join(site, 'en/contact/index.html')}, whose form's form_page field names "/fr/contact/", not this page: a post from it would be answered as another page's. Write value="/en/contact/", or leave the field out`,
    );
    writeFileSync(join(site, 'en/contact/index.html'), ownerFormPage().replace('</form>', '<input type="hidden" name="form_page"></form>'));
    expect(configErrorOf(() => configOf({ ...MINIMAL_CONTEXT, siteDir: site })).message).toMatch(/, whose form's form_page field names no page: a post from it would be answered as another page's\. Write value="\/en\/contact\/", or leave the field out$/);
  });

  it('are found wherever they are, flat pages too, the shallowest first, beside the form page and never it', () => {
    const site = siteFolder({ ...bilingual, 'en/contact/index.html': ownerFormPage({ successPath: '/en/thanks/' }), 'fr.html': ownerFormPage({ action: '../contact' }) });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).otherContactPages).toEqual([
      expect.objectContaining({ path: '/fr.html', file: join(site, 'fr.html'), missingSubresources: ['/css/site.css'], language: 'en' }),
      expect.objectContaining({ path: '/en/contact/', file: join(site, 'en/contact/index.html'), successPath: '/en/thanks/' }),
    ]);
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).otherContactPages[0]).not.toHaveProperty('successPath');
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site, formPage: '/en/contact/' }).otherContactPages.map(({ path }) => path)).toEqual(['/fr.html', '/contact/']);
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: siteFolder(bilingual) }).otherContactPages).toEqual([]);
  });

  it.each([
    ['sends the inquiry to /contact/, which answers 405', ownerFormPage({ action: '/contact/' }), 'whose form sends the inquiry to /contact/, which takes no form post: only /contact does (<form method="post" action="/contact">)'],
    ['has method="get"', ownerFormPage().replace('method="post"', 'method="get"'), 'whose form has method="get", so a browser sends it as a GET, never a post: give it method="post" (<form method="post" action="/contact">)'],
    ['has no e-mail field', ownerFormPage().replace('name="email"', 'name="mail"'), "whose form has fields the inquiry has not (mail) and no email, so every post would be refused: the inquiry's fields are name, email, message, company, project_url, _gotcha"],
  ])('stop synth with one line when one %s, where every inquiry would be lost', (_case, page, why) => {
    const site = siteFolder({ ...bilingual, 'en/contact/index.html': page });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: site }).message).toBe(`/en/contact/ is ${join(site, 'en/contact/index.html')}, ${why}`);
  });

  it('stop synth with one line when one names a thank-you page the site has not', () => {
    const site = siteFolder({ ...bilingual, 'en/contact/index.html': ownerFormPage({ successPath: '/en/thank-you/' }) });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: site }).message).toBe(
      `/en/contact/: its form's data-success-path /en/thank-you/ is no page of siteDir (${site}): a visitor sent there would get a 404`,
    );
  });

  it('are not a "Contact me" button that leads to /contact, nor a page past the 1 MiB a form page may have', () => {
    const site = siteFolder({
      ...bilingual,
      'about/index.html': '<form action="/contact"><button>Contact me</button></form>',
      'team.html': '<form method="dialog" action="/contact"><button>Close</button></form>',
      'huge.html': `${ownerFormPage({ action: '/contact/' })}${' '.repeat(MAX_FORM_PAGE_BYTES)}`,
    });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).otherContactPages).toEqual([]);
    // A form to /contact that a browser posts, whatever its fields, is an inquiry's, and would lose every post.
    writeFileSync(join(site, 'about/index.html'), '<form method="post" action="/contact"><button>Contact me</button></form>');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: site }).message).toMatch(/^\/about\/ is .*, whose form has no name, email, message, so every post would be refused/);
  });

  it('are none for a site elsewhere, whose pages the service cannot read', () => {
    expect(configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://www.example.com' }).otherContactPages).toEqual([]);
  });
});

describe('the thank-you page the form page’s form names, data-success-path (docs/api.md §7, §9)', () => {
  const pages = { 'thanks/index.html': 'Thanks', 'merci/index.html': 'Merci' };
  /** A site whose /contact/ is the form page, its form naming `successPath`. */
  const siteNaming = (successPath: string) => siteFolder({ ...pages, 'contact/index.html': ownerFormPage({ successPath }) });
  const named = "/contact/ (found with no formPage): its form's data-success-path";

  it('is formSuccessPath when that is unset: the owner writes it once, in the form', () => {
    const site = siteNaming('/thanks/');
    const config = configOf({ ...MINIMAL_CONTEXT, siteDir: site });
    expect(config.formSuccessPath?.path).toBe('/thanks/');
    expect(config.formPage).toMatchObject({ path: '/contact/', file: join(site, 'contact/index.html'), source: 'found', successPath: '/thanks/' });
  });

  it('is read from the page formPage names too, its path as written', () => {
    const site = siteFolder({ ...pages, 'write/index.html': ownerFormPage({ successPath: '/thanks/?from=form#top' }) });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site, formPage: '/write/' }).formSuccessPath?.path).toBe('/thanks/?from=form#top');
  });

  it.each([['/thanks/'], ['/contact/sent']])('takes formSuccessPath %s too when the form names the same path', (path) => {
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: siteNaming(path), formSuccessPath: path }).formSuccessPath?.path).toBe(path);
  });

  it.each([
    ['/merci/', '/thanks/'],
    ['/thanks', '/thanks/'],
    ['/thanks/?from=form', '/thanks/'],
  ])('stops with one line when formSuccessPath is %s and the form names %s: not the same path', (setting, attribute) => {
    const site = siteNaming(attribute);
    const { message } = errorOf({ ...MINIMAL_CONTEXT, siteDir: site, formSuccessPath: setting });
    expect(message).toBe(
      `formSuccessPath ${setting} and data-success-path="${attribute}" on the form of /contact/ (${join(site, 'contact/index.html')}) disagree: a visitor would land on one with JavaScript and on the other without. Name the thank-you page once, in the form, and leave formSuccessPath out`,
    );
  });

  it('is none when the form names none, or an empty one, which is unset as an empty setting is', () => {
    for (const site of [siteFolder({ ...pages, 'contact/index.html': ownerFormPage() }), siteNaming('')]) {
      const config = configOf({ ...MINIMAL_CONTEXT, siteDir: site });
      expect(config.formSuccessPath).toBeUndefined();
      expect(config.formPage?.successPath).toBeUndefined();
      expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site, formSuccessPath: '/merci/' }).formSuccessPath?.path).toBe('/merci/');
    }
  });

  it('is read from the form that posts to /contact, not from another form of the page', () => {
    const newsletter = '<form method="post" action="/subscribe" data-success-path="/merci/"><input name="email"></form>';
    const site = siteFolder({ ...pages, 'contact/index.html': ownerFormPage().replace('<form', `${newsletter}<form`) });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).formSuccessPath).toBeUndefined();
  });

  it('reads the attribute as a browser does: its entities decoded, the first of two', () => {
    const site = siteFolder({ ...pages, 'contact/index.html': ownerFormPage().replace('action="/contact"', 'action="/contact" data-success-path="&#x2F;thanks&sol;" data-success-path="/merci/"') });
    expect(configOf({ ...MINIMAL_CONTEXT, siteDir: site }).formSuccessPath?.path).toBe('/thanks/');
  });

  it.each(OPEN_REDIRECT_ATTEMPTS)('refuses %j (%s) with one line naming the page and the attribute', (value) => {
    const site = siteNaming(value);
    const { message } = errorOf({ ...MINIMAL_CONTEXT, siteDir: site });
    expect(message.startsWith(`${named} must be a path of the site itself, such as /thanks/: one leading slash, no scheme or host, no // or backslash, got "`)).toBe(true);
    expect(message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('refuses a 404 of siteDir, as it refuses formSuccessPath, naming the page that names it', () => {
    const site = siteNaming('/thank-you/');
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: site }).message).toBe(`${named} /thank-you/ is no page of siteDir (${site}): a visitor sent there would get a 404`);
    const write = siteFolder({ ...pages, 'write/index.html': ownerFormPage({ successPath: '/thank-you/' }) });
    expect(errorOf({ ...MINIMAL_CONTEXT, siteDir: write, formPage: '/write/' }).message).toBe(
      `formPage /write/: its form's data-success-path /thank-you/ is no page of siteDir (${write}): a visitor sent there would get a 404`,
    );
  });

  it('is no concern with siteOrigin, where no form page is read: formSuccessPath alone names the thank-you page', () => {
    expect(configOf({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formSuccessPath: '/thanks/' }).formSuccessPath?.path).toBe('/thanks/');
  });
});
