import { html as spec, type DefaultTreeAdapterTypes } from 'parse5';
import { POSTED_FROM_FIELD } from '../inquiry/form-fields.js';
import { FORM_TOKEN_FIELD } from '../inquiry/form-token.js';
import { ERROR_TITLE_PREFIX } from '../inquiry/form-messages.js';
import { HONEYPOT_FIELD } from '../inquiry/schema.js';
import { escapeHtml } from './escape-html.js';
import { inlineHashes, type InlineHashes } from './inline-hashes.js';
import { ERROR_FOR_ATTRIBUTE, ERROR_TEXT_ATTRIBUTE, OWNER_NOTICE_ATTRIBUTES, ownerWording, STATUS_ERROR_CLASS, TITLE_PREFIX_ATTRIBUTE, type OwnerNotice } from './owner-markup.js';
import {
  attribute,
  elementsOf,
  formControls,
  formsToContact,
  isHtml,
  isPostForm,
  parseUrl,
  readPage,
  SITE,
  type Element,
} from './page-tree.js';

type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/**
 * The largest form page the service answers in (docs/api.md §9): a page with its images inlined
 * may be large, and a page of megabytes would cost each refused post its parse; an answer must
 * also stay well under Lambda's 6 MB.
 */
export const MAX_FORM_PAGE_BYTES = 1024 * 1024;

/** A refused post, as the owner's page shows it. */
export interface RefusedForm {
  /** The form page's own path: the page was written for it, and its relative links are resolved against it. */
  readonly pagePath: string;
  /** What the visitor sent, to fill the form in again. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Each field's sentence for a person, in the order of the errors. */
  readonly fieldErrors: readonly { readonly field: string; readonly message: string }[];
  /** One sentence: why nothing was sent. */
  readonly summary: string;
  /** Which notice the summary is, which the owner's form may say in its own words instead (OWNER_NOTICE_ATTRIBUTES). */
  readonly notice?: OwnerNotice;
  /** The form token to post again (docs/api.md §15), when there is one to keep. */
  readonly formToken?: string;
  /** The page's path to post again in POSTED_FROM_FIELD, when it is another contact page than the form page. */
  readonly postedFrom?: string;
}

/** The owner's page filled in, and the hashes of its own `<style>` elements and inline scripts, which its policy allows. */
export interface FilledFormPage extends Pick<InlineHashes, 'styleHashes' | 'scriptHashes'> {
  readonly html: string;
}

/**
 * The owner's form page answering a refused post (docs/api.md §9), as text spliced into the
 * owner's own: a real HTML parser (parse5, the HTML standard's algorithm) finds where each change
 * goes, and everything else stays byte for byte as the owner wrote it. Each value and message is
 * escaped as the service's own pages escape them, so nothing a visitor sent is ever markup.
 * Undefined when the page holds no form that posts to `/contact`.
 */
export function fillOwnerFormPage(html: string, refused: RefusedForm): FilledFormPage | undefined {
  const tree = readPage(html, refused.pagePath);
  const { all, base } = tree;
  // The first form, in tree order, that posts to `/contact` of the site: the one the visitor sent.
  const form = formsToContact(tree).find(isPostForm);
  if (form === undefined) return undefined;
  const page: FormInPage = { all, form, inForm: elementsOf(form), controls: new Map() };
  page.controls = namedControls(page);
  const edits = new Edits();
  fillValues(edits, page, refused);
  const { unplaced, focused } = markErrors(edits, page, refused.fieldErrors);
  const summary = ownerWords(form, refused.notice) ?? refused.summary;
  const status = firstEligible(page, (element) => attribute(element, 'data-status') !== undefined);
  if (status === undefined) {
    // With no field to correct (a limit, a failure), the focus goes to the reason: without script
    // nothing else tells a screen reader, which does not read a status present at load.
    if (!focused) focusOnly(edits, all, undefined);
    addSummary(edits, form, summary, unplaced, !focused);
  } else {
    // As the example script says it: the messages no element of their own holds, else the reason.
    const said = unplaced.length === 0 ? summary : unplaced.map(({ message }) => message).join(' ');
    replaceContent(edits, status, escapeHtml(said));
    removeAttribute(edits, status, 'hidden');
    addClass(edits, status, STATUS_ERROR_CLASS);
    if (!focused) {
      if (attribute(status, 'tabindex') === undefined) setAttribute(edits, status, 'tabindex', '-1');
      focusOnly(edits, all, status);
    }
  }
  markTitle(edits, all, ownerWording(attribute(form, TITLE_PREFIX_ATTRIBUTE)) ?? ERROR_TITLE_PREFIX);
  resolveRelativeLinks(edits, all, base);
  const { styleHashes, scriptHashes } = inlineHashes(all);
  return { html: edits.applyTo(html), styleHashes, scriptHashes };
}

/** The page's elements, its inquiry form, the form's own elements and its named controls. */
interface FormInPage {
  readonly all: readonly Element[];
  readonly form: Element;
  readonly inForm: readonly Element[];
  controls: ReadonlyMap<string, Element>;
}

/** The form's controls by name, the first of each. */
function namedControls(page: FormInPage): ReadonlyMap<string, Element> {
  const controls = new Map<string, Element>();
  for (const control of formControls(page)) {
    const name = attribute(control, 'name');
    if (name !== undefined && !controls.has(name)) controls.set(name, control);
  }
  return controls;
}

/** Input types that never show what was typed again: they hold the page's own values, a secret, or a choice. */
const NOT_REFILLED_TYPES: ReadonlySet<string> = new Set(['hidden', 'password', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button']);

/**
 * Every field the visitor typed into gets its text back, the honeypot's aside; the form token
 * is carried while it is the one to keep, and another contact page's path.
 */
function fillValues(edits: Edits, page: FormInPage, refused: RefusedForm): void {
  const { form, controls } = page;
  checkChoices(edits, page, refused);
  for (const [name, control] of controls) {
    const value = refused.values[name];
    if (typeof value !== 'string' || name === HONEYPOT_FIELD || name === FORM_TOKEN_FIELD || name === POSTED_FROM_FIELD) continue;
    if (control.tagName === 'textarea') {
      // The parser drops one newline right after <textarea>: this one, not the visitor's first.
      replaceContent(edits, control, `\n${escapeHtml(value)}`);
    } else if (control.tagName === 'input' && !NOT_REFILLED_TYPES.has(inputType(control))) {
      setAttribute(edits, control, 'value', value);
    } else if (control.tagName === 'select') {
      selectOption(edits, control, value);
    }
  }
  carryHidden(edits, { form, controls }, FORM_TOKEN_FIELD, refused.formToken);
  carryHidden(edits, { form, controls }, POSTED_FROM_FIELD, refused.postedFrom);
}

/** Input types whose control is a choice, checked or not: a radio group, or a checkbox. */
const CHOICE_TYPES: ReadonlySet<string> = new Set(['radio', 'checkbox']);

/**
 * Each radio button and checkbox (one of the owner's own fields, asked so) checked when its value
 * (`on` when it has none) is what the visitor sent under its name, and unchecked otherwise (a
 * browser sends nothing for one left unchecked): the page's default must not replace the visitor's
 * choice when the post is sent again.
 */
function checkChoices(edits: Edits, page: FormInPage, refused: RefusedForm): void {
  for (const control of formControls(page)) {
    const name = attribute(control, 'name');
    if (name === undefined || control.tagName !== 'input' || !CHOICE_TYPES.has(inputType(control)) || name === HONEYPOT_FIELD) continue;
    const sent = Object.hasOwn(refused.values, name) ? refused.values[name] : undefined;
    markChosen(edits, control, 'checked', [sent].flat().includes(attribute(control, 'value') ?? 'on'));
  }
}

/** A `<select>` (a budget's, one of the owner's fields) with the option the visitor chose selected, and no other. */
function selectOption(edits: Edits, select: Element, value: string): void {
  for (const option of elementsOf(select).filter((element) => isHtml(element, 'option'))) markChosen(edits, option, 'selected', optionValue(option) === value);
}

/** An `<input>`'s type as a browser reads it: trimmed, any case, `text` when it has none. */
function inputType(control: Element): string {
  return attribute(control, 'type')?.trim().toLowerCase() ?? 'text';
}

/** A choice (`checked`, `selected`) marked as the visitor made it: the attribute added where chosen, removed elsewhere. */
function markChosen(edits: Edits, element: Element, mark: 'checked' | 'selected', chosen: boolean): void {
  if (chosen && attribute(element, mark) === undefined) setAttribute(edits, element, mark);
  if (!chosen) removeAttribute(edits, element, mark);
}

/** What an option posts: its `value`, else its text with its white space stripped and collapsed, as HTML's option value is. */
function optionValue(option: Element): string {
  const value = attribute(option, 'value');
  if (value !== undefined) return value;
  const text = elementsOf(option)
    .flatMap((element) => element.childNodes)
    .map((node) => (node.nodeName === '#text' ? (node as DefaultTreeAdapterTypes.TextNode).value : ''))
    .join('');
  return text.replace(/[\t\n\f\r ]+/g, ' ').trim();
}

/** A value the form posts again: in its control of that name, if it has one, else in a hidden one added at its start. */
function carryHidden(edits: Edits, { form, controls }: Pick<FormInPage, 'form' | 'controls'>, name: string, value: string | undefined): void {
  if (value === undefined) return;
  const control = controls.get(name);
  if (control !== undefined && control.tagName === 'input') setAttribute(edits, control, 'value', value);
  else edits.insert(startTagEnd(form), `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
}

/**
 * Each message goes in the element of the form that `data-error-for` marks for its field, shown;
 * its control is marked invalid and described by it, and the first invalid control takes the
 * focus (without script nothing else can take the visitor there). Returns the messages that had
 * no such element, each with its control if it has one, and whether a control took the focus.
 */
function markErrors(edits: Edits, page: FormInPage, fieldErrors: RefusedForm['fieldErrors']): { readonly unplaced: Unplaced[]; readonly focused: boolean } {
  const { all, controls } = page;
  const ids = new Set(all.map((element) => attribute(element, 'id')));
  const unplaced: Unplaced[] = [];
  let focused = false;
  for (const fieldError of fieldErrors) {
    const { field } = fieldError;
    // The honeypot is hidden from people: its message, in the owner's words if the form has them, is for the summary, never its field.
    const message = (field === HONEYPOT_FIELD ? ownerWording(attribute(page.form, OWNER_NOTICE_ATTRIBUTES.honeypot)) : undefined) ?? fieldError.message;
    const control = field === HONEYPOT_FIELD ? undefined : controls.get(field);
    const box = firstEligible(page, (element) => attribute(element, ERROR_FOR_ATTRIBUTE) === field);
    if (control !== undefined && control.tagName !== 'button') {
      setAttribute(edits, control, 'aria-invalid', 'true');
      if (!focused) {
        focusOnly(edits, all, control);
        focused = true;
      }
    }
    if (box === undefined || control === undefined) {
      unplaced.push({ message, ...(control === undefined ? {} : { control }) });
      continue;
    }
    replaceContent(edits, box, escapeHtml(ownerWording(attribute(box, ERROR_TEXT_ATTRIBUTE)) ?? message));
    removeAttribute(edits, box, 'hidden');
    let id = attribute(box, 'id');
    if (id === undefined) {
      id = uniqueId(ids, `${field}-error`);
      setAttribute(edits, box, 'id', id);
    }
    const describedBy = (attribute(control, 'aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    if (!describedBy.includes(id)) setAttribute(edits, control, 'aria-describedby', [...describedBy, id].join(' '));
  }
  return { unplaced, focused };
}

/** A message with no element of its own to go in, and its control, if it has one. */
interface Unplaced {
  readonly message: string;
  readonly control?: Element;
}

/**
 * For a form without a `data-status` element, at its top, as the example script says it in the
 * status line it adds: each message without its own element, linked to its field, else the reason.
 */
function addSummary(edits: Edits, form: Element, summary: string, unplaced: readonly Unplaced[], focus: boolean): void {
  const items = unplaced.map(({ message, control }) => {
    const id = attribute(control, 'id');
    return `<li>${id === undefined ? escapeHtml(message) : `<a href="#${escapeHtml(id)}">${escapeHtml(message)}</a>`}</li>`;
  });
  edits.insert(
    startTagEnd(form),
    `<div role="alert" data-form-summary class="${STATUS_ERROR_CLASS}"${focus ? ' tabindex="-1" autofocus' : ''}>${items.length === 0 ? `<p>${escapeHtml(summary)}</p>` : `<ul>${items.join('')}</ul>`}</div>`,
  );
}

/** The page's title says there is an error first, as the service's own page does: in the owner's words, if the form has them. */
function markTitle(edits: Edits, all: readonly Element[], prefix: string): void {
  const title = all.find((element) => isHtml(element, 'title'));
  const at = title?.sourceCodeLocation?.startTag?.endOffset;
  if (at !== undefined) edits.insert(at, escapeHtml(prefix));
}

/** The owner's words for the notice, from the form's attribute for it (`{minutes}` filled in); none when it has none. */
function ownerWords(form: Element, notice: OwnerNotice | undefined): string | undefined {
  if (notice === undefined) return undefined;
  const words = ownerWording(attribute(form, OWNER_NOTICE_ATTRIBUTES[notice.kind]));
  return notice.kind === 'rateLimited' ? words?.replaceAll('{minutes}', String(notice.minutes)) : words;
}

/** The only element with `autofocus` (none but one added apart, when undefined): others would take the focus first. */
function focusOnly(edits: Edits, all: readonly Element[], focused: Element | undefined): void {
  for (const element of all) {
    if (element !== focused) removeAttribute(edits, element, 'autofocus');
  }
  if (focused !== undefined && attribute(focused, 'autofocus') === undefined) setAttribute(edits, focused, 'autofocus');
}

/**
 * Elements whose text a message may replace: shown as text (not a control, not raw text such as
 * `<script>` or `<textarea>`, not void), and holding none of the form's controls nor another
 * marked element, which the message would wipe out.
 */
function firstEligible({ inForm, controls }: FormInPage, marked: (element: Element) => boolean): Element | undefined {
  const kept = new Set(controls.values());
  const candidate = inForm.find(marked);
  if (candidate === undefined || candidate.namespaceURI !== spec.NS.HTML || NOT_TEXT_CONTAINERS.has(candidate.tagName)) return undefined;
  if (candidate.sourceCodeLocation?.startTag === undefined) return undefined;
  const inside = elementsOf(candidate).slice(1);
  const wipes = inside.some((element) => kept.has(element) || attribute(element, ERROR_FOR_ATTRIBUTE) !== undefined || attribute(element, 'data-status') !== undefined);
  return wipes ? undefined : candidate;
}

const NOT_TEXT_CONTAINERS: ReadonlySet<string> = new Set([
  // Void elements.
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
  // Raw text and escapable raw text, and what holds no text of its own.
  'script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext', 'template',
  // Controls.
  'select', 'option', 'optgroup', 'datalist', 'button',
]);

/** Attributes whose value is one URL, on any element. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'action', 'formaction', 'poster', 'xlink:href']);
/** Attributes whose value is a list of image candidates. */
const SRCSET_ATTRIBUTES: ReadonlySet<string> = new Set(['srcset', 'imagesrcset']);

/**
 * The answer is shown at `/contact`, not at the page's own path, so a relative link (`site.css`,
 * `../about/`) would find another file: each is written as the path it meant. A `<base>` is
 * dropped once its links are resolved: the service's policy refuses one (`base-uri 'none'`).
 */
function resolveRelativeLinks(edits: Edits, all: readonly Element[], base: URL): void {
  for (const element of all) {
    if (isHtml(element, 'base')) {
      const location = element.sourceCodeLocation;
      if (location) edits.replace(location.startOffset, location.endOffset, '');
      continue;
    }
    for (const attr of element.attrs) {
      const name = attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
      const objectData = name === 'data' && isHtml(element, 'object');
      const resolved = URL_ATTRIBUTES.has(name) || objectData ? resolvedLink(attr.value, base) : SRCSET_ATTRIBUTES.has(name) ? resolvedSrcset(attr.value, base) : undefined;
      if (resolved !== undefined && resolved !== attr.value) setAttribute(edits, element, name, resolved);
    }
  }
}

/** A relative reference by path (`a/b`, `../c`, `?q`) as the path it names; anything else stays as written. */
function resolvedLink(value: string, base: URL): string | undefined {
  // What the URL parser strips itself: C0 controls and spaces at either end.
  const link = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (link === '' || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(link) || /^[/\\#]/.test(link)) return undefined;
  const url = parseUrl(link, base);
  if (url === undefined) return undefined;
  return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * `srcset`'s candidates, each URL resolved as a link, split as the HTML standard's parser splits
 * them: a URL runs to white space (commas at its end close the candidate), then its descriptors
 * run to the next comma outside parentheses.
 */
function resolvedSrcset(value: string, base: URL): string {
  let text = '';
  let at = 0;
  while (at < value.length) {
    const lead = /^[\s,]*/.exec(value.slice(at))?.[0] ?? '';
    const token = /^\S*/.exec(value.slice(at + lead.length))?.[0] ?? '';
    const commas = /,*$/.exec(token)?.[0] ?? '';
    const url = token.slice(0, token.length - commas.length);
    text += lead + (resolvedLink(url, base) ?? url) + commas;
    at += lead.length + token.length;
    if (commas !== '') continue;
    let depth = 0;
    const descriptors = at;
    for (; at < value.length && (value[at] !== ',' || depth > 0); at++) {
      if (value[at] === '(') depth++;
      else if (value[at] === ')') depth = Math.max(0, depth - 1);
    }
    text += value.slice(descriptors, at);
  }
  return text;
}

function uniqueId(ids: Set<string | undefined>, wanted: string): string {
  let id = wanted;
  for (let n = 2; ids.has(id); n++) id = `${wanted}-${n}`;
  ids.add(id);
  return id;
}

function startTagEnd(element: Element): number {
  const end = element.sourceCodeLocation?.startTag?.endOffset;
  if (end === undefined) throw new Error(`<${element.tagName}> has no start tag in the page`);
  return end;
}

/** Sets an attribute in the source (a boolean one without a value): its own text replaced, or a new one right after the tag's name. */
function setAttribute(edits: Edits, element: Element, name: string, value?: string): void {
  const text = value === undefined ? name : `${name}="${escapeHtml(value)}"`;
  const at = element.sourceCodeLocation?.attrs?.[name];
  if (at !== undefined) {
    edits.replace(at.startOffset, at.endOffset, text);
    return;
  }
  const start = element.sourceCodeLocation?.startTag?.startOffset;
  if (start === undefined) return;
  // After `<` and the name: inserting before the tag's end could land inside an unquoted value (`<input name=x/>`).
  edits.insert(start + 1 + element.tagName.length, ` ${text}`);
}

/** Adds a class to the element's `class` attribute, unless it is there already. */
function addClass(edits: Edits, element: Element, name: string): void {
  const classes = (attribute(element, 'class') ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);
  if (!classes.includes(name)) setAttribute(edits, element, 'class', [...classes, name].join(' '));
}

function removeAttribute(edits: Edits, element: Element, name: string): void {
  const at = element.sourceCodeLocation?.attrs?.[name];
  if (at !== undefined) edits.replace(at.startOffset, at.endOffset, '');
}

/** Replaces what an element holds, up to its end tag (or where its last descendant ends, when the parser closed it). */
function replaceContent(edits: Edits, element: Element, text: string): void {
  const start = element.sourceCodeLocation?.startTag?.endOffset;
  if (start === undefined) return;
  edits.replace(start, Math.max(start, contentEnd(element, start)), text, true);
}

function contentEnd(element: Element, start: number): number {
  const endTag = element.sourceCodeLocation?.endTag?.startOffset;
  if (endTag !== undefined) return endTag;
  let node: ChildNode | undefined = element.childNodes.at(-1);
  while (node !== undefined) {
    if (!('tagName' in node)) return node.sourceCodeLocation?.endOffset ?? start;
    const location = node.sourceCodeLocation;
    if (location?.endTag !== undefined) return location.endOffset;
    const last: ChildNode | undefined = node.childNodes.at(-1);
    if (last === undefined) return location?.startTag?.endOffset ?? start;
    node = last;
  }
  return start;
}

/** Changes to the page's text, by offsets of the original; an element's content replaced swallows the changes inside it. */
class Edits {
  private readonly list: { start: number; end: number; text: string; content: boolean; order: number }[] = [];

  insert(at: number, text: string): void {
    this.replace(at, at, text);
  }

  replace(start: number, end: number, text: string, content = false): void {
    this.list.push({ start, end, text, content, order: this.list.length });
  }

  applyTo(source: string): string {
    const contents = this.list.filter((edit) => edit.content);
    const kept = this.list.filter((edit) => !contents.some((outer) => outer !== edit && outer.start < edit.end && edit.start < outer.end));
    kept.sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order);
    let text = '';
    let at = 0;
    for (const edit of kept) {
      if (edit.start < at || edit.end < edit.start) throw new Error(`overlapping edits at ${edit.start}`);
      text += source.slice(at, edit.start) + edit.text;
      at = edit.end;
    }
    return text + source.slice(at);
  }
}
