import { html as spec, parse, type DefaultTreeAdapterTypes } from 'parse5';
import { PAGE_PATHS } from './page-paths.js';

export type Element = DefaultTreeAdapterTypes.Element;
export type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/**
 * An owner's page as a browser reads it, parsed once: every element in tree order (a page may be
 * large, MAX_FORM_PAGE_BYTES) and the URL its relative links are resolved against.
 */
export interface PageTree {
  readonly all: readonly Element[];
  readonly base: URL;
  /** The page's own URL, where a form without an action posts, whatever its `<base>`. */
  readonly page: URL;
  /** The origins of the site's own names (`https://example.com`), as a page may write its links whole. */
  readonly ownOrigins: ReadonlySet<string>;
}

/**
 * The page served at `pagePath` (a path of the site), read as a browser without scripting reads
 * it; `ownOrigins` are the site's own names where they are known (synth's domainName and baseUrl).
 */
export function readPage(html: string, pagePath: string, ownOrigins: readonly string[] = []): PageTree {
  return pageTreeOf(parsePage(html), pagePath, ownOrigins);
}

/** The tree of a page parsed already, served at `pagePath`. */
export function pageTreeOf(document: ParentNode, pagePath: string, ownOrigins: readonly string[] = []): PageTree {
  const all = elementsOf(document);
  const page = new URL(pagePath, SITE);
  return { all, base: documentBase(all, page), page, ownOrigins: new Set(ownOrigins) };
}

/**
 * Parsed as a browser without scripting parses it, so that a form inside `<noscript>` is found:
 * the page answers a post made without JavaScript. A `<template>`'s content is a fragment of its
 * own, which no walk below enters: it is inert until a script uses it. With each node's place in
 * the source, where changes to the page go.
 */
export function parsePage(html: string): DefaultTreeAdapterTypes.Document {
  return parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
}

/** A placeholder origin: only paths of the site matter, and the page is the service's origin. */
export const SITE = 'https://site.invalid';

/** The URL the page's relative links were written against: its own, or its first `<base href>`. */
function documentBase(all: readonly Element[], page: URL): URL {
  const base = attribute(
    all.find((element) => isHtml(element, 'base') && attribute(element, 'href') !== undefined),
    'href',
  );
  return (base === undefined ? undefined : parseUrl(base, page)) ?? page;
}

/** The page's forms whose action is `/contact` of the site, in tree order. */
export function formsToContact(tree: PageTree): Element[] {
  return tree.all.filter((element) => isHtml(element, 'form') && isSiteContact(submissionUrl(attribute(element, 'action'), tree)));
}

/**
 * Where a form's `action`, or a button's `formaction`, sends a post, as the HTML standard resolves
 * it: a missing or empty one is the page's own URL, not its `<base>`; any other is resolved
 * against the base.
 */
export function submissionUrl(written: string | undefined, { base, page }: Pick<PageTree, 'base' | 'page'>): URL | undefined {
  return written === undefined || written === '' ? page : parseUrl(written, base);
}

/** Whether a URL is `/contact` of the site: the service's form post, a query aside. */
export function isSiteContact(url: URL | undefined): boolean {
  return url?.origin === SITE && url.pathname === PAGE_PATHS.form;
}

export function isPostForm(form: Element): boolean {
  return enumerated(attribute(form, 'method'), METHODS, 'get').state === 'post';
}

/** The form's controls in tree order: those inside it (`inForm`, its own elements), and those elsewhere that name it with `form=`. */
export function formControls({ all, form, inForm }: { readonly all: readonly Element[]; readonly form: Element; readonly inForm: readonly Element[] }): Element[] {
  const formId = attribute(form, 'id');
  const inside = new Set(inForm);
  return all.filter((element) => {
    if (!CONTROLS.has(element.tagName) || element.namespaceURI !== spec.NS.HTML) return false;
    const owner = attribute(element, 'form');
    return owner === undefined ? inside.has(element) : owner === formId;
  });
}

const CONTROLS: ReadonlySet<string> = new Set(['input', 'textarea', 'select', 'button']);

/** An enumerated attribute as written (undefined when absent), and the state a browser reads it as. */
export interface EnumeratedAttribute {
  readonly written: string | undefined;
  readonly state: string;
}

/** The one encoding the service reads a form post in (docs/api.md §9). */
export const URL_ENCODED = 'application/x-www-form-urlencoded';
export const METHODS: readonly string[] = ['get', 'post', 'dialog'];
export const ENCTYPES: readonly string[] = [URL_ENCODED, 'multipart/form-data', 'text/plain'];

/**
 * An enumerated attribute read as the HTML standard reads one: its keyword matched ASCII
 * case-insensitively and untrimmed, else `fallback`, so `method=" post"` is a GET, as in browsers.
 */
export function enumerated(written: string | undefined, keywords: readonly string[], fallback: string): EnumeratedAttribute {
  const keyword = written === undefined ? undefined : asciiLowercase(written);
  return { written, state: keyword !== undefined && keywords.includes(keyword) ? keyword : fallback };
}

/** Only A to Z lowered, as the standard's keywords are matched: `toLowerCase` would also make the Kelvin sign a `k`. */
export function asciiLowercase(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

export function parseUrl(value: string, base: URL): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/** Every element under a node, in tree order; iterative, so that no nesting depth can overflow the stack. */
export function elementsOf(root: ParentNode): Element[] {
  const found: Element[] = [];
  const stack: ParentNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ParentNode;
    if ('tagName' in node) found.push(node);
    for (let index = node.childNodes.length - 1; index >= 0; index--) {
      const child = node.childNodes[index];
      if (child !== undefined && 'childNodes' in child) stack.push(child);
    }
  }
  return found;
}

export function isHtml(element: Element, tagName: string): boolean {
  return element.tagName === tagName && element.namespaceURI === spec.NS.HTML;
}

/** Whether an element is a `<link>` whose rel names `type`, read as the standard reads rel: ASCII case-insensitive keywords between ASCII whitespace. */
export function isLinkOf(element: Element, type: string): boolean {
  return isHtml(element, 'link') && asciiLowercase(attribute(element, 'rel') ?? '').split(/[\t\n\f\r ]+/).includes(type);
}

export function attribute(element: Element | undefined, name: string): string | undefined {
  return element?.attrs.find((attr) => (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name) === name)?.value;
}
