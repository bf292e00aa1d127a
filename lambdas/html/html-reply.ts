import type { Outcome } from '../http/outcome.js';
import { PUBLIC_DOCUMENT, type Reply } from '../http/reply.js';

/**
 * The pages' policy: nothing from another origin, no inline script or style, the form may post
 * only to its own origin, and only pages of the same origin may frame it (the owner's own site
 * can embed it; nobody else can overlay it). `'self'` covers the page, its assets and the API,
 * which the service serves from one origin.
 */
const PAGE_DIRECTIVES = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'connect-src': "'self'",
  'img-src': "'self'",
  'form-action': "'self'",
  'base-uri': "'none'",
  'frame-ancestors': "'self'",
} as const;

export const CONTENT_SECURITY_POLICY = policyOf(PAGE_DIRECTIVES);

/**
 * The policy of the owner's form page answering a refused post (docs/api.md §9): the pages' own,
 * and the page's own `<style>` elements and inline scripts by their hashes and the site's fonts,
 * without which the owner's page would lose its look and its theme's script (a generator's inline
 * one, as MkDocs Material's). Nothing a visitor sent is ever markup there, so the hashes only ever
 * allow what the owner wrote; `style` and event handler attributes stay refused.
 */
export function ownerPagePolicy({ styleHashes, scriptHashes }: { readonly styleHashes: readonly string[]; readonly scriptHashes: readonly string[] }): string {
  return policyOf({
    ...PAGE_DIRECTIVES,
    'script-src': ["'self'", ...scriptHashes].join(' '),
    'style-src': ["'self'", ...styleHashes].join(' '),
    'font-src': "'self'",
  });
}

function policyOf(directives: Readonly<Record<string, string>>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');
}

const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/**
 * What every HTML page of the form carries, beside the headers its status needs. `same-origin`
 * tells no other site which page a visitor came from and keeps the form's own post's `Origin`,
 * where `no-referrer` would send `null`, served only with `Sec-Fetch-Site: same-origin` (docs/api.md §9).
 */
const PAGE_HEADERS = {
  'Content-Type': HTML_CONTENT_TYPE,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'same-origin',
} as const;

/** The form's pages and assets change only with a deployment: cached like the public documents. */
export const CACHEABLE = { 'Cache-Control': PUBLIC_DOCUMENT['Cache-Control'] } as const;

export function htmlReply(statusCode: number, html: string, headers: Record<string, string>, outcome: Outcome, policy = CONTENT_SECURITY_POLICY): Reply {
  return { statusCode, headers: { ...headers, ...PAGE_HEADERS, 'Content-Security-Policy': policy }, body: html, outcome };
}
