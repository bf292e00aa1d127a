import { createHash } from 'node:crypto';
import { asciiLowercase, attribute, type Element } from './page-tree.js';

/**
 * The most `<style>` elements, and the most inline scripts, of a page whose hashes the policy of a
 * refused post's answer carries: a generator writes one or a few, and each hash is 54 bytes of a
 * response header that must stay small.
 */
export const MAX_INLINE_HASHES = 16;

/**
 * Whether an element is a script the browser runs from its own text: a `<script>` without `src`
 * whose type is none, a JavaScript one, `module` or `importmap`; a data block (`application/ld+json`)
 * runs nothing, and needs no hash.
 */
export function isInlineScript(element: Element): boolean {
  if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) return false;
  const type = asciiLowercase((attribute(element, 'type') ?? '').trim());
  return type === '' || type === 'module' || type === 'importmap' || /javascript|ecmascript/.test(type);
}

/** `'sha256-…'` of each element's text, each once, in tree order: what a policy names to let the owner's own `<style>` or scripts apply. */
export function inlineHashes(elements: readonly Element[]): string[] {
  const texts = elements.map((element) => element.childNodes.map((node) => ('value' in node ? node.value : '')).join(''));
  return [...new Set(texts.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`))];
}
