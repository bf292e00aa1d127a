import { isUtf8 } from 'node:buffer';
import { closeSync, copyFileSync, existsSync, mkdirSync, readdirSync, readSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../../lambdas/config.js';
import { MAX_OWN_LLMS_TXT_BYTES, ownLlmsTxtRefusal } from '../../lambdas/discovery/own-llms-txt.js';
import { terminalText } from '../../lambdas/inbox/visitor-text.js';
import { HOME_PAGE, isServicePath, NOT_FOUND_PAGE } from '../front-door-paths.js';
import { DEEP_MISSING_PAGE, relativeNotFoundPageFiles } from './not-found-page.js';
import { openScanned, scanFile, type ScannedFile } from './scanned-file.js';

/** A setting naming the site's folder (`siteDir`, SITE_DIR), as an absolute path; one that is no folder stops synth or start-up. */
export function parseSiteFolder(setting: string, value: string): string {
  const path = resolve(value);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    // A shell's ~ means the home folder; a settings file's is a folder's name like any other.
    const home = /^~(?=\/|$)/.test(value) ? join(homedir(), value.slice(1)) : undefined;
    throw new ConfigError(
      home === undefined
        ? `${setting} must be a folder of the site's files, got ${JSON.stringify(path)}, which is none`
        : `${setting} must be a folder of the site's files, got ${JSON.stringify(value)}: ~ is your shell's name for your home folder, which neither a settings file nor a quoted variable knows: write the whole path, such as ${JSON.stringify(home)}`,
    );
  }
  refuseProjectFolder(setting, value, path);
  return path;
}

/** The folders static site generators build into unless told otherwise (Eleventy and Jekyll, Hugo and Gatsby, Astro and Vite, Create React App, Next's export). */
const BUILD_FOLDERS = ['_site', 'public', 'dist', 'build', 'out'] as const;
type BuildFolder = (typeof BUILD_FOLDERS)[number];

/**
 * What a generator's project holds at its top, which the folder it builds never does, each with
 * the folders that generator builds into: a Node project's any, Jekyll's `_site`, Hugo's and
 * Zola's `public`. Only beside its own generator's folder is a file taken for a project's, as a
 * built site may publish a `_config.yml` of its own.
 */
const PROJECT_FILES: Readonly<Record<string, readonly BuildFolder[]>> = {
  'package.json': BUILD_FOLDERS,
  Gemfile: ['_site'],
  '_config.yml': ['_site'],
  '_config.yaml': ['_site'],
  'hugo.toml': ['public'],
  'hugo.yaml': ['public'],
  'hugo.json': ['public'],
  'config.toml': ['public'],
};

/**
 * A folder that is a generator's project rather than what it builds, which would publish its
 * sources: one holding `node_modules/` (whose packages no site serves), or a project's file beside
 * a built folder with a home page. One line names the built folder where there is one.
 */
function refuseProjectFolder(setting: string, value: string, path: string): void {
  const has = (name: string) => existsSync(join(path, name));
  const built = builtFolderName(path);
  const projectFiles = Object.entries(PROJECT_FILES)
    .filter(([name, builds]) => has(name) && (built === undefined || builds.includes(built)))
    .map(([name]) => name);
  if (!has('node_modules') && (built === undefined || projectFiles.length === 0)) return;
  const holds = [...projectFiles, ...(has('node_modules') ? ['node_modules/'] : [])].join(' and ');
  const instead = built === undefined ? `the folder your generator builds (${BUILD_FOLDERS.join(', ')}: the one with your index.html)` : join(value, built);
  throw new ConfigError(`${setting} is ${JSON.stringify(value)}, which holds ${holds}: a project's folder, whose sources would be published. Point ${setting} at ${instead}`);
}

/**
 * The generator's built folder inside `folder` (`public/`, `_site/`, …) when `folder` has no home
 * page and that one has: the folder its setting most likely meant. None otherwise.
 */
export function builtFolderInside(folder: string): string | undefined {
  if (existsSync(join(folder, HOME_PAGE))) return undefined;
  const built = builtFolderName(folder);
  return built === undefined ? undefined : join(folder, built);
}

/** The first of the generators' build folders inside `folder` that holds a home page. */
function builtFolderName(folder: string): BuildFolder | undefined {
  return BUILD_FOLDERS.find((name) => existsSync(join(folder, name, HOME_PAGE)));
}

/** The line of a setting whose path no file of the site's folder answers, naming the built folder inside it when that is the likelier folder. */
export function noPageOfFolder(key: string, path: string, site: { readonly folder: string; readonly setting: string }): ConfigError {
  const built = builtFolderInside(site.folder);
  const hint = built === undefined ? '' : `; ${site.setting} has no index.html, and ${printable(built)} has one: is that the folder ${site.setting} should name?`;
  return new ConfigError(`${key} ${path} is no page of ${site.setting} (${printable(site.folder)}): a visitor sent there would get a 404${hint}`);
}

/** The longest key S3 stores, in bytes of UTF-8 (AWS, "Naming Amazon S3 objects"): a longer path could never be uploaded. */
export const MAX_KEY_BYTES = 1024;

/** The one dot-folder a site publishes, at its top only (RFC 8615): an owner's security.txt, atproto-did. */
const WELL_KNOWN = '.well-known';

/** Why a path of the site's folder is not published (docs/api.md §10). */
export type LeftOutReason = 'hidden' | 'backslash' | 'control' | 'encoding' | 'long' | 'outside' | 'loop' | 'broken' | 'special' | 'service';

const REASONS: Readonly<Record<LeftOutReason, string>> = {
  hidden: `dotfiles and dot-folders, private as they should be, and links to them; only ${WELL_KNOWN}/ is published, under its own name`,
  backslash: 'a backslash in the name, which browsers read as a slash',
  control: "a control character in the name, which a browser drops from a URL and S3's requests cannot carry",
  encoding: 'a name that is not UTF-8, which no URL names',
  long: `a path longer than the ${MAX_KEY_BYTES.toLocaleString('en-US')} bytes (in UTF-8) S3 takes for a key`,
  outside: 'links out of the folder',
  loop: 'links to a folder they are in',
  broken: 'links to nothing',
  special: 'neither a file nor a folder',
  service: 'paths the service answers itself, and links to them',
};

export interface LeftOut {
  /** Its path in the folder, `/`-separated; a folder's stands for everything in it. */
  readonly path: string;
  readonly reason: LeftOutReason;
}

/** What a folder publishes as the site: the same for the deploy's upload and for local mode. */
export interface SiteFiles {
  /**
   * Each published file by its key (its path in the folder, `/`-separated: the bucket's key, and a
   * URL's path percent-decoded without its leading slash), to the file whose bytes it holds.
   */
  readonly files: ReadonlyMap<string, string>;
  /** Each published file as the scan saw it, by its key: an upload opens that file and no other (openScanned). */
  readonly scanned: ReadonlyMap<string, ScannedFile>;
  /** What is not published, and why, in the order the folder was read. */
  readonly leftOut: readonly LeftOut[];
  /** The folder's own llms.txt at its top, never published as a file: the service's llms.txt takes it in, unless refused (docs/api.md §6). */
  readonly ownLlmsTxt?: OwnLlmsTxt;
}

export interface OwnLlmsTxt {
  /** The file that holds it. */
  readonly file: string;
  /** Why the service does not take it in (ownLlmsTxtRefusal), if it does not. */
  readonly refusal?: string;
}

/**
 * The owner's llms.txt at a real path, read as the scan saw it (openScanned: never through a link
 * swapped in, nor a FIFO or a device), one byte past the most the service takes at most: none when
 * it is no longer there as a file.
 */
function scanOwnLlmsTxt(realPath: string): OwnLlmsTxt | undefined {
  const scanned = scanFile(realPath);
  const fd = openScanned(realPath, scanned);
  if (fd === undefined) return undefined;
  try {
    const bytes = Buffer.alloc(Math.min(Number(scanned.size), MAX_OWN_LLMS_TXT_BYTES + 1));
    let read = 0;
    while (read < bytes.length) {
      const got = readSync(fd, bytes, read, bytes.length - read, read);
      if (got === 0) break;
      read += got;
    }
    const refusal = ownLlmsTxtRefusal(Number(scanned.size), () => bytes.subarray(0, read));
    return { file: realPath, ...(refusal === undefined ? {} : { refusal }) };
  } finally {
    closeSync(fd);
  }
}

/** The key of the owner's own llms.txt, a path the service answers (docs/api.md §6). */
export const OWN_LLMS_TXT = 'llms.txt';

/** What the owner's llms.txt is called in the discovery function's bundle, which synth copies it into (OWN_LLMS_TXT_FILE). */
export const BUNDLED_LLMS_TXT = 'own-llms.txt';

/**
 * The site a folder holds (docs/api.md §10): every regular file under it, except what a visitor
 * must never get. A dotfile or dot-folder (`.env`, `.git/`, `.DS_Store`) is left out, but for
 * `.well-known/` at the top. A symbolic link is followed only to a file or folder of the site
 * itself, published under the link's name: one that leaves the folder, that leads to what the
 * site leaves out, that points at nothing, or at a folder it is in, is left out. Following links
 * inside rather than refusing every link keeps what generators and owners do (`latest -> v2/`)
 * working, and the rule names only real paths the folder holds, so no link can reach outside it.
 * A file at a path the service answers (`api/…`, `.well-known/api-catalog`) is left out too: the
 * service's answer wins there, and the file would only be reached by an encoded path; but for the
 * folder's own `llms.txt` at its top, which the service's llms.txt takes in (ownLlmsTxt). So is a path longer
 * than S3 takes for a key (MAX_KEY_BYTES), which no upload could store: a folder's, with all in it.
 *
 * What a link reaches is judged at its real path too: a file left out there (at a path the
 * service answers) is left out under the link's name, for the same reason. A link to
 * `.well-known/` or a folder in it, from outside it, is left out: it would publish the names that
 * RFC 8615 reserves under another path. A link to one file there (`security.txt ->
 * .well-known/security.txt`, RFC 9116's legacy place) publishes that file under the link's name.
 */
export function siteFiles(folder: string): SiteFiles {
  const root = realpathSync(folder);
  const files = new Map<string, string>();
  const scanned = new Map<string, ScannedFile>();
  const leftOut: LeftOut[] = [];
  let ownLlmsTxt: OwnLlmsTxt | undefined;
  // `branch`: the real folders from the root down to this one, which a link back into would loop.
  const visit = (directory: string, prefix: string, branch: ReadonlySet<string>): void => {
    // Names as the disk holds them: one that is not UTF-8 has no string that opens it.
    const entries = readdirSync(directory, { withFileTypes: true, encoding: 'buffer' }).sort((a, b) => Buffer.compare(a.name, b.name));
    for (const entry of entries) {
      const name = entry.name.toString();
      const path = `${prefix}${name}`;
      const refused = !isUtf8(entry.name) ? 'encoding' : (nameRefusal(name, prefix === '') ?? (Buffer.byteLength(path) > MAX_KEY_BYTES ? 'long' : undefined));
      const target = refused === undefined ? reach(root, join(directory, name), entry, isInWellKnown(path)) : { reason: refused };
      if ('reason' in target) {
        leftOut.push({ path, reason: target.reason });
      } else if (target.stats.isDirectory()) {
        if (branch.has(target.real)) leftOut.push({ path, reason: 'loop' });
        else visit(target.real, `${path}/`, new Set(branch).add(target.real));
      } else if (path === WELL_KNOWN) {
        leftOut.push({ path, reason: 'hidden' });
      } else if (target.stats.isFile()) {
        if (path === OWN_LLMS_TXT) {
          ownLlmsTxt = scanOwnLlmsTxt(target.real);
        } else if (isServicePath(`/${path}`) || isServicePath(`/${keyOf(root, target.real)}`)) {
          leftOut.push({ path, reason: 'service' });
        } else {
          files.set(path, target.real);
          scanned.set(path, scanFile(target.real));
        }
      } else {
        leftOut.push({ path, reason: 'special' });
      }
    }
  };
  visit(root, '', new Set([root]));
  return { files, scanned, leftOut, ...(ownLlmsTxt === undefined ? {} : { ownLlmsTxt }) };
}

/** Why a name of the folder is never published, if it is not. */
function nameRefusal(name: string, atTop: boolean): LeftOutReason | undefined {
  if (name.startsWith('.') && !(atTop && name === WELL_KNOWN)) return 'hidden';
  if (name.includes('\\')) return 'backslash';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'control';
  return undefined;
}

/** Whether a path of the folder (`/`-separated) is `.well-known/` or under it. */
function isInWellKnown(path: string): boolean {
  return path === WELL_KNOWN || path.startsWith(`${WELL_KNOWN}/`);
}

/** A real path under the folder's real root as a path of the folder, `/`-separated. */
function keyOf(root: string, real: string): string {
  return relative(root, real).split(sep).join('/');
}

type Reached = { readonly real: string; readonly stats: Pick<Stats, 'isDirectory' | 'isFile'> } | { readonly reason: LeftOutReason };

/**
 * What an entry of a real folder is: itself, or for a link, its target inside the folder, or why it
 * is left out; `fromWellKnown` says whether the link itself is in `.well-known/`, the only place a
 * link to a folder of it is followed from.
 */
function reach(root: string, path: string, entry: Dirent<Buffer>, fromWellKnown: boolean): Reached {
  if (!entry.isSymbolicLink()) return { real: path, stats: entry };
  let real: string;
  let stats: Stats;
  try {
    real = realpathSync(path);
    stats = statSync(real);
  } catch {
    // A link to nothing, or a cycle of links (ELOOP).
    return { reason: 'broken' };
  }
  if (real === root) return { reason: 'loop' };
  if (!real.startsWith(root + sep)) return { reason: 'outside' };
  const key = keyOf(root, real);
  for (const [index, segment] of key.split('/').entries()) {
    const refused = nameRefusal(segment, index === 0);
    if (refused !== undefined) return { reason: refused };
  }
  if (isInWellKnown(key) && stats.isDirectory() && !fromWellKnown) return { reason: 'hidden' };
  return { real, stats };
}

/** Copies the published files under their keys into `destination`: the folder as the bucket holds it, with no link in it. */
export function copySiteFiles(site: Pick<SiteFiles, 'files'>, destination: string): void {
  mkdirSync(destination, { recursive: true });
  for (const [key, file] of site.files) {
    const copy = join(destination, ...key.split('/'));
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(file, copy);
  }
}

/** The paths a line names for each reason; the rest are counted. */
const NAMED_PER_REASON = 5;

/**
 * One line saying what the folder named by `setting` does not publish, and why; undefined when it
 * publishes everything. A repository's own `.git` goes unsaid: every folder under git has one, and
 * a line each run for it would be noise.
 */
export function leftOutLine(setting: string, site: SiteFiles): string | undefined {
  const worthSaying = site.leftOut.filter(({ path }) => path !== '.git');
  if (worthSaying.length === 0) return undefined;
  const byReason = new Map<LeftOutReason, string[]>();
  for (const { path, reason } of worthSaying) byReason.set(reason, [...(byReason.get(reason) ?? []), path]);
  const groups = [...byReason].map(([reason, paths]) => {
    const named = paths.slice(0, NAMED_PER_REASON).map(printable).join(', ');
    const more = paths.length > NAMED_PER_REASON ? ` and ${paths.length - NAMED_PER_REASON} more` : '';
    return `${named}${more} (${REASONS[reason]})`;
  });
  return `${setting}: not published, nor served by local mode: ${groups.join('; ')}`;
}

/**
 * The lines to say of the folder named by `setting` wherever it is read (synth, npm start,
 * publish): what it does not publish, a home page it lacks, as a folder of sources rather
 * than the generator's output has none, a 404 page it lacks beside a home page (when the folder is
 * what a deploy publishes, not a build of a site that stays at its host: `deployed`), another host's
 * rules it publishes as files, the owner's llms.txt, and the files a 404 page loads by relative
 * paths (relativeNotFoundPageFiles).
 */
export function siteFolderNotes(setting: string, site: SiteFiles, { deployed = true }: { readonly deployed?: boolean } = {}): string[] {
  const leftOut = leftOutLine(setting, site);
  const noHome = site.files.has(HOME_PAGE)
    ? undefined
    : `${setting}: no index.html at its top, so your home page answers 404: is it the folder your generator builds (${BUILD_FOLDERS.join(', ')})?`;
  const rules = HOST_RULE_FILES.filter((key) => site.files.has(key));
  const hostRules =
    rules.length === 0
      ? undefined
      : `${setting}: ${rules.join(', ')} ${rules.length === 1 ? 'holds' : 'hold'} another host's rules (Netlify's, Cloudflare Pages'), which nothing here obeys: published as files at ${rules.map((key) => `/${key}`).join(', ')}, and a path they redirected answers 404; leave them out of the folder unless you want them public`;
  const own = site.ownLlmsTxt;
  const llms =
    own === undefined
      ? undefined
      : own.refusal === undefined
        ? `${setting}: llms.txt is your own: /llms.txt serves it with the service's sections added to it (docs/api.md §6)`
        : `${setting}: llms.txt is your own, but it ${own.refusal}: /llms.txt serves the service's alone`;
  const notFoundPage = site.files.get(NOT_FOUND_PAGE);
  const noNotFoundPage =
    notFoundPage !== undefined || noHome !== undefined || !deployed
      ? undefined
      : `${setting}: no ${NOT_FOUND_PAGE} at its top, so a missing page answers with S3's own error, an XML text, once deployed: make one in your site's look with a link home (your generator builds it from a 404 page of its sources)`;
  const relative = notFoundPage === undefined ? [] : relativeNotFoundPageFiles(notFoundPage);
  const unstyled =
    relative.length === 0
      ? undefined
      : `${setting}: ${NOT_FOUND_PAGE} loads ${few(relative)} by a path relative to its own, which a missing page below a folder (${DEEP_MISSING_PAGE}) ` +
        `takes from that folder, so it comes without them there: write each path from the root (${printable(relative[0]!)}), its links' too`;
  return [leftOut, noHome, noNotFoundPage, hostRules, llms, unstyled].filter((line) => line !== undefined);
}

/** Files of a host's own rules at a built site's top: Netlify's and Cloudflare Pages' redirects and headers, Cloudflare Pages' routes. */
const HOST_RULE_FILES = ['_redirects', '_headers', '_routes.json'];

/** The owner's llms.txt the service takes in: its file, or none. */
export function takenLlmsTxt(site: Pick<SiteFiles, 'ownLlmsTxt'>): string | undefined {
  return site.ownLlmsTxt?.refusal === undefined ? site.ownLlmsTxt?.file : undefined;
}

/**
 * A path as a terminal may print it, by the rule every owner command follows (terminalText): a
 * control or format character in a name (a line break, an escape, a bidi override that would show
 * the line in another order, a zero-width space that would make `index\u200B.html` pass for
 * `index.html`) written as its code; a tab too, which in a name is no layout.
 */
export function printable(path: string): string {
  return terminalText(path.replaceAll('\t', '\\u0009'));
}

/** A few keys as a line names them, printable, the rest counted: `a.html, b.html, c.html and 4 more`. */
export function few(keys: readonly string[]): string {
  const named = keys.slice(0, 3).map(printable).join(', ');
  return keys.length > 3 ? `${named} and ${keys.length - 3} more` : named;
}

/**
 * The file the bucket answers for a request URI, as S3 does (docs/api.md §10): the object whose key
 * is the URI percent-decoded, without its leading slash, with that key. A key no site holds (an empty, `.` or
 * `..` segment, a backslash, a dotfile) names nothing, so `/../x`, `/%2e%2e/x` and `//x` are
 * missing pages, never files elsewhere.
 */
export function siteFileAt(site: SiteFiles, uri: string): { readonly key: string; readonly file: string } | undefined {
  if (!uri.startsWith('/')) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(uri.slice(1));
  } catch {
    // A malformed escape: no key has such a name.
    return undefined;
  }
  const file = site.files.get(key);
  return file === undefined ? undefined : { key, file };
}
