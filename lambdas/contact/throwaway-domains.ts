import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import type { ThrowawayDomains } from './spam-checks.js';

/**
 * The disposable-mail domains of the community list disposable-email-domains (its curated
 * blocklist, with an allowlist that keeps real providers off it), as the npm package
 * disposable-email-domains-js publishes it, republished as the list changes. Loaded on a request's
 * first use, beside the handler's bundle (CONTACT_LAZY_MODULES): some 9 000 domains, a Set once.
 */
const DOMAINS: ReadonlySet<string> = new Set(disposableEmailBlocklist());

/** A listed domain, or any host under one (`x.mailinator.com`). */
export const isThrowawayDomain: ThrowawayDomains = (domain) => {
  const labels = domain.toLowerCase().split('.');
  return labels.some((_, index) => index < labels.length - 1 && DOMAINS.has(labels.slice(index).join('.')));
};
