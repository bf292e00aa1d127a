import type { Construct } from 'constructs';
import {
  ConfigError,
  DEFAULT_CONTENT_SIGNALS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_SITE_NAME,
  DEFAULT_SPAM_THRESHOLDS,
  parseEmail,
  parseExtraFields,
  parseLimit,
  parseOrigin,
  parseOriginList,
  parseRetentionDays,
  parseSiteName,
  parseSitePath,
  parseSpamThreshold,
  parseContentSignals,
  parseTimeZone,
  parseMailLanguage,
  parseMailSubject,
  type AgentSettings,
} from '../../lambdas/config.js';
import type { ExtraField } from '../../lambdas/inquiry/extra-fields.js';
import { ROTATED_KEYS, type RotatedKey } from '../../lambdas/deployment-keys/keys.js';
import { emailDomain } from '../../lambdas/email-domain.js';
import { UTC } from '../../lambdas/time-zone.js';
import { DEFAULT_MAIL_LANGUAGE, type MailLanguage } from '../../lambdas/mail-words/mail-language.js';
import { terminalText } from '../../lambdas/inbox/visitor-text.js';
import { requireLinkFinds } from '../edge/front-door-request.js';
import type { CustomDomain } from '../edge/front-door.js';
import type { SenderIdentity } from '../mail/sender-identity.js';
import { parseSiteFolder, siteFiles } from '../pages/site-files.js';
import type { SitePages } from '../pages/site-pages-origin.js';
import { existingSiteFormPage, findFormPage, otherContactPages, thankYouPage, type FormPage, type OtherContactPage, type SuccessPath } from './form-page.js';
import { CERTIFICATE_TO_REQUEST_ARN } from './certificate-to-request.js';
import { isCdkKey, quoted, SETTINGS_EXAMPLE_FILE, SETTINGS_FILE } from './settings-file.js';

/** A deployment's settings, read from CDK context (site-settings.json, cdk.json or `-c key=value`: lib/settings/settings-file.ts) and checked. */
export interface SiteConfig {
  /** Receives the inquiries and the alarm notifications. */
  readonly ownerEmail: string;
  /** The SES identity inquiries are sent from. */
  readonly senderEmail: string;
  readonly siteName: string;
  /** `{base}`; when absent, the custom domain's origin, else the distribution's own. */
  readonly baseUrl?: string;
  /** When absent, `{base}` alone. */
  readonly allowedOrigins?: readonly string[];
  readonly rateLimits: { readonly ip: number; readonly email: number };
  /** The front door's domain, its certificate (us-east-1), and the zone its alias records go in. */
  readonly customDomain?: CustomDomain;
  /** Where the site's own pages come from; with neither, the API's fallback answers (docs/api.md §10). */
  readonly sitePages?: SitePages;
  /** The owner's style sheet, which the service's pages link (docs/api.md §9): a path of the site. */
  readonly pageStylesheet?: string;
  /** The owner's thank-you page, where a delivered form post goes (docs/api.md §9): a path of the site, `formSuccessPath` or the form page's `data-success-path`. */
  readonly formSuccessPath?: SuccessPath;
  /** The owner's form page (docs/api.md §9): named by `formPage`, or found in `siteDir`; the contact function's bundle carries it. */
  readonly formPage?: FormPage;
  /** The other pages of siteDir whose form posts to `/contact` (otherContactPages), each checked as the form page is. */
  readonly otherContactPages: readonly OtherContactPage[];
  /** Whether a web ACL guards the front door (docs/api.md §10); the Free plan brings one of its own. */
  readonly waf: boolean;
  /** Whether the distribution is on CloudFront's Free flat-rate plan (`free`) or pay-as-you-go (`none`; docs/api.md §10). */
  readonly pricingPlan: PricingPlan;
  /** The SES identity the stack creates for the sender (docs/api.md §12), from `createSesIdentity` and the domain. */
  readonly senderIdentity: SenderIdentity;
  /** Days a delivered inquiry's text is kept in the inbox; 0 erases it once sent (docs/api.md §14). */
  readonly retentionDays: number;
  /** The time zone the owner's mails give times in (docs/api.md §7): an IANA name, or UTC. */
  readonly timeZone: string;
  /** The language the owner's mails are written in (docs/api.md §7). */
  readonly mailLanguage: MailLanguage;
  /** The owner's own subject of an inquiry's mail, `{name}` the visitor's (docs/api.md §7); the language's without it. */
  readonly mailSubject?: string;
  /** The owner's own fields (docs/api.md §2): each one's name and label, in the mail's order. */
  readonly extraFields: readonly ExtraField[];
  /** The spam signals' thresholds (docs/api.md §15); 0 turns one off. */
  readonly spam: SpamThresholds;
  /** Each of the deployment's keys' rotation label (docs/api.md §10): a new label replaces that value at the next deploy. */
  readonly keyRotations: Readonly<Record<RotatedKey, string>>;
  /** The API's host label (docs/api.md §10): a new label moves the API to a new execute-api host. */
  readonly apiHostRotation: string;
  /** The month's cost, actual or forecast, past which AWS Budgets mails the owner (docs/api.md §12). */
  readonly monthlyBudgetUsd: number;
  /** What the service adds to the site for agents (docs/api.md §16), each part on unless turned off. */
  readonly agents: AgentSettings;
}

export interface SpamThresholds {
  readonly repeatLimit: number;
  readonly linkLimit: number;
  readonly formMinSeconds: number;
  readonly maxMailsPerHour: number;
}

/** How the distribution is billed (docs/api.md §10): pay-as-you-go, or CloudFront's Free flat-rate plan. */
export const PRICING_PLANS = ['none', 'free'] as const;
export type PricingPlan = (typeof PRICING_PLANS)[number];

/** Every context key the app reads: the owner's settings. */
export const CONTEXT_KEYS = [
  'ownerEmail',
  'senderEmail',
  'siteName',
  'baseUrl',
  'allowedOrigins',
  'rateLimitIp',
  'rateLimitEmail',
  'domainName',
  'certificateArn',
  'hostedZoneId',
  'hostedZoneName',
  'siteRecords',
  'redirectDomainName',
  'siteDir',
  'siteOrigin',
  'pageStylesheet',
  'formSuccessPath',
  'formPage',
  'waf',
  'pricingPlan',
  'createSesIdentity',
  'timeZone',
  'mailLanguage',
  'mailSubject',
  'extraFields',
  'retentionDays',
  'maxMailsPerHour',
  'spamRepeatLimit',
  'spamLinkLimit',
  'formMinSeconds',
  'originVerifyRotation',
  'counterKeyRotation',
  'formTokenKeyRotation',
  'apiHostRotation',
  'monthlyBudgetUsd',
  'robotsTxt',
  'sitemap',
  'linkHeaders',
  'markdownPages',
  'agentSkills',
  'contentSignals',
] as const;
export type ContextKey = (typeof CONTEXT_KEYS)[number];

const REQUIRED_HINT: Readonly<Record<'ownerEmail' | 'senderEmail', string>> = {
  ownerEmail: 'the address that receives inquiries and alarms',
  senderEmail: 'the verified SES identity inquiries are sent from',
};

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE_ARN_PATTERN = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[0-9a-f-]{36}$/;
const HOSTED_ZONE_ID_PATTERN = /^Z[A-Z0-9]{1,31}$/;
/** A rotation label: a date, a number, a word. */
const ROTATION_LABEL_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** The context key of each rotated value's label. */
const KEY_ROTATION_CONTEXT = {
  originVerify: 'originVerifyRotation',
  counterKey: 'counterKeyRotation',
  formTokenKey: 'formTokenKeyRotation',
} as const satisfies Record<RotatedKey, ContextKey>;
export const DEFAULT_MONTHLY_BUDGET_USD = 5;
/** Whole dollars and cents; below 1 USD the deployment's own cost at rest would mail the owner every month. */
const BUDGET_PATTERN = /^\d{1,6}(?:\.\d{1,2})?$/;
const MIN_BUDGET_USD = 1;
const MAX_BUDGET_USD = 100_000;
/** Keys the app no longer reads, and what replaced them: named rather than taken for a misspelling. */
const RETIRED_KEYS: Readonly<Record<string, string>> = {
  secretVersion: 'the stack versions the deployment\'s keys itself; to replace the header, set originVerifyRotation (README, "The secret and the API\'s own endpoint")',
};
/** CloudFront takes certificates from this region only. */
const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

/**
 * Reads and checks the deployment's context. A missing or malformed key throws a ConfigError
 * whose message is one line naming the key.
 */
export function readSiteConfig(scope: Construct, options: ReadOptions = {}): SiteConfig {
  return siteConfigOf(scope.node.getAllContext(), options);
}

interface ReadOptions {
  /** A domainName may come without certificateArn, for `npm run synth` to list the request first (lib/settings/certificate-to-request.ts). */
  readonly certificateMayWait?: boolean;
}

/**
 * The same, of the settings as a record: for the owner's commands, which build no CDK app (`npm run
 * publish`). The owner's text reaches the messages through every reader below, lambdas/config.ts's
 * too, which the functions share and so hold no terminal rules: it is shown here, once, as the
 * owner's commands show what they did not write (terminalText).
 */
export function siteConfigOf(settings: Readonly<Record<string, unknown>>, options: ReadOptions = {}): SiteConfig {
  try {
    return checkedSettings(settings, options);
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigError(terminalText(error.message)) : error;
  }
}

function checkedSettings(settings: Readonly<Record<string, unknown>>, options: ReadOptions): SiteConfig {
  rejectUnknownKeys(Object.keys(settings));
  const context = (key: ContextKey): unknown => {
    const value: unknown = settings[key];
    return value === '' ? undefined : value;
  };
  const required = (key: 'ownerEmail' | 'senderEmail') => {
    const value = context(key);
    if (value === undefined) {
      throw new ConfigError(
        `Missing setting "${key}" (${REQUIRED_HINT[key]}): ` +
          `set it in ${SETTINGS_FILE} (start from a copy of ${SETTINGS_EXAMPLE_FILE}), or pass -c ${key}=you@example.com`,
      );
    }
    return parseEmail(key, text(key, value));
  };

  const threshold = (key: 'spamRepeatLimit' | 'spamLinkLimit' | 'formMinSeconds' | 'maxMailsPerHour', fallback: number) =>
    parseSpamThreshold(key, text(key, context(key) ?? fallback));

  const ownerEmail = required('ownerEmail');
  const senderEmail = required('senderEmail');
  const baseUrl = optional(context('baseUrl'), (value) => parseOrigin('baseUrl', text('baseUrl', value)));
  // A JSON list, or comma-separated as ALLOWED_ORIGINS is.
  const allowedOrigins = optional(context('allowedOrigins'), (value) => {
    const items = Array.isArray(value) ? value : [value];
    return parseOriginList('allowedOrigins', items.map((item) => text('allowedOrigins', item)).join(','));
  });
  const customDomain = readCustomDomain(context, options.certificateMayWait === true);
  // The other name leads to domainName: a {base} anywhere else would send visitors and agents one way and the redirect another.
  if (baseUrl !== undefined && customDomain?.redirectDomainName !== undefined && baseUrl !== `https://${customDomain.domainName}`) {
    throw new ConfigError(`baseUrl must be https://${customDomain.domainName} with redirectDomainName, which leads there, or be left out, got ${JSON.stringify(baseUrl)}`);
  }
  const extraFields = readExtraFields(context('extraFields'));
  const mailSubject = optional(context('mailSubject'), (value) => parseMailSubject('mailSubject', text('mailSubject', value)));
  const formPageSetting = optional(context('formPage'), (value) => text('formPage', value));
  const sitePages = readSitePages(context('siteDir'), context('siteOrigin'), formPageSetting);
  const [pageStylesheet, successPathSetting] = (['pageStylesheet', 'formSuccessPath'] as const).map((key) =>
    optional(context(key), (value) => readPathOfSite(key, text(key, value), sitePages)),
  );
  const siteFolder =
    sitePages?.kind === 'folder'
      ? { folder: sitePages.path, setting: 'siteDir', extraFields, ownOrigins: [...(customDomain === undefined ? [] : [`https://${customDomain.domainName}`]), ...(baseUrl === undefined ? [] : [baseUrl])] }
      : undefined;
  // An existing site's form page is fetched from it for each refused post (readSitePages), not bundled.
  const formPage =
    sitePages?.kind === 'origin' ? undefined : findFormPage('formPage', formPageSetting, siteFolder !== undefined ? { kind: 'folder', ...siteFolder } : { kind: 'none', setting: 'siteDir' });
  const formSuccessPath = thankYouPage('formSuccessPath', successPathSetting, formPage);
  const label = (key: ContextKey) => optional(context(key), (value) => readRotationLabel(key, text(key, value))) ?? '';
  const apiHostRotation = label('apiHostRotation');
  if (apiHostRotation !== '' && baseUrl === undefined && customDomain === undefined) {
    // {base} would be the distribution's own domain, given to the functions that the new API's
    // routes name: the distribution could not wait for those routes (lib/site-stack.ts).
    throw new ConfigError(
      'apiHostRotation needs {base} known before the deploy, so that the distribution waits for the new API\'s routes: set baseUrl to your BaseUrl output (https://<DistributionDomainName>), or set domainName (docs/api.md §10)',
    );
  }
  return {
    ownerEmail,
    senderEmail,
    siteName: parseSiteName('siteName', text('siteName', context('siteName') ?? DEFAULT_SITE_NAME)),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
    rateLimits: {
      ip: parseLimit('rateLimitIp', text('rateLimitIp', context('rateLimitIp') ?? DEFAULT_RATE_LIMITS.ip)),
      email: parseLimit('rateLimitEmail', text('rateLimitEmail', context('rateLimitEmail') ?? DEFAULT_RATE_LIMITS.email)),
    },
    ...(customDomain === undefined ? {} : { customDomain }),
    ...(sitePages === undefined ? {} : { sitePages }),
    ...(pageStylesheet === undefined ? {} : { pageStylesheet }),
    ...(formSuccessPath === undefined ? {} : { formSuccessPath }),
    ...(formPage === undefined ? {} : { formPage }),
    otherContactPages: siteFolder === undefined ? [] : otherContactPages(siteFolder, siteFiles(siteFolder.folder).files, formPage?.file),
    waf: flag('waf', context('waf')),
    pricingPlan: readPricingPlan(context('pricingPlan')),
    senderIdentity: readSenderIdentity(senderEmail, customDomain, optional(context('createSesIdentity'), (value) => flag('createSesIdentity', value))),
    retentionDays: parseRetentionDays('retentionDays', text('retentionDays', context('retentionDays') ?? DEFAULT_RETENTION_DAYS)),
    timeZone: parseTimeZone('timeZone', text('timeZone', context('timeZone') ?? UTC)),
    mailLanguage: parseMailLanguage('mailLanguage', text('mailLanguage', context('mailLanguage') ?? DEFAULT_MAIL_LANGUAGE)),
    ...(mailSubject === undefined ? {} : { mailSubject }),
    extraFields,
    spam: {
      repeatLimit: threshold('spamRepeatLimit', DEFAULT_SPAM_THRESHOLDS.repeatLimit),
      linkLimit: threshold('spamLinkLimit', DEFAULT_SPAM_THRESHOLDS.linkLimit),
      formMinSeconds: threshold('formMinSeconds', DEFAULT_SPAM_THRESHOLDS.formMinSeconds),
      maxMailsPerHour: threshold('maxMailsPerHour', DEFAULT_SPAM_THRESHOLDS.maxMailsPerHour),
    },
    keyRotations: Object.fromEntries(ROTATED_KEYS.map((key) => [key, label(KEY_ROTATION_CONTEXT[key])])) as Record<RotatedKey, string>,
    apiHostRotation,
    monthlyBudgetUsd: readBudget(context('monthlyBudgetUsd')),
    agents: {
      robotsTxt: flag('robotsTxt', context('robotsTxt') ?? true),
      sitemap: flag('sitemap', context('sitemap') ?? true),
      linkHeaders: flag('linkHeaders', context('linkHeaders') ?? true),
      markdown: flag('markdownPages', context('markdownPages') ?? true),
      agentSkills: flag('agentSkills', context('agentSkills') ?? true),
      contentSignals: parseContentSignals('contentSignals', text('contentSignals', context('contentSignals') ?? DEFAULT_CONTENT_SIGNALS)),
    },
  };
}

/** `extraFields`: an object in the settings file or cdk.json, its JSON from `-c extraFields='{…}'`. */
function readExtraFields(value: unknown): ExtraField[] {
  if (value === undefined) return [];
  return parseExtraFields('extraFields', typeof value === 'string' ? value : JSON.stringify(value));
}

function readRotationLabel(key: ContextKey, value: string): string {
  if (!ROTATION_LABEL_PATTERN.test(value)) {
    throw new ConfigError(`${key} must be a label of 1 to 64 letters, digits, dots, dashes or underscores, such as 2026-12-01, got ${JSON.stringify(value)}`);
  }
  return value;
}

function readBudget(value: unknown): number {
  if (value === undefined) return DEFAULT_MONTHLY_BUDGET_USD;
  const amount = text('monthlyBudgetUsd', value);
  if (!BUDGET_PATTERN.test(amount) || Number(amount) < MIN_BUDGET_USD || Number(amount) > MAX_BUDGET_USD) {
    throw new ConfigError(
      `monthlyBudgetUsd must be an amount in US dollars from ${MIN_BUDGET_USD} to ${MAX_BUDGET_USD}, with at most two decimals, such as 5 or 12.50, got ${JSON.stringify(amount)}`,
    );
  }
  return Number(amount);
}

/**
 * A misspelt key (`-c ratelimitIp=50`) would otherwise be ignored and its default deployed; the
 * CDK's own keys pass. `source` names the file the keys come from, when they come from one.
 */
export function rejectUnknownKeys(keys: readonly string[], source?: string): void {
  const unknown = keys.find((key) => !isCdkKey(key) && !(CONTEXT_KEYS as readonly string[]).includes(key));
  if (unknown === undefined) return;
  const where = source === undefined ? '' : ` in ${source}`;
  const retired = Object.hasOwn(RETIRED_KEYS, unknown) ? RETIRED_KEYS[unknown] : undefined;
  if (retired !== undefined) throw new ConfigError(`Setting "${unknown}"${where} is no longer read: ${retired}`);
  throw new ConfigError(`Unknown setting ${quoted(unknown)}${where}: did you mean "${nearestKey(unknown)}"?`);
}

/** The known key fewest single-character edits away (case ignored). */
function nearestKey(key: string): ContextKey {
  const distance = (known: ContextKey) => editDistance(key.toLowerCase(), known.toLowerCase());
  return CONTEXT_KEYS.reduce((best, known) => (distance(known) < distance(best) ? known : best));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (const [i, charA] of [...a].entries()) {
    const current = [i + 1];
    for (const [j, charB] of [...b].entries()) {
      current.push(Math.min((previous[j + 1] ?? 0) + 1, (current[j] ?? 0) + 1, (previous[j] ?? 0) + (charA === charB ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function readCustomDomain(context: (key: ContextKey) => unknown, certificateMayWait: boolean): CustomDomain | undefined {
  const domainName = context('domainName');
  const certificateArn = context('certificateArn') ?? (domainName !== undefined && certificateMayWait ? CERTIFICATE_TO_REQUEST_ARN : undefined);
  const [hostedZoneId, hostedZoneName] = [context('hostedZoneId'), context('hostedZoneName')];
  const redirectDomainName = context('redirectDomainName');
  const siteRecords = flag('siteRecords', context('siteRecords') ?? true);
  if (domainName === undefined && certificateArn === undefined) {
    if (hostedZoneId !== undefined || hostedZoneName !== undefined) {
      const given = hostedZoneId === undefined ? 'hostedZoneName' : 'hostedZoneId';
      throw new ConfigError(`Missing setting "domainName": ${given} names the zone of a custom domain, and there is none`);
    }
    if (redirectDomainName !== undefined) throw new ConfigError('Missing setting "domainName": redirectDomainName is redirected to it, and there is none');
    if (!siteRecords) throw noZoneForSiteRecords();
    return undefined;
  }
  if (domainName === undefined || certificateArn === undefined) {
    const missing = domainName === undefined ? 'domainName' : 'certificateArn';
    const how = missing === 'certificateArn' ? ', a certificate of ACM in us-east-1 (docs/your-domain.md, step 2: aws acm request-certificate; npm run synth lists the steps, this one first)' : '';
    throw new ConfigError(`Missing setting "${missing}": a custom domain needs both domainName and certificateArn${how}`);
  }
  const domain = text('domainName', domainName);
  const arn = text('certificateArn', certificateArn);
  if (!DOMAIN_PATTERN.test(domain)) {
    throw new ConfigError(`domainName must be a lower-case host name such as example.com, got ${JSON.stringify(domain)}`);
  }
  const region = CERTIFICATE_ARN_PATTERN.exec(arn)?.[1];
  if (region === undefined) {
    // docs/your-domain.md's example, copied with its "…".
    const example = arn.includes('…') ? ": the example's, whose … stands for your certificate's ID; till ACM gives you one, leave certificateArn out, and npm run synth lists the steps, its request first" : '';
    throw new ConfigError(`certificateArn must be an ACM certificate ARN, got ${JSON.stringify(arn)}${example}`);
  }
  if (region !== CLOUDFRONT_CERTIFICATE_REGION) {
    throw new ConfigError(
      `certificateArn must be a certificate in ${CLOUDFRONT_CERTIFICATE_REGION} (the only region CloudFront takes them from), got one in ${region}`,
    );
  }
  const hostedZone = readHostedZone(hostedZoneId, hostedZoneName, domain);
  const otherName = redirectDomainName === undefined ? undefined : readRedirectDomainName(text('redirectDomainName', redirectDomainName), domain, hostedZone);
  if (!siteRecords && hostedZone === undefined) throw noZoneForSiteRecords();
  return {
    domainName: domain,
    certificateArn: arn,
    ...(hostedZone === undefined ? {} : { hostedZone }),
    ...(otherName === undefined ? {} : { redirectDomainName: otherName }),
    ...(siteRecords ? {} : { siteRecords: false as const }),
  };
}

function noZoneForSiteRecords(): ConfigError {
  return new ConfigError("siteRecords is false, which leaves the site's records in your Route 53 zone to you, and no zone is set (hostedZoneId, hostedZoneName): leave siteRecords out");
}

/** The domain's other name, which the distribution answers too and redirects to domainName: a host name of its own, in the zone when the stack writes the records. */
function readRedirectDomainName(name: string, domainName: string, hostedZone: CustomDomain['hostedZone']): string {
  if (!DOMAIN_PATTERN.test(name)) throw new ConfigError(`redirectDomainName must be a lower-case host name such as www.example.com, got ${JSON.stringify(name)}`);
  if (name === domainName) throw new ConfigError(`redirectDomainName must be another name than domainName (${domainName}), which it redirects to`);
  if (hostedZone !== undefined && name !== hostedZone.zoneName && !name.endsWith(`.${hostedZone.zoneName}`)) {
    throw new ConfigError(`redirectDomainName must be in the zone ${hostedZone.zoneName}, where the stack writes its records, got ${JSON.stringify(name)}`);
  }
  return name;
}

function readHostedZone(hostedZoneId: unknown, hostedZoneName: unknown, domainName: string): CustomDomain['hostedZone'] {
  if (hostedZoneId === undefined && hostedZoneName === undefined) return undefined;
  if (hostedZoneName === undefined) throw new ConfigError('Missing setting "hostedZoneName": the alias records need both hostedZoneId and hostedZoneName');
  if (hostedZoneId === undefined) {
    // The command of docs/your-domain.md's Route 53 list, step 3, whose output the setting takes as it is.
    const zone = typeof hostedZoneName === 'string' && DOMAIN_PATTERN.test(hostedZoneName) ? hostedZoneName : 'example.com';
    throw new ConfigError(
      `Missing setting "hostedZoneId": the alias records need both hostedZoneId and hostedZoneName; this prints it: aws route53 list-hosted-zones-by-name --dns-name ${zone} --query "HostedZones[?Name=='${zone}.' && !Config.PrivateZone].Id" --output text`,
    );
  }
  // As the Route 53 API and CLI print it (`/hostedzone/Z…`), or the id alone.
  const id = text('hostedZoneId', hostedZoneId).replace(/^\/hostedzone\//, '');
  const zoneName = text('hostedZoneName', hostedZoneName).replace(/\.$/, '');
  if (!HOSTED_ZONE_ID_PATTERN.test(id)) {
    throw new ConfigError(`hostedZoneId must be a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ, got ${JSON.stringify(id)}`);
  }
  if (domainName !== zoneName && !domainName.endsWith(`.${zoneName}`)) {
    throw new ConfigError(`hostedZoneName must be ${domainName} or a parent of it, got ${JSON.stringify(zoneName)}`);
  }
  return { hostedZoneId: id, zoneName };
}

/** The line of siteDir set beside siteOrigin, which synth and npm start both stop with. */
export function exclusiveSitePages(): ConfigError {
  return new ConfigError("siteDir and siteOrigin are exclusive: the site's pages come from a folder or from an existing site, not both");
}

function readSitePages(siteDir: unknown, siteOrigin: unknown, formPage: string | undefined): SitePages | undefined {
  if (siteDir !== undefined && siteOrigin !== undefined) throw exclusiveSitePages();
  if (siteDir !== undefined) {
    return { kind: 'folder', path: parseSiteFolder('siteDir', text('siteDir', siteDir)) };
  }
  if (siteOrigin === undefined) return undefined;
  const host = new URL(readSiteOrigin(siteOrigin)).hostname;
  return { kind: 'origin', host, ...(formPage === undefined ? {} : { formPage: existingSiteFormPage('formPage', formPage) }) };
}

/** `siteOrigin`, the existing site's origin, as synth and `npm start` read it: an https origin on the default port, which CloudFront fetches. */
export function readSiteOrigin(siteOrigin: unknown): string {
  const value = text('siteOrigin', siteOrigin);
  const origin = parseOrigin('siteOrigin', value);
  if (!origin.startsWith('https://') || new URL(origin).port !== '') {
    throw new ConfigError(`siteOrigin must be an https origin on the default port such as https://you.github.io, got ${JSON.stringify(value)}`);
  }
  return origin;
}

/**
 * A path of the site the service links or redirects to: never another origin, and, where the
 * pages are known at synth, one that finds a page: a file of `siteDir`, or with no pages at all
 * a page of the service. An existing site's (`siteOrigin`) cannot be looked at.
 */
function readPathOfSite(key: 'pageStylesheet' | 'formSuccessPath', value: string, sitePages: SitePages | undefined): string {
  const path = parseSitePath(key, value);
  if (sitePages?.kind !== 'origin') requireLinkFinds(key, path, sitePages === undefined ? null : { folder: sitePages.path, setting: 'siteDir' });
  return path;
}

/**
 * A sender on the site's own domain (`domainName`, a parent of it such as `example.com` for
 * `www.example.com`, or a subdomain of it) gets its domain verified, so that its mail passes DKIM
 * and SPF aligned with its From; unless `createSesIdentity` is false, for a domain SES knows
 * already. Any other sender gets its address verified: made at deploy unless SES knows it or its
 * domain already; with `createSesIdentity` true, as the CloudFormation resource stacks deployed
 * before had, which a change would delete.
 */
function readSenderIdentity(senderEmail: string, customDomain: CustomDomain | undefined, create: boolean | undefined): SenderIdentity {
  if (create === false) return { kind: 'none' };
  // In lower case, as DNS names compare: the identity and its MAIL FROM records are named for it.
  const domain = emailDomain(senderEmail).toLowerCase();
  const within = (name: string, parent: string) => name === parent || name.endsWith(`.${parent}`);
  if (customDomain !== undefined && (within(domain, customDomain.domainName) || within(customDomain.domainName, domain))) {
    const zone = customDomain.hostedZone;
    return { kind: 'domain', domain, ...(zone !== undefined && within(domain, zone.zoneName) ? { hostedZone: zone } : {}) };
  }
  return create === true ? { kind: 'email' } : { kind: 'email-if-missing' };
}

function readPricingPlan(value: unknown): PricingPlan {
  if (value === undefined) return 'none';
  const plan = text('pricingPlan', value);
  if (!(PRICING_PLANS as readonly string[]).includes(plan)) {
    throw new ConfigError(`pricingPlan must be ${PRICING_PLANS.join(' or ')}, got ${JSON.stringify(plan)}`);
  }
  return plan as PricingPlan;
}

function optional<T>(value: unknown, parse: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : parse(value);
}

/** `-c key=value` arrives as a string, a JSON file may hold numbers: both are read as text. */
function text(key: ContextKey, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new ConfigError(`${key} must be a string, got ${JSON.stringify(value)}`);
}

function flag(key: ContextKey, value: unknown): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new ConfigError(`${key} must be true or false, got ${JSON.stringify(value)}`);
}
