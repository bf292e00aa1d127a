import { afterEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { UPLOAD_PART_BYTES } from '../../../bin/publish/object-etag.js';
import { PublishError } from '../../../bin/publish/publish-error.js';
import { publish, type PublishRequest } from '../../../bin/publish/run-publish.js';
import { readAgentSettings } from '../../../lambdas/config.js';
import { frontDoorFunctionCode, frontDoorRouting, loadFrontDoorFunction } from '../../../lib/edge/front-door-function.js';
import { SITE_ORIGIN_ID } from '../../../lib/front-door-paths.js';
import { UNKNOWN_CONTENT_TYPE } from '../../../lib/pages/upload-content-type.js';
import { SITE_OUTPUTS } from '../../../lib/site-outputs.js';
import { ACCOUNT, BUCKET, FUNCTION_CONFIG, mockedDeployment, s3Etag, type MockedDeployment } from '../../support/mocked-deployment.js';
import { MINIMAL_CONTEXT, resourcesOfType, synthesizeSite } from '../infra/site-app.js';

/*
 * npm run publish (docs/api.md §10) against a mocked deployment (aws-sdk-client-mock): siteDir's
 * files into the bucket by the rule synth uses, the gone ones deleted, the edge cache invalidated
 * for what changed, a line for each change a deploy must make, and --dry-run changing nothing.
 */

let deployment: MockedDeployment;
afterEach(() => deployment?.restore());

/** A site folder of the test's own, beside a file that is not the site's. */
function siteFolder(files: Readonly<Record<string, string | Buffer>>): string {
  const root = mkdtempSync(join(tmpdir(), 'publish-'));
  const site = join(root, 'site');
  mkdirSync(site);
  writeFileSync(join(root, 'secret.txt'), 'not of the site');
  write(site, files);
  return site;
}

function write(site: string, files: Readonly<Record<string, string | Buffer>>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), content);
  }
}

const SITE = {
  'index.html': '<title>Home</title>',
  '404.html': '<title>Not found</title>',
  'about/index.html': '<title>About</title>',
  'css/site.css': 'main {}',
  'images/logo.svg': '<svg/>',
  CNAME: 'example.com',
};

/** The settings as they were deployed, unless a test says otherwise. */
const NOW = { settingsDigest: 'settings-digest', formPageDigest: 'none' } as const;

/** Nothing added for agents, unless a test turns it on: the folder's files alone. */
const NO_AGENT_FILES = readAgentSettings({ ROBOTS_TXT: 'false', SITEMAP: 'false', MARKDOWN_PAGES: 'false' });

async function run(folder: string, options: Partial<PublishRequest> = {}): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of publish({ stack: 'PersonalSite', folder, now: NOW, agents: NO_AGENT_FILES, dryRun: false, yes: false, ...options }, deployment.clients)) lines.push(line);
  return lines;
}

async function failure(folder: string, options: Partial<PublishRequest> = {}): Promise<{ error: PublishError; lines: string[] }> {
  const lines: string[] = [];
  try {
    for await (const line of publish({ stack: 'PersonalSite', folder, now: NOW, agents: NO_AGENT_FILES, dryRun: false, yes: false, ...options }, deployment.clients)) lines.push(line);
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    return { error, lines };
  }
  throw new Error('the publish did not fail');
}

const bucketText = () => Object.fromEntries([...deployment.bucket].map(([key, object]) => [key, object.body.toString()]));
const s3Commands = () => deployment.s3Calls.map((call) => call.command);
const notes = (lines: readonly string[]) => lines.filter((line) => line.startsWith('deploy needed: '));

describe('a first publish to an empty bucket', () => {
  it('uploads every file the folder publishes, with the deploy upload’s types, and invalidates their paths', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const folder = siteFolder(SITE);

    const lines = await run(folder);

    expect(bucketText()).toEqual(SITE);
    expect(Object.fromEntries([...deployment.bucket].map(([key, object]) => [key, object.contentType]))).toEqual({
      'index.html': 'text/html',
      '404.html': 'text/html',
      'about/index.html': 'text/html',
      'css/site.css': 'text/css',
      'images/logo.svg': 'image/svg+xml',
      CNAME: UNKNOWN_CONTENT_TYPE,
    });
    expect(deployment.invalidations).toEqual([['/404.html', '/CNAME', '/about/', '/about/index.html', '/css/site.css', '/images/logo.svg', '/', '/index.html']]);
    expect(lines[0]).toBe(`Publishing ${folder} to https://example.com (stack PersonalSite in eu-west-1, bucket ${BUCKET})`);
    expect(lines).toContain('  upload      about/index.html  (new, text/html, 20 B)');
    expect(lines.slice(-2)).toEqual([
      'Published: 6 uploaded, 0 deleted, 0 unchanged; invalidation I1 of 8 paths under way, usually done within a minute or two.',
      expect.stringMatching(/^To undo it within 30 days: npm run publish -- --restore \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    ]);
  });

  it('says once that a bucket keeping no earlier versions cannot be undone, and prints no undo line', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    deployment.versioning = undefined;

    const lines = await run(siteFolder(SITE));

    expect(lines.filter((line) => /earlier versions|undo/.test(line))).toEqual([
      'deploy needed: the bucket keeps no earlier versions, so what a publish deletes or replaces is gone for good until npm run cdk -- deploy --all turns them on',
    ]);
    expect(lines.at(-1)).toMatch(/^Published: 6 uploaded/);
  });

  it('names the stack’s account as the bucket’s owner on every S3 call: a bucket of another account is refused', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    await run(siteFolder(SITE));

    expect(deployment.s3Calls.length).toBeGreaterThan(0);
    for (const call of deployment.s3Calls) expect({ command: call.command, owner: call.input.ExpectedBucketOwner }).toEqual({ command: call.command, owner: ACCOUNT });
  });
});

describe('a publish after a change', () => {
  async function published(files: Readonly<Record<string, string | Buffer>> = SITE): Promise<string> {
    deployment = mockedDeployment({ deployedKeys: Object.keys(files) });
    const folder = siteFolder(files);
    await run(folder);
    deployment.invalidations.length = 0;
    deployment.s3Calls.length = 0;
    return folder;
  }

  it('finds nothing to do when nothing changed: no upload, no invalidation', async () => {
    const folder = await published();

    const lines = await run(folder);

    expect(lines.at(-1)).toBe("Nothing to publish: the bucket holds siteDir's 6 files as they are.");
    expect(s3Commands()).toEqual(['GetBucketVersioning', 'ListObjectsV2']);
    expect(deployment.invalidations).toEqual([]);
  });

  it('uploads a changed page and a new folder, deletes a file that is gone, and invalidates each path a visitor reaches them at', async () => {
    const folder = await published();
    write(folder, { 'index.html': '<title>Home, again</title>', 'blog/new-post/index.html': '<title>New</title>' });
    rmSync(join(folder, 'images/logo.svg'));

    const lines = await run(folder);

    expect(bucketText()).toEqual({ ...SITE, 'index.html': '<title>Home, again</title>', 'blog/new-post/index.html': '<title>New</title>', 'images/logo.svg': undefined });
    expect(lines).toEqual(
      expect.arrayContaining([
        '  upload      blog/new-post/index.html  (new, text/html, 18 B)',
        '  upload      index.html  (changed, text/html, 26 B)',
        '  delete      images/logo.svg',
        '  invalidate  /blog/new-post/ /blog/new-post/index.html / /index.html /images/logo.svg',
      ]),
    );
    expect(deployment.invalidations).toEqual([['/blog/new-post/', '/blog/new-post/index.html', '/', '/index.html', '/images/logo.svg']]);
    expect(lines.filter((line) => line.startsWith('deploy needed'))).toEqual([]);
  });

  it('uploads a file whose bytes changed but not its size', async () => {
    const folder = await published();
    write(folder, { 'css/site.css': 'body{}\n' });

    await run(folder);

    expect(deployment.bucket.get('css/site.css')?.body.toString()).toBe('body{}\n');
    expect(deployment.invalidations).toEqual([['/css/site.css']]);
  });

  it('invalidates everything with one path past the paths it lists, a wildcard counting as one', async () => {
    const folder = await published();
    write(folder, Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`posts/${index}/index.html`, `post ${index}`])));

    await run(folder);

    expect(deployment.invalidations).toEqual([['/*']]);
  });
});

describe('the file rule of synth (lib/pages/site-files.ts)', () => {
  it('never uploads a dotfile, a link out of the folder, or a file at a path the service answers, and deletes one an older deploy left', async () => {
    deployment = mockedDeployment({ deployedKeys: ['index.html', 'llms.txt'] });
    const folder = siteFolder({
      'index.html': 'home',
      '.env': 'SECRET=1',
      '.git/config': '[core]',
      'drafts/.DS_Store': 'x',
      '.well-known/security.txt': 'Contact: mailto:security@example.com',
      'llms.txt': 'the site’s own, hidden by the service’s',
    });
    symlinkSync(join(folder, '..', 'secret.txt'), join(folder, 'leak.txt'));
    symlinkSync('/etc', join(folder, 'etc'));
    deployment.bucket.set('index.html', { body: Buffer.from('home'), etag: s3Etag(Buffer.from('home')) });
    deployment.bucket.set('llms.txt', { body: Buffer.from('old'), etag: s3Etag(Buffer.from('old')) });

    const lines = await run(folder);

    expect([...deployment.bucket.keys()].sort()).toEqual(['.well-known/security.txt', 'index.html']);
    expect(lines[0]).toMatch(/^siteDir: not published, nor served by local mode: .*\.env.*links out of the folder/);
    expect(lines).toContain('  delete      llms.txt');
  });

  it('refuses a folder that publishes nothing, which would empty the bucket', async () => {
    deployment = mockedDeployment();
    const { error } = await failure(siteFolder({ '.env': 'x' }));
    expect(error.message).toMatch(/publishes no file: build the site first/);
    expect(deployment.s3Calls).toEqual([]);
  });

  it('refuses a folder built for the preview, whose every link and style sheet would lead to the owner’s machine, and a dry run alike, changing nothing', async () => {
    for (const dryRun of [false, true]) {
      deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
      const folder = siteFolder({ ...SITE, 'sitemap.xml': '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://localhost:1313/</loc></url></urlset>' });
      const { error } = await failure(folder, { dryRun });
      expect(error.message).toMatch(/^siteDir was built for the preview: sitemap\.xml names your pages at http:\/\/localhost:1313, .*: build your site again for its own address \(Hugo: /);
      expect({ s3: deployment.s3Calls, functions: deployment.functionCalls }).toEqual({ s3: [], functions: [] });
    }
  });
});

describe('--dry-run', () => {
  it('lists what it would upload, delete and invalidate, and changes nothing', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    deployment.bucket.set('old.html', { body: Buffer.from('old'), etag: s3Etag(Buffer.from('old')) });
    const folder = siteFolder(SITE);

    const lines = await run(folder, { dryRun: true });

    expect(lines[0]).toBe(`Would publish ${folder} to https://example.com (stack PersonalSite in eu-west-1, bucket ${BUCKET})`);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  upload      index.html  (new, text/html, 19 B)',
        '  delete      old.html',
        '  invalidate  /404.html /CNAME /about/ /about/index.html /css/site.css /images/logo.svg / /index.html /old.html',
      ]),
    );
    expect(lines.at(-1)).toBe('Dry run, nothing changed: 6 to upload, 1 to delete, 0 unchanged, 9 paths to invalidate.');
    expect(s3Commands()).toEqual(['GetBucketVersioning', 'ListObjectsV2']);
    expect([...deployment.bucket.keys()]).toEqual(['old.html']);
    expect(deployment.invalidations).toEqual([]);
  });
});

describe('what needs a deploy', () => {

  it('says nothing when the deployment is as the settings and the folder are', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    expect(notes(await run(siteFolder(SITE), { dryRun: true }))).toEqual([]);
  });

  it('says a setting changed since the deploy', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    expect(notes(await run(siteFolder(SITE), { now: { ...NOW, settingsDigest: 'other' } }))).toEqual([
      'deploy needed: your settings differ from those deployed (a -c option of the deploy counts too): a setting takes effect at the next npm run cdk -- deploy --all',
    ]);
  });

  it('says the form page changed, which the contact function holds its own copy of', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE), formPageDigest: 'a'.repeat(64) });
    expect(notes(await run(siteFolder(SITE), { now: { ...NOW, formPageDigest: 'b'.repeat(64), formPagePath: '/contact/' } }))).toEqual([
      'deploy needed: the form page /contact/ changed since the deploy: visitors see it as published, but a refused post to /contact is answered in the deployed one until npm run cdk -- deploy --all',
    ]);
    const answeringPaths = ['/en/contact/', '/fr/contact/'];
    expect(notes(await run(siteFolder(SITE), { now: { ...NOW, formPageDigest: 'b'.repeat(64), formPagePath: '/contact/', answeringPaths } }))).toEqual([
      'deploy needed: the form page /contact/ or another contact page (/en/contact/, /fr/contact/) changed since the deploy: visitors see them as published, but a refused post to /contact is answered in the deployed ones until npm run cdk -- deploy --all',
    ]);
  });

  it('says a flat site’s contact.html, the form page now, is not shown at /contact till the deploy tells the front door', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE), formPageDigest: 'none' });
    expect(notes(await run(siteFolder(SITE), { dryRun: true, now: { ...NOW, formPageDigest: 'b'.repeat(64), formPagePath: '/contact.html' } }))).toEqual([
      "deploy needed: /contact.html is your form page now: /contact shows the service's form, not it, until npm run cdk -- deploy --all",
    ]);
  });

  it('keeps what the deployed form page loads, gone from the folder, till the deploy that bundles the page anew', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE), formPageDigest: 'a'.repeat(64), formPageLoads: JSON.stringify(['_astro/index.Old1.css', 'contact-form.js']) });
    for (const key of ['_astro/index.Old1.css', '_astro/other.Old2.css', 'contact-form.js']) deployment.bucket.set(key, { body: Buffer.from(key), etag: s3Etag(Buffer.from(key)) });
    const lines = await run(siteFolder({ ...SITE, '_astro/index.New1.css': 'body {}', 'contact-form.js': 'contact-form.js' }), { now: { ...NOW, formPageDigest: 'b'.repeat(64), formPagePath: '/contact/' } });
    expect(lines.filter((line) => /^ {2}(delete|keep) /.test(line))).toEqual([
      '  delete      _astro/other.Old2.css',
      '  keep        _astro/index.Old1.css  (gone from siteDir, but the deployed contact pages load it: npm run cdk -- deploy --all deletes it)',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^Published: 7 uploaded, 1 deleted, 1 unchanged, 1 kept till the next deploy; /));
    expect([...deployment.bucket.keys()]).toContain('_astro/index.Old1.css');
    expect([...deployment.bucket.keys()]).not.toContain('_astro/other.Old2.css');
    // A deployment made before the output keeps nothing.
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    delete deployment.outputs[SITE_OUTPUTS.formPageLoads];
    deployment.bucket.set('_astro/index.Old1.css', { body: Buffer.from('old'), etag: s3Etag(Buffer.from('old')) });
    expect(await run(siteFolder(SITE), { dryRun: true })).toContain('  delete      _astro/index.Old1.css');
  });

  it.each<[string, Record<string, string>, readonly string[], string]>([
    [
      'a new file without an extension, taken for a folder',
      { 'blog/feed': '<rss/>' },
      [],
      'blog/feed: new file without an extension, which the front door takes for a folder (/blog/feed redirects to /blog/feed/) until npm run cdk -- deploy --all',
    ],
    ['a new page, reached by its .html name alone', { 'work.html': 'w', 'garden.html': 'g' }, ['work.html'], 'garden.html: reached by the .html name alone (/garden ends in a 404) until npm run cdk -- deploy --all'],
    [
      'a listed page whose name is now a folder with its index.html',
      { 'work.html': 'w', 'work/index.html': 'g' },
      ['work.html'],
      'work: a folder or a file now, which /work does not reach (it leads to work.html) until npm run cdk -- deploy --all',
    ],
    [
      'a new contact page, behind the way to the service’s form',
      { 'contact/index.html': '<p>Write to me</p>' },
      [],
      "contact/index.html is new: /contact/ leads to the service's form, not to it, until npm run cdk -- deploy --all",
    ],
  ])('says %s until a deploy where the function runs another version’s code, yet publishes it, leaving the function alone', async (_what, files, deployedExtra, note) => {
    deployment = mockedDeployment({ deployedKeys: [...Object.keys(SITE), ...deployedExtra] });
    deployment.functionCode += '\n// a later release, not deployed yet';
    const lines = await run(siteFolder({ ...SITE, ...files }));
    expect(notes(lines)).toEqual([`deploy needed: ${note}`]);
    expect(lines.filter((line) => line.startsWith('  front door'))).toEqual([]);
    for (const key of Object.keys(files)) expect(deployment.bucket.has(key)).toBe(true);
    expect(deployment.functionCalls).toEqual([]);
  });

  it('says nothing of a listed page that is gone: no deploy drops what is not there', async () => {
    deployment = mockedDeployment({ deployedKeys: [...Object.keys(SITE), 'work.html'] });
    const lines = await run(siteFolder(SITE), { dryRun: true });
    expect(lines.filter((line) => line.startsWith('at the next deploy: ') || line.startsWith('deploy needed: '))).toEqual([]);
  });

  it("tells which pages the next deploy lists by today's files: files without an extension new since then leave less room", async () => {
    // With a folder of its own, posts/ is no flat folder: its pages are listed one by one.
    const posts = ['posts/archive/index.html', ...Array.from({ length: 50 }, (_, index) => `posts/p-${String(index).padStart(3, '0')}.html`)];
    deployment = mockedDeployment({ deployedKeys: [...Object.keys(SITE), ...posts] });
    const feeds = Array.from({ length: 184 }, (_, index) => `feeds/feed-${String(index).padStart(4, '0')}`);
    const folder = siteFolder({ ...SITE, ...Object.fromEntries([...posts, 'posts/zzz-new.html', ...feeds].map((key) => [key, 'p'])) });
    const lines = await run(folder, { dryRun: true });
    expect(notes(lines)).toEqual([
      `deploy needed: feeds/feed-0000, feeds/feed-0001, feeds/feed-0002 and ${feeds.length - 3} more: new files without an extension, which the front door takes for a folder (/feeds/feed-0000 redirects to /feeds/feed-0000/) until npm run cdk -- deploy --all`,
    ]);
    // The deployed function lists all 50; the next one, beside 184 more files, the first two (the count follows the function's own code's size).
    expect(lines.filter((line) => line.startsWith('at the next deploy: '))).toEqual([
      'at the next deploy: posts/p-002.html, posts/p-003.html, posts/p-004.html and 45 more: reached by the .html name alone after it (/posts/p-002 will end in a 404), as its front door function has no room left to list them; synth names the pages past the limit',
    ]);
    // Telling the function of the new files would drop those pages now: the deploy does it, saying so.
    expect(lines.filter((line) => line.startsWith('  front door'))).toEqual([]);
  });

  it('says nothing of pages past what the function can list, a deploy listing no more of them', async () => {
    const posts = Array.from({ length: 600 }, (_, index) => `posts/a-rather-long-title-of-post-${String(index).padStart(3, '0')}.html`);
    deployment = mockedDeployment({ deployedKeys: [...Object.keys(SITE), ...posts] });
    const folder = siteFolder({ ...SITE, ...Object.fromEntries([...posts, 'posts/zz-one-more.html'].map((key) => [key, 'p'])) });
    expect(notes(await run(folder, { dryRun: true }))).toEqual([]);
  });

  it.each<[string, readonly string[], Record<string, string>, string]>([
    ['added', ['index.html'], { 'index.html': 'home', '404.html': 'gone' }, "404.html is new: a missing page answers S3's own 404 until npm run cdk -- deploy --all"],
    ['removed', ['index.html', '404.html'], { 'index.html': 'home' }, "404.html is gone: a missing page answers CloudFront's error until npm run cdk -- deploy --all"],
  ])('says a 404.html %s needs the distribution changed', async (_what, deployedKeys, files, note) => {
    deployment = mockedDeployment({ deployedKeys });
    expect(notes(await run(siteFolder(files), { dryRun: true }))).toEqual([`deploy needed: ${note}`]);
  });

  it('says llms.txt links what the pages published at the deploy, when siteDir now publishes more or less of it', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE), siteDocuments: 'home,sitemap,markdown' });
    expect(notes(await run(siteFolder(SITE), { dryRun: true, agents: readAgentSettings({}) }))).toEqual([]);
    expect(notes(await run(siteFolder(SITE), { dryRun: true }))).toEqual([
      'deploy needed: llms.txt links what the pages published at the deploy (home,sitemap,markdown), not what siteDir publishes now (home), until npm run cdk -- deploy --all',
    ]);
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    expect(notes(await run(siteFolder({ '404.html': '<title>Not found</title>', 'about/index.html': '<title>About</title>' }), { dryRun: true }))).toEqual([
      'deploy needed: llms.txt links what the pages published at the deploy (home), not what siteDir publishes now (none), until npm run cdk -- deploy --all',
    ]);
  });

  it('says when the folder’s own sitemap names its pages at another address than the deployment’s, as synth does', async () => {
    const sitemap = (origin: string) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url></urlset>`;
    const said = (lines: readonly string[]) => lines.filter((line) => line.startsWith('siteDir: sitemap.xml names'));
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    expect(said(await run(siteFolder({ ...SITE, 'sitemap.xml': sitemap('https://example.com') }), { dryRun: true }))).toEqual([]);
    expect(said(await run(siteFolder({ ...SITE, 'sitemap.xml': sitemap('https://ada.github.io') }), { dryRun: true }))).toEqual([
      expect.stringMatching(/^siteDir: sitemap\.xml names your pages at https:\/\/ada\.github\.io, where the site is https:\/\/example\.com: set your generator's base URL/),
    ]);
  });

  it("says the owner's llms.txt is new, changed or gone since the deploy, which the discovery function holds its own copy of", async () => {
    const own = '# Ada\n';
    const digest = createHash('sha256').update(own).digest('hex');
    const withOwn = siteFolder({ ...SITE, 'llms.txt': own });
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    expect(notes(await run(withOwn, { dryRun: true }))).toEqual([
      "deploy needed: your llms.txt is new: /llms.txt serves the service's alone until npm run cdk -- deploy --all",
    ]);
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE), ownLlmsTxtDigest: digest });
    expect(notes(await run(withOwn, { dryRun: true }))).toEqual([]);
    expect(notes(await run(siteFolder({ ...SITE, 'llms.txt': '# Ada, edited\n' }), { dryRun: true }))).toEqual([
      'deploy needed: your llms.txt changed since the deploy: /llms.txt serves the deployed one until npm run cdk -- deploy --all',
    ]);
    expect(notes(await run(siteFolder(SITE), { dryRun: true }))).toEqual(['deploy needed: your llms.txt is gone from siteDir: /llms.txt keeps serving it until npm run cdk -- deploy --all']);
  });

  it("takes a deployment made before llms.txt's outputs for one that served neither an owner's llms.txt nor a Site section", async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    delete deployment.outputs[SITE_OUTPUTS.ownLlmsTxtDigest];
    delete deployment.outputs[SITE_OUTPUTS.siteDocuments];
    expect(notes(await run(siteFolder({ ...SITE, 'llms.txt': '# Ada\n' }), { dryRun: true }))).toEqual([
      "deploy needed: your llms.txt is new: /llms.txt serves the service's alone until npm run cdk -- deploy --all",
      'deploy needed: llms.txt links what the pages published at the deploy (none), not what siteDir publishes now (home), until npm run cdk -- deploy --all',
    ]);
  });

  it('says a deployment made before these checks, or a function of another project, needs one deploy', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    delete deployment.outputs[SITE_OUTPUTS.settingsDigest];
    deployment.functionCode = 'function handler(event) { return event.request; }';
    expect(notes(await run(siteFolder(SITE), { dryRun: true }))).toEqual([
      "deploy needed: the deployment predates these checks: deploy once (npm run cdk -- deploy --all) so that npm run publish can tell when a setting or the form page changed",
      "deploy needed: the front door's function is not this project's (or could not be read): npm run cdk -- deploy --all puts it back",
    ]);
  });
});

describe('names and sizes a site may hold', () => {
  it('uploads names with spaces, accents, # ? % and ~ under their own keys, and invalidates them encoded as CloudFront asks', async () => {
    const files = { 'a b#c?d%e.html': '1', 'café/index.html': '2', 'ada~lovelace/index.html': '3', 'über uns.pdf': '4' };
    deployment = mockedDeployment({ deployedKeys: Object.keys(files) });

    await run(siteFolder(files));

    expect([...deployment.bucket.keys()].sort()).toEqual(Object.keys(files).sort());
    expect(deployment.invalidations[0]!.sort()).toEqual(
      // A `~` is sent as it is by browsers, encoded by AWS's rules: invalidated up to it, with a wildcard.
      ['/a%20b%23c%3Fd%25e.html', '/caf%C3%A9/', '/caf%C3%A9/index.html', '/ada*', '/%C3%BCber%20uns.pdf'].sort(),
    );
  });

  it('uploads a file of more than one part in parts of the size aws s3 sync uses, and finds it unchanged the next time', async () => {
    deployment = mockedDeployment({ deployedKeys: ['index.html', 'video/talk.mp4'] });
    const big = Buffer.alloc(2 * UPLOAD_PART_BYTES + 1000, 7);
    const folder = siteFolder({ 'index.html': 'home', 'video/talk.mp4': big });

    await run(folder);

    expect(deployment.bucket.get('video/talk.mp4')).toMatchObject({ partBytes: UPLOAD_PART_BYTES, contentType: 'video/mp4', etag: s3Etag(big, UPLOAD_PART_BYTES) });
    expect(deployment.bucket.get('video/talk.mp4')?.body.equals(big)).toBe(true);
    deployment.s3Calls.length = 0;
    expect((await run(folder)).at(-1)).toBe("Nothing to publish: the bucket holds siteDir's 2 files as they are.");
  }, 30_000);

  it('finds unchanged a file the deploy uploaded in parts, from its multipart ETag', async () => {
    deployment = mockedDeployment({ deployedKeys: ['index.html', 'talk.mp4'] });
    const big = Buffer.alloc(UPLOAD_PART_BYTES + 1, 3);
    const folder = siteFolder({ 'index.html': 'home', 'talk.mp4': big });
    deployment.bucket.set('index.html', { body: Buffer.from('home'), etag: s3Etag(Buffer.from('home')) });
    deployment.bucket.set('talk.mp4', { body: big, etag: s3Etag(big, UPLOAD_PART_BYTES) });

    expect((await run(folder)).at(-1)).toBe("Nothing to publish: the bucket holds siteDir's 2 files as they are.");
  });
});

describe('a publish that cannot be made', () => {
  it('says in one line that the stack is not where the credentials point, and changes nothing', async () => {
    deployment = mockedDeployment();
    deployment.noStack = true;
    const { error } = await failure(siteFolder(SITE));
    expect(error.message).toBe(
      'there is no stack PersonalSite in eu-west-1 for these AWS credentials: deploy it first (npm run cdk -- deploy --all), or name its account\'s credentials and its region (--region, or AWS_REGION)',
    );
    expect(deployment.s3Calls).toEqual([]);
  });

  it('says a deployment without siteDir has no bucket to publish to', async () => {
    deployment = mockedDeployment();
    delete deployment.outputs[SITE_OUTPUTS.siteBucket];
    expect((await failure(siteFolder(SITE))).error.message).toMatch(/^the stack PersonalSite serves no siteDir \(it has no SiteBucketName output\): set siteDir and deploy/);
  });

  it('stops at a refused upload, invalidates what it changed before it, and says a publish makes the rest once the refusal is fixed', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    deployment.failUpload = 'images/logo.svg';

    const { error } = await failure(siteFolder(SITE));

    expect(error.message).toMatch(/^AWS answered AccessDenied \(Access Denied\): \d of 6 changes made, invalidation I1 of those under way; once that is fixed, npm run publish makes the rest$/);
    expect(deployment.bucket.has('images/logo.svg')).toBe(false);
    expect(deployment.invalidations).toHaveLength(1);
    expect(deployment.invalidations[0]).not.toContain('/images/logo.svg');
  });
});

describe('a publish that would delete most of the site', () => {
  /** A bucket of ten pages as a deploy left them, and a folder that still publishes `kept` of them. */
  function tenPagesKeeping(kept: number): string {
    const pages = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`page-${index}.html`, `page ${index}`]));
    deployment = mockedDeployment({ deployedKeys: Object.keys(pages) });
    for (const [key, text] of Object.entries(pages)) deployment.bucket.set(key, { body: Buffer.from(text), etag: s3Etag(Buffer.from(text)) });
    return siteFolder(Object.fromEntries(Object.entries(pages).slice(0, kept)));
  }

  it('deletes half of the bucket’s files without asking', async () => {
    const lines = await run(tenPagesKeeping(5));
    expect(lines.find((line) => line.startsWith('Published:'))).toMatch(/^Published: 0 uploaded, 5 deleted, 5 unchanged;/);
    expect(deployment.bucket.size).toBe(5);
  });

  it('lists what it would delete past half of them, and stops before any change unless told --yes', async () => {
    const folder = tenPagesKeeping(4);

    const { error, lines } = await failure(folder);

    expect(error.message).toBe("it would delete 6 of the bucket's 10 files (listed above), more than half of the site: if siteDir holds your whole site, run npm run publish -- --yes");
    expect(lines.filter((line) => line.startsWith('  delete'))).toEqual(['page-4', 'page-5', 'page-6', 'page-7', 'page-8', 'page-9'].map((page) => `  delete      ${page}.html`));
    expect(s3Commands()).toEqual(['GetBucketVersioning', 'ListObjectsV2']);
    expect(deployment.bucket.size).toBe(10);
    expect(deployment.invalidations).toEqual([]);

    await run(folder, { yes: true });
    expect([...deployment.bucket.keys()].sort()).toEqual(['page-0.html', 'page-1.html', 'page-2.html', 'page-3.html']);
  });

  it('says in a dry run that it would stop there', async () => {
    const lines = await run(tenPagesKeeping(1), { dryRun: true });
    expect(lines.slice(-2)).toEqual([
      "Without --yes, it would stop here: it would delete 9 of the bucket's 10 files (listed above), more than half of the site.",
      'Dry run, nothing changed: 0 to upload, 9 to delete, 1 unchanged, 9 paths to invalidate.',
    ]);
  });
});

describe('what is uploaded is what was scanned', () => {
  /**
   * Runs the publish up to its plan, whose last line comes before any change, lets `meanwhile`
   * change the folder, then lets the publish go on: the scan and the plan saw the folder before.
   */
  async function publishChangedAfterPlan(folder: string, meanwhile: () => void): Promise<{ lines: string[]; error?: PublishError }> {
    const lines: string[] = [];
    const steps = publish({ stack: 'PersonalSite', folder, now: NOW, agents: NO_AGENT_FILES, dryRun: false, yes: false }, deployment.clients);
    try {
      for await (const line of steps) {
        lines.push(line);
        if (line.startsWith('  invalidate')) meanwhile();
      }
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      return { lines, error };
    }
    return { lines };
  }

  it('never uploads a file swapped for a link out of the folder after the scan, and publishes the rest', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const folder = siteFolder(SITE);
    const swapped = join(folder, 'css/site.css');

    const { error } = await publishChangedAfterPlan(folder, () => {
      rmSync(swapped);
      symlinkSync(join(folder, '..', 'secret.txt'), swapped);
    });

    expect(error?.message).toBe(
      'css/site.css changed since the scan, so it was left out: 5 of 6 changes made, invalidation I1 of those under way; run npm run publish again, which makes the rest',
    );
    expect(deployment.bucket.has('css/site.css')).toBe(false);
    expect(Object.values(bucketText())).not.toContain('not of the site');
    expect(deployment.bucket.size).toBe(5);
    expect(deployment.invalidations[0]).not.toContain('/css/site.css');
  });

  it('never uploads through a folder swapped for a link to another folder holding a file of the same name', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const folder = siteFolder(SITE);
    const elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'));
    write(elsewhere, { 'site.css': 'main {}' });

    const { error } = await publishChangedAfterPlan(folder, () => {
      rmSync(join(folder, 'css'), { recursive: true });
      symlinkSync(elsewhere, join(folder, 'css'));
    });

    expect(error?.message).toMatch(/^css\/site\.css changed since the scan, so it was left out: 5 of 6 changes made/);
    expect(deployment.bucket.has('css/site.css')).toBe(false);
  });

  it('leaves out a file written to since the scan, and a second publish uploads it as it is then', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const folder = siteFolder(SITE);

    const { error } = await publishChangedAfterPlan(folder, () => write(folder, { 'index.html': '<title>Home, rewritten</title>' }));

    expect(error?.message).toMatch(/^index\.html changed since the scan, so it was left out: 5 of 6 changes made/);
    expect(deployment.bucket.has('index.html')).toBe(false);
    await run(folder);
    expect(deployment.bucket.get('index.html')?.body.toString()).toBe('<title>Home, rewritten</title>');
  });

  it('says so when a file is written to while it is read for its upload, and a second publish uploads it as it is then', async () => {
    deployment = mockedDeployment({ deployedKeys: ['index.html', 'talk.mp4'] });
    const big = Buffer.alloc(2 * UPLOAD_PART_BYTES + 1000, 7);
    const folder = siteFolder({ 'index.html': 'home', 'talk.mp4': big });
    const rewritten = Buffer.alloc(big.length, 8);
    // Sent its first part, the file is rewritten before the rest is read.
    deployment.whileUploading = (key) => {
      if (key === 'talk.mp4') writeFileSync(join(folder, key), rewritten);
    };

    const { error } = await failure(folder);

    expect(error.message).toBe('talk.mp4 changed while it was uploaded: 2 of 2 changes made, invalidation I1 of those under way; run npm run publish again, which makes the rest');
    deployment.whileUploading = undefined;
    await run(folder);
    expect(deployment.bucket.get('talk.mp4')?.body.equals(rewritten)).toBe(true);
  }, 30_000);

  it('finds a file written to after its bytes were read as it was read: what was uploaded is what was read', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const folder = siteFolder(SITE);
    deployment.whileUploading = (key) => {
      if (key === 'about/index.html') writeFileSync(join(folder, key), '<title>About, rewritten</title>');
    };

    const lines = await run(folder);

    expect(lines.find((line) => line.startsWith('Published:'))).toMatch(/^Published: 6 uploaded/);
    expect(deployment.bucket.get('about/index.html')?.body.toString()).toBe(SITE['about/index.html']);
  });
});

describe('a deletion S3 refuses', () => {
  it.each<[string, string, string]>([
    ['a refusal', 'AccessDenied', 'once that is fixed, npm run publish makes the rest'],
    ['a failure of the moment', 'InternalError', 'run npm run publish again, which makes the rest'],
  ])('keeps no other change from being made, and says what makes the rest after %s', async (_what, code, advice) => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    for (const key of ['old-1.html', 'old-2.html', ...Object.keys(SITE)]) deployment.bucket.set(key, { body: Buffer.from('old'), etag: s3Etag(Buffer.from('old')) });
    deployment.refuseDeletion.set('old-1.html', code);

    const { error } = await failure(siteFolder(SITE));

    expect(error.message).toBe(`S3 did not delete old-1.html (${code}): 7 of 8 changes made, invalidation I1 of those under way; ${advice}`);
    expect([...deployment.bucket.keys()].sort()).toEqual(['old-1.html', ...Object.keys(SITE)].sort());
    expect(bucketText()['index.html']).toBe(SITE['index.html']);
  });
});

describe("what the front door's function is told", () => {
  /** A request to the function CloudFront runs now (its LIVE stage): where it sends the path. */
  const routed = (uri: string) => loadFrontDoorFunction(deployment.functionCode)({ request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} } }).result;
  const frontDoorLines = (lines: readonly string[]) => lines.filter((line) => line.startsWith('  front door  '));

  it.each<[string, Record<string, string>, readonly string[], readonly string[], string, Record<string, unknown>]>([
    ['a new page, which /garden then reaches', { 'work.html': 'w', 'garden.html': 'g' }, ['work.html'], ['reached without .html: /garden.html'], '/garden', { uri: '/garden.html' }],
    ['a new file without an extension, which is then served as a file', { 'blog/feed': '<rss/>' }, [], ['files without an extension, no longer taken for folders: /blog/feed'], '/blog/feed', { uri: '/blog/feed' }],
    [
      'a listed page whose name is now a folder with its index.html, which /work then leads to',
      { 'work.html': 'w', 'work/index.html': 'g' },
      ['work.html'],
      ['no longer reached without .html: /work.html'],
      '/work',
      { statusCode: 301, headers: { location: { value: '/work/' } } },
    ],
    ['a new contact page, which /contact/ then serves', { 'contact/index.html': '<p>Write to me</p>' }, [], ['/contact/ is your page there'], '/contact/', { uri: '/contact/index.html' }],
    [
      'a folder with its index.html published into a flat folder, whose pages it then lists one by one',
      { 'blog/a.html': 'a', 'blog/b.html': 'b', 'blog/archive/index.html': 'archive' },
      ['blog/a.html', 'blog/b.html'],
      ['paths without an extension below /blog/ are no longer taken for pages', 'reached without .html: /blog/a.html, /blog/b.html'],
      '/blog/archive',
      { statusCode: 301, headers: { location: { value: '/blog/archive/' } } },
    ],
    ['a flat folder whose last page is gone', {}, ['blog/a.html'], ['paths without an extension below /blog/ are no longer taken for pages'], '/blog/a', { statusCode: 301 }],
    ['a flat folder published since', { 'notes/a.html': 'a' }, [], ['every path without an extension below /notes/ is taken for its .html page'], '/notes/later', { uri: '/notes/later.html' }],
  ])('tells it of %s, after the files, with no deploy', async (_what, files, deployedExtra, said, path, answer) => {
    deployment = mockedDeployment({ deployedKeys: [...Object.keys(SITE), ...deployedExtra] });
    const lines = await run(siteFolder({ ...SITE, ...files }));

    expect(frontDoorLines(lines)).toEqual(said.map((change) => `  front door  ${change}`));
    expect(notes(lines)).toEqual([]);
    expect(routed(path)).toMatchObject(answer);
    // The configuration as the deploy made it, the update made on the version CloudFront described, then published.
    expect(deployment.functionCalls.map(({ command, input }) => ({ command, IfMatch: input.IfMatch, FunctionConfig: input.FunctionConfig }))).toEqual([
      { command: 'UpdateFunction', IfMatch: 'E1DEPLOY', FunctionConfig: FUNCTION_CONFIG },
      { command: 'PublishFunction', IfMatch: deployment.functionEtag, FunctionConfig: undefined },
    ]);
    const published = lines.findIndex((line) => line.startsWith('Published: '));
    expect(lines.slice(published)).toEqual([
      expect.stringMatching(/^Published: /),
      expect.stringMatching(/^To undo it within 30 days: /),
      "Front door: its function is updated for the site's files, and runs so at every edge location within minutes.",
    ]);
  });

  it('tells it as the next deploy would: the code a synth of the folder makes then', async () => {
    const functionCode = (folder: string) => {
      const { template } = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: folder });
      const [routing] = Object.values(resourcesOfType(template, 'AWS::CloudFront::Function'));
      return routing!.Properties.FunctionCode as string;
    };
    const folder = siteFolder(SITE);
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    deployment.functionCode = deployment.developmentCode = functionCode(folder);
    write(folder, { 'work.html': 'w', 'blog/feed': '<rss/>' });

    await run(folder);

    expect(deployment.functionCode).toBe(functionCode(folder));
  }, 120_000);

  it('says in a dry run what it would tell it, and tells it nothing', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const before = deployment.functionCode;
    const lines = await run(siteFolder({ ...SITE, 'work.html': 'w' }), { dryRun: true });
    expect(frontDoorLines(lines)).toEqual(['  front door  reached without .html: /work.html']);
    expect(lines.at(-1)).toBe("Dry run, nothing changed: 7 to upload, 0 to delete, 0 unchanged, 9 paths to invalidate, the front door's function to update.");
    expect(deployment.functionCalls).toEqual([]);
    expect(deployment.functionCode).toBe(before);
  });

  it('leaves the files published when the update is refused, and tells it on the next run, which publishes no file again', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const before = deployment.functionCode;
    const folder = siteFolder({ ...SITE, 'work.html': 'w' });
    deployment.failFunctionUpdate = Object.assign(new Error('User is not authorized to perform: cloudfront:UpdateFunction'), {
      name: 'AccessDenied',
      $fault: 'client',
      $metadata: { httpStatusCode: 403 },
    });

    const { error, lines: said } = await failure(folder);

    expect(error.message).toBe(
      "the files are published, but the front door's function could not be updated (AWS answered AccessDenied (User is not authorized to perform: cloudfront:UpdateFunction)), " +
        'so it routes paths as before, the new pages the sitemap lists included: once your AWS identity may call cloudfront:UpdateFunction and PublishFunction, ' +
        'run npm run publish again, or npm run cdk -- deploy --all',
    );
    // The publish's undo, said before the update was tried.
    expect(said.at(-1)).toMatch(/^To undo it within 30 days: npm run publish -- --restore /);
    expect(bucketText()['work.html']).toBe('w');
    expect(deployment.functionCode).toBe(before);

    deployment.failFunctionUpdate = undefined;
    const invalidations = deployment.invalidations.length;
    const lines = await run(folder);
    expect(lines.filter((line) => line.startsWith('  upload'))).toEqual([]);
    expect(lines.at(-1)).toBe("Front door: its function is updated for the site's files, and runs so at every edge location within minutes.");
    expect(deployment.invalidations.length).toBe(invalidations);
    expect(routed('/work')).toMatchObject({ uri: '/work.html' });
  });

  it('never overwrites a deploy made while the files were uploaded: the update names the version read before any change', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    const deployed = frontDoorFunctionCode(frontDoorRouting(Object.keys(SITE), { markdown: true, redirect: { from: 'www.example.com', to: 'https://example.com' } }));
    const lines: string[] = [];
    let error: unknown;
    try {
      for await (const line of publish({ stack: 'PersonalSite', folder: siteFolder({ ...SITE, 'work.html': 'w' }), now: NOW, agents: NO_AGENT_FILES, dryRun: false, yes: false }, deployment.clients)) {
        lines.push(line);
        // A deploy lands once publish has read the function: both stages, under a version of its own.
        if (line.startsWith('Publishing ')) Object.assign(deployment, { functionCode: deployed, developmentCode: deployed, functionEtag: 'E9DEPLOY' });
      }
    } catch (thrown) {
      error = thrown;
    }
    expect((error as Error).message).toMatch(
      /could not be updated \(AWS answered PreconditionFailed \(.*\)\), .*: it changed since this run read it \(a deploy, meanwhile\?\): run npm run publish again, which reads it anew, or npm run cdk -- deploy --all$/,
    );
    expect(deployment.functionCalls.map(({ command, input }) => ({ command, IfMatch: input.IfMatch }))).toEqual([{ command: 'UpdateFunction', IfMatch: 'E1DEPLOY' }]);
    expect(deployment.functionCode).toBe(deployed);
  });

  it('leaves to a deploy a function whose DEVELOPMENT stage holds other code than it runs, a change not yet published', async () => {
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    deployment.developmentCode += '\n// being edited in the console';
    const lines = await run(siteFolder({ ...SITE, 'work.html': 'w' }));
    expect(frontDoorLines(lines)).toEqual([]);
    expect(notes(lines)).toEqual(['deploy needed: work.html: reached by the .html name alone (/work ends in a 404) until npm run cdk -- deploy --all']);
    expect(deployment.functionCalls).toEqual([]);
  });

  it('tells it nothing when it knows the site as it is', async () => {
    deployment = mockedDeployment({ deployedKeys: [...Object.keys(SITE), 'work.html'] });
    const lines = await run(siteFolder({ ...SITE, 'work.html': 'w' }));
    expect(frontDoorLines(lines)).toEqual([]);
    expect(deployment.functionCalls).toEqual([]);
  });
});

describe('what a publish adds for agents', () => {
  it.each([
    ['the function it tells of them lists', '', 'https://example.com/work'],
    ["the deployed function lists, and a page it does not at its .html, where that function runs another version's code", '\n// a later release', 'https://example.com/work.html'],
  ])('lists in the sitemap at its path without .html a page %s', async (_what, otherVersion, work) => {
    // A folder with its index.html keeps the top folder from being flat: its pages are listed one by one.
    deployment = mockedDeployment({ deployedKeys: ['index.html', 'about.html', 'blog/index.html'] });
    deployment.functionCode += otherVersion;
    const sitemapOnly = readAgentSettings({ ROBOTS_TXT: 'false', MARKDOWN_PAGES: 'false' });
    const pages = { 'index.html': '<title>Home</title>', 'about.html': '<title>About</title>', 'blog/index.html': '<title>Blog</title>', 'work.html': '<title>Work</title>' };

    await run(siteFolder(pages), { agents: sitemapOnly });

    expect(bucketText()['sitemap.xml']!.match(/<loc>[^<]*<\/loc>/g)).toEqual([
      '<loc>https://example.com/about</loc>',
      '<loc>https://example.com/blog/</loc>',
      '<loc>https://example.com/</loc>',
      `<loc>${work}</loc>`,
    ]);
  });
});

describe('a flat site’s contact.html shown at /contact (formPage /contact.html)', () => {
  it('stays listed in the sitemap at /contact, and the function told of new pages still shows it there', async () => {
    const keys = ['index.html', 'about.html', 'contact.html'];
    deployment = mockedDeployment({ deployedKeys: keys });
    deployment.functionCode = deployment.developmentCode = frontDoorFunctionCode(frontDoorRouting(keys, { formPage: '/contact.html' }));
    const sitemapOnly = readAgentSettings({ ROBOTS_TXT: 'false', MARKDOWN_PAGES: 'false' });

    await run(siteFolder({ 'index.html': '<title>Home</title>', 'about.html': 'a', 'contact.html': 'c', 'work/index.html': 'w' }), { agents: sitemapOnly });

    expect(bucketText()['sitemap.xml']).toContain('<loc>https://example.com/contact</loc>');
    expect(bucketText()['sitemap.xml']).not.toContain('contact.html');
    const told = loadFrontDoorFunction(deployment.functionCode);
    expect(told({ request: { method: 'GET', uri: '/contact', querystring: {}, headers: {}, cookies: {} } })).toEqual({
      result: expect.objectContaining({ uri: '/contact.html' }),
      selectedOrigin: SITE_ORIGIN_ID,
    });
  });
});

describe('the front door after a publish', () => {
  it('serves a folder published after synth, with or without its slash, by the function synth made, with no deploy', async () => {
    const folder = siteFolder(SITE);
    const synthesized = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: folder });
    const [routing] = Object.values(resourcesOfType(synthesized.template, 'AWS::CloudFront::Function'));
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    deployment.functionCode = routing!.Properties.FunctionCode as string;
    // The bucket as the deploy left it.
    for (const [key, text] of Object.entries(SITE)) deployment.bucket.set(key, { body: Buffer.from(text), etag: s3Etag(Buffer.from(text)) });
    write(folder, { 'blog/new-post/index.html': '<title>New</title>' });

    const lines = await run(folder);

    expect(lines.filter((line) => line.startsWith('deploy needed'))).toEqual([]);
    const edge = loadFrontDoorFunction(deployment.functionCode);
    const get = (uri: string) => edge({ request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} } }).result;
    expect(get('/blog/new-post')).toEqual({ statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '/blog/new-post/' }, 'cache-control': { value: 'max-age=300' } } });
    const served = get('/blog/new-post/');
    expect(served.uri).toBe('/blog/new-post/index.html');
    expect(deployment.bucket.get(decodeURIComponent(String(served.uri).slice(1)))?.body.toString()).toBe('<title>New</title>');
    expect(deployment.invalidations).toEqual([['/blog/new-post/', '/blog/new-post/index.html']]);
  }, 120_000);
});
