import type { ThrowawayDomains } from './spam-checks.js';
import { DOMAINS } from './throwaway-domains.list.js';

/**
 * The disposable-mail domains of the community list disposable-email-domains (its curated
 * blocklist, with an allowlist that keeps real providers off it), as the npm package
 * disposable-email-domains-js publishes it, republished as the list changes; generated into one
 * string (lib/throwaway-domains-code.ts). Loaded on a request's first use, beside the handler's
 * bundle (CONTACT_LAZY_MODULES).
 */
export const isThrowawayDomain: ThrowawayDomains = (domain) => {
  const labels = domain.toLowerCase().split('.');
  // A listed domain, or any host under one (`x.mailinator.com`); never a bare top-level domain.
  return labels.some((_, index) => index < labels.length - 1 && DOMAINS.includes(`\n${labels.slice(index).join('.')}\n`));
};
