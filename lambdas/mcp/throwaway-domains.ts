/**
 * The list of disposable-mail domains as the MCP function loads it on first use: bundled apart,
 * beside the handler's bundle (MCP_LAZY_MODULES), from the intake's own module.
 */
export { isThrowawayDomain } from '../intake/throwaway-domains.js';
