import { readFileSync } from 'node:fs';
import { ConfigError, parseSitePath } from '../../lambdas/config.js';
import { inquiryFormFields, MAX_FORM_PAGE_BYTES } from '../../lambdas/html/owner-form-page.js';
import { PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { FORM_TOKEN_FIELD } from '../../lambdas/inquiry/form-token.js';
import { CONTACT_FIELDS, INQUIRY_RULES } from '../../lambdas/inquiry/schema.js';
import { linkedSiteFile, siteFrontDoor } from '../edge/front-door-request.js';

/** The owner's form page (docs/api.md §9), as synth (siteDir) and start-up (SITE_DIR) find it. */
export interface FormPage {
  /** The path of the site: where `GET /contact` leads. */
  readonly path: string;
  /** The file of the site's folder that the path serves. */
  readonly file: string;
  /** Named by its setting, or found at FOUND_FORM_PAGE with none. */
  readonly source: 'setting' | 'found';
}

/** Where a form page is looked for when none is named: the folder beside the path the form posts to. */
export const FOUND_FORM_PAGE = `${PAGE_PATHS.form}/`;

/** What the page is called in the contact function's bundle, which synth copies it into (FORM_PAGE_FILE). */
export const BUNDLED_FORM_PAGE = 'form-page.html';

/** Where the site's pages are, as far as finding the form page goes. */
export type FormPageSite =
  | { readonly kind: 'folder'; readonly folder: string; readonly setting: string }
  /** An existing site elsewhere (`siteOrigin`), which cannot be read from here. */
  | { readonly kind: 'origin' }
  /** No pages of the site at all; `setting` names the folder's. */
  | { readonly kind: 'none'; readonly setting: string };

/**
 * The form page a setting names, checked as a path of the site is (parseSitePath) and more: a
 * page of the site's folder, UTF-8, at most MAX_FORM_PAGE_BYTES, with a form that posts to
 * `/contact` with the inquiry's required fields and no field it lacks; anything else stops synth
 * or start-up with one line. Unset, the folder's
 * FOUND_FORM_PAGE is the form page when it holds such a form, and there is none otherwise.
 */
export function findFormPage(key: string, value: string | undefined, site: FormPageSite): FormPage | undefined {
  if (value === undefined) {
    if (site.kind !== 'folder') return undefined;
    const file = linkedSiteFile(siteFrontDoor(site.folder, site.setting), FOUND_FORM_PAGE);
    if (file === undefined || inquiryFormFields(readFileSync(file, 'utf8'), FOUND_FORM_PAGE) === undefined) return undefined;
    return { path: FOUND_FORM_PAGE, file: checkedPage(`${FOUND_FORM_PAGE} (found with no ${key})`, file, FOUND_FORM_PAGE), source: 'found' };
  }
  const path = parseSitePath(key, value);
  if (site.kind === 'origin') {
    throw new ConfigError(`${key} needs siteDir: with siteOrigin your pages are on another host, which the service cannot read, so it keeps its own form at ${PAGE_PATHS.form}`);
  }
  if (site.kind === 'none') throw new ConfigError(`${key} ${path} needs ${site.setting}, the site's folder, to read the page from`);
  const file = linkedSiteFile(siteFrontDoor(site.folder, site.setting), path);
  if (file === undefined) throw new ConfigError(`${key} ${path} is no page of ${site.setting} (${site.folder}): a visitor sent there would get a 404`);
  return { path, file: checkedPage(`${key} ${path}`, file, path), source: 'setting' };
}

function checkedPage(named: string, file: string, path: string): string {
  const bytes = readFileSync(file);
  if (bytes.byteLength > MAX_FORM_PAGE_BYTES) {
    throw new ConfigError(`${named} is ${file}, of ${bytes.byteLength} bytes: a form page may have ${MAX_FORM_PAGE_BYTES} at most`);
  }
  let html: string;
  try {
    html = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ConfigError(`${named} is ${file}, which is not UTF-8 text: the service answers in UTF-8`);
  }
  const fields = inquiryFormFields(html, path);
  if (fields === undefined) {
    throw new ConfigError(`${named} is ${file}, which has no form that posts to ${PAGE_PATHS.form} (<form method="post" action="${PAGE_PATHS.form}">)`);
  }
  // A form the schema refuses whatever a visitor writes would be a road to nowhere.
  const known: ReadonlySet<string> = new Set([...CONTACT_FIELDS, FORM_TOKEN_FIELD]);
  const unknown = fields.filter((field) => !known.has(field));
  const missing = INQUIRY_RULES.required.filter((field) => !fields.includes(field));
  if (unknown.length > 0 || missing.length > 0) {
    const wrong = [...(unknown.length > 0 ? [`fields the inquiry has not (${unknown.join(', ')})`] : []), ...(missing.length > 0 ? [`no ${missing.join(', ')}`] : [])];
    throw new ConfigError(`${named} is ${file}, whose form has ${wrong.join(' and ')}, so every post would be refused: its fields are ${CONTACT_FIELDS.join(', ')}`);
  }
  return file;
}

/** What synth and `npm start` say of a form page: which page, its file, and where it came from. */
export function formPageLine(page: FormPage, setting: string): string {
  const from = page.source === 'setting' ? setting : `found, its form posting to ${PAGE_PATHS.form}; ${setting} names another`;
  return `${page.path}  ${page.file}  (${from})`;
}
