import type { ThrowawayDomains } from './spam-checks.js';
import { DOMAINS } from './throwaway-domains.list.js';

/**
 * The disposable-mail domains of the community list disposable-email-domains (its curated
 * blocklist, with an allowlist that keeps real providers off it), as the npm package
 * disposable-email-domains-js publishes it, republished as the list changes; generated into one
 * string (lib/api/throwaway-domains-code.ts). Loaded on a request's first use, beside the handler's
 * bundle of each function that takes inquiries (its handler folder re-exports it).
 */
export const isThrowawayDomain: ThrowawayDomains = (domain) => {
  const listed = listLookup();
  const labels = domain.toLowerCase().split('.');
  // A listed domain, or any host under one (`x.mailinator.com`); never a bare top-level domain.
  return labels.some((_, index) => index < labels.length - 1 && listed(labels.slice(index).join('.')));
};

let checks = 0;
let domains: ReadonlySet<string> | undefined;

/**
 * How a domain is looked up: the first check of an instance, on its cold start, searches the
 * string (some 40 µs a domain); every later one a Set made from it once, on the instance's second
 * check (some 3 ms), in well under a microsecond, so that a warm request pays nothing.
 */
function listLookup(): (domain: string) => boolean {
  if (checks++ === 0) return (domain) => DOMAINS.includes(`\n${domain}\n`);
  domains ??= new Set(DOMAINS.split('\n').filter((line) => line !== ''));
  return (domain) => (domains as ReadonlySet<string>).has(domain);
}
