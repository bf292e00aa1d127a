import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { refreshGeneratedFile } from './generated-file.js';

/** Where the contact function's list of disposable-mail domains lives; checked in, so tsc, jest and tsx need no build step. */
export const THROWAWAY_DOMAINS_FILE = fileURLToPath(new URL('../../lambdas/intake/throwaway-domains.list.js', import.meta.url));

/**
 * The list of disposable-email-domains-js as one string, each domain on a line of its own between
 * line feeds: what a cold start parses in about a millisecond, where the package's JSON array,
 * bundled, took some 12 ms to load and turn into a Set (docs/api.md §15).
 */
export function throwawayDomainsCode(): string {
  const { version } = createRequire(import.meta.url)('disposable-email-domains-js/package.json') as { version: string };
  const domains = disposableEmailBlocklist().map((domain) => domain.trim().toLowerCase());
  if (domains.some((domain) => !/^[a-z0-9.-]+$/.test(domain))) throw new Error('disposable-email-domains-js lists a domain this module cannot hold');
  return [
    `// Generated from disposable-email-domains-js ${version} (CC0-1.0) by lib/api/throwaway-domains-code.ts: do not edit.`,
    `export const DOMAINS = ${JSON.stringify(`\n${[...new Set(domains)].sort().join('\n')}\n`)};`,
    '',
  ].join('\n');
}

/** Rewrites the checked-in list when the package's changed; true when it did. */
export function refreshThrowawayDomains(): boolean {
  return refreshGeneratedFile(THROWAWAY_DOMAINS_FILE, throwawayDomainsCode());
}
