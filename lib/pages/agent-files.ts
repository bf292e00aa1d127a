import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AgentSettings, SiteDocuments } from '../../lambdas/config.js';
import { HOME_PAGE } from '../front-door-paths.js';
import { isNoindexPage, pageMarkdown, sitemapReading } from './page-markdown.js';
import { robotsTxt, robotsTxtGaps } from './robots-txt.js';
import { few, type SiteFiles } from './site-files.js';
import { isPageKey, MARKDOWN_CONTENT_TYPE, markdownKey, pagePath } from './site-pages.js';
import { MAX_SITEMAP_URLS, sitemapXml } from './sitemap-xml.js';
import { uploadContentType } from './upload-content-type.js';

export const ROBOTS_TXT = 'robots.txt';
export const SITEMAP_XML = 'sitemap.xml';

/** Where an owner whose robots.txt lacks what the scanners look for finds the service's, whatever writes theirs (Zola always writes one). */
const OWN_ROBOTS_TXT_HELP =
  " (docs/examples/robots.txt is the service's, under the default contentSignals, as a Zola template: copy it to templates/robots.txt, or its lines into yours; docs/api.md §16 says what they mean)";

/** A file the service adds to the site (docs/api.md §16), made when it is read. */
export interface AgentFile {
  readonly contentType: string;
  body(): string;
}

/** What the service adds to a site's folder, and one line for each thing of the owner's that the scanners would miss. */
export interface AgentFiles {
  /** By key, as the site's own files are: none where the folder has a file of that key, which wins. */
  readonly files: ReadonlyMap<string, AgentFile>;
  readonly notes: readonly string[];
}

/**
 * What the service adds to the files a folder publishes (docs/api.md §16), each part as its setting
 * says: a robots.txt and a sitemap.xml where the folder has none, and each page's Markdown
 * (lib/pages/site-pages.ts) where the folder has none at its key. The owner's own robots.txt is
 * served as written, with a note of what it lacks for the scanners; so is an own sitemap.xml,
 * with a note when it is neither a urlset nor a sitemap index. `baseUrl` makes the absolute URLs
 * of the sitemap and of robots.txt's Sitemap line: a deploy-time value at synth, which the
 * upload substitutes. `pagesWithoutHtml` are the pages the front door's function reaches without `.html`
 * (listedPages, lib/edge/front-door-function.ts), which the sitemap lists so (siteSitemap). `setting` names the folder in the notes.
 */
export function agentFiles(site: SiteFiles, agents: AgentSettings, baseUrl: string, pagesWithoutHtml: readonly string[], setting: string): AgentFiles {
  const files = new Map<string, AgentFile>();
  const notes: string[] = [];
  const own = (key: string) => site.files.get(key);
  const sitemapUrl = `${baseUrl}/${SITEMAP_XML}`;
  const { sitemap: hasSitemap } = folderDocuments(site, agents);
  if (agents.sitemap && own(SITEMAP_XML) === undefined) {
    // A page that asks search engines to leave it out is never listed: every page is read, once,
    // only when the sitemap is (or when there are too many pages for one, to say so).
    let sitemap: ReturnType<typeof sitemapXml> | undefined;
    const listedSitemap = () => (sitemap ??= siteSitemap(site, baseUrl, pagesWithoutHtml));
    if ([...site.files.keys()].filter(isPageKey).length > MAX_SITEMAP_URLS) {
      const { leftOut } = listedSitemap();
      if (leftOut > 0) notes.push(`${setting}: sitemap.xml lists ${MAX_SITEMAP_URLS} pages and leaves ${leftOut} out, the sitemaps protocol's limit for one file`);
    }
    files.set(SITEMAP_XML, { contentType: uploadContentType(SITEMAP_XML), body: () => listedSitemap().xml });
  } else if (own(SITEMAP_XML) !== undefined) {
    const text = readFileSync(own(SITEMAP_XML)!, 'utf8');
    if (!/<(?:[\w-]+:)?(?:urlset|sitemapindex)[\s>]/.test(text)) {
      notes.push(`${setting}: sitemap.xml is your own, served as written; for the agent-readiness scanners it lacks a <urlset> or <sitemapindex> (sitemaps.org)`);
    }
    const noindex = listedNoindexPages(site, text);
    if (noindex.length > 0) {
      const them = noindex.length === 1 ? 'it' : 'them';
      notes.push(
        `${setting}: sitemap.xml is your own, served as written; it lists ${few(noindex)}, which ${noindex.length === 1 ? 'asks' : 'ask'} search engines to leave ${them} out (noindex): ` +
          `they do, though Google's Search Console reports the clash; to end it, leave ${them} out of it too (in the page's front matter: sitemap: false for jekyll-sitemap, sitemap: {disable: true} for Hugo 0.125 or later, _build: {list: never} for an older one; exclude in next-sitemap.config.js)` +
          // The service's own is published only while its setting is on.
          (agents.sitemap
            ? ', or, where your generator has no such switch, leave its sitemap out (MkDocs, Zola: delete sitemap.xml and sitemap.xml.gz after each build): the service then writes its own, which lists every page but the noindex ones'
            : ''),
      );
    }
  }
  const ownRobots = own(ROBOTS_TXT);
  if (ownRobots !== undefined) {
    // robotsTxt false: the owner keeps theirs as it is, and hears no more of it.
    const gaps = agents.robotsTxt ? robotsTxtGaps(readFileSync(ownRobots, 'utf8')) : [];
    if (gaps.length > 0) {
      notes.push(
        `${setting}: robots.txt is your own, served as written, which search engines read as before; ` +
          `for the agent-readiness scanners' top level it lacks ${gaps.join(', ')}${OWN_ROBOTS_TXT_HELP}. ` +
          `Or, if it holds no rules of your own, delete it from your site's source (Hugo: enableRobotsTXT off), and the service writes its own; or keep it as it is, with "robotsTxt": false to have this line no more`,
      );
    }
  } else if (agents.robotsTxt) {
    files.set(ROBOTS_TXT, { contentType: uploadContentType(ROBOTS_TXT), body: () => robotsTxt(agents.contentSignals, hasSitemap ? sitemapUrl : undefined) });
  }
  if (agents.markdown) {
    for (const [key, file] of site.files) {
      if (!isPageKey(key) || own(markdownKey(key)) !== undefined) continue;
      files.set(markdownKey(key), { contentType: MARKDOWN_CONTENT_TYPE, body: () => pageMarkdown(readFileSync(file), pagePath(key)) });
    }
  }
  return { files, notes };
}

/**
 * The paths an owner's sitemap lists (each `<loc>`, its origin aside, decoded) of pages of the folder that ask
 * search engines to leave them out (isNoindexPage): a path ending in `/` is its folder's index.html,
 * and one without an extension may be its `.html`, as the front door serves them.
 */
function listedNoindexPages(site: SiteFiles, sitemap: string): string[] {
  const paths = sitemapLocs(sitemap).flatMap((url) => (URL.canParse(url) ? [new URL(url).pathname] : []));
  return [...new Set(paths)].flatMap((path) => {
    let key: string;
    try {
      key = decodeURIComponent(path.slice(1));
    } catch {
      return [];
    }
    const file = [key.endsWith('/') || key === '' ? `${key}index.html` : key, `${key}.html`].map((candidate) => site.files.get(candidate)).find((found) => found !== undefined);
    return file !== undefined && isNoindexPage(readFileSync(file)) ? [`/${key}`] : [];
  });
}

/** Each `<loc>` of a sitemap, a page's or in a sitemap index a sitemap's, its white space trimmed and its references decoded. */
export function sitemapLocs(sitemap: string): string[] {
  return [...sitemap.matchAll(/<(?:[\w-]+:)?loc>\s*([^<]*?)\s*<\/(?:[\w-]+:)?loc>/g)].map(([, loc]) => xmlText(loc!));
}

/** XML text with its predefined and numeric character references decoded. */
function xmlText(text: string): string {
  const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (reference, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return named[name] ?? reference;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(decimal);
    return code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

/** What a folder's site publishes, by its files and the agent settings, which llms.txt links. */
export function folderDocuments(site: Pick<SiteFiles, 'files'>, agents: AgentSettings): SiteDocuments {
  return { home: site.files.has(HOME_PAGE), sitemap: site.files.has(SITEMAP_XML) || agents.sitemap, markdown: agents.markdown };
}

/**
 * The type a key of the site is served with: the deploy's upload's (lib/pages/upload-content-type.ts),
 * but for a page's Markdown, the owner's or the service's, which is uploaded with its charset.
 */
export function publishedContentType(key: string): string {
  return isMarkdownOfPage(key) ? MARKDOWN_CONTENT_TYPE : uploadContentType(key);
}

/** Whether a key names a page's Markdown (`about/index.html.md`), whoever wrote it. */
export function isMarkdownOfPage(key: string): boolean {
  return /\.html?\.md$/i.test(key);
}

/** Writes each file under a folder, by its key; returns the keys with the files that hold them. */
export function writeAgentFiles(files: ReadonlyMap<string, AgentFile>, folder: string): Map<string, string> {
  const written = new Map<string, string>();
  for (const [key, file] of files) {
    const path = join(folder, ...key.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.body());
    written.set(key, path);
  }
  return written;
}

/**
 * The sitemap of the folder's pages (sitemapXml), each page read once: a page that asks search
 * engines to leave it out is not listed, and a page the front door reaches without `.html` is
 * listed so unless the site's own pages link it by its `.html` name alone, as a hand-written site
 * does (`kontakt.html`), whose address that then is.
 */
function siteSitemap(site: SiteFiles, baseUrl: string, pagesWithoutHtml: readonly string[]): ReturnType<typeof sitemapXml> {
  const keys: string[] = [];
  const linked = new Set<string>();
  for (const [key, file] of site.files) {
    if (isPageKey(key)) {
      const page = sitemapReading(readFileSync(file), pagePath(key));
      if (page.noindex) continue;
      for (const link of page.links) linked.add(link);
    }
    keys.push(key);
  }
  const byHtmlAlone = (name: string) => linked.has(pagePath(`${name}.html`)) && !linked.has(pagePath(name));
  return sitemapXml(baseUrl, keys, new Set(pagesWithoutHtml.filter((name) => !byHtmlAlone(name))));
}
