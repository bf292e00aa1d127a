import type { SiteDocuments, SiteSettings } from '../config.js';
import { INQUIRY_TOOL_NAME } from '../inquiry/inquiry-tool.js';
import { limitsInWords } from '../inquiry/limits.js';
import { optionalFieldsInWords } from '../inquiry/schema.js';
import { siteUrls } from '../site-urls.js';

export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** An H2 section of llms.txt: its name and its `- [title](url): notes` lines. */
interface Section {
  readonly name: string;
  readonly links: readonly string[];
}

/**
 * `GET /llms.txt` (docs/api.md §6), in the llms.txt format: H1, a one-line blockquote, prose, then
 * H2 sections. The reference parser reads every line under an H2 as a `- [title](url): notes`
 * link and the blockquote as one line, so facts go in the blockquote and the prose, never as
 * loose lines in a section. `documents` are what the site's own pages publish, which its Site
 * section links. With the owner's own llms.txt (`own`), that file is the head and the prose, and
 * the service's sections are added to it (mergedLlmsTxt), their links then carrying the facts.
 */
export function llmsTxt(site: SiteSettings, documents: SiteDocuments, own?: string): string {
  const urls = siteUrls(site.baseUrl);
  const limits = limitsInWords(site.limits);
  // An empty file of the owner's says nothing: the service's llms.txt stands alone.
  const ownText = own?.trim() === '' ? undefined : own;
  const merged = ownText !== undefined;
  const contactNotes = merged
    ? `POST one JSON project inquiry (name, email, message, and optionally ${optionalFieldsInWords(site.extraFields)}) as application/json, or GET its JSON Schema; no API key required; limits: ${limits}; answered 202 with an id, every error an RFC 9457 problem details object; an Idempotency-Key header makes a retry safe.`
    : `POST a JSON project inquiry, or GET its JSON Schema; no API key required; limits: ${limits}.`;
  // Without prose of the service's, where the Markdown of every page is told.
  const homeNotes = `the home page of this site, in Markdown${merged ? " (every page has one at its file's address with .md appended, also served to Accept: text/markdown)" : ''}.`;
  const sections: Section[] = [
    {
      name: 'API',
      links: [
        `- [contact](${urls.contactApi}): ${contactNotes}`,
        `- [MCP server](${urls.mcpEndpoint}): Streamable HTTP MCP endpoint with one tool, ${INQUIRY_TOOL_NAME}, the same inquiry; no API key required; limits: ${limits}.`,
        `- [OpenAPI description](${urls.openApi}): OpenAPI 3.1 document of the contact endpoint, with every answer, header and error code.`,
      ],
    },
    {
      name: 'Site',
      links: [
        ...(documents.home ? [documents.markdown ? `- [Home page](${site.baseUrl}/index.html.md): ${homeNotes}` : `- [Home page](${site.baseUrl}/): the home page of this site.`] : []),
        ...(documents.sitemap ? [`- [Sitemap](${site.baseUrl}/sitemap.xml): the URLs of this site's pages, in the sitemaps.org XML format.`] : []),
      ],
    },
    {
      name: 'Agent discovery',
      links: [
        `- [OAuth protected resource metadata](${urls.protectedResourceMetadata}): RFC 9728; this site is its own authorization server.`,
        `- [OAuth authorization server metadata](${urls.authorizationServerMetadata}): RFC 8414; agent registration (agent_auth) is listed with status disabled.`,
        `- [MCP Server Card](${urls.mcpServerCard}): the MCP server's name, version, endpoint and protocol revisions (SEP-2127 draft).`,
        `- [API catalog](${urls.apiCatalog}): RFC 9727 linkset of the public HTTP APIs on this site.`,
      ],
    },
    { name: 'Optional', links: [`- [Contact form](${urls.contactForm}): the same inquiry as an HTML form, for people.`] },
  ];
  const withLinks = sections.filter((section) => section.links.length > 0);
  if (ownText !== undefined) return mergedLlmsTxt(ownText, withLinks, site.siteName);
  return `# ${site.siteName}

> Agents and scripts may use the public HTTP APIs on this site to send its owner a project inquiry: no API key required; limits: ${limits}.

The contact endpoint takes one JSON object (name, email, message, and optionally ${optionalFieldsInWords(site.extraFields)}) as Content-Type application/json. A GET of the same URL returns its JSON Schema (draft 2020-12), the very schema the server validates with. An accepted inquiry is stored, answered 202 with an id, and reaches the owner by e-mail; every error is an RFC 9457 problem details object with a machine-readable code, and a request over a limit answers 429 with Retry-After. An optional Idempotency-Key header (1 to 255 printable ASCII characters) makes a retry safe: a repeat with the same key and body within 24 hours gets the first answer again, marked Idempotency-Replayed: true, and sends nothing.

Agents that speak MCP can send the same inquiry through the MCP server at ${urls.mcpEndpoint} (Streamable HTTP, stateless, no API key): its one tool, ${INQUIRY_TOOL_NAME}, takes the same JSON object, passes the same checks and limits, and answers a refusal as a tool error naming each field to correct or the seconds to wait.

Agent registration is reserved and not enabled. The OAuth metadata below describes where it will live (agent_auth, status "disabled"); its endpoints answer with OAuth errors and never issue a credential.
${documents.markdown ? `\n${MARKDOWN_PAGES}\n` : ''}${withLinks.map(renderSection).join('')}`;
}

const MARKDOWN_PAGES =
  "Every page of this site has a Markdown version at its file's address with .md appended (index.html.md for a URL ending in /, about.html.md for a page served at /about), which is also the answer to a request for the page whose Accept header prefers text/markdown.";

function renderSection({ name, links }: Section): string {
  return `\n## ${name}\n\n${links.join('\n')}\n`;
}

/** A line that opens a section, as the reference parser splits at it (`### …` too, as a section named `# …`); its name is trimmed. */
const SECTION_HEADING = /^##(.*)$/;
/** A line that opens or closes a fenced code block (CommonMark: three or more of one character), whose lines are the owner's code. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The owner's llms.txt with the service's sections added, the owner's lines kept as written: under
 * the site's name as H1 when the text before the first section has none (the format requires one);
 * each service section's links at the end of the owner's section of that name (case aside), else
 * as a section of its own before the owner's `Optional` (which the format keeps last), else at the
 * end, after a fence that closes a code block the owner left open.
 */
function mergedLlmsTxt(own: string, sections: readonly Section[], siteName: string): string {
  const lines = own.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trimEnd().split('\n');
  const { headings, title: hasTitle, openFence } = readOwnLines(lines);
  const named = (name: string) => headings.findIndex((heading) => heading.name.toLowerCase() === name.toLowerCase());
  // Where each section of the owner's ends: before the blank lines that close it.
  const endOf = (index: number) => {
    let end = headings[index + 1]?.line ?? lines.length;
    while (end > headings[index]!.line + 1 && lines[end - 1]!.trim() === '') end -= 1;
    return end;
  };
  const insertions = new Map<number, string[]>();
  const insert = (before: number, block: readonly string[]) => insertions.set(before, [...(insertions.get(before) ?? []), ...block]);
  const optional = named('Optional');
  for (const section of sections) {
    const same = named(section.name);
    if (same !== -1) insert(endOf(same), section.links);
    else if (optional !== -1) insert(headings[optional]!.line, [`## ${section.name}`, '', ...section.links, '']);
    else insert(lines.length, [...(openFence === undefined ? [] : [openFence]), '', `## ${section.name}`, '', ...section.links]);
  }
  const title = hasTitle ? [] : [`# ${siteName}`, ''];
  const merged = [...title, ...lines.flatMap((line, index) => [...(insertions.get(index) ?? []), line]), ...(insertions.get(lines.length) ?? [])];
  return `${merged.join('\n')}\n`;
}

/**
 * What the owner's lines hold outside fenced code blocks: the section headings, by name and line;
 * whether an H1 comes before the first; and the fence that would close a block still open at the end.
 */
function readOwnLines(lines: readonly string[]): { headings: Array<{ readonly name: string; readonly line: number }>; title: boolean; openFence: string | undefined } {
  const headings: Array<{ readonly name: string; readonly line: number }> = [];
  let title = false;
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    const marker = FENCE.exec(line)?.[1];
    // A block closes on a fence of its own character, at least as long.
    if (marker !== undefined && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = SECTION_HEADING.exec(line);
    if (heading !== null) headings.push({ name: heading[1]!.trim(), line: index });
    else if (headings.length === 0 && /^#(?!#)/.test(line)) title = true;
  }
  return { headings, title, openFence: fence };
}
