import { fromParse5 } from 'hast-util-from-parse5';
import { toMdast } from 'hast-util-to-mdast';
import type { Heading, Nodes as MarkdownNodes, Root as MarkdownRoot } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { defaultTreeAdapter, html as parse5Html, parse, type DefaultTreeAdapterMap } from 'parse5';
import { formsToContact, isPostForm, pageTreeOf, parseUrl, SITE } from '../../lambdas/html/page-tree.js';
import { siteUrls } from '../../lambdas/site-urls.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Of a page's HTML, what is read: a page past it is converted as far as it goes (docs/api.md §16). */
export const MAX_PAGE_BYTES = 1024 * 1024;
/** The most a page's Markdown holds: past it, it ends with a line that sends the reader to the page. */
export const MAX_MARKDOWN_BYTES = 256 * 1024;
/**
 * The deepest an element of the content is converted at: the converters recurse, and a page of
 * thousands of nested elements would overflow the stack. Deeper elements are kept as their text.
 */
export const MAX_DEPTH = 200;

/** The page's chrome, never its content: left out of the Markdown wherever it is. */
const NEVER_CONTENT = new Set(['nav', 'script', 'style', 'noscript', 'template']);
/** The chrome of a page that marks no main content: left out when the whole body is converted. */
const BODY_CHROME = new Set(['header', 'footer', 'aside']);

/**
 * A page's Markdown (docs/api.md §16), made with the unified collective's maintained converters
 * (hast-util-from-parse5, hast-util-to-mdast, mdast-util-to-markdown with GFM's tables) from the
 * tree parse5 builds, the WHATWG parser browsers follow: the page's main content (its `<main>`, an
 * element of role `main`, its one `<article>`, or else its body without header, footer and
 * asides), never its navigation, scripts, styles, comments, headings' permalink marks or what the page hides (`hidden`, `aria-hidden`),
 * under its title when the content has no `<h1>`
 * of its own. A form that sends the service an inquiry (its action `/contact`) is, in the Markdown,
 * a paragraph that points an agent at the API and the MCP server that take the same inquiry: its
 * labels and buttons, run together as text, would tell it nothing. The text is escaped wherever Markdown would read it as markup (`\<script>`), so that
 * nothing of the page becomes HTML in a renderer; control characters are dropped. The HTML is
 * decoded as a browser decodes it: a byte order mark, else the `<meta charset>` of its first
 * 1024 bytes, else UTF-8, a byte that is none a replacement character. Bounded: at most
 * MAX_PAGE_BYTES of HTML are read, and the Markdown is cut at MAX_MARKDOWN_BYTES, ending with a
 * line that links the page itself (`pagePath`).
 */
export function pageMarkdown(html: Buffer, pagePath: string): string {
  const document = parsedPage(html);
  const title = textOf(find(document, (element) => element.tagName === 'title'));
  const content = mainContent(document);
  const hiding = content.tagName === 'body' ? new Set([...NEVER_CONTENT, ...BODY_CHROME]) : NEVER_CONTENT;
  prune(content, hiding);
  replaceInquiryForms(document, content, pagePath);
  const tree = toMdast(fromParse5(content)) as MarkdownRoot;
  const hasHeading = find(content, (element) => element.tagName === 'h1') !== undefined;
  const heading: Heading = { type: 'heading', depth: 1, children: [{ type: 'text', value: title }] };
  const root: MarkdownRoot = { type: 'root', children: [...(hasHeading || title === '' ? [] : [heading]), ...(tree.children ?? [tree as MarkdownNodes])] as MarkdownRoot['children'] };
  return bounded(withoutControls(toMarkdown(root, { extensions: [gfmToMarkdown()] })), pagePath);
}

/** The paths the note of an inquiry form links: the site's own, whatever its origin. */
const SERVICE_PATHS = siteUrls('');

/**
 * Puts the note for an agent in the place of each form of the content that posts to `/contact`,
 * its action resolved as a browser resolves it (page-tree's rule, the page's `<base>` heeded).
 */
function replaceInquiryForms(document: DefaultTreeAdapterMap['document'], content: Element, pagePath: string): void {
  const inquiryForms = new Set<unknown>(formsToContact(pageTreeOf(document, pagePath)).filter(isPostForm));
  if (inquiryForms.size === 0) return;
  // Among what is left of the content: a form of the page's chrome, or hidden, is gone already.
  for (const form of all(content, (element) => inquiryForms.has(element))) {
    defaultTreeAdapter.insertBefore(form.parentNode!, inquiryFormNote(), form);
    defaultTreeAdapter.detachNode(form);
  }
}

/** A paragraph: the form sends the owner an inquiry, which an agent sends as JSON to the API, or through MCP. */
function inquiryFormNote(): Element {
  const paragraph = defaultTreeAdapter.createElement('p', parse5Html.NS.HTML, []);
  const link = (path: string) => {
    const anchor = defaultTreeAdapter.createElement('a', parse5Html.NS.HTML, [{ name: 'href', value: path }]);
    defaultTreeAdapter.insertText(anchor, path);
    defaultTreeAdapter.appendChild(paragraph, anchor);
  };
  defaultTreeAdapter.insertText(paragraph, "This page's form sends the site's owner an inquiry. An agent sends the same inquiry as JSON to ");
  link(SERVICE_PATHS.contactApi);
  defaultTreeAdapter.insertText(paragraph, ' (a GET of it answers its JSON Schema), or through the MCP server at ');
  link(SERVICE_PATHS.mcpEndpoint);
  defaultTreeAdapter.insertText(paragraph, '.');
  return paragraph;
}

/**
 * Whether a page asks search engines to leave it out of their index: a `<meta name="robots">` whose
 * content names `noindex` or `none` (Google's and Bing's robots meta tag; the name and its values
 * without case). Read as pageMarkdown reads a page, the first MAX_PAGE_BYTES of it.
 */
export function isNoindexPage(html: Buffer): boolean {
  return asksNoindex(parsedPage(html));
}

/** What the sitemap reads of a page: whether it asks to be left out (isNoindexPage), and the paths of the site it links. */
export interface SitemapReading {
  readonly noindex: boolean;
  /** Each `<a href>` of the site's own origin, as the browser resolves it at the page's `path` (its `<base>` heeded): the path alone, percent-encoded. */
  readonly links: ReadonlySet<string>;
}

/** A page read once for the sitemap (SitemapReading), as pageMarkdown reads it: the first MAX_PAGE_BYTES. */
export function sitemapReading(html: Buffer, path: string): SitemapReading {
  const document = parsedPage(html);
  const { base } = pageTreeOf(document, path);
  const links = new Set<string>();
  for (const anchor of all(document, (element) => element.tagName === 'a')) {
    const href = attribute(anchor, 'href');
    const url = href === undefined ? undefined : parseUrl(href, base);
    if (url?.origin === SITE) links.add(url.pathname);
  }
  return { noindex: asksNoindex(document), links };
}

/** A page as pageMarkdown, isNoindexPage and sitemapReading read it: its first MAX_PAGE_BYTES, decoded as a browser decodes them. */
function parsedPage(html: Buffer): DefaultTreeAdapterMap['document'] {
  return parse(decodeHtml(html.subarray(0, MAX_PAGE_BYTES)));
}

function asksNoindex(document: DefaultTreeAdapterMap['document']): boolean {
  return all(document, (element) => element.tagName === 'meta' && attribute(element, 'name')?.trim().toLowerCase() === 'robots').some((meta) =>
    (attribute(meta, 'content') ?? '').split(',').some((value) => ['noindex', 'none'].includes(value.trim().toLowerCase())),
  );
}

/** The element whose content is the page's: `<main>`, else an element of role main, else the one `<article>`, else `<body>`. */
function mainContent(document: DefaultTreeAdapterMap['document']): Element {
  const main = find(document, (element) => element.tagName === 'main' || attribute(element, 'role') === 'main');
  if (main !== undefined) return main;
  const articles = all(document, (element) => element.tagName === 'article');
  if (articles.length === 1) return articles[0]!;
  return find(document, (element) => element.tagName === 'body')!;
}

/** Takes out the elements of the given names, and keeps only the text of what lies deeper than MAX_DEPTH. */
function prune(root: Element, names: ReadonlySet<string>): void {
  const stack: [Element, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    if (depth >= MAX_DEPTH) {
      const text = textOf(element);
      element.childNodes = [];
      defaultTreeAdapter.insertText(element, text);
      continue;
    }
    // A comment is the page's author talking to its next editor (the example form's notes), never content.
    element.childNodes = element.childNodes.filter(
      (child) => !defaultTreeAdapter.isCommentNode(child) && !(isElement(child) && (names.has(child.tagName) || isHidden(child) || isPermalinkMark(child))),
    );
    for (const child of element.childNodes) if (isElement(child)) stack.push([child, depth + 1]);
  }
}

/** The marks a generator puts beside a heading to link it (MkDocs' `¶`, Docusaurus' `#`): symbols, not words. */
const PERMALINK_MARKS = new Set(['', '¶', '#', '§', '🔗', '⚓']);

/** A link to a place in its own page whose text is a permalink mark alone, which in Markdown is noise: `# Contact[¶](#contact)`. */
function isPermalinkMark(element: Element): boolean {
  return element.tagName === 'a' && (attribute(element, 'href') ?? '').startsWith('#') && PERMALINK_MARKS.has(textOf(element).trim());
}

/**
 * What no reader of the page sees: an element with `hidden` (a form's spam trap, a closed panel),
 * but for `hidden="until-found"`, whose text a reader's search reveals, or with `aria-hidden="true"`.
 */
function isHidden(element: Element): boolean {
  const hidden = attribute(element, 'hidden');
  return (hidden !== undefined && hidden.trim().toLowerCase() !== 'until-found') || attribute(element, 'aria-hidden')?.trim().toLowerCase() === 'true';
}

function find(root: Node, matches: (element: Element) => boolean): Element | undefined {
  return walk(root, matches, true)[0];
}

function all(root: Node, matches: (element: Element) => boolean): Element[] {
  return walk(root, matches, false);
}

/** The elements under a node, in document order, that match; iterative, whatever the depth. */
function walk(root: Node, matches: (element: Element) => boolean, firstOnly: boolean): Element[] {
  const found: Element[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node) && node !== root && matches(node)) {
      found.push(node);
      if (firstOnly) break;
    }
    const children = 'childNodes' in node ? node.childNodes : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

/** A node's text, white space collapsed; iterative, whatever the depth. */
function textOf(node: Node | undefined): string {
  if (node === undefined) return '';
  const parts: string[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.nodeName === '#text') parts.push((current as DefaultTreeAdapterMap['textNode']).value);
    const children = 'childNodes' in current ? current.childNodes : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/**
 * The page's text, decoded as a browser decodes it (the HTML standard's encoding sniffing): a byte
 * order mark, else the charset its first 1024 bytes declare, else UTF-8. A declared UTF-16 is read
 * as UTF-8 (the bytes that declared it were none), and a label Node does not know as UTF-8.
 */
export function decodeHtml(bytes: Buffer): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : undefined;
  if (bom !== undefined) return new TextDecoder(bom).decode(bytes);
  const declared = /<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(bytes.subarray(0, 1024).toString('latin1'))?.[1];
  let decoder = new TextDecoder('utf-8');
  try {
    const named = new TextDecoder(declared ?? 'utf-8');
    if (!named.encoding.startsWith('utf-16')) decoder = named;
  } catch {
    // A label no encoding has: UTF-8.
  }
  return decoder.decode(bytes);
}

/** Markdown is text: no control character but tab and line feed. */
function withoutControls(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

/** The Markdown within MAX_MARKDOWN_BYTES: cut at a paragraph, with a last line that links the page. */
function bounded(markdown: string, pagePath: string): string {
  if (Buffer.byteLength(markdown) <= MAX_MARKDOWN_BYTES) return markdown;
  const ending = `\n\n[The page goes on; read it whole at ${pagePath}](<${pagePath}>)\n`;
  const head = Buffer.from(markdown).subarray(0, MAX_MARKDOWN_BYTES - Buffer.byteLength(ending)).toString().replace(/\uFFFD+$/, '');
  const paragraph = head.lastIndexOf('\n\n');
  return `${paragraph > 0 ? head.slice(0, paragraph) : head}${ending}`;
}
