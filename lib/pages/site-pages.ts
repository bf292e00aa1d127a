/**
 * The site's pages (docs/api.md §16): its published files of type text/html (the upload's type,
 * lib/pages/upload-content-type.ts: a key ending `.html` or `.htm`, in any case), each of which has
 * its Markdown, as the front door's functions take every such URI to have.
 */
export function isPageKey(key: string): boolean {
  return /\.html?$/i.test(key);
}

/**
 * The key of a page's Markdown: the page's own key with `.md` after it (`about/index.html.md`), the
 * llms.txt proposal's convention (llmstxt.org: a page's Markdown at its URL with `.md` appended,
 * `index.html.md` for a URL without a file name), so that no Markdown of the owner's
 * (`about/index.md`, a generator's source) is ever taken for it.
 */
export function markdownKey(pageKey: string): string {
  return `${pageKey}.md`;
}

/**
 * The name a page's key is reached at without `.html` when the front door's function lists it
 * (`about` for `about.html`, docs/api.md §10): the key without that suffix, matched as written
 * (`About.HTML` has none, as S3's keys are of one case); undefined for a key without it.
 */
export function nameWithoutHtml(key: string): string | undefined {
  return key.endsWith(HTML_SUFFIX) ? key.slice(0, -HTML_SUFFIX.length) : undefined;
}

const HTML_SUFFIX = '.html';

/** The type every Markdown of a page is served with: RFC 7763 makes the charset parameter required. */
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/**
 * The path visitors reach a page at (`index.html` is `/`, `about/index.html` is `/about/`, as the
 * front door serves a folder), percent-encoded segment by segment as a browser encodes a link.
 */
export function pagePath(pageKey: string): string {
  return encodedPath(writtenPagePath(pageKey));
}

/** A path as an owner writes it, percent-encoded segment by segment as a browser encodes a link. */
export function encodedPath(written: string): string {
  return written.split('/').map(encodeURIComponent).join('/');
}

/** pagePath as an owner writes it, not percent-encoded (`/café/`): what a line names a page by. */
export function writtenPagePath(pageKey: string): string {
  return `/${pageKey.replace(/(^|\/)index\.html$/, '$1')}`;
}
