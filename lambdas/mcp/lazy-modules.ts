/**
 * The MCP function's modules that a request loads on first use only (lambdas/lazy-module.ts),
 * bundled apart beside the handler's bundle (lib/api/function-profiles.ts reads this list).
 */
export const MCP_LAZY_MODULES = {
  /** The list of disposable-mail domains: for a valid inquiry's spam checks, loaded while the counters are asked. */
  throwawayDomains: 'throwaway-domains',
} as const;
