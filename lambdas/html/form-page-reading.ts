/**
 * What synth, `npm start` and `npm run verify` read of an owner's form page (docs/api.md §9)
 * before any visitor posts from it: how a browser sends its form to `/contact`, where else an
 * inquiry form of it posts, and what the page loads. Each reads a page parsed once (`readPage`).
 */

import { HONEYPOT_FIELD, INQUIRY_RULES } from '../inquiry/schema.js';
import { ANSWER_WORDING_ATTRIBUTES, ERROR_FOR_ATTRIBUTE, ERROR_TEXT_ATTRIBUTE, ownerWording, SUCCESS_PATH_ATTRIBUTE } from './owner-markup.js';
import { POSTED_FROM_FIELD } from '../inquiry/form-fields.js';
import { inlineHashes } from './inline-hashes.js';
import { PAGE_PATHS } from './page-paths.js';
import {
  asciiLowercase,
  attribute,
  elementsOf,
  ENCTYPES,
  enumerated,
  formControls,
  formsToContact,
  isHtml,
  isLinkOf,
  isPostForm,
  isSiteContact,
  METHODS,
  parseUrl,
  SITE,
  submissionUrl,
  URL_ENCODED,
  type Element,
  type EnumeratedAttribute,
  type PageTree,
  type ParentNode,
} from './page-tree.js';

/** What a browser makes of a form's page for its post to `/contact` (docs/api.md §9). */
export interface FormSending {
  /** The form's `method`: `post` for a post; `get` when it has none or an invalid one. */
  readonly method: EnumeratedAttribute;
  /** The form's `enctype`: `application/x-www-form-urlencoded` when it has none or an invalid one. */
  readonly enctype: EnumeratedAttribute;
  /** The `formmethod` of each of its submit buttons that has one, which a post sent with it takes instead. */
  readonly buttonMethods: readonly EnumeratedAttribute[];
  /** The `formenctype` of each of its submit buttons that has one. */
  readonly buttonEnctypes: readonly EnumeratedAttribute[];
  /** The `formaction` of each of its submit buttons that has one, as written, and where it sends the post. */
  readonly buttonActions: readonly { readonly written: string; readonly target: PostTarget }[];
  /** The names its controls are sent under, each once, in tree order (named submit buttons included). */
  readonly fields: readonly string[];
  /** Of those, the names of the controls a visitor fills in: its submit buttons' aside. */
  readonly filled: readonly string[];
  /** The names under which one post sends more than one value: more than one control, a radio group and the submit buttons each counted once. */
  readonly repeated: readonly string[];
  /** The names of its `<select multiple>` controls, under which a post sends each option chosen. */
  readonly multiple: readonly string[];
  /** The form's SUCCESS_PATH_ATTRIBUTE as written (entities decoded, as a browser's `dataset` gives it), if it has one. */
  readonly successPath: string | undefined;
  /** The fields its ERROR_FOR_ATTRIBUTE elements name, each once, in tree order. */
  readonly errorFor: readonly string[];
  /** Of those, the fields whose element words their message itself (ERROR_TEXT_ATTRIBUTE). */
  readonly errorWorded: readonly string[];
  /** Whether a person may see its honeypot: a control of it not hidden by the `hidden` attribute, its own or an element's around it. */
  readonly honeypotShown: boolean;
  /**
   * Of `filled`, the names of controls the `hidden` attribute keeps from a person, theirs or an
   * element's around them, with no value of the page's: a spam trap's way (an `<input
   * type="hidden">` or one with a `value` carries the page's own), or a step a script reveals.
   */
  readonly unseen: readonly string[];
  /** Whether it words any sentence of the service's answers itself (owner-markup.ts), as a page in another language does. */
  readonly worded: boolean;
  /** The attributes of the form that would word the service's answers (ANSWER_WORDING_ATTRIBUTES) and do not: those read in English. */
  readonly unwordedAnswers: readonly string[];
  /** The value of its POSTED_FROM_FIELD control, the page's own path as the owner wrote it, if it has one. */
  readonly postedFrom: string | undefined;
}

/**
 * Where a post goes: `/contact` of the site; `/contact` written as a whole address of one of the
 * site's own names (`https://example.com/contact`), which the preview's posts would leave for and a
 * deployment not yet at that name would miss; or elsewhere.
 */
export type PostTarget = 'contact' | 'whole address' | 'elsewhere';

function postTarget(url: URL | undefined, { ownOrigins }: PageTree): PostTarget {
  if (isSiteContact(url)) return 'contact';
  return url !== undefined && ownOrigins.has(url.origin) && url.pathname === PAGE_PATHS.form ? 'whole address' : 'elsewhere';
}

/**
 * The page's form to the service's `/contact` as a browser sends it, by the HTML standard's form
 * submission: the first form that posts there, the one a refused post fills in, else the first
 * whose action is `/contact` whatever its method; undefined when no form of the page has that action.
 */
export function contactFormSending(page: PageTree): FormSending | undefined {
  const forms = formsToContact(page);
  const form = forms.find(isPostForm) ?? forms[0];
  return form === undefined ? undefined : formSending(page, form);
}

/**
 * The page's inquiry form as a browser sends it, wherever it posts (isInquiryForm): what a form
 * moving from a form service sends once its action is `/contact`; undefined when it has none.
 */
export function inquiryFormSending(page: PageTree): FormSending | undefined {
  const { all } = page;
  const form = all.find((element) => isHtml(element, 'form') && isInquiryForm(formControls({ all, form: element, inForm: elementsOf(element) })));
  return form === undefined ? undefined : formSending(page, form);
}

function formSending(page: PageTree, form: Element): FormSending {
  const controls = formControls({ all: page.all, form, inForm: elementsOf(form) });
  const sent = controls.flatMap((control) => {
    const name = attribute(control, 'name');
    const how = howSent(control);
    // A control without a name, or with an empty one, is never sent.
    return name === undefined || name === '' || how === 'never' ? [] : [{ name, how, control }];
  });
  // A disabled button is never pressed: what it would send is no post of the form's.
  const buttons = controls.filter((control) => howSent(control) === 'submit' && attribute(control, 'disabled') === undefined);
  const unwordedAnswers = ANSWER_WORDING_ATTRIBUTES.filter((name) => ownerWording(attribute(form, name)) === undefined);
  return {
    method: enumerated(attribute(form, 'method'), METHODS, 'get'),
    enctype: enumerated(attribute(form, 'enctype'), ENCTYPES, URL_ENCODED),
    buttonMethods: buttons.flatMap((button) => buttonOverride(button, 'formmethod', METHODS, 'get')),
    buttonEnctypes: buttons.flatMap((button) => buttonOverride(button, 'formenctype', ENCTYPES, URL_ENCODED)),
    buttonActions: buttons.flatMap((button) => {
      const written = attribute(button, 'formaction');
      return written === undefined ? [] : [{ written, target: postTarget(submissionUrl(written, page), page) }];
    }),
    fields: [...new Set(sent.map(({ name }) => name))],
    filled: [...new Set(sent.filter(({ how }) => how !== 'submit').map(({ name }) => name))],
    repeated: repeatedNames(sent),
    multiple: [...new Set(sent.filter(({ control }) => isHtml(control, 'select') && attribute(control, 'multiple') !== undefined).map(({ name }) => name))],
    successPath: attribute(form, SUCCESS_PATH_ATTRIBUTE),
    errorFor: [...new Set(elementsOf(form).flatMap((element) => attribute(element, ERROR_FOR_ATTRIBUTE) ?? []))],
    errorWorded: [
      ...new Set(
        elementsOf(form)
          .filter((element) => ownerWording(attribute(element, ERROR_TEXT_ATTRIBUTE)) !== undefined)
          .flatMap((element) => attribute(element, ERROR_FOR_ATTRIBUTE) ?? []),
      ),
    ],
    honeypotShown: controls.some((control) => attribute(control, 'name') === HONEYPOT_FIELD && !hiddenByAttribute(control)),
    unseen: [
      ...new Set(sent.filter(({ how, control }) => how !== 'submit' && !isHiddenInput(control) && !attribute(control, 'value') && underHiddenAttribute(control)).map(({ name }) => name)),
    ],
    unwordedAnswers,
    worded: unwordedAnswers.length < ANSWER_WORDING_ATTRIBUTES.length || elementsOf(form).some((element) => ownerWording(attribute(element, ERROR_TEXT_ATTRIBUTE)) !== undefined),
    postedFrom: attribute(
      controls.find((control) => attribute(control, 'name') === POSTED_FROM_FIELD),
      'value',
    ),
  };
}

/**
 * Whether no style can show the element: an `<input type="hidden">`, or it or an element around it
 * has the `hidden` attribute (but `until-found`, which a search in the page reveals). A style that
 * hides it is not enough: the service's answer with the page applies no `style` attribute.
 */
function hiddenByAttribute(control: Element): boolean {
  return isHiddenInput(control) || underHiddenAttribute(control);
}

function isHiddenInput(control: Element): boolean {
  return isHtml(control, 'input') && asciiLowercase(attribute(control, 'type') ?? '') === 'hidden';
}

/** Whether it or an element around it has the `hidden` attribute (but `until-found`). */
function underHiddenAttribute(control: Element): boolean {
  for (let node: ParentNode | null = control; node !== null && 'tagName' in node; node = node.parentNode) {
    const hidden = attribute(node, 'hidden');
    if (hidden !== undefined && asciiLowercase(hidden) !== 'until-found') return true;
  }
  return false;
}

/** Where a page's inquiry form posts instead of `/contact` of the site: another address of the site, or `/contact` written whole. */
export interface MisdirectedAction {
  /** `path`: another address of the site, which takes no form post; `address`: its `/contact` written as a whole address of one of its names. */
  readonly kind: 'path' | 'address';
  /** The path, or the whole address. */
  readonly action: string;
}

/**
 * The page's forms a browser posts, in tree order, each with where it posts (its action resolved
 * as the browser resolves it) and its controls; a form whose action resolves to no URL is left
 * out, and so is one whose buttons' `formaction` or `formmethod` may send it otherwise than the
 * form says, which the readings that use this do not judge.
 */
function postedForms(page: PageTree): { readonly action: URL; readonly controls: Element[] }[] {
  const { all } = page;
  return all
    .filter((element) => isHtml(element, 'form') && isPostForm(element))
    .flatMap((form) => {
      const action = submissionUrl(attribute(form, 'action'), page);
      if (action === undefined) return [];
      const controls = formControls({ all, form, inForm: elementsOf(form) });
      if (controls.some((control) => attribute(control, 'formaction') !== undefined || attribute(control, 'formmethod') !== undefined)) return [];
      return [{ action, controls }];
    });
}

/**
 * Where the page sends an inquiry a browser posts elsewhere than `/contact` of the site: the
 * action of its first form that posts with every field an inquiry requires to another address of
 * the site (`/contact/`, `/api/contact`, which reads JSON, the page itself for a form without an
 * action, or one of these written whole with one of the site's own names), or to `/contact`
 * written whole (`https://example.com/contact`, PostTarget). Such a form is the service's, and none
 * of its posts would reach it. Undefined when the page has none: a form to another host is the
 * owner's to choose (a form service), and one a browser does not post (no method, a GET, a
 * dialog) is a script's, such as one that posts JSON to `/api/contact`.
 */
export function misdirectedInquiryAction(page: PageTree): MisdirectedAction | undefined {
  for (const { action, controls } of postedForms(page)) {
    if (isSiteContact(action)) continue;
    const ownName = page.ownOrigins.has(action.origin);
    if (action.origin !== SITE && !ownName) continue;
    const names = new Set(controls.map((control) => attribute(control, 'name')));
    if (!INQUIRY_RULES.required.every((field) => names.has(field))) continue;
    if (!ownName) return { kind: 'path', action: action.pathname };
    return { kind: postTarget(action, page) === 'whole address' ? 'address' : 'path', action: action.href };
  }
  return undefined;
}

/** What formServiceHost names for a form Netlify's own hosting takes in, whatever its action. */
export const NETLIFY_FORMS = 'Netlify';

/**
 * The host a page's inquiry form posts to when that is another site's (a form service, such as
 * Formspree's `https://formspree.io/f/…`): its first form a browser posts over http(s) to a host
 * that is none of the site's own, with a message to send (a control named `message`, or a
 * `textarea`) and an address to answer (a control whose name holds `mail` or `replyto`, or of
 * type `email`), which a comment form lacks (postedForms: a form whose buttons may send it
 * elsewhere is not judged). Else NETLIFY_FORMS for such a form, posted or not (Netlify's skeleton
 * of a form a script draws has no method), marked for Netlify Forms (a `netlify` or `data-netlify`
 * attribute, or its hidden `form-name` field), unless it is sent to `/contact` already: it posts
 * to a page of the site, its thank-you page, which no host but Netlify's answers. Undefined when
 * the page has none. What an owner moving from a form service points at `/contact` instead.
 */
export function formServiceHost(page: PageTree): string | undefined {
  for (const { action, controls } of postedForms(page)) {
    if (!isInquiryForm(controls) || action.origin === SITE || page.ownOrigins.has(action.origin) || !/^https?:$/.test(action.protocol)) continue;
    return action.host;
  }
  const { all } = page;
  const netlify = all.some((form) => {
    if (!isHtml(form, 'form')) return false;
    const controls = formControls({ all, form, inForm: elementsOf(form) });
    return isInquiryForm(controls) && isNetlifyForm(form, controls) && postTarget(submissionUrl(attribute(form, 'action'), page), page) === 'elsewhere';
  });
  return netlify ? NETLIFY_FORMS : undefined;
}

/** Whether Netlify's hosting takes a form in (Netlify's "Form setup"): marked by an attribute, or by the field naming it. */
function isNetlifyForm(form: Element, controls: readonly Element[]): boolean {
  const marked = (name: string) => {
    const value = attribute(form, name);
    return value !== undefined && asciiLowercase(value) !== 'false';
  };
  return marked('netlify') || marked('data-netlify') || controls.some((control) => attribute(control, 'name') === 'form-name');
}

/** Whether a form's controls send a message (a control named `message`, or a `textarea`) and an address to answer (a name holding `mail` or `replyto`, or type `email`). */
function isInquiryForm(controls: readonly Element[]): boolean {
  const message = controls.some((control) => attribute(control, 'name') === 'message' || isHtml(control, 'textarea'));
  const address = controls.some((control) => /mail|replyto/i.test(attribute(control, 'name') ?? '') || asciiLowercase(attribute(control, 'type') ?? '') === 'email');
  return message && address;
}

/**
 * The paths of the site a form page loads its look and behaviour from: each style sheet
 * (`<link rel="stylesheet" href>`) and script (`<script src>`) of the page's own origin, or of one
 * of the site's own names written whole (a Hugo theme's), and with `images` each image, resolved
 * as the browser resolves them, in tree order and each once. Synth and `npm start` check that the
 * site has them, since a form page copied from an example keeps the example's.
 */
export function sameSiteSubresources(page: PageTree, { images = false }: { readonly images?: boolean } = {}): string[] {
  const paths = loadedUrls(page, { images }).flatMap((url) => (url.origin === SITE || page.ownOrigins.has(url.origin) ? [url.pathname] : []));
  return [...new Set(paths)];
}

/** What the policy of the service's answer with a form page (a refused post, docs/api.md §9) keeps out of it. */
export interface PolicyRefused {
  /** How many of its elements have a `style` attribute, which the policy does not apply. */
  readonly styleAttributes: number;
  /** How many event handler attributes (`onclick`) its elements have, which the policy does not run. */
  readonly handlerAttributes: number;
  /** How many of its `<style>` elements and inline scripts are past the MAX_INLINE_HASHES of each the policy names. */
  readonly inlinePast: number;
  /** The other origins it loads style sheets, scripts or images from, each once, the site's own names' and its CAPTCHAs' aside. */
  readonly otherOrigins: readonly string[];
  /** The origins of the CAPTCHAs it loads (CAPTCHA_SCRIPTS), each once: a form service's, to remove rather than move. */
  readonly captchas: readonly string[];
}

/** Where the CAPTCHAs a form service's form may carry are served: hCaptcha, Cloudflare Turnstile, reCAPTCHA. */
const CAPTCHA_SCRIPTS = [
  'https://js.hcaptcha.com/',
  'https://hcaptcha.com/',
  'https://challenges.cloudflare.com/turnstile/',
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
  'https://www.recaptcha.net/recaptcha/',
];

/**
 * What of the page the service's answer with it does not show as the page's own URL does: its
 * policy allows the site's own files and the page's `<style>` elements and inline scripts (up to
 * MAX_INLINE_HASHES of each), not `style` or event handler attributes nor another origin's style
 * sheets, scripts and images (a web font's style sheet, a CDN's image).
 */
export function policyRefused(page: PageTree): PolicyRefused {
  // A file of the site named by its whole address (a generator's base URL: Zola writes every link so) is the answer's own origin's.
  const other = loadedUrls(page, { images: true }).filter((url) => url.origin !== SITE && !page.ownOrigins.has(url.origin));
  const isCaptcha = (url: URL) => CAPTCHA_SCRIPTS.some((start) => url.href.startsWith(start));
  const origins = (urls: URL[]) => [...new Set(urls.map((url) => url.origin))];
  return {
    styleAttributes: page.all.filter((element) => attribute(element, 'style') !== undefined).length,
    handlerAttributes: page.all.flatMap((element) => element.attrs.filter(({ name }) => /^on/i.test(name))).length,
    inlinePast: inlineHashes(page.all).past,
    otherOrigins: origins(other.filter((url) => !isCaptcha(url))),
    captchas: origins(other.filter(isCaptcha)),
  };
}

/** The origins the page loads style sheets, scripts or images from, each once, the site's own names' among them (a generator's base URL). */
export function loadedOrigins(page: PageTree): string[] {
  return [...new Set(loadedUrls(page, { images: true }).map((url) => url.origin))].filter((origin) => origin !== SITE);
}

/** The URLs the page's elements have a browser load, in tree order: style sheets, scripts and, with `images`, images. */
function loadedUrls({ all, base }: PageTree, { images }: { images: boolean }): URL[] {
  return all.flatMap((element) => {
    const stylesheet = isLinkOf(element, 'stylesheet');
    const link = isHtml(element, 'script') || (images && isHtml(element, 'img')) ? attribute(element, 'src') : stylesheet ? attribute(element, 'href') : undefined;
    const url = link === undefined || link.trim() === '' ? undefined : parseUrl(link, base);
    return url === undefined ? [] : [url];
  });
}

/** How a post sends a control: as a field of its own, one of a radio group, a submit button (when it is the one pressed), or never. */
type HowSent = 'field' | 'radio' | 'submit' | 'never';

/** Button types whose control a post never sends. */
const UNSENT_BUTTON_TYPES: ReadonlySet<string> = new Set(['reset', 'button']);

/** By the control's type, read as the standard reads it: a `<button>` with none or an invalid one submits, an `<input>` is text. */
function howSent(control: Element): HowSent {
  const type = asciiLowercase(attribute(control, 'type') ?? '');
  if (control.tagName === 'button') return UNSENT_BUTTON_TYPES.has(type) ? 'never' : 'submit';
  if (control.tagName !== 'input') return 'field';
  if (type === 'radio') return 'radio';
  if (type === 'submit' || type === 'image') return 'submit';
  return UNSENT_BUTTON_TYPES.has(type) ? 'never' : 'field';
}

/**
 * The names under which one post sends more than one value: each control of a name counts, but
 * a radio group, which sends one of its buttons, and the submit buttons, of which a post sends
 * the one pressed, count once each.
 */
function repeatedNames(sent: readonly { readonly name: string; readonly how: HowSent }[]): string[] {
  const counts = new Map<string, number>();
  const groups = new Set<string>();
  for (const { name, how } of sent) {
    if (how !== 'field') {
      if (groups.has(`${how} ${name}`)) continue;
      groups.add(`${how} ${name}`);
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([name]) => name);
}

/** A submit button's `formmethod` or `formenctype`, which a post sent with it takes over the form's, when it has one. */
function buttonOverride(button: Element, name: string, keywords: readonly string[], invalid: string): EnumeratedAttribute[] {
  const written = attribute(button, name);
  return written === undefined ? [] : [enumerated(written, keywords, invalid)];
}
