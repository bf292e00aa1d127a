import { CONTACT_LAZY_MODULES } from '../lambdas/contact/lazy-modules.js';
import { CONTACT_TIMEOUT_SECONDS } from '../lambdas/contact/time-budget.js';
import type { HandlerName } from '../lambdas/routes.js';

/**
 * What one handler's function is given: the settings it reads, its memory and its timeout. The
 * stack deploys it, and the local server plays the same memory and timeout.
 */
export interface FunctionProfile {
  /** Reads the site settings (readSiteSettings): BASE_URL, SITE_NAME, ALLOWED_ORIGINS, RATE_LIMIT_*. */
  readonly readsSiteSettings: boolean;
  /** Counts requests and sends mail: CONTACT_TO, CONTACT_FROM, the tables, the counter keys' secret, the configuration set, and the grants to match. */
  readonly handlesInquiries: boolean;
  readonly memorySize: number;
  readonly timeoutSeconds: number;
  /**
   * Modules of the handler's folder that it imports only when a request needs them (by a
   * computed specifier, `./<name>.js`): each is bundled apart, beside the handler's bundle, so
   * that a cold start parses none of it.
   */
  readonly lazyModules: readonly string[];
}

/**
 * A public document (the schema, the discovery documents, llms.txt) only formats settings:
 * 256 MB starts such a bundle quickly and costs little.
 */
const DOCUMENT: FunctionProfile = {
  readsSiteSettings: true,
  handlesInquiries: false,
  memorySize: 256,
  // Building a page or a document takes milliseconds: no I/O to wait on.
  timeoutSeconds: 5,
  lazyModules: [],
};

/** A handler whose answers need nothing from the settings. */
const NO_SETTINGS: FunctionProfile = { ...DOCUMENT, readsSiteSettings: false };

/** A handler that takes inquiries: counts them in DynamoDB and delivers them through SES. */
const INQUIRIES: FunctionProfile = {
  readsSiteSettings: true,
  handlesInquiries: true,
  // More memory is more CPU: the SDK clients load faster on a cold start.
  memorySize: 512,
  // Derived from the SDK clients' own budget, so a slow dependency ends in the handler's 503.
  timeoutSeconds: CONTACT_TIMEOUT_SECONDS,
  // Powertools' Idempotency, about a fifth of the bundle, and the form's pages.
  lazyModules: Object.values(CONTACT_LAZY_MODULES),
};

/**
 * Every handler's profile. test/unit/infra/function-environment.test.ts imports every
 * handler with exactly the environment the stack gives it, and fails when the two disagree.
 */
const PROFILES: Readonly<Record<HandlerName, FunctionProfile>> = {
  schema: DOCUMENT,
  page: DOCUMENT,
  discovery: DOCUMENT,
  contact: INQUIRIES,
  // Refusals of the reserved routes are fixed texts.
  agent: NO_SETTINGS,
  // 404 and 405 need nothing but the route table.
  fallback: NO_SETTINGS,
};

/** The environment variables behind each kind of setting (lambdas/config.ts reads them). */
export const SITE_SETTING_KEYS = ['BASE_URL', 'SITE_NAME', 'ALLOWED_ORIGINS', 'RATE_LIMIT_IP', 'RATE_LIMIT_EMAIL'] as const;
export const INQUIRY_SETTING_KEYS = [
  'CONTACT_TO',
  'CONTACT_FROM',
  'COUNTER_TABLE',
  'COUNTER_KEY_SECRET',
  'IDEMPOTENCY_TABLE',
  'SES_CONFIGURATION_SET',
] as const;
/** Given to every function (lambdas/http/origin-verify.ts reads it). */
export const FRONT_DOOR_SETTING_KEYS = ['ORIGIN_VERIFY_SECRET'] as const;

export function functionProfile(handlerName: HandlerName): FunctionProfile {
  return PROFILES[handlerName];
}
