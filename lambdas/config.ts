import type { RateLimits } from './inquiry/limits.js';
import { EXTRA_FIELD_NAME, EXTRA_LABEL_MAX_LENGTH, MAX_EXTRA_FIELDS, TAKEN_FIELD_NAMES, type ExtraField } from './inquiry/extra-fields.js';
import { timeZoneNamed, UTC } from './time-zone.js';
import { DEFAULT_MAIL_LANGUAGE, MAIL_LANGUAGES, mailLanguageNamed, type MailLanguage } from './mail-words/mail-language.js';
import { SUBJECT_NAME_PLACEHOLDER } from './mail-words/own-subject.js';
import { EMAIL_PATTERN, ONE_LINE_PATTERN } from './inquiry/patterns.js';

/** Settings every public route needs: the site's identity and the published limits. */
export interface SiteSettings {
  /** `{base}`: the site's origin, no trailing slash. Never taken from a request. */
  readonly baseUrl: string;
  readonly siteName: string;
  /** Origins whose browsers may read the answer to `POST /api/contact`. */
  readonly allowedOrigins: readonly string[];
  readonly limits: RateLimits;
  /** The owner's own fields (docs/api.md §2), which the schema publishes beside the inquiry's. */
  readonly extraFields: readonly ExtraField[];
}

/**
 * The Content Signals policy (contentsignals.org) the generated robots.txt states for every crawler
 * (docs/api.md §16): for each use, yes or no.
 */
export interface ContentSignals {
  readonly search: boolean;
  readonly aiInput: boolean;
  readonly aiTrain: boolean;
}

/** What the service adds to the owner's site for agents (docs/api.md §16): each part on unless turned off. */
export interface AgentSettings {
  /** robots.txt with the AI crawlers' rules and the Content Signals, where the site has none. */
  readonly robotsTxt: boolean;
  /** sitemap.xml of the site's pages, where the site has none. */
  readonly sitemap: boolean;
  /** `Link` headers on the site's HTML answers: the API catalog, llms.txt, the page's Markdown. */
  readonly linkHeaders: boolean;
  /** A Markdown version of every HTML page, answered to `Accept: text/markdown` and at its own `.md` URL. */
  readonly markdown: boolean;
  /** The Agent Skills index, with the skill of contacting the owner. */
  readonly agentSkills: boolean;
  readonly contentSignals: ContentSignals;
}

/** Found by search engines and read by assistants answering a question, never trained on: what a personal site usually wants. */
export const DEFAULT_CONTENT_SIGNALS = 'search=yes, ai-input=yes, ai-train=no';

/** Each part's environment variable, as local mode and the functions read them. */
export const AGENT_SETTING_VARIABLES = {
  robotsTxt: 'ROBOTS_TXT',
  sitemap: 'SITEMAP',
  linkHeaders: 'LINK_HEADERS',
  markdown: 'MARKDOWN_PAGES',
  agentSkills: 'AGENT_SKILLS',
} as const satisfies Record<Exclude<keyof AgentSettings, 'contentSignals'>, string>;

export function readAgentSettings(env: Env): AgentSettings {
  const part = (key: keyof typeof AGENT_SETTING_VARIABLES) => {
    const variable = AGENT_SETTING_VARIABLES[key];
    return parseSwitch(variable, env[variable] === undefined || env[variable] === '' ? 'true' : env[variable]);
  };
  return {
    robotsTxt: part('robotsTxt'),
    sitemap: part('sitemap'),
    linkHeaders: part('linkHeaders'),
    markdown: part('markdown'),
    agentSkills: part('agentSkills'),
    contentSignals: parseContentSignals('CONTENT_SIGNALS', env.CONTENT_SIGNALS || DEFAULT_CONTENT_SIGNALS),
  };
}

/**
 * What the site's own pages publish, which llms.txt links (docs/api.md §6): a home page of their
 * own at `/` (the folder's `index.html`, or the existing site's), a sitemap.xml, and each page's
 * Markdown. None without pages.
 */
export interface SiteDocuments {
  readonly home: boolean;
  readonly sitemap: boolean;
  readonly markdown: boolean;
}

export const NO_SITE_DOCUMENTS: SiteDocuments = { home: false, sitemap: false, markdown: false };

/** What an existing site (`siteOrigin`) publishes that llms.txt links: its home page alone, as its sitemap and Markdown are its host's own. */
export const EXISTING_SITE_DOCUMENTS: SiteDocuments = { home: true, sitemap: false, markdown: false };

const SITE_DOCUMENT_NAMES = ['home', 'sitemap', 'markdown'] as const satisfies readonly (keyof SiteDocuments)[];

/** SITE_DOCUMENTS: the names of what the site publishes, comma-separated (`home,sitemap,markdown`); empty for none. */
export function siteDocumentsValue(documents: SiteDocuments): string {
  return SITE_DOCUMENT_NAMES.filter((name) => documents[name]).join(',');
}

export function readSiteDocuments(env: Env): SiteDocuments {
  const value = env.SITE_DOCUMENTS ?? '';
  const names = value === '' ? [] : value.split(',');
  if (names.some((name) => !(SITE_DOCUMENT_NAMES as readonly string[]).includes(name))) {
    throw new ConfigError(`SITE_DOCUMENTS must list any of ${SITE_DOCUMENT_NAMES.join(', ')}, separated by commas, got ${JSON.stringify(value)}`);
  }
  const has = (name: keyof SiteDocuments) => names.includes(name);
  return { home: has('home'), sitemap: has('sitemap'), markdown: has('markdown') };
}

/**
 * OWN_LLMS_TXT_FILE: the owner's own llms.txt, which the service's takes in (docs/api.md §6), or
 * none when unset or empty. Deployed, `own-llms.txt` in the discovery function's bundle, which synth
 * copies from `siteDir`; in local mode, SITE_DIR's file. A relative path is relative to the code.
 */
export function readOwnLlmsTxtFile(env: Env): string | undefined {
  return env.OWN_LLMS_TXT_FILE === undefined || env.OWN_LLMS_TXT_FILE === '' ? undefined : env.OWN_LLMS_TXT_FILE;
}

/** A part turned on or off: `true` or `false`. */
export function parseSwitch(key: string, value: string): boolean {
  if (value !== 'true' && value !== 'false') throw new ConfigError(`${key} must be true or false, got ${JSON.stringify(value)}`);
  return value === 'true';
}

/**
 * A Content Signals policy as robots.txt writes it: `search`, `ai-input` and `ai-train`, each once,
 * each `yes` or `no`, separated by commas, in any order. All three are required, so that the file
 * never leaves a use unsaid (contentsignals.org: an unsaid use is neither granted nor restricted).
 */
export function parseContentSignals(key: string, value: string): ContentSignals {
  const invalid = () =>
    new ConfigError(`${key} must set search, ai-input and ai-train once each to yes or no, such as "${DEFAULT_CONTENT_SIGNALS}", got ${JSON.stringify(value)}`);
  const signals = new Map<string, boolean>();
  for (const item of value.split(',')) {
    const match = /^\s*(search|ai-input|ai-train)\s*=\s*(yes|no)\s*$/.exec(item);
    if (match === null || signals.has(match[1]!)) throw invalid();
    signals.set(match[1]!, match[2] === 'yes');
  }
  const [search, aiInput, aiTrain] = ['search', 'ai-input', 'ai-train'].map((name) => signals.get(name));
  if (search === undefined || aiInput === undefined || aiTrain === undefined) throw invalid();
  return { search, aiInput, aiTrain };
}

/** A policy in robots.txt's own words, in the order contentsignals.org writes them. */
export function contentSignalLine(signals: ContentSignals): string {
  const word = (allowed: boolean) => (allowed ? 'yes' : 'no');
  return `search=${word(signals.search)}, ai-input=${word(signals.aiInput)}, ai-train=${word(signals.aiTrain)}`;
}

/** Where an inquiry goes: the owner's mailbox, sent from the verified identity. */
export interface MailSettings {
  readonly ownerEmail: string;
  readonly senderEmail: string;
  /** The From's display name: the site's name. */
  readonly senderName: string;
  /** The stack's SES configuration set (docs/api.md §12); local mode has none. */
  readonly configurationSet?: string;
}

export const DEFAULT_SITE_NAME = 'Personal site';
export const DEFAULT_RATE_LIMITS: RateLimits = { ip: 5, email: 3, windowSeconds: 3600 };
/**
 * Limits above this are a typo, not a policy; and a counter holds the ids of the requests it
 * counted (counters/counter-store.ts): 10 000 ids of 36 characters fit one DynamoDB item (400 KB).
 */
const MAX_RATE_LIMIT = 10_000;

/** A setting that is missing or malformed; its message is one line naming the setting. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Environment variables, as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

export function readSiteSettings(env: Env): SiteSettings {
  const baseUrl = parseOrigin('BASE_URL', required(env, 'BASE_URL'));
  return {
    baseUrl,
    siteName: parseSiteName('SITE_NAME', env.SITE_NAME ?? DEFAULT_SITE_NAME),
    allowedOrigins: parseOriginList('ALLOWED_ORIGINS', env.ALLOWED_ORIGINS ?? baseUrl),
    limits: {
      ip: parseLimit('RATE_LIMIT_IP', env.RATE_LIMIT_IP ?? String(DEFAULT_RATE_LIMITS.ip)),
      email: parseLimit('RATE_LIMIT_EMAIL', env.RATE_LIMIT_EMAIL ?? String(DEFAULT_RATE_LIMITS.email)),
      windowSeconds: DEFAULT_RATE_LIMITS.windowSeconds,
    },
    extraFields: env.EXTRA_FIELDS ? parseExtraFields('EXTRA_FIELDS', env.EXTRA_FIELDS) : [],
  };
}

/**
 * The owner's own fields, as JSON: an object of each field's name and its label, in the order the
 * mail lists them (`{"budget": "Budget", "phone": "Phone"}`); `{}` for none.
 */
export function parseExtraFields(key: string, value: string): ExtraField[] {
  const example = `such as {"budget": "Budget", "phone": "Phone"}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`${key} must be an object of your form's own fields' names and their labels, ${example}, got ${JSON.stringify(value)}`);
  }
  const fields = Object.entries(parsed);
  if (fields.length > MAX_EXTRA_FIELDS) throw new ConfigError(`${key} names ${fields.length} fields: at most ${MAX_EXTRA_FIELDS}`);
  return fields.map(([name, label]) => {
    if (!EXTRA_FIELD_NAME.test(name)) {
      throw new ConfigError(`${key}: ${JSON.stringify(name)} is no field name a form can post: a letter, then up to 39 letters, digits, _ or -, ${example}`);
    }
    if (TAKEN_FIELD_NAMES.has(name)) throw new ConfigError(`${key}: ${name} is a field of the inquiry's own or of the service's: name yours otherwise`);
    const text = typeof label === 'string' ? label : '';
    if (!isPrintableLine(text, EXTRA_LABEL_MAX_LENGTH)) {
      throw new ConfigError(`${key}: the label of ${name} must be one line of 1 to ${EXTRA_LABEL_MAX_LENGTH} printable characters, got ${JSON.stringify(label)}`);
    }
    return { name, label: text };
  });
}

/** The owner's fields as EXTRA_FIELDS holds them (parseExtraFields reads them back). */
export function extraFieldsValue(fields: readonly ExtraField[]): string {
  return JSON.stringify(Object.fromEntries(fields.map(({ name, label }) => [name, label])));
}

/**
 * The owner's style sheet, which the service's pages link after their own (docs/api.md §9): a path
 * of the site, or none when unset or empty.
 */
export function readPageStylesheet(env: Env): string | undefined {
  return optionalSitePath(env, 'PAGE_STYLESHEET');
}

/**
 * The owner's thank-you page, where a delivered form post is sent (docs/api.md §9): a path of the
 * site, or none (the service's own confirmation) when unset or empty.
 */
export function readFormSuccessPath(env: Env): string | undefined {
  return optionalSitePath(env, 'FORM_SUCCESS_PATH');
}

/**
 * The owner's form page (docs/api.md §9): the path of the site whose form posts to `/contact`,
 * where `GET /contact` leads and refused posts are answered; none when unset or empty.
 */
export function readFormPage(env: Env): string | undefined {
  return optionalSitePath(env, 'FORM_PAGE');
}

/**
 * The owner's form page as the contact function reads it: its path, and the file that holds its
 * HTML, or, with an existing site (`siteOrigin`), the site's origin, which it is fetched from.
 */
export type OwnerFormPage = BundledFormPage | FetchedFormPage;

export interface BundledFormPage {
  readonly path: string;
  /**
   * Deployed, `form-page.html` in the function's own bundle, copied there from `siteDir` at synth;
   * in local mode, local mode's copy of the file of `SITE_DIR`, made afresh before each form post.
   * A relative path is relative to the function's code.
   */
  readonly file: string;
}

/** The form page of an existing site, which no synth can copy: fetched from the site for each refused post, as it is there now. */
export interface FetchedFormPage {
  readonly path: string;
  /** `siteOrigin`: an https origin, no trailing slash. */
  readonly origin: string;
}

/** Another contact page of the site (docs/api.md §9), which answers the form posts sent from it: its file, and the thank-you page its form names. */
export interface OtherFormPage extends BundledFormPage {
  readonly successPath?: string;
}

export function readOwnerFormPage(env: Env): OwnerFormPage | undefined {
  const path = readFormPage(env);
  // Read either way: the stack sets all three, empty but the one the form page has.
  const file = env.FORM_PAGE_FILE;
  const origin = env.FORM_PAGE_ORIGIN;
  if (path === undefined) return undefined;
  if (origin !== undefined && origin !== '') return { path, origin: parseOrigin('FORM_PAGE_ORIGIN', origin) };
  if (file === undefined || file === '') throw new ConfigError('FORM_PAGE_FILE or FORM_PAGE_ORIGIN is required with FORM_PAGE, and neither is set');
  return { path, file };
}

/**
 * OTHER_FORM_PAGES: each other contact page as `[path, file]`, or `[path, file, successPath]`, in
 * a JSON array; each path percent-encoded, as a browser sends it.
 */
export function otherFormPagesValue(pages: readonly OtherFormPage[]): string {
  return pages.length === 0 ? '' : JSON.stringify(pages.map(({ path, file, successPath }) => (successPath === undefined ? [path, file] : [path, file, successPath])));
}

/** The other contact pages (otherFormPagesValue); none when OTHER_FORM_PAGES is unset or empty. */
export function readOtherFormPages(env: Env): OtherFormPage[] {
  const value = env.OTHER_FORM_PAGES ?? '';
  if (value === '') return [];
  const invalid = () => new ConfigError(`OTHER_FORM_PAGES must be a JSON array of [path, file] or [path, file, successPath], got ${JSON.stringify(value)}`);
  let entries: unknown;
  try {
    entries = JSON.parse(value);
  } catch {
    throw invalid();
  }
  if (!Array.isArray(entries)) throw invalid();
  return entries.map((entry: unknown) => {
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 3 || !entry.every((item) => typeof item === 'string' && item !== '')) throw invalid();
    const [path, file, successPath] = entry as string[];
    return {
      path: parseSitePath('OTHER_FORM_PAGES', path as string),
      file: file as string,
      ...(successPath === undefined ? {} : { successPath: parseSitePath('OTHER_FORM_PAGES', successPath) }),
    };
  });
}

function optionalSitePath(env: Env, key: string): string | undefined {
  const value = env[key];
  return value === undefined || value === '' ? undefined : parseSitePath(key, value);
}

export function readMailSettings(env: Env): MailSettings {
  return {
    ownerEmail: parseEmail('CONTACT_TO', required(env, 'CONTACT_TO')),
    senderEmail: parseEmail('CONTACT_FROM', required(env, 'CONTACT_FROM')),
    senderName: parseSiteName('SITE_NAME', env.SITE_NAME ?? DEFAULT_SITE_NAME),
    ...(env.SES_CONFIGURATION_SET ? { configurationSet: parseResourceName('SES_CONFIGURATION_SET', env.SES_CONFIGURATION_SET) } : {}),
  };
}

/** Name of the DynamoDB table holding the rate-limit counters. */
export function readCounterTableName(env: Env): string {
  return parseTableName('COUNTER_TABLE', required(env, 'COUNTER_TABLE'));
}

/**
 * Name of the DynamoDB table of accepted inquiries (docs/api.md §14), which also remembers the
 * answers to `Idempotency-Key` (§11).
 */
export function readInquiryTableName(env: Env): string {
  return parseTableName('INQUIRY_TABLE', required(env, 'INQUIRY_TABLE'));
}

/** What the delivery worker needs beyond the mail settings (docs/api.md §14). */
export interface DeliverySettings {
  readonly mail: MailSettings;
  readonly inquiryTable: string;
  /** The unit of the retry delays: a minute deployed. */
  readonly retryUnitSeconds: number;
  /** Days a delivered inquiry's text is kept; 0 erases it as soon as it is sent. */
  readonly retentionDays: number;
  /** The time zone the mails give times in (`timeZone`, docs/api.md §7): an IANA name, or UTC. */
  readonly timeZone: string;
  /** The language the mails are written in (`mailLanguage`, docs/api.md §7). */
  readonly language: MailLanguage;
  /** The owner's own subject of an inquiry's mail (`mailSubject`, docs/api.md §7), in place of the language's. */
  readonly mailSubject?: string;
  /** The flood signal (docs/api.md §15): how many inquiries are mailed one by one in a UTC hour; 0 turns it off. */
  readonly maxMailsPerHour: number;
  /** Where the mails of each hour are counted: the rate limits' table. */
  readonly counterTable: string;
  /** The inbox's endpoint for the owner's commands (`--endpoint`) when it is not AWS's: local mode sets it. */
  readonly inboxEndpoint?: string;
}

export const DEFAULT_RETRY_UNIT_SECONDS = 60;
export const DEFAULT_RETENTION_DAYS = 30;
const MAX_RETENTION_DAYS = 365;

export function readDeliverySettings(env: Env): DeliverySettings {
  return {
    mail: readMailSettings(env),
    inquiryTable: readInquiryTableName(env),
    retryUnitSeconds: parseWholeNumber('DELIVERY_RETRY_SECONDS', env.DELIVERY_RETRY_SECONDS ?? String(DEFAULT_RETRY_UNIT_SECONDS), 1, 3600),
    retentionDays: parseRetentionDays('RETENTION_DAYS', env.RETENTION_DAYS ?? String(DEFAULT_RETENTION_DAYS)),
    timeZone: env.MAIL_TIME_ZONE ? parseTimeZone('MAIL_TIME_ZONE', env.MAIL_TIME_ZONE) : UTC,
    language: env.MAIL_LANGUAGE ? parseMailLanguage('MAIL_LANGUAGE', env.MAIL_LANGUAGE) : DEFAULT_MAIL_LANGUAGE,
    ...(env.MAIL_SUBJECT ? { mailSubject: parseMailSubject('MAIL_SUBJECT', env.MAIL_SUBJECT) } : {}),
    maxMailsPerHour: parseSpamThreshold('MAX_MAILS_PER_HOUR', env.MAX_MAILS_PER_HOUR ?? String(DEFAULT_SPAM_THRESHOLDS.maxMailsPerHour)),
    counterTable: readCounterTableName(env),
    ...(env.OWNER_INBOX_ENDPOINT ? { inboxEndpoint: parseOrigin('OWNER_INBOX_ENDPOINT', env.OWNER_INBOX_ENDPOINT) } : {}),
  };
}

/**
 * The thresholds of the spam signals the contact function computes (docs/api.md §15). A signal
 * whose threshold is 0 is off.
 */
export interface SpamSettings {
  /** How many times one message may arrive in a UTC day: the next is held. */
  readonly repeatLimit: number;
  /** How many URLs a message may hold: one more and it is held. */
  readonly linkLimit: number;
  /** How many seconds a person takes at least to fill the form in: a form post sooner is held. */
  readonly formMinSeconds: number;
}

export const DEFAULT_SPAM_THRESHOLDS = { repeatLimit: 2, linkLimit: 5, formMinSeconds: 3, maxMailsPerHour: 20 } as const;

export function readSpamSettings(env: Env): SpamSettings {
  return {
    repeatLimit: parseSpamThreshold('SPAM_REPEAT_LIMIT', env.SPAM_REPEAT_LIMIT ?? String(DEFAULT_SPAM_THRESHOLDS.repeatLimit)),
    linkLimit: parseSpamThreshold('SPAM_LINK_LIMIT', env.SPAM_LINK_LIMIT ?? String(DEFAULT_SPAM_THRESHOLDS.linkLimit)),
    formMinSeconds: parseSpamThreshold('FORM_MIN_SECONDS', env.FORM_MIN_SECONDS ?? String(DEFAULT_SPAM_THRESHOLDS.formMinSeconds)),
  };
}

/** A spam threshold: 0 (the signal off) to the most a counter holds, like a rate limit. */
export function parseSpamThreshold(key: string, value: string): number {
  return parseWholeNumber(key, value, 0, MAX_RATE_LIMIT);
}

/** How many days a delivered inquiry's text is kept: 0 (erased once sent) to 365. */
export function parseRetentionDays(key: string, value: string): number {
  return parseWholeNumber(key, value, 0, MAX_RETENTION_DAYS);
}

function parseTableName(key: string, name: string): string {
  if (!/^[a-zA-Z0-9_.-]{3,255}$/.test(name)) {
    throw new ConfigError(`${key} must be a DynamoDB table name, got ${JSON.stringify(name)}`);
  }
  return name;
}

/** An SES configuration set name: letters, digits, `_` and `-`, at most 64. */
function parseResourceName(key: string, name: string): string {
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
    throw new ConfigError(`${key} must be an SES configuration set name, got ${JSON.stringify(name)}`);
  }
  return name;
}

/** Shorter secrets are guessable; Secrets Manager generates 32 characters by default. */
const MIN_SECRET_LENGTH = 32;

/**
 * The deployment's key that counter keys are HMACs under (docs/api.md §4). Made at deploy time,
 * apart from the front door's header and the form tokens' key (docs/api.md §10), and never
 * written anywhere but the function's settings, so its value is never in a message.
 */
export function readCounterKeySecret(env: Env): string {
  return readKeySecret(env, 'COUNTER_KEY_SECRET');
}

/** The deployment's key the form's tokens are signed with (docs/api.md §15), made like the counters' key and apart from it. */
export function readFormTokenSecret(env: Env): string {
  return readKeySecret(env, 'FORM_TOKEN_SECRET');
}

function readKeySecret(env: Env, key: string): string {
  const secret = required(env, key);
  if (secret.length < MIN_SECRET_LENGTH || /[\p{Cc}\s]/u.test(secret)) {
    throw new ConfigError(`${key} must be at least ${MIN_SECRET_LENGTH} characters without spaces or control characters (its value is not shown)`);
  }
  return secret;
}

function required(env: Env, key: string): string {
  const value = env[key];
  if (value === undefined || value === '') throw new ConfigError(`${key} is required but not set`);
  return value;
}

export function parseOrigin(key: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  const isBareOrigin = url?.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (url === null || !/^https?:$/.test(url.protocol) || !isBareOrigin) {
    throw new ConfigError(`${key} must be an http(s) origin such as https://example.com, got ${JSON.stringify(value)}`);
  }
  return url.origin;
}

export function parseOriginList(key: string, value: string): string[] {
  const origins = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (origins.length === 0) throw new ConfigError(`${key} must list at least one origin`);
  return [...new Set(origins.map((origin) => parseOrigin(key, origin)))];
}

export function parseEmail(key: string, value: string): string {
  if (value.length > 254 || !new RegExp(EMAIL_PATTERN).test(value)) {
    throw new ConfigError(`${key} must be an e-mail address, got ${JSON.stringify(value)}`);
  }
  return value;
}

export function parseLimit(key: string, value: string): number {
  return parseWholeNumber(key, value, 1, MAX_RATE_LIMIT);
}

function parseWholeNumber(key: string, value: string, minimum: number, maximum: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < minimum || number > maximum) {
    throw new ConfigError(`${key} must be a whole number from ${minimum} to ${maximum}, got ${JSON.stringify(value)}`);
  }
  return number;
}

/** One line of 1 to `max` printable characters, by the rule of the visitor's own name: what a label or a name shown to the owner must be. */
function isPrintableLine(value: string, max: number): boolean {
  return value.trim() !== '' && [...value].length <= max && new RegExp(ONE_LINE_PATTERN, 'u').test(value);
}

export function parseSiteName(key: string, value: string): string {
  // The name lands in documents, the subject's From and headers: one printable line that reads
  // as written (no text-direction control), by the rule of the visitor's own name.
  if (!isPrintableLine(value, 120)) {
    throw new ConfigError(`${key} must be one line of 1 to 120 printable characters, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A time zone as the IANA database names it (Europe/Berlin), or UTC: as the owner spelt it, its case mended (lambdas/time-zone.ts). */
export function parseTimeZone(key: string, value: string): string {
  const zone = timeZoneNamed(value);
  if (zone === undefined) {
    throw new ConfigError(`${key} must be a time zone of the IANA database, such as Europe/Berlin or America/Toronto, or UTC, got ${JSON.stringify(value)}`);
  }
  return zone;
}

export function parseMailLanguage(key: string, value: string): MailLanguage {
  const language = mailLanguageNamed(value);
  if (language === undefined) {
    throw new ConfigError(`${key} must be the language the mails are written in, one of ${MAIL_LANGUAGES.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return language;
}

const MAX_MAIL_SUBJECT_LENGTH = 100;

/**
 * The owner's own subject of an inquiry's mail (`mailSubject`): one line of 1 to 100 printable
 * characters, by the rule of the visitor's own name, which lands in it too; `{name}` stands for
 * that name wherever it is written, and no other placeholder is taken.
 */
export function parseMailSubject(key: string, value: string): string {
  const subject = value.trim();
  if (!isPrintableLine(subject, MAX_MAIL_SUBJECT_LENGTH)) {
    throw new ConfigError(`${key} must be one line of 1 to ${MAX_MAIL_SUBJECT_LENGTH} characters, such as "Enquiry from ${SUBJECT_NAME_PLACEHOLDER}" (the visitor's name in its place), got ${JSON.stringify(value)}`);
  }
  const other = /\{[^{}]*\}/.exec(subject.replaceAll(SUBJECT_NAME_PLACEHOLDER, ''))?.[0];
  if (other !== undefined) throw new ConfigError(`${key} may hold ${SUBJECT_NAME_PLACEHOLDER}, the visitor's name, and no other placeholder: ${JSON.stringify(other)}`);
  return subject;
}

/** RFC 3986's path, query and fragment characters, percent signs included (their escapes are checked apart). */
const SITE_PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]+$/;
const MAX_SITE_PATH_LENGTH = 2048;

/** A path to show in a setting's message, by what the setting names; a thank-you page's for the rest. */
const SITE_PATH_EXAMPLES: Readonly<Record<string, string>> = { pageStylesheet: '/css/site.css', PAGE_STYLESHEET: '/css/site.css', formPage: '/contact/', FORM_PAGE: '/contact/' };

/**
 * A path of the site itself, where the service links or redirects a visitor (`/thanks/`,
 * `/css/site.css?v=2`): never another origin. Browsers resolve `//host/…` as another host, and
 * `/\host/…` too (a backslash is a slash in http(s) URLs), so the value starts with one slash
 * followed by neither; it holds no `//` anywhere and no backslash, only the characters of an
 * RFC 3986 path, query and fragment (no white space or control character), and well-formed
 * percent-escapes, none of them an encoded slash or backslash, which a server that decodes
 * before it redirects could turn into either.
 */
export function parseSitePath(key: string, value: string): string {
  const valid =
    value.length <= MAX_SITE_PATH_LENGTH &&
    SITE_PATH_CHARACTERS.test(value) &&
    value.startsWith('/') &&
    !value.includes('//') &&
    !/%(?![0-9A-Fa-f]{2})/.test(value) &&
    !/%(?:2f|5c)/i.test(value);
  if (!valid) {
    throw new ConfigError(
      `${key} must be a path of the site itself, such as ${SITE_PATH_EXAMPLES[key] ?? '/thanks/'}: one leading slash, no scheme or host, no // or backslash, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}
