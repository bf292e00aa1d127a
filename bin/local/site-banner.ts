import { relative } from 'node:path';
import { DEFAULT_SITE_NAME, readPageStylesheet, type Env } from '../../lambdas/config.js';
import { SUCCESS_PATH_ATTRIBUTE } from '../../lambdas/html/owner-markup.js';
import { FLAT_FORM_PAGE, PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { terminalText } from '../../lambdas/inbox/visitor-text.js';
import type { RateLimits } from '../../lambdas/inquiry/limits.js';
import { freeMailSenderNote } from '../../lib/mail/free-mail.js';
import { builtFolderInside, few, printable } from '../../lib/pages/site-files.js';
import { FORM_SERVICES_GUIDE, FOUND_FORM_PAGE, formPageCandidate, formPageLine, namedByFormPage, otherContactLines, siteOriginFormLines, thankYouIndexNote, unconvertedFormPageNote, type FormServicePage } from '../../lib/settings/form-page.js';
import { isCdkKey, SETTINGS_EXAMPLE_FILE, SETTINGS_FILE, type SettingsFile } from '../../lib/settings/settings-file.js';
import { SHARED_SETTINGS } from '../../lib/settings/preview-settings.js';
import { LOCAL_DEFAULTS, type LocalSettings } from './settings.js';
import { mailLanguageNamed } from '../../lambdas/mail-words/mail-language.js';

/** Where a shared setting that is set came from: the settings file's key (`fileKeys`), else its variable. */
export function settingSource(key: keyof typeof SHARED_SETTINGS, fileKeys: readonly string[]): string {
  return fileKeys.includes(key) ? key : SHARED_SETTINGS[key];
}

/**
 * The `Settings` line: the file and the keys of it the preview read, or, with no file at all, how
 * to make one (the banner's placeholders say which settings it lacks); none for a file that holds
 * only what a deployment reads.
 */
export function settingsBannerLine(file: Pick<SettingsFile, 'path' | 'exists' | 'settings'>, fileKeys: readonly string[]): string | undefined {
  if (!file.exists) return `Settings   none: no ${terminalText(file.path)}  (cp ${SETTINGS_EXAMPLE_FILE} ${SETTINGS_FILE}, then set your name, addresses and siteDir in it)`;
  // What the preview has no part in (a domain, its certificate, the plan): read, and left to the deploy.
  // siteOrigin has no variable: the preview fetches its pages unless SITE_DIR is set.
  const siteOrigin = file.settings.siteOrigin !== undefined;
  const deployed = Object.keys(file.settings).filter((key) => !Object.hasOwn(SHARED_SETTINGS, key) && !isCdkKey(key) && key !== 'siteOrigin');
  const parts = [
    ...(fileKeys.length === 0 ? [] : [`${fileKeys.join(', ')}  (an environment variable that is set wins)`]),
    ...(siteOrigin ? ['siteOrigin  (a SITE_DIR, when set, previews a build instead)'] : []),
    ...(deployed.length === 0 ? [] : [`the deploy's alone: ${deployed.map(terminalText).join(', ')}`]),
  ];
  return parts.length === 0 ? undefined : `Settings   ${terminalText(file.path)}: ${parts.join('; ')}`;
}

/**
 * The `Site` line of a settings file whose pages come from an existing site (`siteOrigin`), which
 * the preview fetches them from as the deployment's front door does. None for any other.
 */
export function siteOriginBannerLine(siteOrigin: string | undefined): string | undefined {
  if (siteOrigin === undefined) return undefined;
  return `Site       ${terminalText(siteOrigin)}  (siteOrigin: every path but ${PAGE_PATHS.form} and the service's fetched from it, as the deployed front door fetches them; a SITE_DIR of a build of your site previews it offline)`;
}

/**
 * The line under a SITE_DIR previewed beside the settings file's `siteOrigin`: what a refused post
 * made without JavaScript comes back in when deployed, which differs from the preview's: the
 * form page `formPage` names, as the site serves it then, or the service's own with none. None
 * without a siteOrigin.
 */
export function siteOriginBesideSiteDirLine(siteOrigin: unknown, formPage: unknown): string | undefined {
  if (typeof siteOrigin !== 'string' || siteOrigin === '') return undefined;
  const origin = terminalText(siteOrigin);
  if (typeof formPage === 'string' && formPage !== '') {
    return `Deployed   from ${origin} (siteOrigin): there a refused post made without JavaScript comes back in your formPage as ${origin} serves it then, not as this folder has it`;
  }
  return `Deployed   from ${origin} (siteOrigin), with no formPage: there a refused post made without JavaScript comes back in the service's page, in English, not in your form page as here; "formPage": "${FOUND_FORM_PAGE}" (your page's path) in your settings file makes it yours there too`;
}

/**
 * What `npm start` picked up for the pages visitors see (docs/api.md §7), each with where it came
 * from (the settings file's key among `fileKeys`, or the variable): the site's name, the form page
 * (with an existing site's, what start-up found fetching it, `siteFormPageChecked`), the thank-you
 * page and the style sheet.
 */
export function siteBannerLines(
  env: Env,
  settings: Pick<LocalSettings, 'siteDir' | 'siteOrigin' | 'formPage' | 'siteFormPage' | 'formSuccessPath' | 'otherContactPages' | 'formServicePages'>,
  fileKeys: readonly string[],
  siteFormPageChecked?: string,
): string[] {
  const successPath = settings.formSuccessPath;
  const named =
    successPath?.source === 'form page' && settings.formPage !== undefined ? namedByFormPage(settings.formPage) : settingSource('formSuccessPath', fileKeys);
  const stylesheet = readPageStylesheet(env);
  const noFormPage = () => {
    if (settings.siteDir === undefined) return 'no formPage, and no siteDir to find one in';
    const siteDir = settingSource('siteDir', fileKeys);
    const candidate = formPageCandidate({ folder: settings.siteDir, setting: 'SITE_DIR' });
    const missing = candidate === undefined ? `${siteDir} has no ${FOUND_FORM_PAGE} or ${FLAT_FORM_PAGE} whose form posts to ${PAGE_PATHS.form}` : unconvertedFormPageNote(candidate, siteDir);
    return `no formPage, and ${missing}${elsewhere(settings.siteDir, settings.otherContactPages.map(({ path }) => path)) || toFormService(settings.formServicePages ?? [])}`;
  };
  // An existing site's pages are fetched, never read: what synth says of them.
  const formPageLines =
    settings.siteOrigin !== undefined
      ? siteOriginFormLines(new URL(settings.siteOrigin).hostname, settings.siteFormPage, stylesheet, successPath?.path).toSpliced(1, 0, ...(siteFormPageChecked === undefined ? [] : [siteFormPageChecked]))
      : [
          `Form page  ${settings.formPage === undefined ? `${PAGE_PATHS.form}, the service's own  (${noFormPage()})` : formPageLine(settings.formPage, settings.formPage.source === 'found' ? 'formPage' : settingSource('formPage', fileKeys))}`,
          `Thank-you  ${successPath === undefined ? `${PAGE_PATHS.sent}, the service's own  (${SUCCESS_PATH_ATTRIBUTE} on your form, or formSuccessPath, names yours)` : `${successPath.path}  (${named}${thankYouIndexNote(successPath.path, settings.siteDir, 'SITE_DIR')})`}`,
        ];
  return [
    `Site name  ${env.SITE_NAME ? `${env.SITE_NAME}  (${settingSource('siteName', fileKeys)})` : `${DEFAULT_SITE_NAME}  (the default; siteName in your settings file names yours)`}`,
    ...formPageLines,
    // Without a form page, the Form page line names them, as what formPage could name.
    ...(settings.formPage === undefined || settings.otherContactPages.length === 0 ? [] : otherContactLines(settings.otherContactPages, settings.formPage, successPath)),
    `Style      ${stylesheet === undefined ? noStylesheet(settings.formPage !== undefined || settings.siteFormPage !== undefined, successPath !== undefined, settings.siteFormPage !== undefined) : `${stylesheet}  (${settingSource('pageStylesheet', fileKeys)})`}`,
  ];
}

/** Where else the folder holds a form posting to `/contact` (otherContactPages), which formPage could name. */
function elsewhere(siteDir: string, pages: readonly string[]): string {
  const [first, ...others] = pages;
  if (first === undefined) return '';
  const holding = `; ${[first, ...others].map(printable).join(', ')} ${others.length === 0 ? 'has' : 'have'} one`;
  // A page in the generator's built folder inside it: the folder, not formPage, is what to change.
  const built = builtFolderInside(siteDir);
  if (built !== undefined && first.startsWith(`/${relative(siteDir, built)}/`)) return `${holding}, in ${printable(built)}, which holds your home page: name that folder as siteDir`;
  const choice = others.length === 0 ? '' : ` (or name another: each of the others answers the posts sent from it, ${PAGE_PATHS.form} leads to the one named)`;
  return `${holding}: "formPage": ${printable(JSON.stringify(first))} in your settings file makes it your form page${choice}`;
}

/** The pages whose inquiry form posts to a form service elsewhere (formServicePages): what to point at `/contact` to use the service's way. */
function toFormService(pages: readonly FormServicePage[]): string {
  const [first] = pages;
  if (first === undefined) return '';
  const hosts = [...new Set(pages.map(({ host }) => printable(host)))].join(', ');
  const posting = pages.length === 1 ? `${printable(first.path)}'s form posts` : `the forms of ${few(pages.map(({ path }) => path))} post`;
  const each = pages.length === 1 ? 'its' : 'each one\'s';
  return `; ${posting} to ${hosts}: ${each} action="${PAGE_PATHS.form}" sends the inquiry here instead (${FORM_SERVICES_GUIDE}: what each of its fields becomes), and this line then says what else it needs`;
}

/** The Style line without pageStylesheet: which of the service's pages visitors still see in its own style, if any. */
function noStylesheet(ownFormPage: boolean, ownThankYouPage: boolean, fetched: boolean): string {
  if (ownFormPage && ownThankYouPage) {
    return `none, and hardly needed: visitors see your form and thank-you pages; the service's own page only for a post it cannot read${fetched ? ', or while your host cannot give your contact page' : ''}`;
  }
  const shown = [...(ownFormPage ? [] : ['form']), ...(ownThankYouPage ? [] : ['thank-you page'])].join(' and ');
  return `none: the service's ${shown} in its own style  (pageStylesheet in your settings file names yours)`;
}

/** The limits a tester sets to post more than a visitor may (the largest limit takes 10 000). */
const TESTING_LIMIT = 100;

/** What a tester runs to post more than a visitor may. */
const TESTING_LIMITS = `RATE_LIMIT_IP=${TESTING_LIMIT} RATE_LIMIT_EMAIL=${TESTING_LIMIT} npm start`;

/**
 * The `Limits` line (docs/api.md §4, §7): how many posts an hour the preview allows from one
 * address (invalid ones included) and for one e-mail address, each with where it came from (the
 * settings file's key, the variable, or the default), and how to raise them for testing. Unless a
 * variable raised them they are a deployment's with the same settings file: the preview shows
 * what visitors get.
 */
export function limitsBannerLine(env: Env, limits: Pick<RateLimits, 'ip' | 'email'>, fileKeys: readonly string[]): string {
  const source = (key: 'rateLimitIp' | 'rateLimitEmail') =>
    fileKeys.includes(key) || env[SHARED_SETTINGS[key]] !== undefined ? settingSource(key, fileKeys) : 'the default';
  const sources = { ip: source('rateLimitIp'), email: source('rateLimitEmail') };
  const setHere = Object.values(sources).some((from) => from.startsWith('RATE_LIMIT_'));
  return [
    `Limits     ${limits.ip} post${limits.ip === 1 ? '' : 's'} an hour from one address, invalid ones included (${sources.ip}), ${limits.email} an hour for one e-mail address (${sources.email})`,
    setHere ? ': set for this preview alone (a deployment reads rateLimitIp and rateLimitEmail)' : `, as deployed; to test more: ${TESTING_LIMITS}`,
  ].join('');
}

/**
 * The line said once, at the preview's first post answered 429: the banner's `Limits` line, which
 * said how to raise the limits, is long off the screen by then.
 */
export function limitSpentLine(limits: Pick<RateLimits, 'ip' | 'email'>): string {
  const spent = `Limits     a post was answered 429 Too Many Requests: this hour's ${limits.ip} post${limits.ip === 1 ? '' : 's'} from one address, or ${limits.email} for one e-mail address, are spent, as a visitor's would be`;
  // Limits raised for testing already are the owner's choice: nothing to advise.
  return Math.min(limits.ip, limits.email) >= TESTING_LIMIT ? spent : `${spent}; to test more, stop npm start (Ctrl-C) and start it as ${TESTING_LIMITS}`;
}

/**
 * The `Digest` line: how often the preview sends the digest of held inquiries, and, while repeated
 * text is held (spamRepeatLimit), that an owner's test posts of one text are held past it: a
 * surprise otherwise, as the first posts were mailed one by one.
 */
export function digestBannerLine(digestSeconds: number, repeatLimit: number): string {
  const repeated = repeatLimit === 0 ? '' : `; one text sent more than ${repeatLimit === 1 ? 'once' : `${repeatLimit} times`} in a UTC day is held too: vary your test posts`;
  // Each run logs its line, as deployed: one a minute here, where nothing held is the usual outcome.
  return `Digest     every ${digestSeconds} s, when an inquiry is held as suspected spam (DIGEST_SECONDS; deployed, once a day; each run logs a digest line, "outcome":"empty" while none is)${repeated}`;
}

/** A language's name in English, as the terminal speaks: Italian for `it`, Brazilian Portuguese for `pt-BR`. */
const ENGLISH_LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * The `Mail` line: whom the preview's mail is to and from (ownerEmail, senderEmail, or their
 * variables), or that they are placeholders until the settings file names them, and in which
 * language when mailLanguage names one; with the
 * emulator, that the mail goes no further than its mailbox; and, under it, what a free-mail sender
 * would mean once deployed, while the preview still works with one.
 */
export function mailBannerLine(env: Env, fileKeys: readonly string[], emulated: boolean): string {
  const address = (key: 'ownerEmail' | 'senderEmail') => {
    const variable = SHARED_SETTINGS[key];
    const value = env[variable];
    return value === undefined ? `${LOCAL_DEFAULTS[variable]} (a placeholder: ${key} in your settings file names yours)` : `${value} (${settingSource(key, fileKeys)})`;
  };
  // Said only when set: English goes without saying, as the deployment's default.
  // Checked at start-up already: a language of the mails.
  const setLanguage = env[SHARED_SETTINGS.mailLanguage];
  const language = setLanguage ? mailLanguageNamed(setLanguage) : undefined;
  const written = language === undefined ? '' : `, written in ${ENGLISH_LANGUAGE_NAMES.of(language)} (${settingSource('mailLanguage', fileKeys)} ${language})`;
  const line = `Mail       to ${address('ownerEmail')}, from ${address('senderEmail')}${written}${emulated ? '; kept by the mailbox below, never sent' : ''}`;
  const sender = env[SHARED_SETTINGS.senderEmail];
  const freeMail = sender === undefined ? undefined : freeMailSenderNote(sender);
  return freeMail === undefined ? line : `${line}\n           ${freeMail}`;
}
