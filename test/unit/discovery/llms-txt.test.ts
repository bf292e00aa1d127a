import { describe, expect, it } from '@jest/globals';
import { NO_SITE_DOCUMENTS, type SiteDocuments } from '../../../lambdas/config.js';
import { llmsTxt } from '../../../lambdas/discovery/llms-txt.js';
import { parseLlmsTxt } from '../../support/llms-txt-parser.js';
import { spamWordsIn } from '../../support/spam-words.js';
import { site } from './site.js';

const LIMITS_IN_WORDS = /at most 7 POST requests per client IP address and 2 valid inquiries per e-mail address in each fixed 3600-second window/;

const EVERY_DOCUMENT = { home: true, sitemap: true, markdown: true } as const;

describe('llmsTxt', () => {
  const parsed = parseLlmsTxt(llmsTxt(site, EVERY_DOCUMENT));
  const links = [...parsed.sections.values()].flat();

  it('opens with the site name as H1', () => {
    expect(parsed.title).toBe("Ada's workshop");
  });

  it('sums up the public APIs, that no API key is required, and the configured limits in its blockquote', () => {
    expect(parsed.summary).toContain('public HTTP APIs on this site');
    expect(parsed.summary).toContain('no API key required');
    expect(parsed.summary).toMatch(LIMITS_IN_WORDS);
  });

  it('says in its prose that agent registration is reserved and not enabled', () => {
    expect(parsed.info).toContain('Agent registration is reserved and not enabled');
  });

  it('lists the contact endpoint with its method, "no API key required" and the limits', () => {
    const contact = links.find((link) => link.url === 'https://ada.example.org/api/contact');
    expect(contact?.title).toBe('contact');
    expect(contact?.notes).toContain('POST');
    expect(contact?.notes).toContain('no API key required');
    expect(contact?.notes).toMatch(LIMITS_IN_WORDS);
  });

  it('links the MCP server and the OpenAPI document in the API section', () => {
    const urls = (parsed.sections.get('API') ?? []).map((link) => link.url);
    expect(urls).toEqual(['https://ada.example.org/api/contact', 'https://ada.example.org/api/mcp', 'https://ada.example.org/openapi.json']);
  });

  it('names the MCP server’s tool, and says it needs no key and has the API’s limits (docs/api.md §17)', () => {
    const mcp = (parsed.sections.get('API') ?? []).find((link) => link.url === 'https://ada.example.org/api/mcp');
    expect(mcp?.notes).toContain('sendInquiry');
    expect(mcp?.notes).toContain('no API key required');
    expect(mcp?.notes).toMatch(LIMITS_IN_WORDS);
  });

  it('has one section for the agent discovery documents, the MCP Server Card and the API catalog', () => {
    const urls = (parsed.sections.get('Agent discovery') ?? []).map((link) => link.url);
    expect(urls).toEqual([
      'https://ada.example.org/.well-known/oauth-protected-resource',
      'https://ada.example.org/.well-known/oauth-authorization-server',
      'https://ada.example.org/.well-known/mcp/server-card.json',
      'https://ada.example.org/.well-known/api-catalog',
    ]);
  });

  it('links the human contact form', () => {
    expect(links.map((link) => link.url)).toContain('https://ada.example.org/contact');
  });

  it('tells agents no more of the spam signals than a 202 says: no form token, no signal, nothing held (docs/api.md §15)', () => {
    expect(spamWordsIn(llmsTxt(site, EVERY_DOCUMENT))).toEqual([]);
  });

  it('links only absolute URLs on the configured site', () => {
    for (const link of links) expect(new URL(link.url).origin).toBe('https://ada.example.org');
  });

  it('sections its links API, Site, Agent discovery, Optional: the optional one last, as the format asks', () => {
    expect([...parsed.sections.keys()]).toEqual(['API', 'Site', 'Agent discovery', 'Optional']);
  });
});

describe("llmsTxt's Site section (docs/api.md §6)", () => {
  const siteLinks = (documents: SiteDocuments) =>
    parseLlmsTxt(llmsTxt(site, documents)).sections.get('Site')?.map(({ title, url }) => `${title} ${url}`);

  it('links the home page in Markdown and the sitemap, and says in its prose where every page has its Markdown', () => {
    expect(siteLinks(EVERY_DOCUMENT)).toEqual(['Home page https://ada.example.org/index.html.md', 'Sitemap https://ada.example.org/sitemap.xml']);
    expect(parseLlmsTxt(llmsTxt(site, EVERY_DOCUMENT)).info).toContain("Every page of this site has a Markdown version at its file's address with .md appended");
  });

  it('links the home page itself when the pages have no Markdown, and says nothing of Markdown', () => {
    const documents = { home: true, sitemap: true, markdown: false };
    expect(siteLinks(documents)).toEqual(['Home page https://ada.example.org/', 'Sitemap https://ada.example.org/sitemap.xml']);
    expect(llmsTxt(site, documents)).not.toMatch(/markdown/i);
  });

  it('leaves out what the pages do not publish: a home page, a sitemap', () => {
    expect(siteLinks({ home: false, sitemap: true, markdown: true })).toEqual(['Sitemap https://ada.example.org/sitemap.xml']);
    expect(siteLinks({ home: true, sitemap: false, markdown: false })).toEqual(['Home page https://ada.example.org/']);
  });

  it('has no Site section without pages', () => {
    expect(siteLinks(NO_SITE_DOCUMENTS)).toBeUndefined();
    expect(llmsTxt(site, NO_SITE_DOCUMENTS)).not.toContain('## Site');
  });
});

describe("llmsTxt with the owner's own llms.txt (docs/api.md §6)", () => {
  const OWN = '# Ada’s own\n\n> Bridges, and writing about them.\n\nI design footbridges.\n\n## Work\n\n- [Bridges](https://ada.example.org/bridges/): what I build\n\n## Optional\n\n- [Old posts](https://ada.example.org/old/): archive\n';

  it('keeps the owner’s head as written, adds the service’s sections after the owner’s, and the Optional links to the owner’s Optional, last', () => {
    const text = llmsTxt(site, EVERY_DOCUMENT, OWN);
    expect(text.startsWith(OWN.slice(0, OWN.indexOf('## Optional')))).toBe(true);
    const parsed = parseLlmsTxt(text);
    expect([parsed.title, parsed.summary, parsed.info]).toEqual(['Ada’s own', 'Bridges, and writing about them.', 'I design footbridges.']);
    expect([...parsed.sections.keys()]).toEqual(['Work', 'API', 'Site', 'Agent discovery', 'Optional']);
    expect(parsed.sections.get('Optional')?.map((link) => link.url)).toEqual(['https://ada.example.org/old/', 'https://ada.example.org/contact']);
  });

  it('carries in its links the facts the service’s prose would: no key, the limits, the answers, the Markdown of every page', () => {
    const links = [...parseLlmsTxt(llmsTxt(site, EVERY_DOCUMENT, OWN)).sections.values()].flat();
    const contact = links.find((link) => link.url === 'https://ada.example.org/api/contact');
    expect(contact?.notes).toMatch(/name, email, message.*no API key required.*at most 7 POST requests.*202.*RFC 9457.*Idempotency-Key/);
    expect(links.find((link) => link.title === 'Home page')?.notes).toContain('.md appended');
    expect(llmsTxt(site, EVERY_DOCUMENT, OWN)).not.toContain('Agents and scripts may use');
  });

  it('adds its links to an owner’s section of the same name, and its sections at the end when the owner has no Optional', () => {
    const parsed = parseLlmsTxt(llmsTxt(site, NO_SITE_DOCUMENTS, '# Ada\n\nProse.\n\n## API\n\n- [Bridge loads](https://ada.example.org/loads.json): my own API\n'));
    expect([...parsed.sections.keys()]).toEqual(['API', 'Agent discovery', 'Optional']);
    expect(parsed.sections.get('API')?.map((link) => link.title)).toEqual(['Bridge loads', 'contact', 'MCP server', 'OpenAPI description']);
  });

  it('puts the site’s name as H1 above a file that opens with none, and reads CRLF lines and a byte order mark as lines', () => {
    const parsed = parseLlmsTxt(llmsTxt(site, NO_SITE_DOCUMENTS, '\uFEFFAbout me, in prose.\r\n\r\n## Work\r\n\r\n- [Bridges](https://ada.example.org/bridges/)\r\n'));
    expect([parsed.title, parsed.info]).toEqual(["Ada's workshop", 'About me, in prose.']);
    expect([...parsed.sections.keys()]).toEqual(['Work', 'API', 'Agent discovery', 'Optional']);
    expect(llmsTxt(site, NO_SITE_DOCUMENTS, '# A\n\nB\n')).not.toMatch(/\r|\uFEFF/);
  });

  it('keeps every line of the owner’s as written, a fenced ## line among them, which opens no section', () => {
    const own = '# Ada\n\nHow I write a heading:\n\n```markdown\n## API\nnot a section\n```\n\n## Work\n- [Bridges](https://ada.example.org/bridges/)\n## Optional\n- [Old](https://ada.example.org/old/)\n';
    const merged = llmsTxt(site, NO_SITE_DOCUMENTS, own);
    // The service's sections go in before the owner's Optional, whose links come before the service's one.
    expect(merged.startsWith(own.slice(0, own.indexOf('## Optional')))).toBe(true);
    expect(merged).toContain('\n## API\n\n- [contact](https://ada.example.org/api/contact)');
    expect(merged).toContain('## Optional\n- [Old](https://ada.example.org/old/)\n- [Contact form]');
    expect(merged.match(/^## API$/gm)).toHaveLength(2);
  });

  it('finds the owner’s H1 after a comment, and the owner’s Optional whatever its case', () => {
    const merged = llmsTxt(site, NO_SITE_DOCUMENTS, '<!-- kept by hand -->\n# Ada\n\nProse.\n\n## optional\n\n- [Old](https://ada.example.org/old/)\n');
    expect(merged.match(/^# /gm)).toHaveLength(1);
    expect(merged.match(/^## optional$/gim)).toHaveLength(1);
    expect(merged.trimEnd().endsWith('- [Old](https://ada.example.org/old/)\n- [Contact form](https://ada.example.org/contact): the same inquiry as an HTML form, for people.')).toBe(true);
  });

  it('closes a fence only on its own character, closes one the owner left open before its own sections, and reads no title in a fence', () => {
    const mixed = llmsTxt(site, NO_SITE_DOCUMENTS, '# Ada\n\n~~~\n```\n## API\n~~~\n\n## API\n\n- [Mine](https://ada.example.org/api/)\n');
    expect(mixed.match(/^## API$/gm)).toHaveLength(2);
    expect(mixed).toContain('- [Mine](https://ada.example.org/api/)\n- [contact](https://ada.example.org/api/contact)');
    const open = llmsTxt(site, NO_SITE_DOCUMENTS, '# Ada\n\n```\ncode\n');
    expect(open).toContain('```\ncode\n```\n\n## API\n');
    expect(llmsTxt(site, NO_SITE_DOCUMENTS, '```\n# Not a title\n```\n').startsWith("# Ada's workshop\n\n```")).toBe(true);
  });

  it('takes an empty file for none, and reads a heading of any length at once', () => {
    expect(llmsTxt(site, NO_SITE_DOCUMENTS, ' \n\n')).toBe(llmsTxt(site, NO_SITE_DOCUMENTS));
    const started = performance.now();
    llmsTxt(site, NO_SITE_DOCUMENTS, `# Ada\n\n## x${' '.repeat(200_000)}y\n`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
