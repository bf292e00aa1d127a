import type { ExtraField } from '../../lambdas/inquiry/extra-fields.js';
import {
  ConfigError,
  EXISTING_SITE_DOCUMENTS,
  NO_SITE_DOCUMENTS,
  parseOrigin,
  readAgentSettings,
  readCounterKeySecret,
  readCounterTableName,
  readDeliverySettings,
  readFormSuccessPath,
  readFormTokenSecret,
  readInquiryTableName,
  readPageStylesheet,
  readSiteSettings,
  readSpamSettings,
  otherFormPagesValue,
  parseExtraFields,
  siteDocumentsValue,
  type Env,
  type OtherFormPage,
  type SiteDocuments,
} from '../../lambdas/config.js';
import type { RateLimits } from '../../lambdas/inquiry/limits.js';
import { firstDeploymentKeys, newKeyValue } from '../../lambdas/deployment-keys/keys.js';
import { frontDoorRouting } from '../../lib/edge/front-door-function.js';
import { requireLinkFinds } from '../../lib/edge/front-door-request.js';
import { folderDocuments } from '../../lib/pages/agent-files.js';
import { parseSiteFolder, siteFiles, type SiteFiles } from '../../lib/pages/site-files.js';
import { existingSiteFormPage, findFormPage, formServicePages, otherContactPages, thankYouPage, type FormPage, type FormServicePage, type OtherContactPage, type SiteFolder, type SuccessPath } from '../../lib/settings/form-page.js';
import { previewsExistingSite, SITE_DIR } from '../../lib/settings/preview-settings.js';
import { exclusiveSitePages, readSiteOrigin } from '../../lib/settings/site-config.js';
import { LOCAL_COUNTER_TABLE, LOCAL_INQUIRY_TABLE } from '../local-tables.js';
import { LOCAL_DYNAMODB_PORT, localOrigins } from './local-origins.js';

/** What `npm start` needs beyond the Lambda functions' own settings. */
export interface LocalSettings {
  readonly port: number;
  readonly host: string;
  readonly sesPort: number;
  /** The DynamoDB endpoint the banner prints: the stand-in that plays the inquiry table's stream, in front of dynalite or the outside endpoint. */
  readonly dynamoPort: number;
  /** How often the worker sends the digest of held inquiries (docs/api.md §15): deployed, once a day. */
  readonly digestSeconds: number;
  /** Set when AWS_ENDPOINT_URL_DYNAMODB points at an outside DynamoDB: no emulator is started. */
  readonly dynamoEndpoint?: string;
  /** Set when AWS_ENDPOINT_URL_SESV2 points at an outside SES: no emulator is started. */
  readonly sesEndpoint?: string;
  /** SITE_DIR, absolute: the site's folder, served at the same origin as the deployed front door serves siteDir. */
  readonly siteDir?: string;
  /** Without SITE_DIR, the settings file's `siteOrigin`: the existing site whose pages the preview fetches, as the deployed front door does. */
  readonly siteOrigin?: string;
  /** The owner's form page (FORM_PAGE, or found in SITE_DIR), which the contact function reads afresh from SITE_DIR at each form post (site-file-copy.ts). */
  readonly formPage?: FormPage;
  /** With siteOrigin, the form page's path there (FORM_PAGE), which the contact function fetches from the site at each refused form post, as deployed. */
  readonly siteFormPage?: string;
  /** The owner's thank-you page: FORM_SUCCESS_PATH, or the one the form page's form names, as start-up read it. */
  readonly formSuccessPath?: SuccessPath;
  /** The other pages of SITE_DIR whose form posts to `/contact` (otherContactPages), each checked at start-up as the form page is. */
  readonly otherContactPages: readonly OtherContactPage[];
  /** Without a form page, the pages of SITE_DIR whose inquiry form posts to a form service elsewhere (formServicePages). */
  readonly formServicePages?: readonly FormServicePage[];
  /** The posts an hour the contact endpoint and the form allow (RATE_LIMIT_IP, RATE_LIMIT_EMAIL), as deployed unless set. */
  readonly limits: RateLimits;
  /** What SITE_DIR publishes that llms.txt links (SITE_DOCUMENTS), as start-up found it. */
  readonly siteDocuments: SiteDocuments;
}

/** Retry delays in units of 5 s rather than a minute, so that an outage can be watched in a minute (docs/api.md §14). */
export const LOCAL_RETRY_UNIT_SECONDS = 5;

/** A digest a minute: someone trying the spam signals out sees the digest without waiting a day. */
export const LOCAL_DIGEST_SECONDS = 60;

/** Local mode's example addresses, where neither the settings file nor a variable names one: mail only ever reaches the emulator. */
export const LOCAL_DEFAULTS = { CONTACT_TO: 'owner@example.com', CONTACT_FROM: 'contact@example.com' } as const;

/**
 * Made afresh at each start, as a deployment makes its own and in the same shape: the header the
 * local front door sends, apart from the counters' and the form tokens' keys, and the handlers
 * given only its digest. No key outlives the process.
 */
export const LOCAL_KEYS = firstDeploymentKeys(newKeyValue());

/** What readLocalSettings reads of the settings file beside the environment. */
type LocalFileSettings = { readonly domainName?: unknown; readonly baseUrl?: unknown; readonly siteDir?: unknown; readonly siteOrigin?: unknown };

/**
 * The form page and the thank-you page, as start-up reads and checks them (findFormPage,
 * thankYouPage), with the site's folder they were found in: what the form page's watch reads again.
 */
export function readLocalFormPage(env: Env, fileSettings: LocalFileSettings = {}): Pick<LocalSettings, 'formPage' | 'siteFormPage' | 'formSuccessPath'> & { readonly siteFolder?: SiteFolder } {
  const siteFolder = localSiteFolder(env, fileSettings);
  const setting = env.FORM_PAGE === '' ? undefined : env.FORM_PAGE;
  if (previewsExistingSite(env, fileSettings)) {
    const formSuccessPath = thankYouPage('FORM_SUCCESS_PATH', readFormSuccessPath(env), undefined);
    return {
      ...(setting === undefined ? {} : { siteFormPage: existingSiteFormPage('FORM_PAGE', setting) }),
      ...(formSuccessPath === undefined ? {} : { formSuccessPath }),
    };
  }
  const formPage = findFormPage('FORM_PAGE', setting, siteFolder === undefined ? { kind: 'none', setting: SITE_DIR } : { kind: 'folder', ...siteFolder });
  const formSuccessPath = thankYouPage('FORM_SUCCESS_PATH', readFormSuccessPath(env), formPage);
  return { ...(siteFolder === undefined ? {} : { siteFolder }), ...(formPage === undefined ? {} : { formPage }), ...(formSuccessPath === undefined ? {} : { formSuccessPath }) };
}

/** The site's folder (SITE_DIR) as start-up reads its pages, with the site's own origins the settings file names; none without one. */
export function localSiteFolder(env: Env, fileSettings: LocalFileSettings = {}): SiteFolder | undefined {
  if (fileSettings.siteDir !== undefined && fileSettings.siteOrigin !== undefined) throw exclusiveSitePages();
  const { siteDir } = optionalSiteDir(env);
  if (siteDir === undefined) return undefined;
  const extraFields = localExtraFields(env);
  const port = parsePort('PORT', env.PORT ?? '3000');
  // A page built for the preview names its files by one of the preview's own (a generator's base URL, `http://localhost:3000`).
  const preview = previewOrigins(parseOrigin('BASE_URL', localBaseUrl(env, port)), parseHost('HOST', env.HOST ?? '127.0.0.1'), port);
  return { folder: siteDir, setting: SITE_DIR, ownOrigins: [...new Set([...settingsFileOrigins(fileSettings), ...preview])], extraFields };
}

/** The owner's own fields (EXTRA_FIELDS), which a form page's form may post beside the inquiry's. */
export function localExtraFields(env: Env): ExtraField[] {
  return env.EXTRA_FIELDS ? parseExtraFields('EXTRA_FIELDS', env.EXTRA_FIELDS) : [];
}

/** The preview's own origins: `{base}`, and whatever this machine calls the server on its port. */
function previewOrigins(baseUrl: string, host: string, port: number): string[] {
  return [...new Set([baseUrl, ...localOrigins(host, port)])];
}

/**
 * The site's own origins that the settings file names, as synth takes them: `domainName`'s and
 * `baseUrl`. A deployment's alone, they tell the form page check the site's own names; a `baseUrl`
 * that is no origin stops start-up with synth's line.
 */
export function settingsFileOrigins({ domainName, baseUrl }: LocalFileSettings): string[] {
  return [
    ...(typeof domainName === 'string' && domainName !== '' ? [`https://${domainName}`] : []),
    ...(baseUrl === undefined || baseUrl === '' ? [] : [parseOrigin('baseUrl', String(baseUrl))]),
  ];
}

/**
 * The pages other than the form page whose form posts to `/contact`, as start-up would find them
 * now (otherContactPages, which throws its ConfigError for a page whose form misses): what the watch
 * of a page moving from a form service reads again.
 */
export function readLocalContactPages(env: Env, fileSettings: LocalFileSettings = {}): string[] {
  const { siteFolder, formPage } = readLocalFormPage(env, fileSettings);
  return siteFolder === undefined ? [] : otherContactPages(siteFolder, siteFiles(siteFolder.folder).files, formPage?.file).map(({ path }) => path);
}

/**
 * Reads and checks every setting of local mode; a bad one throws a ConfigError naming it.
 * `fileSettings` are the settings file's: its `domainName` and `baseUrl`, a deployment's alone, tell the form
 * page check the site's own names (a form written to post to `https://<domainName>/contact`); a file
 * with both `siteDir` and `siteOrigin` stops start-up as it stops synth, as the preview would show
 * pages the deploy refuses (a SITE_DIR of the environment beside the file's siteOrigin previews a
 * build of the site, which synth never reads).
 */
export function readLocalSettings(env: Env, fileSettings: LocalFileSettings = {}): LocalSettings {
  const { siteFolder, formPage, siteFormPage, formSuccessPath } = readLocalFormPage(env, fileSettings);
  const site = siteFolder === undefined ? undefined : { siteDir: siteFolder.folder, files: siteFiles(siteFolder.folder) };
  const others = siteFolder === undefined || site === undefined ? [] : otherContactPages(siteFolder, site.files.files, formPage?.file);
  const siteOrigin = previewsExistingSite(env, fileSettings) ? readSiteOrigin(fileSettings.siteOrigin) : undefined;
  const settings: Omit<LocalSettings, 'limits'> = {
    port: parsePort('PORT', env.PORT ?? '3000'),
    host: parseHost('HOST', env.HOST ?? '127.0.0.1'),
    sesPort: parsePort('SES_PORT', env.SES_PORT ?? '8005'),
    dynamoPort: parsePort('DYNAMODB_PORT', env.DYNAMODB_PORT ?? String(LOCAL_DYNAMODB_PORT)),
    digestSeconds: parseDigestSeconds('DIGEST_SECONDS', env.DIGEST_SECONDS ?? String(LOCAL_DIGEST_SECONDS)),
    ...optionalEndpoint('dynamoEndpoint', 'AWS_ENDPOINT_URL_DYNAMODB', env),
    ...optionalEndpoint('sesEndpoint', 'AWS_ENDPOINT_URL_SESV2', env),
    ...(site === undefined ? {} : { siteDir: site.siteDir }),
    ...(siteOrigin === undefined ? {} : { siteOrigin }),
    ...(formPage === undefined ? {} : { formPage }),
    ...(siteFormPage === undefined ? {} : { siteFormPage }),
    ...(formSuccessPath === undefined ? {} : { formSuccessPath }),
    otherContactPages: others,
    // What the banner names when no page posts to /contact at all.
    ...(siteFolder === undefined || site === undefined || formPage !== undefined || others.length > 0 ? {} : { formServicePages: formServicePages(siteFolder, site.files.files) }),
    siteDocuments: site !== undefined ? folderDocuments(site.files, readAgentSettings(env)) : siteOrigin !== undefined ? EXISTING_SITE_DOCUMENTS : NO_SITE_DOCUMENTS,
  };
  rejectCollidingPorts(settings);
  // The handlers read these at import too, but checking them here stops start-up before any
  // emulator starts.
  const functionEnv = functionEnvironment(env, settings);
  const { limits } = readSiteSettings(functionEnv);
  readCounterTableName(functionEnv);
  readCounterKeySecret(functionEnv);
  readFormTokenSecret(functionEnv);
  readInquiryTableName(functionEnv);
  readDeliverySettings(functionEnv);
  readSpamSettings(functionEnv);
  readAgentSettings(functionEnv);
  checkSitePaths(functionEnv, site);
  return { ...settings, limits };
}

/**
 * The owner's style sheet and thank-you page are paths of the site; with SITE_DIR, pages that it
 * serves, as synth checks them against siteDir. The folder must also fit the front door's function.
 */
function checkSitePaths(functionEnv: Env, site: { readonly siteDir: string; readonly files: SiteFiles } | undefined): void {
  if (site !== undefined) frontDoorRouting([...site.files.files.keys()], { setting: SITE_DIR });
  const links = [
    ['PAGE_STYLESHEET', readPageStylesheet(functionEnv)],
    ['FORM_SUCCESS_PATH', readFormSuccessPath(functionEnv)],
  ] as const;
  for (const [key, link] of links) {
    if (link !== undefined && site !== undefined) requireLinkFinds(key, link, { folder: site.siteDir, setting: SITE_DIR });
  }
}

/** `{base}` in local mode: BASE_URL as set, else the server's own address on localhost. */
export function localBaseUrl(env: Env, port: number): string {
  return env.BASE_URL ?? `http://localhost:${port}`;
}

/**
 * The environment the handlers read, as the stack would set it, with local defaults. The site's
 * own origins are `{base}` and whatever this machine calls the server (localhost, 127.0.0.1, [::1]
 * on its port, and the address it prints), so a form posted from a page opened at any of them is
 * no cross-site post; an ALLOWED_ORIGINS of the user's stands as it is. The form page is the one
 * start-up found, its file `formPageFile`, the copy local mode keeps of it (site-file-copy.ts), and
 * so the other contact pages it answers in (`otherFormPages`, with their copies), the thank-you page the one start-up read (FORM_SUCCESS_PATH, or the form page's), what llms.txt
 * links of the site what start-up found, and the owner's llms.txt `ownLlmsTxtFile`, local mode's
 * copy of it, whatever the environment says.
 */
export function functionEnvironment(
  env: Env,
  {
    host,
    port,
    formPage,
    formPageFile,
    siteOrigin,
    siteFormPage,
    otherFormPages = [],
    formSuccessPath,
    ownLlmsTxtFile,
    siteDocuments = NO_SITE_DOCUMENTS,
  }: Pick<LocalSettings, 'host' | 'port' | 'formPage' | 'formSuccessPath'> &
    Partial<Pick<LocalSettings, 'siteDocuments' | 'siteOrigin' | 'siteFormPage'>> & { readonly formPageFile?: string; readonly otherFormPages?: readonly OtherFormPage[]; readonly ownLlmsTxtFile?: string },
): Record<string, string | undefined> {
  const baseUrl = localBaseUrl(env, port);
  return {
    ...env,
    CONTACT_TO: env.CONTACT_TO ?? LOCAL_DEFAULTS.CONTACT_TO,
    CONTACT_FROM: env.CONTACT_FROM ?? LOCAL_DEFAULTS.CONTACT_FROM,
    BASE_URL: baseUrl,
    ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? previewOrigins(baseUrl, host, port).join(','),
    COUNTER_TABLE: env.COUNTER_TABLE ?? LOCAL_COUNTER_TABLE,
    COUNTER_KEY_SECRET: env.COUNTER_KEY_SECRET ?? LOCAL_KEYS.counterKey,
    FORM_TOKEN_SECRET: env.FORM_TOKEN_SECRET ?? LOCAL_KEYS.formTokenKey,
    INQUIRY_TABLE: env.INQUIRY_TABLE ?? LOCAL_INQUIRY_TABLE,
    DELIVERY_RETRY_SECONDS: env.DELIVERY_RETRY_SECONDS ?? String(LOCAL_RETRY_UNIT_SECONDS),
    FORM_PAGE: formPage?.path ?? siteFormPage ?? '',
    FORM_PAGE_FILE: formPage === undefined ? '' : (formPageFile ?? ''),
    FORM_PAGE_ORIGIN: siteFormPage === undefined ? '' : (siteOrigin ?? ''),
    OTHER_FORM_PAGES: otherFormPagesValue(otherFormPages),
    FORM_SUCCESS_PATH: formSuccessPath?.path ?? '',
    SITE_DOCUMENTS: siteDocumentsValue(siteDocuments),
    OWN_LLMS_TXT_FILE: ownLlmsTxtFile ?? '',
  };
}

/**
 * Each server of local mode needs a port of its own, unless it asks for any free one (0): the API,
 * the SES emulator (none with an outside SES endpoint), and the DynamoDB endpoint, which listens in
 * front of an outside DynamoDB too.
 */
function rejectCollidingPorts({ port, sesPort, dynamoPort, sesEndpoint }: Pick<LocalSettings, 'port' | 'sesPort' | 'dynamoPort' | 'sesEndpoint'>): void {
  const servers = [
    { setting: 'PORT', server: 'the API', port },
    ...(sesEndpoint === undefined ? [{ setting: 'SES_PORT', server: 'the SES emulator', port: sesPort }] : []),
    { setting: 'DYNAMODB_PORT', server: 'the DynamoDB endpoint', port: dynamoPort },
  ];
  for (const [index, first] of servers.entries()) {
    const second = servers.slice(index + 1).find((other) => other.port !== 0 && other.port === first.port);
    if (second !== undefined) {
      throw new ConfigError(`${first.setting} and ${second.setting} are both ${first.port}: they collide, since ${first.server} and ${second.server} each need a port`);
    }
  }
}

function parsePort(key: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`${key} must be a port number from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

function parseDigestSeconds(key: string, value: string): number {
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || seconds < 1 || seconds > 86_400) {
    throw new ConfigError(`${key} must be a whole number of seconds from 1 to 86400, got ${JSON.stringify(value)}`);
  }
  return seconds;
}

function parseHost(key: string, value: string): string {
  if (!/^[A-Za-z0-9.:-]+$/.test(value)) {
    throw new ConfigError(`${key} must be a host name or IP address, got ${JSON.stringify(value)}`);
  }
  return value;
}

function optionalSiteDir(env: Env): Pick<LocalSettings, 'siteDir'> {
  const value = env[SITE_DIR];
  return value === undefined || value === '' ? {} : { siteDir: parseSiteFolder(SITE_DIR, value) };
}

function optionalEndpoint<K extends string>(name: K, key: string, env: Env): Partial<Record<K, string>> {
  const value = env[key];
  if (value === undefined || value === '') return {};
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new ConfigError(`${key} must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return { [name]: value } as Partial<Record<K, string>>;
}
