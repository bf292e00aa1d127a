import { readFileSync } from 'node:fs';
import { attribute, isLinkOf, readPage } from '../../lambdas/html/page-tree.js';
import { HOME_PAGE } from '../front-door-paths.js';
import { ROBOTS_TXT, SITEMAP_XML, sitemapLocs } from './agent-files.js';
import type { SiteFiles } from './site-files.js';
import { isLoopbackUrl } from '../loopback-names.js';

/**
 * Notes on the folder's own files that name the site at another origin than its own (`baseUrl`),
 * where crawlers and agents read them: the sitemap a generator writes with its base URL, and the
 * `Sitemap:` lines of its own robots.txt (a copy of the preview's names the machine's). Where the
 * site's origin is known at deploy only (the distribution's own domain), a build for the preview's
 * alone.
 */
export function siteAddressNotes(site: Pick<SiteFiles, 'files'>, baseUrl: string | undefined, setting: string): string[] {
  const own = ownOrigin(baseUrl);
  return [
    previewBuildLine(site, setting) ?? (own === undefined ? undefined : sitemapAddressNote(site, own, setting)),
    own === undefined ? undefined : robotsSitemapNote(site, own, setting),
  ].filter((note) => note !== undefined);
}

/**
 * The stack's metadata entry (its data, an origin) that says the folder was built for another
 * address than the site's, which synth's `Next:` list reads to have it built again first of all.
 */
export const SITE_BUILT_FOR_METADATA = 'personal-site:site-built-for';

/** The origin the folder's own files name its pages at, when it is not the site's: a preview's (a loopback address), or another than `baseUrl`'s. */
export function builtForAnotherOrigin(site: Pick<SiteFiles, 'files'>, baseUrl: string | undefined): string | undefined {
  const named = namedAddresses(site).map(({ origin }) => origin);
  const preview = named.find(isLoopbackUrl);
  if (preview !== undefined) return preview;
  const [first] = named;
  return first !== undefined && (ownOrigin(baseUrl) ?? first) !== first ? first : undefined;
}

/** How the generators that take the preview's address on their command line build for the site's own again (Astro, Eleventy and MkDocs read it from their config alone). */
export const REBUILD_FOR_SITE = "Hugo: hugo --cleanDestinationDir, without --baseURL, which builds for your config's baseURL; Zola: zola build; Jekyll: jekyll build, not jekyll serve";

/**
 * When the folder was built for the preview: its own files name its pages at a loopback address (a
 * generator's base URL for `npm start`), where every visitor's links and style sheets would lead,
 * as a deploy and a publish upload the folder as it is. The line each stops with; synth's note.
 */
export function previewBuildLine(site: Pick<SiteFiles, 'files'>, setting: string): string | undefined {
  // Any of them: a sitemap kept in the generator's static files names the site whatever the build.
  const named = namedAddresses(site).find(({ origin }) => isLoopbackUrl(origin));
  if (named === undefined) return undefined;
  return (
    `${setting} was built for the preview: ${named.by} names your pages at ${named.origin}, where every visitor's links and style sheets would lead, as a deploy and a publish upload ${setting} as it is: ` +
    `build your site again for its own address (${REBUILD_FOR_SITE})`
  );
}

/** A base URL's origin; none where the site's address is known at deploy only (the distribution's own domain). */
function ownOrigin(baseUrl: string | undefined): string | undefined {
  return baseUrl !== undefined && URL.canParse(baseUrl) ? new URL(baseUrl).origin : undefined;
}

/**
 * When the folder's own files name its pages at another origin than the site's (namedAddress): a
 * generator writes its base URL there, and in its canonical links and feeds, so a site that moved
 * (from `example.com` to `www.example.com`, say) sends search engines and agents to each page
 * through a redirect, or to the old host; a build for a preview, to the owner's machine.
 */
function sitemapAddressNote(site: Pick<SiteFiles, 'files'>, own: string, setting: string): string | undefined {
  const named = namedAddress(site);
  if (named === undefined || named.origin === own) return undefined;
  return (
    `${setting}: ${named.by} names your pages at ${named.origin}, where the site is ${own}: set your generator's base URL to ${own} ` +
    "(Hugo's baseURL, Jekyll's url, Astro's site, MkDocs' site_url, Zola's base_url) and build again, so that its canonical links and feeds name it too, not an address that redirects or is gone"
  );
}

/**
 * For a preview: a folder built for another address than the preview's, as its own files name it
 * (namedAddress) and its contact page loads its files from it (a generator's base URL, written into
 * each page), shows pages whose style sheets and links lead to that address, not to the folder. A
 * canonical link alone is no sign: it may name the site's address in any build.
 */
export function builtForAnotherAddressNote(site: Pick<SiteFiles, 'files'>, previewOrigin: string, loadedOrigins: readonly string[], setting: string): string | undefined {
  const named = namedAddress(site);
  if (named === undefined || named.origin === previewOrigin || !loadedOrigins.includes(named.origin)) return undefined;
  // A build for another preview (a generator's own server's port) is rebuilt for the site by synth's notes, not by this one.
  const again = isLoopbackUrl(named.origin) ? '' : `, and for ${named.origin} again before a deploy or a publish`;
  return (
    `${setting}: your site was built for ${named.origin}, which ${named.by} names and its contact page loads files from, so the preview's pages take their style sheets and links from there, not from this folder: ` +
    `to preview, build for ${previewOrigin} (Hugo: hugo --baseURL ${previewOrigin}/; Zola: zola build --base-url ${previewOrigin})${again}`
  );
}

/**
 * The origin the folder's own files name its pages at, and the file that does: its sitemap's first
 * URL, else its home page's canonical link, else its feed's link (a site whose generator writes no
 * sitemap, and whose layout no canonical link).
 */
function namedAddress(site: Pick<SiteFiles, 'files'>): NamedAddress | undefined {
  return namedAddresses(site)[0];
}

interface NamedAddress {
  readonly origin: string;
  /** The file that names it, as the owner's line says it. */
  readonly by: string;
}

/** The addresses read of each scan's files, which a synth's notes and its metadata, and a publish's stop and notes, each ask for twice. */
const readAddresses = new WeakMap<SiteFiles['files'], readonly NamedAddress[]>();

/** Every origin the folder's own files name its pages at, in namedAddress's order of trust. */
function namedAddresses(site: Pick<SiteFiles, 'files'>): readonly NamedAddress[] {
  const read = readAddresses.get(site.files) ?? addressesOf(site);
  readAddresses.set(site.files, read);
  return read;
}

function addressesOf(site: Pick<SiteFiles, 'files'>): NamedAddress[] {
  const text = (key: string) => {
    const file = site.files.get(key);
    return file === undefined ? undefined : readFileSync(file, 'utf8');
  };
  const sitemap = text(SITEMAP_XML);
  const home = text(HOME_PAGE);
  const canonical = home === undefined ? undefined : readPage(home, '/').all.find((element) => isLinkOf(element, 'canonical'));
  const named = [
    { origin: sitemap === undefined ? undefined : originOf(sitemapLocs(sitemap)[0]), by: SITEMAP_XML },
    { origin: originOf(attribute(canonical, 'href')?.trim()), by: `the canonical link of ${HOME_PAGE}` },
    ...FEEDS.map((feed) => {
      const feedText = text(feed);
      return { origin: feedText === undefined ? undefined : originOf(feedLink(feedText)), by: feed };
    }),
  ];
  return named.flatMap(({ origin, by }) => (origin === undefined ? [] : [{ origin, by }]));
}

/** Where generators write a site's feed: Hugo's index.xml, jekyll-feed's feed.xml, Zola's atom.xml and rss.xml (Astro's, Eleventy's as configured). */
const FEEDS = ['index.xml', 'feed.xml', 'atom.xml', 'rss.xml'] as const;

/**
 * A feed's link to the site: an RSS channel's own <link>, before its first item; or an Atom feed's
 * first <link href> but a hub's (WebSub's, another host).
 */
function feedLink(feed: string): string | undefined {
  const channel = /<channel\b([\s\S]*?)(?:<item\b|<\/channel>|$)/.exec(feed)?.[1];
  const rss = channel === undefined ? undefined : /<link>\s*([^<\s]+)\s*<\/link>/.exec(channel)?.[1];
  if (rss !== undefined) return rss;
  const links = feed.match(/<link\b[^>]*>/g) ?? [];
  const atom = links.find((link) => !/\brel\s*=\s*["']?hub\b/i.test(link));
  return atom === undefined ? undefined : /\bhref\s*=\s*["']([^"']+)["']/.exec(atom)?.[1];
}

/** When the folder's own robots.txt names a sitemap at another origin than the site's, which crawlers then fetch there (RFC 9309 leaves `Sitemap:` to each crawler). */
function robotsSitemapNote(site: Pick<SiteFiles, 'files'>, own: string, setting: string): string | undefined {
  const file = site.files.get(ROBOTS_TXT);
  if (file === undefined) return undefined;
  const named = readFileSync(file, 'utf8')
    .split(/\r\n|\r|\n/)
    .map((line) => /^\s*sitemap\s*:\s*(\S+)/i.exec(line)?.[1])
    .find((url) => {
      const origin = originOf(url);
      return origin !== undefined && origin !== own;
    });
  if (named === undefined) return undefined;
  return `${setting}: robots.txt names its sitemap at ${named}, where the site is ${own}: write Sitemap: ${own}/${SITEMAP_XML} in it (a copy of npm start's robots.txt names the machine's address)`;
}

/** A URL's origin; none for one that is no URL, or whose origin is opaque (`file:`, `data:`), which URL serializes as "null". */
function originOf(url: string | undefined): string | undefined {
  const origin = url !== undefined && URL.canParse(url) ? new URL(url).origin : undefined;
  return origin === 'null' ? undefined : origin;
}
