import type { SiteDocuments, SiteSettings } from '../config.js';
import { INQUIRY_TOOL_NAME } from '../inquiry/inquiry-tool.js';
import { limitsInWords } from '../inquiry/limits.js';
import { siteUrls } from '../site-urls.js';

export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/**
 * `GET /llms.txt` (docs/api.md §6), in the llms.txt format: H1, a one-line blockquote, prose, then
 * H2 sections. The reference parser reads every line under an H2 as a `- [title](url): notes`
 * link and the blockquote as one line, so facts go in the blockquote and the prose, never as
 * loose lines in a section. `documents` are what the site's own pages publish, which its Site
 * section links.
 */
export function llmsTxt(site: SiteSettings, documents: SiteDocuments): string {
  const urls = siteUrls(site.baseUrl);
  const limits = limitsInWords(site.limits);
  return `# ${site.siteName}

> Agents and scripts may use the public HTTP APIs on this site to send its owner a project inquiry: no API key required; limits: ${limits}.

The contact endpoint takes one JSON object (name, email, message, and optionally company and project_url) as Content-Type application/json. A GET of the same URL returns its JSON Schema (draft 2020-12), the very schema the server validates with. An accepted inquiry is stored, answered 202 with an id, and reaches the owner by e-mail; every error is an RFC 9457 problem details object with a machine-readable code, and a request over a limit answers 429 with Retry-After. An optional Idempotency-Key header (1 to 255 printable ASCII characters) makes a retry safe: a repeat with the same key and body within 24 hours gets the first answer again, marked Idempotency-Replayed: true, and sends nothing.

Agents that speak MCP can send the same inquiry through the MCP server at ${urls.mcpEndpoint} (Streamable HTTP, stateless, no API key): its one tool, ${INQUIRY_TOOL_NAME}, takes the same JSON object, passes the same checks and limits, and answers a refusal as a tool error naming each field to correct or the seconds to wait.

Agent registration is reserved and not enabled. The OAuth metadata below describes where it will live (agent_auth, status "disabled"); its endpoints answer with OAuth errors and never issue a credential.
${documents.markdown ? `\n${MARKDOWN_PAGES}\n` : ''}
## API

- [contact](${urls.contactApi}): POST a JSON project inquiry, or GET its JSON Schema; no API key required; limits: ${limits}.
- [MCP server](${urls.mcpEndpoint}): Streamable HTTP MCP endpoint with one tool, ${INQUIRY_TOOL_NAME}, the same inquiry; no API key required; limits: ${limits}.
- [OpenAPI description](${urls.openApi}): OpenAPI 3.1 document of the contact endpoint, with every answer, header and error code.
${siteSection(site.baseUrl, documents)}
## Agent discovery

- [OAuth protected resource metadata](${urls.protectedResourceMetadata}): RFC 9728; this site is its own authorization server.
- [OAuth authorization server metadata](${urls.authorizationServerMetadata}): RFC 8414; agent registration (agent_auth) is listed with status disabled.
- [MCP Server Card](${urls.mcpServerCard}): the MCP server's name, version, endpoint and protocol revisions (SEP-2127 draft).
- [API catalog](${urls.apiCatalog}): RFC 9727 linkset of the public HTTP APIs on this site.

## Optional

- [Contact form](${urls.contactForm}): the same inquiry as an HTML form, for people.
`;
}

const MARKDOWN_PAGES =
  "Every page of this site has a Markdown version at the page's URL with .md appended (index.html.md for a URL ending in /), which is also the answer to a request for the page whose Accept header prefers text/markdown.";

/** The Site section: the owner's own pages, by what they publish; none without pages. */
function siteSection(baseUrl: string, { home, sitemap, markdown }: SiteDocuments): string {
  const links = [
    ...(home ? [markdown ? `- [Home page](${baseUrl}/index.html.md): the home page of this site, in Markdown.` : `- [Home page](${baseUrl}/): the home page of this site.`] : []),
    ...(sitemap ? [`- [Sitemap](${baseUrl}/sitemap.xml): the URLs of this site's pages, in the sitemaps.org XML format.`] : []),
  ];
  return links.length === 0 ? '' : `\n## Site\n\n${links.join('\n')}\n`;
}
