import { createHash } from 'node:crypto';
import { asciiLowercase, attribute, type Element } from './page-tree.js';

/**
 * The most `<style>` elements, and the most inline scripts, of a page whose hashes the policy of a
 * refused post's answer carries: a generator writes one or a few, and each hash is 54 bytes of a
 * response header that must stay small.
 */
export const MAX_INLINE_HASHES = 16;

/** The HTML standard's JavaScript MIME type essences: a `<script>` of one of these types is a classic script. */
const JAVASCRIPT_TYPES: ReadonlySet<string> = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/**
 * Whether a `<script>` is one the browser runs from its own text, as the HTML standard prepares a
 * script: no `src`, and a type that is none (or `language`'s), a JavaScript MIME type essence,
 * `module` or `importmap`, matched whole; never one in a `<noscript>`, which a browser that runs
 * scripts reads as text (the page is parsed as one that does not). A data block
 * (`application/ld+json`) runs nothing.
 */
export function isInlineScript(element: Element): boolean {
  if (element.tagName !== 'script' || attribute(element, 'src') !== undefined || inNoscript(element)) return false;
  const typeAttribute = attribute(element, 'type');
  const language = attribute(element, 'language');
  const type = asciiLowercase((typeAttribute ?? (language ? `text/${language}` : '')).trim());
  return type === '' || type === 'module' || type === 'importmap' || JAVASCRIPT_TYPES.has(type);
}

function inNoscript(element: Element): boolean {
  for (let parent = element.parentNode; parent !== null && 'tagName' in parent; parent = parent.parentNode) {
    if (parent.tagName === 'noscript') return true;
  }
  return false;
}

/** `'sha256-…'` of each element's text, each once, in tree order. */
function hashesOf(elements: readonly Element[]): string[] {
  const texts = elements.map((element) => element.childNodes.map((node) => ('value' in node ? node.value : '')).join(''));
  return [...new Set(texts.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`))];
}

/** What a policy names of a page's own `<style>` elements and inline scripts, and how many of them it must leave out. */
export interface InlineHashes {
  /** CSP hash sources (`'sha256-…'`), one per distinct `<style>` element, MAX_INLINE_HASHES at most. */
  readonly styleHashes: readonly string[];
  /** The same, one per distinct inline script (isInlineScript). */
  readonly scriptHashes: readonly string[];
  /** The distinct ones of either past MAX_INLINE_HASHES, which the policy refuses. */
  readonly past: number;
}

/** The hashes a policy needs to let a page's own `<style>` elements and inline scripts apply. */
export function inlineHashes(all: readonly Element[]): InlineHashes {
  const styles = hashesOf(all.filter((element) => element.tagName === 'style'));
  const scripts = hashesOf(all.filter(isInlineScript));
  return {
    styleHashes: styles.slice(0, MAX_INLINE_HASHES),
    scriptHashes: scripts.slice(0, MAX_INLINE_HASHES),
    past: Math.max(0, styles.length - MAX_INLINE_HASHES) + Math.max(0, scripts.length - MAX_INLINE_HASHES),
  };
}
