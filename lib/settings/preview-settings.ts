import { AGENT_SETTING_VARIABLES, ConfigError, type Env } from '../../lambdas/config.js';
import type { SettingsFile } from './settings-file.js';
import { rejectUnknownKeys } from './site-config.js';

/** The setting that names the site's folder, in its messages. */
export const SITE_DIR = 'SITE_DIR';

/**
 * The settings file's keys that `npm start` shares with a deployment, by the variable each sets:
 * what the pages visitors (and agents) see are made of, the rate limits they meet, what holds an
 * inquiry as suspected spam and how long its text is kept, and the addresses the mail goes to and
 * from, so that the preview is the deployment's without repeating them (its mail stays in the
 * emulator all the same). The others (the domain, the plan) are a deployment's alone.
 */
export const SHARED_SETTINGS = {
  siteDir: SITE_DIR,
  siteName: 'SITE_NAME',
  formPage: 'FORM_PAGE',
  formSuccessPath: 'FORM_SUCCESS_PATH',
  pageStylesheet: 'PAGE_STYLESHEET',
  robotsTxt: AGENT_SETTING_VARIABLES.robotsTxt,
  sitemap: AGENT_SETTING_VARIABLES.sitemap,
  linkHeaders: AGENT_SETTING_VARIABLES.linkHeaders,
  markdownPages: AGENT_SETTING_VARIABLES.markdown,
  agentSkills: AGENT_SETTING_VARIABLES.agentSkills,
  contentSignals: 'CONTENT_SIGNALS',
  rateLimitIp: 'RATE_LIMIT_IP',
  rateLimitEmail: 'RATE_LIMIT_EMAIL',
  maxMailsPerHour: 'MAX_MAILS_PER_HOUR',
  spamRepeatLimit: 'SPAM_REPEAT_LIMIT',
  spamLinkLimit: 'SPAM_LINK_LIMIT',
  formMinSeconds: 'FORM_MIN_SECONDS',
  retentionDays: 'RETENTION_DAYS',
  timeZone: 'MAIL_TIME_ZONE',
  mailLanguage: 'MAIL_LANGUAGE',
  mailSubject: 'MAIL_SUBJECT',
  extraFields: 'EXTRA_FIELDS',
  ownerEmail: 'CONTACT_TO',
  senderEmail: 'CONTACT_FROM',
} as const;

/**
 * The variables the settings file sets for local mode: each shared key it holds whose variable
 * the environment does not set (a variable that is set wins, an empty one too, which turns a
 * setting off). Its keys are checked as synth checks them, so a misspelling stops start-up too.
 */
export function settingsFileVariables(env: Env, file: Pick<SettingsFile, 'path' | 'settings'>): { readonly variables: Record<string, string>; readonly keys: string[] } {
  rejectUnknownKeys(Object.keys(file.settings), file.path);
  const shared = Object.entries(SHARED_SETTINGS).filter(([key, variable]) => file.settings[key] !== undefined && env[variable] === undefined);
  const variables = Object.fromEntries(
    shared.map(([key, variable]) => {
      const value = file.settings[key];
      // The one setting whose value is an object: its variable holds it as JSON, as synth's `-c` does.
      if (key === 'extraFields' && typeof value === 'object' && value !== null) return [variable, JSON.stringify(value)];
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new ConfigError(`${key} in ${file.path} must be a string, got ${JSON.stringify(value)}`);
      }
      return [variable, String(value)];
    }),
  );
  return { variables, keys: shared.map(([key]) => key) };
}

/**
 * A setting's message in the words the owner would write it in: the variable of each key the
 * settings file gave (`CONTACT_TO must be…`), or that nothing set (`found with no FORM_PAGE`), named
 * by its key instead (`ownerEmail must be…`, `found with no formPage`); only a variable the owner
 * set in the environment keeps its name.
 */
export function inSettingsFileWords(message: string, fileKeys: readonly string[], env: Env): string {
  return Object.entries(SHARED_SETTINGS)
    .filter(([key, variable]) => fileKeys.includes(key) || env[variable] === undefined)
    .reduce((words, [key, variable]) => words.replace(new RegExp(`\\b${variable}\\b`, 'g'), key), message);
}

/** Whether the preview's pages are the settings file's existing site (`siteOrigin`): set there, and no SITE_DIR of the environment previews a build of it instead. */
export function previewsExistingSite(env: Env, fileSettings: { readonly siteOrigin?: unknown }): boolean {
  return fileSettings.siteOrigin !== undefined && (env[SITE_DIR] ?? '') === '';
}
