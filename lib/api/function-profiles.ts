import { RESERVED_MAX_BODY_BYTES } from '../../lambdas/agent/registration-service.js';
import { CONTACT_LAZY_MODULES } from '../../lambdas/contact/lazy-modules.js';
import { CONTACT_TIMEOUT_SECONDS } from '../../lambdas/contact/time-budget.js';
import { DELIVERY_TIMEOUT_SECONDS } from '../../lambdas/delivery/time-budget.js';
import { MCP_LAZY_MODULES } from '../../lambdas/mcp/lazy-modules.js';
import { MCP_MAX_BODY_BYTES } from '../../lambdas/mcp/mcp-request.js';
import { MCP_TIMEOUT_SECONDS } from '../../lambdas/mcp/time-budget.js';
import { MAX_BODY_BYTES } from '../../lambdas/inquiry/answer-details.js';
import type { FunctionName } from '../../lambdas/routes.js';

/**
 * The environment variables of each group of settings (lambdas/config.ts and
 * lambdas/http/origin-verify.ts read them): a function is given exactly the groups it reads, so
 * that each of the deployment's keys reaches only the functions that use it (docs/api.md §10).
 */
export const SETTING_GROUPS = {
  /** What the functions hold of the front door's header (its digests): every function behind the API refuses what did not come through it. */
  frontDoor: ['ORIGIN_VERIFY_DIGESTS'],
  /** Which parts for agents are on (readAgentSettings, docs/api.md §16): the discovery function serves the skills index. */
  agents: ['AGENT_SKILLS'],
  /** What the site's own pages publish, which llms.txt links (readSiteDocuments). */
  siteDocuments: ['SITE_DOCUMENTS'],
  /** The owner's own llms.txt, in the discovery function's bundle (readOwnLlmsTxtFile). */
  ownLlmsTxtFile: ['OWN_LLMS_TXT_FILE'],
  /** The site's identity, published limits and the owner's own fields (readSiteSettings). */
  site: ['BASE_URL', 'SITE_NAME', 'ALLOWED_ORIGINS', 'RATE_LIMIT_IP', 'RATE_LIMIT_EMAIL', 'EXTRA_FIELDS'],
  /** The owner's style sheet, which the service's pages link (readPageStylesheet). */
  pages: ['PAGE_STYLESHEET'],
  /** The owner's thank-you page, where a delivered form post goes (readFormSuccessPath). */
  formPost: ['FORM_SUCCESS_PATH'],
  /** The owner's form page, where `GET /contact` leads and refused posts are answered (readFormPage). */
  formPage: ['FORM_PAGE'],
  /** The files of the form page's HTML and the other contact pages', in the function's own bundle, or the existing site the form page is fetched from (readOwnerFormPage, readOtherFormPages; lib/settings/contact-pages.ts). */
  formPageSource: ['FORM_PAGE_FILE', 'FORM_PAGE_ORIGIN', 'OTHER_FORM_PAGES'],
  /** The rate limits' counters and the key their keys are HMACs under. */
  counters: ['COUNTER_TABLE', 'COUNTER_KEY_SECRET'],
  /** The table of accepted inquiries (and remembered answers to Idempotency-Key). */
  inquiries: ['INQUIRY_TABLE'],
  /** The spam signals computed at acceptance (readSpamSettings, docs/api.md §15). */
  spam: ['SPAM_REPEAT_LIMIT', 'SPAM_LINK_LIMIT', 'FORM_MIN_SECONDS'],
  /** The deployment's key the form's tokens are signed with (docs/api.md §15): a value of its own. */
  formTokens: ['FORM_TOKEN_SECRET'],
  /** The flood signal: the most mails an hour, counted beside the rate limits' counters. */
  flood: ['MAX_MAILS_PER_HOUR', 'COUNTER_TABLE'],
  /** The mail, and how a delivery is retried and kept (readDeliverySettings). */
  delivery: ['CONTACT_TO', 'CONTACT_FROM', 'SITE_NAME', 'SES_CONFIGURATION_SET', 'DELIVERY_RETRY_SECONDS', 'RETENTION_DAYS', 'MAIL_TIME_ZONE', 'MAIL_LANGUAGE', 'MAIL_SUBJECT'],
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;
export type SettingKey = (typeof SETTING_GROUPS)[SettingGroup][number];

/**
 * What one function is given: the settings it reads, its memory and its timeout. The stack deploys
 * it, and the local server plays the same memory, timeout and body limit.
 */
export interface FunctionProfile {
  readonly settings: readonly SettingGroup[];
  readonly memorySize: number;
  readonly timeoutSeconds: number;
  /**
   * Modules of the handler's folder that it imports only when a request needs them (by a
   * computed specifier, `./<name>.js`): each is bundled apart, beside the handler's bundle, so
   * that a cold start parses none of it.
   */
  readonly lazyModules: readonly string[];
  /**
   * The largest request body the function reads: past it, it refuses the request with 413
   * without parsing it (docs/api.md §1, "Request bodies"). None: whatever Lambda's invocation holds.
   */
  readonly maxBodyBytes?: number;
}

/**
 * A public document (the schema, the discovery documents, llms.txt) only formats settings:
 * 256 MB starts such a bundle quickly and costs little.
 */
const DOCUMENT: FunctionProfile = {
  settings: ['frontDoor', 'site'],
  memorySize: 256,
  // Building a page or a document takes milliseconds: no I/O to wait on.
  timeoutSeconds: 5,
  lazyModules: [],
};

/** The discovery documents, llms.txt with the site's own pages, and the Agent Skills index unless it is turned off. */
const DISCOVERY: FunctionProfile = { ...DOCUMENT, settings: ['frontDoor', 'site', 'agents', 'siteDocuments', 'ownLlmsTxtFile'] };

/** A handler whose answers need nothing from the settings. */
const NO_SETTINGS: FunctionProfile = { ...DOCUMENT, settings: ['frontDoor'] };

/** The reserved routes: fixed refusals, and bodies of a registration's size at most (docs/api.md §5). */
const RESERVED: FunctionProfile = { ...NO_SETTINGS, maxBodyBytes: RESERVED_MAX_BODY_BYTES };

/**
 * The contact page and its assets: a document in the owner's style; the form is rendered per
 * request, with a token signed under the form tokens' key, or is the owner's own form page,
 * which it leads to, as its confirmation leads to the owner's thank-you page.
 */
const PAGE: FunctionProfile = { ...DOCUMENT, settings: ['frontDoor', 'site', 'pages', 'formTokens', 'formPage', 'formPost'] };

/** The function that takes inquiries: counts them and stores them, for the worker to deliver. */
const INQUIRIES: FunctionProfile = {
  settings: ['frontDoor', 'site', 'pages', 'formPost', 'formPage', 'formPageSource', 'counters', 'formTokens', 'inquiries', 'spam'],
  // More memory is more CPU: the SDK clients load faster on a cold start.
  memorySize: 512,
  // Derived from the SDK clients' own budget, so a slow dependency ends in the handler's 503.
  timeoutSeconds: CONTACT_TIMEOUT_SECONDS,
  // Powertools' Idempotency, about a fifth of the bundle, the form's pages, the HTML parser that
  // fills in the owner's form page, and the list of disposable-mail domains.
  lazyModules: Object.values(CONTACT_LAZY_MODULES),
  maxBodyBytes: MAX_BODY_BYTES,
};

/**
 * The MCP server (docs/api.md §17): the same intake as the contact function, its counters, spam
 * signals and inbox, with neither the form's settings nor the form tokens' key.
 */
const MCP: FunctionProfile = {
  settings: ['frontDoor', 'site', 'counters', 'inquiries', 'spam'],
  memorySize: 512,
  timeoutSeconds: MCP_TIMEOUT_SECONDS,
  lazyModules: Object.values(MCP_LAZY_MODULES),
  maxBodyBytes: MCP_MAX_BODY_BYTES,
};

/** The delivery worker: nobody waits on its cold start, and SES is the slow part. */
const DELIVERY: FunctionProfile = {
  settings: ['inquiries', 'delivery', 'flood'],
  memorySize: 256,
  timeoutSeconds: DELIVERY_TIMEOUT_SECONDS,
  lazyModules: [],
};

/**
 * Every function's profile. test/unit/infra/api/function-environment.test.ts imports every
 * handler with exactly the environment the stack gives it, and fails when the two disagree.
 */
const PROFILES: Readonly<Record<FunctionName, FunctionProfile>> = {
  schema: DOCUMENT,
  page: PAGE,
  discovery: DISCOVERY,
  contact: INQUIRIES,
  mcp: MCP,
  // Refusals of the reserved routes are fixed texts.
  agent: RESERVED,
  // 404 and 405 need nothing but the route table.
  fallback: NO_SETTINGS,
  delivery: DELIVERY,
};

export function functionProfile(name: FunctionName): FunctionProfile {
  return PROFILES[name];
}

/** The environment variables a profile's setting groups name, each once. */
export function settingKeys(profile: FunctionProfile): readonly SettingKey[] {
  return [...new Set(profile.settings.flatMap((group) => SETTING_GROUPS[group]))];
}
