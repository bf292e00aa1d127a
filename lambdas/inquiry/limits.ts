import { END } from './patterns.js';

/** What a rate limit counts by (docs/api.md §4). */
export type RateLimitScope = 'ip' | 'email';

/** How many requests each scope may make in one window (docs/api.md §4). */
export interface RateLimits {
  readonly ip: number;
  readonly email: number;
  readonly windowSeconds: number;
}

/** The `RateLimit-Policy` field (draft-ietf-httpapi-ratelimit-headers-10) of every answer that carries the RateLimit fields. */
export function rateLimitPolicy(limits: RateLimits): string {
  return `"ip";q=${limits.ip};w=${limits.windowSeconds}, "email";q=${limits.email};w=${limits.windowSeconds}`;
}

/** The `RateLimit` field's values (contact-replies.ts writes them), as the OpenAPI document publishes them. */
export const RATE_LIMIT_FIELD_PATTERN = `^"(?:ip|email)";r=[0-9]+;t=[0-9]+${END}`;

/** The configured limits in one phrase, as llms.txt and the OpenAPI description state them. */
export function limitsInWords(limits: RateLimits): string {
  return `at most ${limits.ip} POST requests per client IP address and ${limits.email} valid inquiries per e-mail address in each fixed ${limits.windowSeconds}-second window (the UTC clock hour)`;
}
