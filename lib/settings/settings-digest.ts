import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { answeringContactPages, type AnsweringPage } from './contact-pages.js';
import type { FormPage } from './form-page.js';
import { UTC } from '../../lambdas/time-zone.js';
import { DEFAULT_MAIL_LANGUAGE } from '../../lambdas/mail-words/mail-language.js';
import type { SiteConfig } from './site-config.js';

/**
 * What a deployment was built from, as `npm run publish` compares it with the settings now
 * (docs/api.md §10): synth records both digests as outputs of the site stack. A change of either
 * needs a deploy, which publishing files cannot stand in for.
 */

/** The digest of a file the deployment holds none of: the form page, the owner's llms.txt. */
export const NO_FILE = 'none';

/**
 * The settings, in a form that does not depend on this machine: the site's folder by its kind,
 * not its path (the files it holds are what publish uploads), the form page by its path (its
 * bytes have a digest of their own), and the thank-you page by its path alone, which is all the
 * functions are given (and all earlier versions digested); the mails' time zone and language only
 * when they are not UTC and English, which earlier versions, that had neither, mailed in.
 */
export function settingsDigest(config: SiteConfig): string {
  const { sitePages, formPage, formSuccessPath, otherContactPages, timeZone, mailLanguage, ...settings } = config;
  const comparable = {
    ...settings,
    ...(timeZone === UTC ? {} : { timeZone }),
    ...(mailLanguage === DEFAULT_MAIL_LANGUAGE ? {} : { mailLanguage }),
    ...(sitePages === undefined ? {} : { sitePages: sitePages.kind === 'folder' ? { kind: 'folder' } : sitePages }),
    ...(formPage === undefined ? {} : { formPage: formPage.path }),
    ...(formSuccessPath === undefined ? {} : { formSuccessPath: formSuccessPath.path }),
    // Those the contact function is given alone: with no form page, or past its room, a page is nothing of the deployment's.
    otherContactPages: answeringContactPages(formPage, otherContactPages).answering.map(({ path, successPath }) => ({ path, successPath })),
  };
  return sha256(canonicalJson(comparable));
}

/**
 * The bytes of the form page and of the other contact pages that synth copies into the contact
 * function's bundle (contact-pages.ts), the latter by their paths; the form page's alone when there
 * are none, as earlier versions digested it.
 */
export function formPageDigest(formPage: FormPage | undefined, answering: readonly AnsweringPage[] = []): string {
  const digest = fileDigest(formPage?.file);
  if (answering.length === 0) return digest;
  return sha256(canonicalJson([digest, ...answering.map(({ path, file }) => [path, fileDigest(file)])]));
}

/** The bytes of the owner's llms.txt that synth copies into the discovery function's bundle (lib/pages/site-files.ts, takenLlmsTxt). */
export function ownLlmsTxtDigest(file: string | undefined): string {
  return fileDigest(file);
}

function fileDigest(file: string | undefined): string {
  return file === undefined ? NO_FILE : sha256(readFileSync(file));
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON whose objects' keys are sorted: the same settings give the same text whatever order they were read in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
