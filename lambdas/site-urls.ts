/**
 * Every public URL the published documents and the stack name, built from `{base}` in one place so
 * that no document can drift from another. The route table holds the same paths; the integration tests
 * follow every link to keep the two in step.
 */
export function siteUrls(baseUrl: string) {
  return {
    /** The authorization server's issuer identifier: `{base}` itself (RFC 8414 §2). */
    issuer: baseUrl,
    /** The protected resource identifier: the whole site (RFC 9728 §1.2). */
    resource: `${baseUrl}/`,
    protectedResourceMetadata: `${baseUrl}/.well-known/oauth-protected-resource`,
    authorizationServerMetadata: `${baseUrl}/.well-known/oauth-authorization-server`,
    apiCatalog: `${baseUrl}/.well-known/api-catalog`,
    agentSkills: `${baseUrl}/.well-known/agent-skills/index.json`,
    contactSkill: `${baseUrl}/.well-known/agent-skills/contact-site-owner/SKILL.md`,
    llmsTxt: `${baseUrl}/llms.txt`,
    openApi: `${baseUrl}/openapi.json`,
    contactApi: `${baseUrl}/api/contact`,
    contactForm: `${baseUrl}/contact`,
    /** The MCP server's endpoint (Streamable HTTP), inside `/api/`, whose front-door behaviour already takes POST. */
    mcpEndpoint: `${baseUrl}/api/mcp`,
    /** Its Server Card where scanners look for one (the path of SEP-1649 and of SEP-2127's first drafts). */
    mcpServerCard: `${baseUrl}/.well-known/mcp/server-card.json`,
    /** Its Server Card where SEP-2127's current draft reserves one: the endpoint's URL and `/server-card`. */
    mcpEndpointServerCard: `${baseUrl}/api/mcp/server-card`,
    agentRegister: `${baseUrl}/agent/auth`,
    agentClaim: `${baseUrl}/agent/auth/claim`,
    agentRevoke: `${baseUrl}/agent/auth/revoke`,
    oauthAuthorize: `${baseUrl}/oauth/authorize`,
    oauthToken: `${baseUrl}/oauth/token`,
  } as const;
}
