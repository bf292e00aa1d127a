import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, sep } from 'node:path';
import { MAX_OWN_LLMS_TXT_BYTES } from '../../../../lambdas/discovery/own-llms-txt.js';
import { requireLinkFinds } from '../../../../lib/edge/front-door-request.js';
import { copySiteFiles, leftOutLine, MAX_KEY_BYTES, parseSiteFolder, printable, siteFileAt, siteFiles, siteFolderNotes, takenLlmsTxt } from '../../../../lib/pages/site-files.js';
import { configErrorOf } from '../../../support/config-error.js';
import { hostileSite, OUTSIDE_TEXT } from '../../../support/hostile-site.js';
import { siteFolder } from '../../../support/site-folder.js';

/*
 * What a folder publishes as the site (docs/api.md §10): one rule for the deploy's upload and
 * for local mode, tried on a folder with everything an owner's disk may hold.
 */

const NOT_FOUND_PAGE_TEXT = '<!doctype html><title>Not found</title><a href="/">Home</a>';
const site = hostileSite();
const files = siteFiles(site.folder);
const textOf = (map: ReadonlyMap<string, string>) => Object.fromEntries([...map].map(([key, file]) => [key, readFileSync(file, 'utf8')]));

describe('the files a folder publishes', () => {
  it('are its files and what its links inside reach, under the links’ names, and nothing else', () => {
    expect(textOf(files.files)).toEqual(site.published);
  });

  it('leave out every dotfile, every link out of the folder or into a loop, and say why for each', () => {
    expect(Object.fromEntries(files.leftOut.map(({ path, reason }) => [path, reason]))).toEqual(site.leftOut);
  });

  it('never hold a byte from outside the folder', () => {
    for (const [key, text] of Object.entries(textOf(files.files))) expect({ key, text }).not.toEqual({ key, text: OUTSIDE_TEXT });
    for (const file of files.files.values()) expect(file.startsWith(site.folder + sep)).toBe(true);
  });

  it('publish .well-known/ at the top only, as a folder, never a lookalike of it', () => {
    const keys = [...files.files.keys()];
    expect(keys.filter((key) => key.startsWith('.'))).toEqual([
      '.well-known/atproto-did',
      '.well-known/openpgpkey/policy',
      '.well-known/pgp/policy',
      '.well-known/security.txt',
    ]);
    const fileNamedWellKnown = siteFolder({ '.well-known': 'a file' });
    expect(siteFiles(fileNamedWellKnown).leftOut).toEqual([{ path: '.well-known', reason: 'hidden' }]);
  });

  it('follow a .well-known/ that is a link to a folder inside, and never one to a folder outside', () => {
    const inside = siteFolder({ 'keys/security.txt': 'Contact: mailto:you@example.com' });
    symlinkSync('keys', join(inside, '.well-known'));
    expect([...siteFiles(inside).files.keys()]).toEqual(['.well-known/security.txt', 'index.html', 'keys/security.txt']);
    const outside = siteFolder();
    symlinkSync(mkdtempSync(join(tmpdir(), 'elsewhere-')), join(outside, '.well-known'));
    expect(siteFiles(outside).leftOut).toEqual([{ path: '.well-known', reason: 'outside' }]);
  });

  it('follow a link into .well-known/ to a folder only from inside it, and to a file from anywhere', () => {
    const folder = siteFolder({ '.well-known/security.txt': 'Contact: mailto:you@example.com', '.well-known/keys/a.asc': 'key' });
    symlinkSync('.well-known', join(folder, 'wk'));
    symlinkSync('.well-known/keys', join(folder, 'keys'));
    symlinkSync('keys', join(folder, '.well-known', 'pgp'));
    symlinkSync('.well-known/security.txt', join(folder, 'security.txt'));
    const linked = siteFiles(folder);
    expect([...linked.files.keys()]).toEqual(['.well-known/keys/a.asc', '.well-known/pgp/a.asc', '.well-known/security.txt', 'index.html', 'security.txt']);
    expect(linked.leftOut).toEqual([
      { path: 'keys', reason: 'hidden' },
      { path: 'wk', reason: 'hidden' },
    ]);
  });

  it('leave out what a link reaches at a path the service answers, under any name', () => {
    const folder = siteFolder({ '.well-known/api-catalog': 'the owner’s own', 'llms.txt': 'the owner’s own', 'api/contact': 'the owner’s own' });
    symlinkSync('.well-known/api-catalog', join(folder, 'catalog.json'));
    symlinkSync('llms.txt', join(folder, 'summary.txt'));
    symlinkSync('api', join(folder, 'docs'));
    expect(siteFiles(folder)).toMatchObject({
      files: new Map([['index.html', join(folder, 'index.html')]]),
      leftOut: [
        { path: '.well-known/api-catalog', reason: 'service' },
        { path: 'api/contact', reason: 'service' },
        { path: 'catalog.json', reason: 'service' },
        { path: 'docs/contact', reason: 'service' },
        { path: 'summary.txt', reason: 'service' },
      ],
      // The service's llms.txt takes the owner's in, never a link to it under another name.
      ownLlmsTxt: { file: join(folder, 'llms.txt') },
    });
  });

  it("take the owner's own llms.txt at the top in, as a file the service reads, and only there", () => {
    const folder = siteFolder({ 'llms.txt': '# Ada\n', 'docs/llms.txt': '# Notes\n', '404.html': NOT_FOUND_PAGE_TEXT });
    const site = siteFiles(folder);
    expect(site.ownLlmsTxt).toEqual({ file: join(folder, 'llms.txt') });
    expect([...site.files.keys()]).toEqual(['404.html', 'docs/llms.txt', 'index.html']);
    expect(site.leftOut).toEqual([]);
    expect(siteFolderNotes('siteDir', site)).toEqual([
      "siteDir: llms.txt is your own: /llms.txt serves it with the service's sections added to it (docs/api.md §6)",
    ]);
    expect(takenLlmsTxt(site)).toBe(join(folder, 'llms.txt'));
    expect(siteFiles(siteFolder()).ownLlmsTxt).toBeUndefined();
  });

  it.each([
    ['past 256 KiB', Buffer.alloc(MAX_OWN_LLMS_TXT_BYTES + 1, 'a'), 'is 257 KiB, more than the 256 KiB the service takes in'],
    ['not UTF-8', Buffer.from([0x23, 0x20, 0xff, 0x0a]), 'is not UTF-8 text'],
  ])("say why they leave an own llms.txt %s out of the service's, which then serves its own alone", (_title, bytes, refusal) => {
    const folder = siteFolder({ '404.html': NOT_FOUND_PAGE_TEXT });
    writeFileSync(join(folder, 'llms.txt'), bytes);
    const site = siteFiles(folder);
    expect(site.ownLlmsTxt).toEqual({ file: join(folder, 'llms.txt'), refusal });
    expect(takenLlmsTxt(site)).toBeUndefined();
    expect(siteFolderNotes('siteDir', site)).toEqual([`siteDir: llms.txt is your own, but it ${refusal}: /llms.txt serves the service's alone`]);
  });

  it('take an own llms.txt of exactly 256 KiB in', () => {
    const folder = siteFolder();
    writeFileSync(join(folder, 'llms.txt'), Buffer.alloc(MAX_OWN_LLMS_TXT_BYTES, 'a'));
    expect(takenLlmsTxt(siteFiles(folder))).toBe(join(folder, 'llms.txt'));
  });

  it('leave out a name that is not UTF-8, which no URL can name and no string opens', () => {
    const folder = siteFolder();
    writeFileSync(Buffer.concat([Buffer.from(`${folder}/bad`), Buffer.from([0xff]), Buffer.from('.txt')]), 'x');
    expect(siteFiles(folder)).toMatchObject({ files: new Map([['index.html', join(folder, 'index.html')]]), leftOut: [{ path: 'bad\ufffd.txt', reason: 'encoding' }] });
  });

  it('leave out a path longer than S3 takes for a key, counted in bytes of UTF-8, and a folder’s with all in it', () => {
    // Four folders of 100 two-byte characters: 803 bytes with their slashes.
    const base = Array.from({ length: 4 }, () => '\u00e9'.repeat(100)).join('/');
    const exact = `${base}/${'a'.repeat(MAX_KEY_BYTES - 804)}`;
    const over = `${base}/${'b'.repeat(MAX_KEY_BYTES - 803)}`;
    const atTheLimit = `${base}/${'c'.repeat(MAX_KEY_BYTES - 804)}`;
    const pastTheLimit = `${base}/${'d'.repeat(MAX_KEY_BYTES - 803)}`;
    const folder = siteFolder({ [exact]: 'x', [over]: 'x', [`${atTheLimit}/x`]: 'x', [`${pastTheLimit}/x`]: 'x' });
    expect(Buffer.byteLength(exact)).toBe(MAX_KEY_BYTES);

    const site = siteFiles(folder);

    expect([...site.files.keys()]).toEqual(['index.html', exact]);
    expect(site.leftOut).toEqual([
      { path: over, reason: 'long' },
      { path: `${atTheLimit}/x`, reason: 'long' },
      { path: pastTheLimit, reason: 'long' },
    ]);
    expect(leftOutLine('siteDir', site)).toMatch(/ \(a path longer than the 1,024 bytes \(in UTF-8\) S3 takes for a key\)$/);
  });

  it('are read at the folder’s real path, when the folder named is itself a link', () => {
    const alias = join(mkdtempSync(join(tmpdir(), 'alias-')), 'public');
    symlinkSync(site.folder, alias);
    expect(textOf(siteFiles(alias).files)).toEqual(site.published);
  });
});

describe('the copy that is uploaded', () => {
  it('holds exactly the published files, under their keys, with no link', () => {
    const destination = mkdtempSync(join(tmpdir(), 'site-copy-'));
    copySiteFiles(files, destination);
    const copied = readdirSync(destination, { recursive: true, withFileTypes: true });
    expect(copied.filter((entry) => entry.isSymbolicLink())).toEqual([]);
    const copiedFiles = copied.filter((entry) => entry.isFile()).map((entry) => relative(destination, join(entry.parentPath, entry.name)).split(sep).join(posix.sep));
    expect(Object.fromEntries(copiedFiles.map((key) => [key, readFileSync(join(destination, key), 'utf8')]))).toEqual(site.published);
  });
});

describe('a setting’s path that no file of the folder answers', () => {
  it('names the built folder inside a project folder without a home page, as the likelier folder', () => {
    const project = siteFolder({ 'public/index.html': '<title>Home</title>', 'public/thanks/index.html': 'Thanks' });
    rmSync(join(project, 'index.html'));
    expect(() => requireLinkFinds('formSuccessPath', '/thanks/', { folder: project, setting: 'siteDir' })).toThrow(
      `formSuccessPath /thanks/ is no page of siteDir (${project}): a visitor sent there would get a 404; siteDir has no index.html, and ${join(project, 'public')} has one: is that the folder siteDir should name?`,
    );
    expect(() => requireLinkFinds('formSuccessPath', '/thanks/', { folder: siteFolder(), setting: 'siteDir' })).toThrow(/a visitor sent there would get a 404$/);
  });
});

describe('the line synth prints', () => {
  it('names what is left out, by reason', () => {
    const line = leftOutLine('siteDir', files)!;
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/^siteDir: not published, nor served by local mode: /);
    expect(line).toContain(
      '.DS_Store, .Well-Known, .drafts, .env, .well-known/.secret and 7 more (dotfiles and dot-folders, private as they should be, and links to them; only .well-known/ is published, under its own name)',
    );
    expect(line).toContain('.well-known/api-catalog, api/contact, catalog.json, docs/contact, oauth/token.json and 1 more (paths the service answers itself, and links to them)');
    expect(line).toContain('downloads, escape.txt, leak.txt, shadow, through-link.txt and 1 more (links out of the folder)');
    expect(line).toContain('about/again, about/home, latest/again, latest/home, self (links to a folder they are in)');
    expect(line).toContain('dangling, loop-a, loop-b (links to nothing)');
    expect(line).toContain('back\\slash.txt (a backslash in the name, which browsers read as a slash)');
    expect(line).toContain('pipe (neither a file nor a folder)');
  });

  it('leaves a repository’s own .git unsaid, and says a .gitignore', () => {
    expect(leftOutLine('siteDir', siteFiles(siteFolder({ 'index.html': 'Home', '.git/HEAD': 'ref: refs/heads/main' })))).toBeUndefined();
    expect(leftOutLine('siteDir', siteFiles(siteFolder({ 'index.html': 'Home', '.git/HEAD': 'ref', '.gitignore': '_site' })))).toMatch(/: \.gitignore \(dotfiles/);
  });

  it('stays one line, and prints no control character a name holds', () => {
    const folder = siteFolder({ '.note\u001b[2J\nsecond line\u202egnp.txt': 'x' });
    expect(leftOutLine('siteDir', siteFiles(folder))).toBe(
      'siteDir: not published, nor served by local mode: .note\\u001B[2J\\u000Asecond line\\u202Egnp.txt (dotfiles and dot-folders, private as they should be, and links to them; only .well-known/ is published, under its own name)',
    );
  });

  it('leaves out a name with a control character, which S3 could not delete later, and keeps one with a format character, which a URL carries', () => {
    const site = siteFiles(siteFolder({ 'bell\u0007.html': 'x', 'tab\tpage.html': 'x', 'index\u200b.html': 'x' }));
    expect([...site.files.keys()].sort()).toEqual(['index.html', 'index\u200b.html']);
    expect(leftOutLine('siteDir', site)).toBe(
      "siteDir: not published, nor served by local mode: bell\\u0007.html, tab\\u0009page.html (a control character in the name, which a browser drops from a URL and S3's requests cannot carry)",
    );
  });

  it('writes a format character of a name as its code, so that a name never passes for another', () => {
    expect(printable('index\u200b.html')).toBe('index\\u200B.html');
    expect(printable('a\u{E0041}b')).toBe('a\\u{E0041}b');
  });

  it('is none for a folder that publishes everything', () => {
    expect(leftOutLine('siteDir', siteFiles(siteFolder({ 'about/index.html': 'about' })))).toBeUndefined();
  });
});

describe('the file the bucket answers for a request', () => {
  it.each<[string, string]>([
    ['/index.html', 'index.html'],
    ['/about/index.html', 'about/index.html'],
    ['/style.css', 'style.css'],
    ['/.well-known/security.txt', '.well-known/security.txt'],
    ['/%2Ewell-known/atproto-did', '.well-known/atproto-did'],
    ['/%E2%80%A4well-known/index.html', '\u2024well-known/index.html'],
  ])('is the published file %s names', (uri, key) => {
    expect(siteFileAt(files, uri)).toEqual({ key, file: files.files.get(key) });
  });

  it.each([
    ['/.env'],
    ['/%2Eenv'],
    ['/.git/config'],
    ['/.Well-Known/security.txt'],
    ['/.well-known/.secret'],
    ['/leak.txt'],
    ['/downloads/tax.pdf'],
    ['/up/secret.txt'],
    ['/self/index.html'],
    ['/back%5Cslash.txt'],
    ['//index.html'],
    ['/about/../index.html'],
    ['/%E0%A4%A'],
    ['index.html'],
  ])('is none for %s', (uri) => {
    expect(siteFileAt(files, uri)).toBeUndefined();
  });
});

describe('a folder named as the site (parseSiteFolder)', () => {
  /** A generator's project as an owner has one: its sources, and what it builds. */
  function project(files: readonly string[]): string {
    const folder = mkdtempSync(join(tmpdir(), 'my-site-'));
    for (const path of files) {
      mkdirSync(join(folder, posix.dirname(path)), { recursive: true });
      if (!path.endsWith('/')) writeFileSync(join(folder, path), 'x');
    }
    return folder;
  }

  it('takes a built site that publishes a file named as a project’s, beside a folder of its own no generator of that file builds', () => {
    const built = project(['index.html', '_config.yml', 'build/index.html', 'config.toml', 'dist/index.html']);
    expect(parseSiteFolder('siteDir', built)).toBe(built);
  });

  it('takes a generator’s built folder, and a hand-made site with a package.json but nothing built beside it', () => {
    const eleventy = project(['package.json', 'node_modules/@11ty/eleventy/package.json', 'src/index.md', '_site/index.html']);
    expect(parseSiteFolder('siteDir', join(eleventy, '_site'))).toBe(join(eleventy, '_site'));
    const handMade = project(['package.json', 'index.html', 'about/index.html']);
    expect(parseSiteFolder('siteDir', handMade)).toBe(handMade);
  });

  it('refuses the project’s own folder, naming what it holds and the built folder it means', () => {
    const eleventy = project(['package.json', 'node_modules/@11ty/eleventy/package.json', 'src/index.md', '_site/index.html']);
    expect(configErrorOf(() => parseSiteFolder('siteDir', eleventy)).message).toBe(
      `siteDir is ${JSON.stringify(eleventy)}, which holds package.json and node_modules/: a project's folder, whose sources would be published. Point siteDir at ${join(eleventy, '_site')}`,
    );
    const hugo = project(['hugo.toml', 'content/_index.md', 'public/index.html']);
    expect(configErrorOf(() => parseSiteFolder('SITE_DIR', hugo)).message).toMatch(/^SITE_DIR is .*, which holds hugo\.toml: .* Point SITE_DIR at .*\/public$/);
    // A Jekyll site built with a Gemfile-less setup (GitHub Pages' own build), its pages beside _config.yml.
    const jekyll = project(['_config.yml', 'index.md', '_posts/2026-11-01-hello.md', '_site/index.html']);
    expect(configErrorOf(() => parseSiteFolder('siteDir', jekyll)).message).toMatch(/^siteDir is .*, which holds _config\.yml: .* Point siteDir at .*\/_site$/);
  });

  it('refuses a folder holding node_modules/ even with nothing built, and says where to point it', () => {
    const unbuilt = project(['package.json', 'node_modules/astro/package.json', 'src/pages/index.astro']);
    expect(configErrorOf(() => parseSiteFolder('siteDir', unbuilt)).message).toMatch(
      /which holds package\.json and node_modules\/: .* Point siteDir at the folder your generator builds \(_site, public, dist, build, out: the one with your index\.html\)$/,
    );
  });
});

describe('what is said of the folder wherever it is read (siteFolderNotes)', () => {
  it('says nothing of a built site with a home page that publishes everything', () => {
    expect(siteFolderNotes('siteDir', siteFiles(siteFolder({ 'about/index.html': 'About', '404.html': NOT_FOUND_PAGE_TEXT })))).toEqual([]);
  });

  // A folder without a home page either hears of the home page alone (the last test).
  it("says a home page without a 404 page at the top beside it leaves a missing page to S3's own error", () => {
    expect(siteFolderNotes('SITE_DIR', siteFiles(siteFolder({ 'about/index.html': 'About', 'about/404.html': 'not the top one' })))).toEqual([
      "SITE_DIR: no 404.html at its top, so a missing page answers with S3's own error, an XML text, once deployed: make one in your site's look with a link home (your generator builds it from a 404 page of its sources)",
    ]);
    // A build of a site that stays at its host (siteOrigin) previewed offline: the host answers a missing page.
    expect(siteFolderNotes('SITE_DIR', siteFiles(siteFolder({ 'about/index.html': 'About' })), { deployed: false })).toEqual([]);
  });

  it('says the rules another host left at its top are published as files, never obeyed', () => {
    const moved = siteFiles(siteFolder({ _redirects: '/old /new 301', _headers: '/*\n  X-Frame-Options: DENY', 'blog/_redirects': 'a file like any other', '404.html': NOT_FOUND_PAGE_TEXT }));
    expect(siteFolderNotes('siteDir', moved)).toEqual([
      "siteDir: _redirects, _headers hold another host's rules (Netlify's, Cloudflare Pages'), which nothing here obeys: published as files at /_redirects, /_headers, and a path they redirected answers 404; leave them out of the folder unless you want them public",
    ]);
    expect(siteFolderNotes('SITE_DIR', siteFiles(siteFolder({ '_routes.json': '{}', '404.html': NOT_FOUND_PAGE_TEXT })))[0]).toMatch(/^SITE_DIR: _routes\.json holds another host's rules .*published as files at \/_routes\.json,/);
  });

  it('says the style sheets, scripts and images a 404 page loads by paths relative to its own, which a missing page below a folder takes from there', () => {
    const page = (head: string, image = '/img/x.png') => `<!doctype html><html lang="de"><head>${head}</head><body><h1>Nicht gefunden</h1><img src="${image}"></body></html>`;
    const relative = siteFiles(siteFolder({ 'index.html': 'home', '404.html': page('<link rel="stylesheet" href="css/style.css"><script src="./js/menu.js"></script><link rel="stylesheet" href="/css/print.css">', 'img/logo.png') }));
    expect(siteFolderNotes('siteDir', relative)).toEqual([
      "siteDir: 404.html loads /css/style.css, /js/menu.js, /img/logo.png by a path relative to its own, which a missing page below a folder (/a/b/missing-page) takes from that folder, so it comes without them there: write each path from the root (/css/style.css), its links' too",
    ]);
    // Up a folder first, as a page one folder down would write it: two folders down, astray all the same.
    expect(siteFolderNotes('siteDir', siteFiles(siteFolder({ 'index.html': 'home', '404.html': page('<link rel="stylesheet" href="../css/style.css">') })))).toEqual([
      expect.stringMatching(/^siteDir: 404\.html loads \/css\/style\.css by a path relative to its own/),
    ]);
    // From the root, or under a <base> that says so, every missing page finds them.
    for (const head of ['<link rel="stylesheet" href="/css/style.css">', '<base href="/"><link rel="stylesheet" href="css/style.css">', '']) {
      expect(siteFolderNotes('siteDir', siteFiles(siteFolder({ 'index.html': 'home', '404.html': page(head) })))).toEqual([]);
    }
  });

  it('says a folder without index.html at its top has no home page, as a folder of sources has none', () => {
    const sources = mkdtempSync(join(tmpdir(), 'src-'));
    writeFileSync(join(sources, 'index.njk'), '{{ content }}');
    writeFileSync(join(sources, '.eleventy.js'), '');
    expect(siteFolderNotes('SITE_DIR', siteFiles(sources))).toEqual([
      expect.stringMatching(/^SITE_DIR: not published, nor served by local mode: \.eleventy\.js /),
      'SITE_DIR: no index.html at its top, so your home page answers 404: is it the folder your generator builds (_site, public, dist, build, out)?',
    ]);
  });
});
