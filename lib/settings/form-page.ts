import { readFileSync, statSync } from 'node:fs';
import { ConfigError, extraFieldsValue, parseSitePath } from '../../lambdas/config.js';
import {
  contactFormSending,
  formServiceHost,
  inquiryFormSending,
  loadedOrigins,
  misdirectedInquiryAction,
  policyRefused,
  sameSiteSubresources,
  type FormSending,
  type MisdirectedAction,
  type PolicyRefused,
} from '../../lambdas/html/form-page-reading.js';
import { MAX_FORM_PAGE_BYTES } from '../../lambdas/html/owner-form-page.js';
import { contactPageAddress } from '../../lambdas/contact/posted-from.js';
import { MAX_INLINE_HASHES } from '../../lambdas/html/inline-hashes.js';
import { ERROR_FOR_ATTRIBUTE, SUCCESS_PATH_ATTRIBUTE } from '../../lambdas/html/owner-markup.js';
import { utf8PageText } from '../../lambdas/html/page-text.js';
import { POSTED_FROM_FIELD } from '../../lambdas/inquiry/form-fields.js';
import { attribute, isHtml, readPage, URL_ENCODED, type EnumeratedAttribute, type PageTree } from '../../lambdas/html/page-tree.js';
import { FLAT_FORM_PAGE, PAGE_PATHS } from '../../lambdas/html/page-paths.js';
import { FORM_TOKEN_FIELD } from '../../lambdas/inquiry/form-token.js';
import { FORM_FIELDS } from '../../lambdas/inquiry/form-fields.js';
import { EXTRA_FIELD_NAME, MAX_EXTRA_FIELDS, type ExtraField } from '../../lambdas/inquiry/extra-fields.js';
import { DEFAULT_MAIL_LANGUAGE, MAIL_LANGUAGES } from '../../lambdas/mail-words/mail-language.js';
import { CONTACT_FIELDS, HONEYPOT_FIELD, INQUIRY_RULES } from '../../lambdas/inquiry/schema.js';
import { isServicePath } from '../front-door-paths.js';
import { FORM_FOLDER, formPageAtForm } from '../edge/front-door-function.js';
import { linkedSiteFile, linkFinds, requireLinkFinds, siteFrontDoor, type SiteFrontDoor } from '../edge/front-door-request.js';
import { isNoindexPage } from '../pages/page-markdown.js';
import { isLoopbackUrl } from '../loopback-names.js';
import { few, noPageOfFolder, printable, type SiteFiles } from '../pages/site-files.js';
import { isPageKey, writtenPagePath } from '../pages/site-pages.js';
import { answeringContactPages, OTHER_FORM_PAGES_ROOM, type ContactPageFile } from './contact-pages.js';
import { quoted } from './settings-file.js';

/** The owner's form page (docs/api.md §9), as synth (siteDir) and start-up (SITE_DIR) find it. */
export interface FormPage {
  /** The path of the site: where `GET /contact` leads. */
  readonly path: string;
  /** The file of the site's folder that the path serves. */
  readonly file: string;
  /** Named by its setting, or found at FOUND_FORM_PAGE with none. */
  readonly source: 'setting' | 'found';
  /** The thank-you page its form names (SUCCESS_PATH_ATTRIBUTE), checked as the setting of one is. */
  readonly successPath?: string;
  /** The style sheets, scripts and images of the site it loads (sameSiteSubresources), by their paths. */
  readonly subresources: readonly string[];
  /** The style sheets and scripts of those that the site's folder has no file for. */
  readonly missingSubresources: readonly string[];
  /** The fields its form's ERROR_FOR_ATTRIBUTE elements name, where their messages go. */
  readonly errorFor: readonly string[];
  /** Of those, the fields whose element words their message itself (data-error-text). */
  readonly errorWorded: readonly string[];
  /** The names its form's controls are sent under. */
  readonly fields: readonly string[];
  /** Of those, the owner's own fields (extraFields) a visitor fills in. */
  readonly ownFields: readonly string[];
  /** Whether its form's honeypot may be seen by a person: no `hidden` attribute hides it. */
  readonly honeypotShown: boolean;
  /** What the policy of the service's answer with it (a refused post) leaves out of it. */
  readonly refusedByPolicy: PolicyRefused;
  /** The origins it loads files from (loadedOrigins), the site's own among them: a preview's note on a build for another address reads them. */
  readonly loadedOrigins: readonly string[];
  /** Its `lang`, if it has one. */
  readonly language?: string;
  /** Whether its form words any of the service's sentences itself. */
  readonly worded: boolean;
  /** Of the form's attributes that word the service's answers, those it leaves empty (FormSending's). */
  readonly unwordedAnswers: readonly string[];
}

/**
 * The languages docs/examples has the example page in, every sentence worded (contact-form.<tag>.html):
 * the mails' languages but English, the page's own; test/unit/docs/example-translations.test.ts
 * holds this list to the folder.
 */
export const EXAMPLE_LANGUAGES: readonly string[] = MAIL_LANGUAGES.filter((language) => language !== DEFAULT_MAIL_LANGUAGE);

/** A form as the service reads it, for the lines that say how to mend one. */
const FORM_EXAMPLE = `<form method="post" action="${PAGE_PATHS.form}">`;

/** Where a form page is looked for when none is named: the folder beside the path the form posts to. */
export const FOUND_FORM_PAGE = FORM_FOLDER;

/** A page of the site's folder at the address a found form page has, whatever it holds. */
export interface FormPageCandidate {
  readonly path: string;
  readonly file: string;
}

/**
 * The page a form page is found at when none is named: the folder's FOUND_FORM_PAGE, else a flat
 * site's FLAT_FORM_PAGE (Next.js' export), which the path the form posts to then shows; undefined
 * when the folder has neither.
 */
export function formPageCandidate(site: Pick<SiteFolder, 'folder' | 'setting'>): FormPageCandidate | undefined {
  const door = siteFrontDoor(site.folder, site.setting);
  for (const path of [FOUND_FORM_PAGE, FLAT_FORM_PAGE]) {
    const file = linkedSiteFile(door, path);
    if (file !== undefined) return { path, file };
  }
  return undefined;
}

/**
 * What the `Form page` line of synth and `npm start` says of a candidate (formPageCandidate) whose
 * form does not post to `/contact`: a page still posting elsewhere, or by a script of its own alone,
 * which visitors following a link to `/contact` then miss.
 */
export function unconvertedFormPageNote(candidate: FormPageCandidate, setting: string): string {
  return `${setting}'s ${candidate.path} has no form posting to ${PAGE_PATHS.form}, so visitors at ${PAGE_PATHS.form} get this form, not your page (README "Your own contact page")`;
}

/** What the page is called in the contact function's bundle, which synth copies it into (FORM_PAGE_FILE). */
export const BUNDLED_FORM_PAGE = 'form-page.html';

/** The site's folder, and the setting that names it (`siteDir`, `SITE_DIR`) in messages. */
export interface SiteFolder {
  readonly folder: string;
  readonly setting: string;
  /** The origins of the site's own names, where known (synth's domainName and baseUrl): a form's action written whole with one is the site's. */
  readonly ownOrigins?: readonly string[];
  /** The owner's own fields (extraFields), which a form may post beside the inquiry's. */
  readonly extraFields?: readonly ExtraField[];
}

/** Where the site's pages are, as far as finding the form page goes. */
export type FormPageSite =
  | ({ readonly kind: 'folder' } & SiteFolder)
  /** No pages of the site at all; `setting` names the folder's. */
  | { readonly kind: 'none'; readonly setting: string };

/**
 * The form page a setting names, checked as a path of the site is (parseSitePath) and more: a
 * page of the site's folder, UTF-8, at most MAX_FORM_PAGE_BYTES, with a form that posts to
 * `/contact` as the service reads a post (URL-encoded, each field once), with the inquiry's
 * required fields and no field it lacks; anything else stops synth or start-up with one line.
 * Unset, the folder's formPageCandidate is the form page when it holds a form to `/contact`, which
 * must then pass the same checks; a form there with the inquiry's fields that posts to another
 * path of the site (`/contact/`) stops them too, and there is none otherwise. The thank-you page the form names,
 * if it does, must be a path of the site that finds a page of the folder, as the setting of one
 * must (formSuccessPath).
 */
export function findFormPage(key: string, value: string | undefined, site: FormPageSite): FormPage | undefined {
  if (value === undefined) {
    if (site.kind !== 'folder') return undefined;
    const candidate = formPageCandidate(site);
    if (candidate === undefined) return undefined;
    const { path, file } = candidate;
    const named = `${path} (found with no ${key})`;
    // Read as it comes: a page there without the service's form is no form page, whatever its size or encoding.
    const bytes = readFileSync(file);
    const page = readPage(bytes.toString('utf8'), path, site.ownOrigins);
    if (contactFormSending(page) === undefined) {
      const action = misdirectedInquiryAction(page);
      if (action === undefined) return undefined;
      throw new ConfigError(`${named} is ${file}, ${noFormToContact(action, file, site)}`);
    }
    formPageText(named, file, bytes);
    return { path, source: 'found', ...checkedPage(named, path, file, page, site) };
  }
  if (site.kind === 'folder' && !value.startsWith('/')) {
    const meant = meantPage(siteFrontDoor(site.folder, site.setting), `/${value.replace(/^\.\//, '')}`);
    if (meant !== undefined) throw new ConfigError(`${key} must be the path visitors use, with its leading slash: ${printable(meant)}, not ${printable(JSON.stringify(value))}`);
  }
  const path = parseSitePath(key, value);
  if (site.kind === 'none') throw new ConfigError(`${key} ${path} needs ${site.setting}, the site's folder, to read the page from`);
  const door = siteFrontDoor(site.folder, site.setting);
  if (path === PAGE_PATHS.form) {
    // No page of the folder is served there, whatever it holds: the address is the form's.
    const meant = meantPage(door, path);
    throw new ConfigError(
      `${key} ${path} is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address, ${meant === undefined ? `the path of its file in ${site.setting}` : printable(meant)}` +
        (formPageAtForm(meant) === undefined ? '' : `, which ${path} then shows`) +
        (meant !== undefined && meant === formPageCandidate(site)?.path ? `, or leave ${key} out: with none, ${printable(meant)} is the form page once its form posts to ${path}` : ''),
    );
  }
  const file = linkedSiteFile(door, path);
  if (file === undefined) {
    const error = noPageOfFolder(key, path, site);
    const meant = meantPage(door, path);
    throw meant === undefined ? error : new ConfigError(`${error.message}; ${printable(meant)} is a page of it: name it so`);
  }
  const named = `${key} ${path}`;
  return { path, source: 'setting', ...checkedPage(named, path, file, readPage(formPageText(named, file, readFileSync(file)), path, site.ownOrigins), site) };
}

/**
 * The form page of an existing site (`siteOrigin`), which synth cannot read: a path of the site
 * other than the service's own `/contact`, which leads there. The contact function fetches it for
 * each refused post, as it is then (docs/api.md §9).
 */
export function existingSiteFormPage(key: string, value: string): string {
  const path = parseSitePath(key, value);
  if (path === PAGE_PATHS.form) {
    throw new ConfigError(`${key} ${path} is the service's own address, where the form posts and which leads visitors to your form page: name your page by its own address at your site, such as ${FOUND_FORM_PAGE}`);
  }
  // The front door sends such a path to the service, never to the site: no visitor would see the page.
  if (isServicePath(new URL(path, 'https://site.invalid').pathname)) {
    throw new ConfigError(`${key} ${path} is an address the service answers itself, so visitors never see your site's page there: name your contact page by its own address at your site, such as ${FOUND_FORM_PAGE}`);
  }
  return path;
}

/**
 * The page a form page's setting may mean when it names none: `/contact` (the service's own path)
 * or `/contact/` for the folder's `contact/index.html`, then for a flat site's `contact.html`, or the
 * path itself for a value written without its slash; undefined when none of them is a page.
 */
function meantPage(door: ReturnType<typeof siteFrontDoor>, path: string): string | undefined {
  const bare = path.replace(/\/+$/, '');
  if (bare === '') return undefined;
  return [path, `${bare}/`, `${bare}.html`].find((candidate) => linkedSiteFile(door, candidate) !== undefined);
}

/** A form page's text, which the service can answer in: at most MAX_FORM_PAGE_BYTES, and UTF-8. */
function formPageText(named: string, file: string, bytes: Buffer): string {
  if (bytes.byteLength > MAX_FORM_PAGE_BYTES) {
    throw new ConfigError(`${named} is ${file}, of ${bytes.byteLength} bytes: a form page may have ${MAX_FORM_PAGE_BYTES} at most`);
  }
  const text = utf8PageText(bytes);
  if (text === undefined) throw new ConfigError(`${named} is ${file}, which is not UTF-8 text: the service answers in UTF-8`);
  return text;
}

/** What checkedPage finds of a page whose form posts to `/contact`: all a FormPage holds but its path and source. */
type CheckedPage = Omit<FormPage, 'path' | 'source'>;

/**
 * A page's form checked (checkedForm), with what the page lacks and the thank-you page it names;
 * for several pages of one site, `door` and `thanked` (the thank-you pages found already) are shared,
 * so that the front door's function is loaded and each thank-you page looked for once.
 */
function checkedPage(
  named: string,
  path: string,
  file: string,
  page: PageTree,
  site: SiteFolder,
  door = siteFrontDoor(site.folder, site.setting),
  thanked = new Set<string>(),
): CheckedPage {
  const form = checkedForm(named, file, page, site);
  // Written by the owner, for a visitor's browser that sends no Referer: it must name the page itself.
  if (form.fields.includes(POSTED_FROM_FIELD) && contactPageAddress(form.postedFrom ?? '') !== contactPageAddress(path)) {
    const names = form.postedFrom === undefined || form.postedFrom === '' ? 'names no page' : `names ${printable(JSON.stringify(form.postedFrom))}, not this page`;
    throw new ConfigError(
      `${named} is ${file}, whose form's ${POSTED_FROM_FIELD} field ${names}: a post from it would be answered as another page's. Write value=${printable(JSON.stringify(path))}, or leave the field out`,
    );
  }
  const subresources = sameSiteSubresources(page, { images: true });
  const missingSubresources = sameSiteSubresources(page).filter((link) => !linkFinds(door, link));
  const { errorFor, errorWorded, fields, honeypotShown, worded, unwordedAnswers } = form;
  const language = attribute(page.all.find((element) => isHtml(element, 'html')), 'lang')?.trim();
  const ownFields = form.filled.filter((field) => site.extraFields?.some(({ name }) => name === field));
  const found = { file, subresources, missingSubresources, errorFor, errorWorded, fields, ownFields, honeypotShown, worded, unwordedAnswers, refusedByPolicy: policyRefused(page), loadedOrigins: loadedOrigins(page), ...(language ? { language } : {}) };
  const successPath = form.successPath !== undefined && thanked.has(form.successPath) ? form.successPath : checkedSuccessPath(named, form, site);
  if (successPath === undefined) return found;
  thanked.add(successPath);
  return { ...found, successPath };
}

/** The page's form that posts to `/contact`; a page without one, or whose every post would fail, stops synth or start-up with one line. */
function checkedForm(named: string, file: string, page: PageTree, site: SiteFolder): FormSending {
  const form = contactFormSending(page);
  if (form === undefined) {
    const serviceHost = formServiceHost(page);
    // A form moving from a form service: what else its posts would meet, said at once, not at the next start.
    const moving = serviceHost === undefined ? undefined : inquiryFormSending(page);
    const refusal = moving === undefined ? undefined : everyPostRefused(moving, site.extraFields ?? []);
    throw new ConfigError(`${named} is ${file}, ${noFormToContact(misdirectedInquiryAction(page), file, site, serviceHost)}${refusal === undefined ? '' : `; once it does, its ${refusal}`}`);
  }
  const refusal = everyPostRefused(form, site.extraFields ?? []);
  if (refusal !== undefined) throw new ConfigError(`${named} is ${file}, whose ${refusal}`);
  return form;
}

/** The thank-you page a form names (SUCCESS_PATH_ATTRIBUTE), which must find a page as formSuccessPath must; none for none, or an empty one, which is unset as the setting's is. */
function checkedSuccessPath(named: string, form: FormSending, site: SiteFolder): string | undefined {
  if (form.successPath === undefined || form.successPath === '') return undefined;
  const attribute = `${named}: its form's ${SUCCESS_PATH_ATTRIBUTE}`;
  const successPath = parseSitePath(attribute, form.successPath);
  requireLinkFinds(attribute, successPath, site);
  return successPath;
}

/**
 * The pages of the site (`files`, the folder's as siteFiles read it) other than the form
 * page (`formPageFile`) whose form sends an
 * inquiry to `/contact` (a contact page in another language; docs/api.md §9): a form a browser
 * posts there, or one with a field of the inquiry's, not a "Contact me" button that leads there.
 * Each is checked as the form page is: one whose form would fail every post, or that sends the
 * inquiry's fields to another path of the site (`/contact/`, a page's path, whose posts the front door only redirects, and a script's not at all), or names a
 * thank-you page that finds no page, stops synth and start-up with one line, as an inquiry lost
 * there is lost as surely as on the form page. Only a page whose text holds a form is parsed, and
 * none past the MAX_FORM_PAGE_BYTES a form page may have, nor one gone since the folder was read.
 * The shallowest come first: where there is no form page, the first is the one to make it.
 */
export function otherContactPages(site: SiteFolder, files: SiteFiles['files'], formPageFile: string | undefined): OtherContactPage[] {
  const door = siteFrontDoor(site.folder, site.setting);
  const thanked = new Set<string>();
  const pages = pagesWithForms(site, files, formPageFile).flatMap(({ file, path, page }) => {
    const contactPage = checkedContactPage(site, path, file, page, door, thanked);
    return contactPage === undefined ? [] : [contactPage];
  });
  return pages.sort((a, b) => shallowestFirst(a.path, b.path));
}

/**
 * The other contact page at `path` of the site, as otherContactPages checks it, read from its
 * `file` now: what the preview's watch reads again after an edit. Undefined when it holds no form
 * that sends an inquiry (or is gone, or past MAX_FORM_PAGE_BYTES); throws the ConfigError start-up
 * would stop with.
 */
export function readOtherContactPage(site: SiteFolder, path: string, file: string): OtherContactPage | undefined {
  const text = pageText(file);
  if (text === undefined) return undefined;
  return checkedContactPage(site, path, file, readPage(text, path, site.ownOrigins), siteFrontDoor(site.folder, site.setting), new Set());
}

function checkedContactPage(site: SiteFolder, path: string, file: string, page: PageTree, door: SiteFrontDoor, thanked: Set<string>): OtherContactPage | undefined {
  const form = contactFormSending(page);
  if (form === undefined || (form.method.state !== 'post' && !INQUIRY_RULES.required.some((field) => form.fields.includes(field)))) {
    const misdirected = misdirectedInquiryAction(page);
    if (misdirected === undefined) return undefined;
    throw new ConfigError(`${path} is ${file}, ${noFormToContact(misdirected, file, site)}`);
  }
  return { path, ...checkedPage(path, path, file, page, site, door, thanked) };
}

/**
 * A page of the site other than the form page whose form posts to `/contact` (otherContactPages),
 * checked as the form page is.
 */
export interface OtherContactPage extends CheckedPage {
  /** The path visitors reach it at, as an owner writes it (writtenPagePath). */
  readonly path: string;
}

/** A page of the site's folder that holds a form, parsed. */
interface PageWithForm {
  readonly file: string;
  readonly path: string;
  readonly page: PageTree;
}

/**
 * The pages of the site (`files`, the folder's as siteFiles read it) whose text holds a form, each
 * parsed, but `except` (the form page): none past the MAX_FORM_PAGE_BYTES a form page may have, nor one gone since the folder
 * was read, and only a page whose text holds `<form` is parsed at all.
 */
function pagesWithForms(site: SiteFolder, files: SiteFiles['files'], except?: string): PageWithForm[] {
  return [...files].flatMap(([key, file]) => {
    if (!isPageKey(key) || file === except) return [];
    const text = pageText(file);
    if (text === undefined || !/<form[\s/>]/i.test(text)) return [];
    const path = writtenPagePath(key);
    return [{ file, path, page: readPage(text, path, site.ownOrigins) }];
  });
}

/** Paths in the order a line names them: the shallowest first, then by name. */
function shallowestFirst(a: string, b: string): number {
  return a.split('/').length - b.split('/').length || a.localeCompare(b);
}

/** A page of the site whose inquiry form posts to another site's form service, and that service's host. */
export interface FormServicePage {
  readonly path: string;
  /** Its file in the site's folder. */
  readonly file: string;
  readonly host: string;
}

/**
 * The pages of the site (`files`, the folder's as siteFiles read it) whose inquiry form posts to
 * a form service on another host (formServiceHost), the shallowest first: where there is no form
 * page, what an owner moving from such a service is to point at `/contact`.
 */
export function formServicePages(site: SiteFolder, files: SiteFiles['files']): FormServicePage[] {
  const pages = pagesWithForms(site, files).flatMap(({ path, file, page }) => {
    const host = formServiceHost(page);
    return host === undefined ? [] : [{ path, file, host }];
  });
  return pages.sort((a, b) => shallowestFirst(a.path, b.path));
}

/** A page's text, when it is at most MAX_FORM_PAGE_BYTES and still there to read. */
function pageText(file: string): string | undefined {
  try {
    return statSync(file).size > MAX_FORM_PAGE_BYTES ? undefined : readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * What synth and `npm start` say of the other contact pages: that a visitor with JavaScript (the
 * example script) stays in each page's own words and lands on the thank-you page its form names,
 * and one without too, but on pages past the room the contact function holds for them
 * (answeringContactPages), answered as the form page's; with no form page, in the service's own
 * form, and the setting that makes the first of them the form page.
 */
export function otherContactPagesLine(pages: readonly ContactPageFile[], formPage: Pick<FormPage, 'path'> | undefined, thanks: Pick<SuccessPath, 'path'> | undefined): string {
  const one = pages.length === 1;
  const paths = pages.map(({ path }) => path);
  const sentTo = thanks === undefined ? `the service's ${PAGE_PATHS.sent}` : thanks.path;
  const { left } = answeringContactPages(formPage, pages);
  const beyond =
    left.length === 0
      ? ''
      : `; but ${few(left.map(({ path }) => path))}, past the ${OTHER_FORM_PAGES_ROOM} bytes the contact function's settings hold for them, ${left.length === 1 ? 'is' : 'are'} answered as ${formPage?.path}'s`;
  const without =
    formPage === undefined
      ? `a refused post comes back in the service's own form (${PAGE_PATHS.form}) and a sent one lands on ${sentTo}: "formPage": ${printable(JSON.stringify(paths[0]))} in your settings file makes ${one ? 'it' : 'the first'} your form page`
      : `a refused post comes back in ${one ? 'it' : 'the page it was sent from'} and a sent one lands on the thank-you page ${one ? 'its' : 'that'} form names, else on ${sentTo}${beyond}`;
  return (
    `${few(paths)}  (${one ? 'its form posts' : 'their forms post'} to ${PAGE_PATHS.form} too: ` +
    `with the example script, a visitor gets ${one ? 'its' : "each one's"} wording and the thank-you page ${one ? 'its' : 'each'} form names, if any (${SUCCESS_PATH_ATTRIBUTE}); ` +
    `without JavaScript, ${without} (docs/api.md §9))`
  );
}

/** Why `/contact` written whole with the site's own name fails the form. */
const WHOLE_ADDRESS = "a whole address, which the preview's posts would leave for and a site not yet at that name would miss";

/**
 * The end of a sentence naming a page (`file`) none of whose forms posts to `/contact`, and where its
 * inquiry form posts instead, if it has one: a path or address of the site's own, or a form
 * service's host (`serviceHost`). An action that is another page of the site (a form service's
 * thank-you page, as Netlify's forms name it) is said to belong in SUCCESS_PATH_ATTRIBUTE.
 */
function noFormToContact(misdirected: MisdirectedAction | undefined, file: string, site: SiteFolder, serviceHost?: string): string {
  if (misdirected === undefined && serviceHost !== undefined) {
    return `whose form sends the inquiry to ${printable(serviceHost)}, a form service: action="${PAGE_PATHS.form}" sends it here instead (${FORM_SERVICES_GUIDE}: what each of its fields becomes)`;
  }
  if (misdirected === undefined) return `which has no form that posts to ${PAGE_PATHS.form} (${FORM_EXAMPLE})`;
  const sends = `whose form sends the inquiry to ${printable(misdirected.action)}`;
  if (misdirected.kind !== 'path') return `${sends}, ${WHOLE_ADDRESS}: write the path alone (${FORM_EXAMPLE})`;
  // The form's own folder (`/contact/`, a slash too many) is a contact page, never a thank-you page.
  const landing = misdirected.action.startsWith(FOUND_FORM_PAGE) ? undefined : linkedSiteFile(siteFrontDoor(site.folder, site.setting), misdirected.action);
  const thanks = landing === undefined || landing === file ? '' : `; a page to land on once it is sent goes in ${SUCCESS_PATH_ATTRIBUTE}=${printable(JSON.stringify(misdirected.action))}`;
  return `${sends}, which takes no form post: only ${PAGE_PATHS.form} does (${FORM_EXAMPLE})${thanks}`;
}

/** The owner's guide to moving a form from a form service, field by field. */
export const FORM_SERVICES_GUIDE = 'docs/form-services.md';

/** The inquiry's fields as contact forms name them in the languages of docs/examples: what each becomes here. */
const TRANSLATED_FIELD_NAMES: Readonly<Record<string, readonly string[]>> = {
  name: ['nome', 'nom', 'nombre', 'naam'],
  email: ['correo', 'courriel'],
  message: ['mensagem', 'mensaje', 'messaggio', 'nachricht', 'bericht'],
  company: ['empresa', 'societe', 'entreprise', 'azienda', 'bedrijf', 'firma'],
};

/** A form service's name for one of the inquiry's fields, or a translated one: the field it stands for. */
const RENAMED_FIELDS: ReadonlyMap<string, string> = new Map([
  ['_replyto', 'email'],
  ...Object.entries(TRANSLATED_FIELD_NAMES).flatMap(([field, names]) => names.map((name) => [name, field] as const)),
]);

/**
 * What the fields that form services (Formspree, Netlify Forms, FormSubmit, Web3Forms) have a
 * form carry become here, for an owner moving a form from one: a field the inquiry has not fails
 * every post. Web3Forms' `subject`, which a form of the owner's own may have too, is worded for
 * either. FORM_SERVICES_GUIDE says the same, with the form's other markup.
 */
const FORM_SERVICE_FIELDS: ReadonlyMap<string, string> = new Map([
  ...['_next', 'redirect'].map((field) => [field, `the thank-you page goes in the form's ${SUCCESS_PATH_ATTRIBUTE} here`] as const),
  ['_replyto', "the inquiry's email field is the address replies go to here"],
  ['subject', "the inquiry has none (each mail's is Project inquiry from the visitor's name), remove it"],
  ...['_subject', '_cc', '_template', '_captcha', 'access_key', 'from_name', 'form-name'].map((field) => [field, "a form service's, remove it"] as const),
  ...['bot-field', '_honey', 'botcheck'].map((field) => [field, "a form service's spam trap: the example's _gotcha is this one's"] as const),
  // The inquiry's fields named in the site's language, as a form service took any name.
  ...Object.entries(TRANSLATED_FIELD_NAMES).flatMap(([field, names]) => names.map((name) => [name, `the inquiry's ${field}: rename the field, its label stays yours`] as const)),
]);

/**
 * Why every post of the form (or every one sent with one of its buttons) would fail, as the end
 * of a sentence that names the page, if it would: a form no browser posts, or posts in another
 * encoding than the service reads (415), or whose fields the schema refuses whatever a visitor
 * writes (422). A form to nowhere is the owner's to hear of at synth, never a visitor's.
 */
function everyPostRefused(form: FormSending, extraFields: readonly ExtraField[]): string | undefined {
  if (form.method.state !== 'post') return `form has ${written('method', form.method)}, so ${notPosted(form.method)}: give it method="post" (${FORM_EXAMPLE})`;
  const method = form.buttonMethods.find(({ state }) => state !== 'post');
  if (method !== undefined) return `form's submit button has ${written('formmethod', method)}, so when it is pressed ${notPosted(method)}: leave formmethod out`;
  const encoding = `the service reads ${URL_ENCODED}, a form's default (leave it out)`;
  if (form.enctype.state !== URL_ENCODED) return `form has ${written('enctype', form.enctype)}, so every post would be refused (415): ${encoding}`;
  const action = form.buttonActions.find(({ target }) => target !== 'contact');
  if (action !== undefined) {
    const formaction = `formaction=${printable(JSON.stringify(action.written))}`;
    if (action.target === 'whole address') return `form's submit button has ${formaction}, ${WHOLE_ADDRESS}: leave formaction out`;
    return `form's submit button has ${formaction}, so when it is pressed the inquiry goes elsewhere than ${PAGE_PATHS.form}, the one address that takes it: leave formaction out`;
  }
  const enctype = form.buttonEnctypes.find(({ state }) => state !== URL_ENCODED);
  if (enctype !== undefined) return `form's submit button has ${written('formenctype', enctype)}, so every post sent with it would be refused (415): ${encoding}`;
  const known: ReadonlySet<string> = new Set([...CONTACT_FIELDS, FORM_TOKEN_FIELD, POSTED_FROM_FIELD, ...extraFields.map(({ name }) => name)]);
  const unknown = form.fields.filter((field) => !known.has(field));
  const missing = INQUIRY_RULES.required.filter((field) => !form.fields.includes(field));
  if (unknown.length > 0 || missing.length > 0) {
    const wrong = [...(unknown.length > 0 ? [`fields the inquiry has not (${names(unknown)})`] : []), ...(missing.length > 0 ? [`no ${missing.join(', ')}`] : [])];
    const becoming = new Map<string, string[]>();
    for (const field of unknown.filter((name) => FORM_SERVICE_FIELDS.has(name))) {
      const becomes = FORM_SERVICE_FIELDS.get(field)!;
      becoming.set(becomes, [...(becoming.get(becomes) ?? []), field]);
    }
    const services = [...becoming].map(([becomes, fields]) => `${fields.join(', ')}: ${becomes}`);
    const moving = services.length === 0 ? '' : ` (${services.join('; ')}; the rest of a form service's markup: ${FORM_SERVICES_GUIDE})`;
    // The spam trap renamed (`_gotcha2`, `honeypot`): the service knows it by its one name. Any other
    // name no person sees (in the example's <div hidden>) may be it too, or a step a script reveals.
    const noTrap = !form.fields.includes(HONEYPOT_FIELD);
    const traps = noTrap ? unknown.filter((name) => /^_gotcha|^_?honeypot$/i.test(name)) : [];
    const unseen = noTrap ? unknown.filter((name) => form.unseen.includes(name) && !traps.includes(name)) : [];
    const trap = [
      ...(traps.length === 0 ? [] : [`; ${names(traps)}: the spam trap is ${HONEYPOT_FIELD}, one field by that name alone`]),
      ...(unseen.length === 0 ? [] : [`; ${names(unseen)}, which no person sees: if one is your spam trap, name it ${HONEYPOT_FIELD}, one field by that name alone`]),
    ].join('');
    // A field of the owner's own beside the inquiry's (a phone number): extraFields names it. While
    // a missing field is none of the known renames' (_replyto for email), an unknown one may be it.
    const unexplained = missing.filter((field) => !unknown.some((name) => RENAMED_FIELDS.get(name) === field));
    const own = unexplained.length > 0 ? [] : unknown.filter((name) => form.filled.includes(name) && !FORM_SERVICE_FIELDS.has(name) && !traps.includes(name));
    const asking = own.length === 0 ? '' : `; a field of your own (${names(own)}) goes in the extraFields setting with its label, ${extraFieldsAdvice(extraFields, own)} (docs/api.md §2)`;
    const yours = extraFields.length === 0 ? '' : `, and extraFields' ${names(extraFields.map(({ name }) => name))}`;
    return `form has ${wrong.join(' and ')}, so every post would be refused: the inquiry's fields are ${CONTACT_FIELDS.join(', ')}${yours}${moving}${trap}${asking}`;
  }
  if (form.multiple.length > 0) {
    const many = form.multiple.length > 1;
    return `form's ${names(form.multiple)} ${many ? 'are <select multiple> controls' : 'is a <select multiple>'}, so a visitor could send more than one answer, which the service refuses (422): leave multiple out`;
  }
  if (form.repeated.length > 0) {
    return `form has more than one control named ${names(form.repeated)} (a radio group aside), so a post would send it more than once, which the service refuses (422): give each field one control`;
  }
  return undefined;
}

/**
 * How the owner's own fields go in the setting: the setting to copy whole, the fields it has kept
 * with their labels and each new one labelled by its name until the owner words it; an example's
 * name for a name it cannot take; and where the setting has no room left for them, that one must go.
 */
function extraFieldsAdvice(set: readonly ExtraField[], added: readonly string[]): string {
  if (!added.every((name) => EXTRA_FIELD_NAME.test(name))) return 'such as "extraFields": {"phone": "Phone"}, each name a letter, then letters, digits, _ or -: rename the field in the form';
  if (set.length + added.length > MAX_EXTRA_FIELDS) {
    return `which holds ${MAX_EXTRA_FIELDS} at most (${set.length} set, ${added.length} more here): take out of it any the form no longer has, or leave fields out of the form`;
  }
  const labelledByName = added.map((name) => ({ name, label: name.charAt(0).toUpperCase() + name.slice(1).replaceAll(/[_-]/g, ' ') }));
  return `such as "extraFields": ${extraFieldsValue([...set, ...labelledByName])}`;
}

/** An attribute as the page has it, or that it has none. */
function written(name: string, attribute: EnumeratedAttribute): string {
  return attribute.written === undefined ? `no ${name}` : `${name}=${printable(JSON.stringify(attribute.written))}`;
}

/** What a browser does with a form whose method is not POST. */
function notPosted(method: EnumeratedAttribute): string {
  return method.state === 'dialog' ? 'a browser sends nothing (it only closes a dialog)' : 'a browser sends it as a GET, never a post';
}

/** Names of the page's controls, as a terminal may print them. */
function names(list: readonly string[]): string {
  return list.map(printable).join(', ');
}

/** The owner's thank-you page (docs/api.md §9), and who named it: the setting, or only the form page's form. */
export interface SuccessPath {
  readonly path: string;
  readonly source: 'setting' | 'form page';
}

/**
 * The owner's thank-you page, where a delivered form post goes: the setting's (`key`), else the
 * path the form page's form names in SUCCESS_PATH_ATTRIBUTE, which the page's own script goes to
 * after a 202. The owner writes it once, in the form; written in both, the two must be the same
 * path, or synth and start-up stop with one line: else a visitor with JavaScript would land on one
 * page and a visitor without on the other.
 */
export function thankYouPage(key: string, setting: string | undefined, formPage: FormPage | undefined): SuccessPath | undefined {
  if (formPage?.successPath === undefined) return setting === undefined ? undefined : { path: setting, source: 'setting' };
  const named = formPage.successPath;
  if (setting === undefined) return { path: named, source: 'form page' };
  if (setting !== named) {
    throw new ConfigError(
      `${key} ${setting} and ${SUCCESS_PATH_ATTRIBUTE}="${named}" on the form of ${formPage.path} (${formPage.file}) disagree: a visitor would land on one with JavaScript and on the other without. Name the thank-you page once, in the form, and leave ${key} out`,
    );
  }
  return { path: setting, source: 'setting' };
}

/**
 * What the `Thank-you` line adds for a thank-you page of the site's folder that does not keep
 * itself out of search engines' indexes (README's step), unlike the example's: search engines, and
 * the sitemap the deploy makes, would list a page a visitor should reach only by sending the form.
 */
export function thankYouIndexNote(path: string, folder: string | undefined, setting: string): string {
  if (folder === undefined) return '';
  const file = linkedSiteFile(siteFrontDoor(folder, setting), path);
  if (file === undefined || !/\.html?$/i.test(file)) return '';
  let page: Buffer;
  try {
    page = readFileSync(file);
  } catch {
    return '';
  }
  return isNoindexPage(page) ? '' : `; it has no <meta name="robots" content="noindex">, so search engines and the sitemap may list it: add it to its <head> (a generator: the page's front matter, or a layout block such as MkDocs Material's extrahead)`;
}

/** Where a thank-you page the form page names was found: `data-success-path on the form of /contact/`. */
export function namedByFormPage(page: Pick<FormPage, 'path'>): string {
  return `${SUCCESS_PATH_ATTRIBUTE} on the form of ${page.path}`;
}

/**
 * What synth and `npm start` say of a form page: which page, its file, where it came from, and
 * that `/contact` shows it (formPageAtForm); the style sheets and scripts it loads that the site
 * lacks, which a visitor's browser would get a 404 for (a page copied from docs/examples keeps the
 * example's links); each ERROR_FOR_ATTRIBUTE for no field of the form, where no message ever goes;
 * each field of the form with none, whose message goes at the top of the form, apart from it; a
 * form without the spam trap, or with one that only a style hides; what a refused post's answer
 * with the page leaves out (policyRefused); and, for a page in another language, that its form
 * words none of the service's sentences.
 */
export function formPageLine(page: FormPage, setting: string): string {
  const from = page.source === 'setting' ? setting : `found, its form posting to ${PAGE_PATHS.form}; ${setting} names another`;
  const shown = formPageAtForm(page.path) === undefined ? '' : `, shown at ${PAGE_PATHS.form} too`;
  return `${page.path}  ${printable(page.file)}  (${from}${shown}${formPageNotes(page)})`;
}

/**
 * What synth says of the form's pages with an existing site (`siteOrigin`), whose pages it cannot
 * read: the form page `formPage` names there, fetched for each refused post made without
 * JavaScript, or the service's own form at `/contact`, which answers when there is none or it
 * cannot be had; and the thank-you page, `formSuccessPath` alone, which the forms of the site's
 * pages name in SUCCESS_PATH_ATTRIBUTE for the post made with it (README "Your pages: three ways").
 */
export function siteOriginFormLines(siteHost: string, formPage: string | undefined, stylesheet: string | undefined, thanks: string | undefined): string[] {
  const look = stylesheet === undefined ? 'in its own look (pageStylesheet, a style sheet of your site, would give it yours)' : `with your ${stylesheet} (pageStylesheet)`;
  return [
    formPage === undefined
      ? `Form page  the service's own, at ${PAGE_PATHS.form}, ${look}: your site's forms post to ${PAGE_PATHS.form}, and a refused post made without JavaScript comes back in this page, in English; formPage names your contact page at your site instead (such as ${FOUND_FORM_PAGE}), which it then comes back in`
      : `Form page  ${formPage} at https://${siteHost}  (formPage: ${PAGE_PATHS.form} leads there, and a refused post made without JavaScript comes back in it, filled in, fetched from your site as it is then; synth cannot read it, npm start does. While it cannot be had, the service's own form answers, ${look}, in English)`,
    thanks === undefined
      ? `Thank-you  the service's own, at ${PAGE_PATHS.sent}: a post made without JavaScript ends there; formSuccessPath names a page of yours instead`
      : `Thank-you  ${thanks}  (formSuccessPath, where a post made without JavaScript ends; your form's ${SUCCESS_PATH_ATTRIBUTE}="${thanks}" takes one made with it there too. Not read here: open https://${siteHost}${thanks} to see it is there)`,
  ];
}

/**
 * What `npm start` says of an existing site's form page (`formPage` with `siteOrigin`) as it has
 * just fetched it, as far as the page alone tells what synth checks of a page of siteDir: a form
 * that posts to `/contact`, that a post can pass, naming the thank-you page `formSuccessPath` names,
 * which alone a post made without JavaScript lands on; and what the answer's policy leaves out of it.
 * `ownOrigins` are the site's, whose files a page may name whole.
 */
export function existingSiteFormPageNote(html: string, path: string, ownOrigins: readonly string[], extraFields: readonly ExtraField[], thanks: string | undefined): string {
  const page = readPage(html, path, ownOrigins);
  const form = contactFormSending(page);
  const until = `: until it does, a refused post made without JavaScript comes back in the service's own form`;
  if (form === undefined) {
    const serviceHost = formServiceHost(page);
    if (serviceHost !== undefined) return `its form sends the inquiry to ${printable(serviceHost)}, a form service, not ${PAGE_PATHS.form} (${FORM_SERVICES_GUIDE} says how to change it)${until}`;
    const misdirected = misdirectedInquiryAction(page);
    const sends = misdirected === undefined ? '' : ` (its form sends the inquiry to ${printable(misdirected.action)}${misdirected.kind === 'path' ? '' : `, ${WHOLE_ADDRESS}`})`;
    return `it has no form that posts to ${PAGE_PATHS.form}${sends}; write ${FORM_EXAMPLE}${until}`;
  }
  const refusal = everyPostRefused(form, extraFields);
  if (refusal !== undefined) return `its ${refusal}${until}`;
  const named = form.successPath === undefined || form.successPath === '' ? undefined : form.successPath;
  if (named !== thanks) {
    const without = thanks === undefined ? `the service's own ${PAGE_PATHS.sent}` : `${thanks} (formSuccessPath)`;
    return `its form's ${SUCCESS_PATH_ATTRIBUTE} ${named === undefined ? 'is not set' : `is ${printable(JSON.stringify(named))}`}, while a post made without JavaScript lands on ${without}: name the same page in both`;
  }
  return `read from your site now: its form posts to ${PAGE_PATHS.form}, so a refused post comes back in it${policyNote(policyRefused(page))}`;
}

/**
 * The `Other form` lines synth and `npm start` print: the pages, and beside a form page, which
 * answers them as its own, what each lacks (otherContactNotesLines).
 */
export function otherContactLines(pages: readonly OtherContactPage[], formPage: Pick<FormPage, 'path'> | undefined, thanks: Pick<SuccessPath, 'path'> | undefined): string[] {
  return [otherContactPagesLine(pages, formPage, thanks), ...(formPage === undefined ? [] : otherContactNotesLines(pages))].map((line) => `Other form ${line}`);
}

/**
 * What synth and `npm start` say of the other contact pages that lack something, after their
 * `Other form` line, as formPageLine says it of the form page: three of them, and the rest named.
 */
export function otherContactNotesLines(pages: readonly OtherContactPage[]): string[] {
  const lacking = pages.map((page) => ({ page, notes: formPageNotes(page) })).filter(({ notes }) => notes !== '');
  const named = lacking.slice(0, 3).map(({ page, notes }) => `${page.path}  ${printable(page.file)}  (${notes.replace(/^; /, '')})`);
  const rest = lacking.slice(3).map(({ page }) => page.path);
  return rest.length === 0 ? named : [...named, `${few(rest)}  (lack something too, each checked as the form page is)`];
}

/** What formPageLine says the page lacks, each note after a `; `; empty when it lacks nothing. */
export function formPageNotes(page: CheckedPage): string {
  const missing = page.missingSubresources;
  const lacking =
    missing.length === 0 ? '' : `; it loads ${missing.join(', ')}, which the site has no file for: copy ${missing.length === 1 ? 'it' : 'them'} in, or change the page's links`;
  const stray = page.errorFor.filter((field) => !page.fields.includes(field)).map((field) => `${ERROR_FOR_ATTRIBUTE}=${quoted(field)}`);
  const unplaced =
    stray.length === 0 ? '' : `; its ${stray.join(', ')} ${stray.length === 1 ? 'names' : 'name'} no field of its form, so no message goes there (its fields: ${page.fields.map(printable).join(', ')})`;
  const bare = [...FORM_FIELDS.map(({ name }) => name), ...page.ownFields].filter((field) => page.fields.includes(field) && !page.errorFor.includes(field));
  const apart =
    bare.length === 0
      ? ''
      : `; its ${bare.join(', ')} ${bare.length === 1 ? 'has' : 'have'} no ${ERROR_FOR_ATTRIBUTE} element, so ${bare.length === 1 ? 'its message goes' : 'their messages go'} at the top of the form, apart from ${bare.length === 1 ? 'it' : 'them'}`;
  const trap = !page.fields.includes(HONEYPOT_FIELD)
    ? `; its form has no ${HONEYPOT_FIELD} field, the spam trap (the example's, in a <div hidden>), so robots that fill in every field are not refused (the other spam rules still hold)`
    : page.honeypotShown
      ? `; its spam trap (${HONEYPOT_FIELD}) has no hidden attribute around it, so visitors see it wherever no style hides it, a refused post's answer among them: keep the example's <div hidden>`
      : '';
  return `${lacking}${unplaced}${apart}${trap}${policyNote(page.refusedByPolicy)}${englishNote(page)}`;
}

/** A page's `lang` when it is another language than English: none for English, or no language said (`und`, `i-default`). */
function otherLanguage(language: string): { readonly tag: string; readonly primary: string } | undefined {
  // As written in pages: `pt-BR`, `pt_BR` (a locale's spelling, which some generators emit), any case.
  const tag = language.toLowerCase().replaceAll('_', '-');
  const primary = tag.split('-')[0] ?? tag;
  return primary === 'en' || primary === 'und' || tag === 'i-default' ? undefined : { tag, primary };
}

/**
 * For a page in another language whose form words none of the service's sentences: they stay
 * English (docs/api.md §9), and the example in that language, where there is one, words them all.
 * For one whose form words them, the fields whose message element does not: those read in English.
 */
function englishNote({ language, worded, unwordedAnswers, errorFor, errorWorded, fields }: Pick<FormPage, 'language' | 'worded' | 'unwordedAnswers' | 'errorFor' | 'errorWorded' | 'fields'>): string {
  if (language === undefined) return '';
  const other = otherLanguage(language);
  if (other === undefined) return '';
  const example =
    EXAMPLE_LANGUAGES.find((known) => known.toLowerCase() === other.tag) ?? EXAMPLE_LANGUAGES.find((known) => known.toLowerCase().split('-')[0] === other.primary);
  if (worded) {
    const english = errorFor.filter((field) => fields.includes(field) && !errorWorded.includes(field));
    const messages =
      english.length === 0
        ? ''
        : `; its form words the service's sentences, but not the messages of ${english.map(printable).join(', ')}, which visitors then read in English: give ${english.length === 1 ? 'its' : 'each one\'s'} ${ERROR_FOR_ATTRIBUTE} element a data-error-text`;
    // A refused post's page, a filled spam trap's or a limit's among them, says what the form leaves unworded in English.
    const answers =
      unwordedAnswers.length === 0
        ? ''
        : `; its form leaves ${unwordedAnswers.join(', ')} empty, so a refused post's page says ${unwordedAnswers.length === 1 ? 'that' : 'those'} in English: ${example === undefined ? 'word them (docs/api.md §9)' : `docs/examples/contact-form.${example}.html words them, to copy`}`;
    return `${messages}${answers}`;
  }
  const copy =
    example === undefined
      ? `word them in its form's data-notice-… and data-error-text attributes (docs/api.md §9)`
      : `docs/examples/contact-form.${example}.html words them all in its form's data- attributes, to copy into yours`;
  return `; its page is lang=${quoted(language)}, but its form words none of the service's sentences, which visitors then read in English: ${copy}`;
}

/** What a refused post's answer with the page leaves out, under the service's policy (docs/api.md §9), if anything. */
function policyNote({ styleAttributes, handlerAttributes, inlinePast, otherOrigins, captchas }: PolicyRefused): string {
  const counted = (count: number, what: string, plural = `${what}s`) => (count === 0 ? [] : [`its ${count} ${count === 1 ? what : plural}`]);
  // A page a generator built for a preview names that machine's address: a build for another address, not a policy, mends it.
  const previewBuilt = otherOrigins.filter(isLoopbackUrl);
  const foreign = otherOrigins.filter((origin) => !previewBuilt.includes(origin));
  const preview =
    previewBuilt.length === 0
      ? ''
      : `; it loads its files from ${previewBuilt.map(printable).join(', ')}, a local address: build your site for the address it is served at (your generator's base URL), or a refused post's answer leaves them out`;
  const left = [
    ...counted(styleAttributes, 'style attribute'),
    ...counted(handlerAttributes, 'event handler attribute (onclick=…)', 'event handler attributes (onclick=…)'),
    ...counted(inlinePast, `<style> or inline script past the ${MAX_INLINE_HASHES} of each it allows`, `<style> elements or inline scripts past the ${MAX_INLINE_HASHES} of each it allows`),
    ...(foreign.length === 0 ? [] : [`what it loads from ${foreign.map(printable).join(', ')}`]),
  ];
  const captcha =
    captchas.length === 0
      ? ''
      : `; it loads a CAPTCHA (${captchas.map(printable).join(', ')}), which the service does not check: remove it and its widget, as suspected spam is held for your digest instead (${FORM_SERVICES_GUIDE})`;
  if (left.length === 0) return `${preview}${captcha}`;
  // A generator's base URL names the site's own files by its address: the site's own once the settings say so.
  const ownAddress = foreign.length === 0 ? '' : ` (your own address, as a generator's base URL writes it, is the site's once it is domainName, or baseUrl; to preview, build with the preview's address)`;
  return `${preview}; a refused post's answer with it leaves out ${left.join(' and ')}, as the service's policy allows only the site's own files, <style> elements and inline scripts: move them there${ownAddress}${captcha}`;
}
