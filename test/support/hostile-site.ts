import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What lies beside the site's folder, which nothing may publish. */
export const OUTSIDE_TEXT = 'beside the site, never published';

/** What the site's files at the service's paths hold. */
export const AT_A_SERVICE_PATH = 'the site’s own file at a path the service answers';

/** A path of the folder longer than the 1,024 bytes of UTF-8 S3 takes for a key, in names a disk holds (each under 255 bytes). */
export const TOO_LONG_PATH = [...Array.from({ length: 4 }, () => '\u00fc'.repeat(120)), `${'\u00fc'.repeat(40)}.html`].join('/');

/** A site's folder as an owner's disk holds one, with everything a deploy must not publish. */
export interface HostileSite {
  /** The site's folder (siteDir, SITE_DIR). */
  readonly folder: string;
  /** Every key the site publishes, with the text it holds. */
  readonly published: Readonly<Record<string, string>>;
  /** Every path of the folder left out, with its reason. */
  readonly leftOut: Readonly<Record<string, string>>;
}

/**
 * A folder with pages, dotfiles (`.env`, `.git/config`, `.DS_Store`), `.well-known/` and its
 * lookalikes, files at the service's paths, a path too long for a key, and links of every kind: inside, out of the folder, to a folder above, in loops,
 * through other links, with `..` in their target, to what is hidden, and to nothing; and a FIFO.
 */
export function hostileSite(): HostileSite {
  const root = mkdtempSync(join(tmpdir(), 'hostile-site-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const link = (path: string, target: string) => symlinkSync(target, join(root, path));
  write('secret.txt', OUTSIDE_TEXT);
  write('documents/tax.pdf', OUTSIDE_TEXT);
  const pages: Record<string, string> = {
    'index.html': 'home',
    '404.html': 'not found',
    'about/index.html': 'about',
    'css/site.css': 'body {}',
    'CNAME': 'example.com',
    '.well-known/security.txt': 'Contact: mailto:you@example.com',
    '.well-known/atproto-did': 'did:plc:example',
    '.well-known/openpgpkey/policy': 'an OpenPGP key directory’s policy',
    '\u2024well-known/index.html': 'a one-dot leader, not a dot: a folder like any other',
    '\uff0eenv': 'a fullwidth full stop, not a dot: a file like any other',
    'contact/index.html': 'the site’s own /contact/, which the service does not answer',
  };
  for (const [path, text] of Object.entries(pages)) write(`site/${path}`, text);
  for (const path of ['.env', '.git/config', '.DS_Store', '.drafts/index.html', '.well-known/.secret', '.Well-Known/security.txt', 'blog/.well-known/security.txt', 'back\\slash.txt']) {
    write(`site/${path}`, OUTSIDE_TEXT);
  }
  // At paths the service answers: its answer wins, so the files are never the site's.
  for (const path of ['llms.txt', '.well-known/api-catalog', 'api/contact', 'oauth/token.json']) write(`site/${path}`, AT_A_SERVICE_PATH);
  write(`site/${TOO_LONG_PATH}`, 'a page at a path no upload could store');
  link('site/style.css', 'css/site.css');
  link('site/latest', 'about');
  link('site/via-link.css', 'style.css');
  link('site/dot-dot.css', 'about/../css/site.css');
  link('site/leak.txt', '../secret.txt');
  link('site/shadow', '/etc/shadow');
  link('site/downloads', '../documents');
  link('site/up', '..');
  link('site/escape.txt', 'about/../../secret.txt');
  link('site/through-link.txt', 'leak.txt');
  link('site/self', '.');
  link('site/about/home', '..');
  link('site/about/again', '../about');
  link('site/loop-a', 'loop-b');
  link('site/loop-b', 'loop-a');
  link('site/dangling', 'nowhere');
  link('site/env.txt', '.env');
  link('site/config', '.git/config');
  link('site/repository', '.git');
  // Into .well-known/: a folder of it only from inside it, one file of it from anywhere; and no
  // link publishes what is left out at its real path.
  link('site/keys', '.well-known');
  link('site/about/wk', '../.well-known/openpgpkey');
  link('site/.well-known/pgp', 'openpgpkey');
  link('site/security.txt', '.well-known/security.txt');
  link('site/catalog.json', '.well-known/api-catalog');
  link('site/summary.txt', 'llms.txt');
  link('site/docs', 'api');
  execFileSync('mkfifo', [join(root, 'site', 'pipe')]);
  return {
    folder: join(root, 'site'),
    published: {
      ...pages,
      'style.css': pages['css/site.css']!,
      'via-link.css': pages['css/site.css']!,
      'dot-dot.css': pages['css/site.css']!,
      'latest/index.html': pages['about/index.html']!,
      '.well-known/pgp/policy': pages['.well-known/openpgpkey/policy']!,
      'security.txt': pages['.well-known/security.txt']!,
    },
    leftOut: {
      '.DS_Store': 'hidden',
      '.Well-Known': 'hidden',
      '.drafts': 'hidden',
      '.well-known/api-catalog': 'service',
      'api/contact': 'service',
      'oauth/token.json': 'service',
      '.env': 'hidden',
      '.git': 'hidden',
      '.well-known/.secret': 'hidden',
      'about/again': 'loop',
      'about/home': 'loop',
      'back\\slash.txt': 'backslash',
      'blog/.well-known': 'hidden',
      config: 'hidden',
      dangling: 'broken',
      downloads: 'outside',
      'env.txt': 'hidden',
      'escape.txt': 'outside',
      keys: 'hidden',
      'about/wk': 'hidden',
      'catalog.json': 'service',
      'summary.txt': 'service',
      'docs/contact': 'service',
      'latest/again': 'loop',
      'latest/home': 'loop',
      'latest/wk': 'hidden',
      'leak.txt': 'outside',
      'loop-a': 'broken',
      'loop-b': 'broken',
      pipe: 'special',
      repository: 'hidden',
      self: 'loop',
      shadow: 'outside',
      'through-link.txt': 'outside',
      up: 'outside',
      [TOO_LONG_PATH]: 'long',
    },
  };
}
