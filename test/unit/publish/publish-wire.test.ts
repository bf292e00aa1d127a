import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { GetInvalidationCommand, ListInvalidationsCommand } from '@aws-sdk/client-cloudfront';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, ListObjectVersionsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAgentSettings } from '../../../lambdas/config.js';
import { publishClients } from '../../../bin/publish/aws-clients.js';
import { UPLOAD_PART_BYTES } from '../../../bin/publish/object-etag.js';
import { PublishError } from '../../../bin/publish/publish-error.js';
import { restoreTime } from '../../../bin/publish/publish-options.js';
import { publish, type PublishRequest } from '../../../bin/publish/run-publish.js';
import { restore } from '../../../bin/publish/run-restore.js';
import { TOO_LONG_PATH } from '../../support/hostile-site.js';
import { deploySiteToMoto, type MotoSite } from '../../support/moto-site.js';
import { describeWithMoto, useMoto } from '../../support/moto-server.js';

/*
 * npm run publish against moto (test/support/moto-server.ts), which answers with S3's XML,
 * CloudFormation's query protocol and CloudFront's REST XML as its model of AWS has them, where
 * the mocked tests (run-publish.test.ts) answer as we believe AWS does. The stack is made as the
 * deploy makes it (test/support/moto-site.ts); publish's own clients (bin/publish/aws-clients.ts)
 * reach moto through AWS_ENDPOINT_URL, as the SDK reads it, with no setting of their own.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REGION = 'eu-west-1';
const NOW = { settingsDigest: 'settings-digest', formPageDigest: 'none' } as const;
/** The folder's files alone: what the service adds for agents is publish's too, tested with the mocks (run-publish.test.ts). */
const NO_AGENT_FILES = readAgentSettings({ ROBOTS_TXT: 'false', SITEMAP: 'false', MARKDOWN_PAGES: 'false' });
/** What publish says of every moto deployment: moto's CloudFront keeps no function on a distribution. */
const NO_FUNCTION_IN_MOTO = "deploy needed: the front door's function is not this project's (or could not be read): npm run cdk -- deploy --all puts it back";

/** A moto server answers in milliseconds, but a loaded 2-core machine takes seconds to load the SDK and run a publish. */
const WIRE_TIMEOUT = 30_000;

const SITE = {
  'index.html': '<title>Home</title>',
  '404.html': '<title>Not found</title>',
  'about/index.html': '<title>About</title>',
  'css/site.css': 'main {}',
  'images/logo.svg': '<svg/>',
  'a b#c.html': 'a name with a space and a hash',
};

describeWithMoto()('npm run publish against moto', () => {
  const moto = useMoto(REGION);
  const saved: Record<string, string | undefined> = {};
  let site: MotoSite;

  beforeAll(() => {
    const environment = { ...moto().environment, AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent', AWS_EC2_METADATA_DISABLED: 'true' };
    for (const [name, value] of Object.entries(environment)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  beforeEach(async () => {
    await moto().reset();
    site = await deploySiteToMoto(moto(), REGION, { ...NOW, notFoundPage: true });
  }, WIRE_TIMEOUT);

  /** Runs the publish, or the restore, with publish's own clients; its lines, and its error if it stopped. */
  async function lines(steps: (clients: ReturnType<typeof publishClients>) => AsyncGenerator<string>, region?: string): Promise<{ lines: string[]; error?: PublishError }> {
    const clients = publishClients(region);
    const printed: string[] = [];
    try {
      for await (const line of steps(clients)) printed.push(line);
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      return { lines: printed, error };
    } finally {
      clients.destroy();
    }
    return { lines: printed };
  }

  const published = (folder: string, request: Partial<PublishRequest> = {}, region?: string) =>
    lines((clients) => publish({ stack: 'PersonalSite', folder, now: NOW, agents: NO_AGENT_FILES, dryRun: false, yes: false, ...request }, clients), region);

  const restored = (time: Date, request: { yes?: boolean } = {}) =>
    lines((clients) => restore({ stack: 'PersonalSite', time, dryRun: false, yes: request.yes ?? false, now: new Date() }, clients));

  /** The bucket's objects, by key, with their text. */
  async function bucketText(on: MotoSite = site): Promise<Record<string, string>> {
    const { Contents = [] } = await on.s3.send(new ListObjectsV2Command({ Bucket: on.bucket }));
    const texts = await Promise.all(Contents.map(async ({ Key }) => [Key!, await (await on.s3.send(new GetObjectCommand({ Bucket: on.bucket, Key: Key! }))).Body!.transformToString()]));
    return Object.fromEntries(texts);
  }

  /** The paths of the invalidation a line names (`invalidation I2J0… of 4 paths`), as CloudFront keeps them. */
  async function invalidated(line: string | undefined): Promise<string[]> {
    const Id = /invalidation (\w+) of/.exec(line ?? '')![1]!;
    const { Invalidation } = await site.cloudFront.send(new GetInvalidationCommand({ DistributionId: site.distributionId, Id }));
    return Invalidation!.InvalidationBatch!.Paths!.Items!;
  }

  /** How many invalidations the distribution has had. */
  async function invalidations(): Promise<number> {
    const { InvalidationList } = await site.cloudFront.send(new ListInvalidationsCommand({ DistributionId: site.distributionId }));
    return InvalidationList?.Quantity ?? 0;
  }

  function folderOf(files: Readonly<Record<string, string | Buffer>>): string {
    const root = mkdtempSync(join(tmpdir(), 'publish-wire-'));
    writeFileSync(join(root, 'secret.txt'), 'not of the site');
    const folder = join(root, 'site');
    write(folder, files);
    return folder;
  }

  function write(folder: string, files: Readonly<Record<string, string | Buffer>>): void {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), content);
    }
  }

  const undoTime = (printed: readonly string[]) => restoreTime(/--restore (\S+)$/.exec(printed.at(-1) ?? '')![1]!);

  it('uploads a first site whole, each file with the deploy upload’s type, and invalidates its paths', async () => {
    const folder = folderOf(SITE);

    const run = await published(folder);

    expect(run.error).toBeUndefined();
    expect(await bucketText()).toEqual(SITE);
    const type = async (Key: string) => (await site.s3.send(new HeadObjectCommand({ Bucket: site.bucket, Key }))).ContentType;
    expect(await Promise.all(['about/index.html', 'css/site.css', 'images/logo.svg'].map(type))).toEqual(['text/html', 'text/css', 'image/svg+xml']);
    expect(await invalidated(run.lines.at(-2))).toEqual(['/404.html', '/a%20b%23c.html', '/about/', '/about/index.html', '/css/site.css', '/images/logo.svg', '/', '/index.html']);
    expect(run.lines[0]).toMatch(new RegExp(`^Publishing ${folder} to https://\\S+\\.cloudfront\\.net \\(stack PersonalSite in ${REGION}, bucket ${site.bucket}\\)$`));
    expect(run.lines.filter((line) => line.startsWith('deploy needed'))).toEqual([NO_FUNCTION_IN_MOTO]);
    expect(run.lines.at(-2)).toMatch(/^Published: 6 uploaded, 0 deleted, 0 unchanged; invalidation \w+ of 8 paths under way/);
    expect(run.lines.at(-1)).toMatch(/^To undo it within 30 days: npm run publish -- --restore \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  }, WIRE_TIMEOUT);

  it('uploads an edit alone, finding the rest unchanged by the ETags moto lists, of a multipart upload too', async () => {
    const video = Buffer.alloc(2 * UPLOAD_PART_BYTES + 1000, 7);
    const folder = folderOf({ ...SITE, 'talk.mp4': video });
    await published(folder);
    write(folder, { 'css/site.css': 'main { color: teal }' });

    const run = await published(folder);

    expect(run.lines.filter((line) => /^ {2}(upload|delete)/.test(line))).toEqual(['  upload      css/site.css  (changed, text/css, 20 B)']);
    expect(run.lines.at(-2)).toMatch(/^Published: 1 uploaded, 0 deleted, 6 unchanged;/);
    expect((await bucketText())['css/site.css']).toBe('main { color: teal }');
    expect(await invalidated(run.lines.at(-2))).toEqual(['/css/site.css']);
  }, 2 * WIRE_TIMEOUT);

  it('deletes a page gone from siteDir, which the bucket keeps as an earlier version', async () => {
    const folder = folderOf(SITE);
    await published(folder);
    rmSync(join(folder, 'images/logo.svg'));

    const run = await published(folder);

    expect(run.lines).toContain('  delete      images/logo.svg');
    expect(Object.keys(await bucketText())).not.toContain('images/logo.svg');
    const { Versions = [], DeleteMarkers = [] } = await site.s3.send(new ListObjectVersionsCommand({ Bucket: site.bucket, Prefix: 'images/' }));
    expect({ versions: Versions.length, markers: DeleteMarkers.map((marker) => marker.IsLatest) }).toEqual({ versions: 1, markers: [true] });
  }, WIRE_TIMEOUT);

  it('stops before a half-built folder deletes most of the site, deletes with --yes, and --restore brings the site back, itself undone the same way', async () => {
    const folder = folderOf(SITE);
    await published(folder);
    const halfBuilt = folderOf({ 'index.html': '<title>Home, half built</title>' });

    const stopped = await published(halfBuilt);

    expect(stopped.error?.message).toBe("it would delete 5 of the bucket's 6 files (listed above), more than half of the site: if siteDir holds your whole site, run npm run publish -- --yes");
    expect(stopped.lines.filter((line) => line.startsWith('  delete'))).toHaveLength(5);
    expect(await bucketText()).toEqual(SITE);

    const confirmed = await published(halfBuilt, { yes: true });
    expect(await bucketText()).toEqual({ 'index.html': '<title>Home, half built</title>' });

    const back = await restored(undoTime(confirmed.lines));
    expect(back.error).toBeUndefined();
    expect(await bucketText()).toEqual(SITE);
    expect(back.lines).toEqual(
      expect.arrayContaining([
        '  restore     index.html  (changed since)',
        '  restore     images/logo.svg  (deleted since)',
        expect.stringMatching(/^Restored: 6 brought back, 0 deleted, 0 unchanged; invalidation \w+ of 8 paths under way/),
        'siteDir is as it was: the next npm run publish, or deploy, publishes it again.',
      ]),
    );
    const undoRestore = /--restore (\S+)$/.exec(back.lines.find((line) => line.startsWith('To undo it'))!)![1]!;

    const again = await restored(restoreTime(undoRestore), { yes: true });
    expect(again.error).toBeUndefined();
    expect(await bucketText()).toEqual({ 'index.html': '<title>Home, half built</title>' });
  }, 2 * WIRE_TIMEOUT);

  it('deletes a key XML cannot carry on its own, and the rest in a batch, where moto refuses a batch that carries it', async () => {
    const odd = 'drafts/old\u0001page.html';
    for (const Key of [odd, 'old.html', ...Object.keys(SITE)]) await site.s3.send(new PutObjectCommand({ Bucket: site.bucket, Key, Body: 'put by another tool' }));
    await expect(site.s3.send(new DeleteObjectsCommand({ Bucket: site.bucket, Delete: { Objects: [{ Key: odd }, { Key: 'old.html' }] } }))).rejects.toThrow();

    const run = await published(folderOf(SITE));

    expect(run.error).toBeUndefined();
    expect(run.lines).toEqual(expect.arrayContaining(['  delete      drafts/old\\u0001page.html', '  delete      old.html']));
    expect(await bucketText()).toEqual(SITE);

    // And --restore copies it back, its key in CopyObject's URL-encoded source.
    const back = await restored(undoTime(run.lines));
    expect(back.error).toBeUndefined();
    const { Contents = [] } = await site.s3.send(new ListObjectsV2Command({ Bucket: site.bucket, EncodingType: 'url' }));
    expect(Contents.map(({ Key }) => decodeURIComponent(Key!)).sort()).toEqual([odd, 'old.html', ...Object.keys(SITE)].sort());
  }, WIRE_TIMEOUT);

  it('leaves out a path longer than S3 takes for a key, which moto would store, with the line that says why', async () => {
    const folder = folderOf({ ...SITE, [TOO_LONG_PATH]: 'a page at a path no upload could store' });

    const run = await published(folder);

    expect(run.lines[0]).toMatch(/^siteDir: not published, nor served by local mode: .* \(a path longer than the 1,024 bytes \(in UTF-8\) S3 takes for a key\)$/);
    expect(await bucketText()).toEqual(SITE);
  }, WIRE_TIMEOUT);

  it('never uploads a file swapped for a link out of the folder after the scan', async () => {
    const folder = folderOf(SITE);
    const clients = publishClients(undefined);
    let error: unknown;
    try {
      for await (const line of publish({ stack: 'PersonalSite', folder, now: NOW, agents: NO_AGENT_FILES, dryRun: false, yes: false }, clients)) {
        if (!line.startsWith('  invalidate')) continue;
        rmSync(join(folder, 'css/site.css'));
        symlinkSync(join(folder, '..', 'secret.txt'), join(folder, 'css/site.css'));
      }
    } catch (stopped) {
      error = stopped;
    } finally {
      clients.destroy();
    }

    expect((error as Error).message).toMatch(/^css\/site\.css changed since the scan, so it was left out: 5 of 6 changes made, invalidation \w+ of those under way/);
    const { 'css/site.css': leaked, ...rest } = await bucketText();
    expect(leaked).toBeUndefined();
    expect(Object.keys(rest)).toHaveLength(5);
  }, WIRE_TIMEOUT);

  it('publishes to the stack of the region named, in a second region, and leaves the first alone', async () => {
    const second = await deploySiteToMoto(moto(), 'eu-west-2', NOW);

    const run = await published(folderOf(SITE), {}, 'eu-west-2');

    expect(run.lines[0]).toMatch(new RegExp(`\\(stack PersonalSite in eu-west-2, bucket ${second.bucket}\\)$`));
    expect(await bucketText(second)).toEqual(SITE);
    expect(await bucketText(site)).toEqual({});
  }, WIRE_TIMEOUT);

  /** `npm run publish <args>` as the owner types it, against moto, with siteDir `folder`. */
  function npmRunPublish(args: readonly string[], folder: string) {
    const settings = join(mkdtempSync(join(tmpdir(), 'publish-settings-')), 'site-settings.json');
    // The folder's files alone, as NO_AGENT_FILES gives the runs above.
    const agentFilesOff = { robotsTxt: false, sitemap: false, markdownPages: false };
    writeFileSync(settings, JSON.stringify({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', siteDir: folder, ...agentFilesOff }));
    const run = spawnSync('npm', ['run', 'publish', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SITE_SETTINGS: settings, ...moto().environment, AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const own = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('npm ') && !line.startsWith('> '));
    return { status: run.status, stdout: own(run.stdout), stderr: own(run.stderr) };
  }

  it('run by npm, stops at an option npm kept for itself before any change, and takes it after --', async () => {
    const second = await deploySiteToMoto(moto(), 'eu-west-2', NOW);
    const folder = folderOf(SITE);

    for (const args of [['--region=eu-west-2'], ['--dryrun'], ['--preview']]) {
      const stopped = npmRunPublish(args, folder);
      expect({ args, status: stopped.status, stdout: stopped.stdout, stderr: stopped.stderr.length }).toEqual({ args, status: 1, stdout: [], stderr: 1 });
    }
    expect({ first: await bucketText(site), second: await bucketText(second), invalidations: await invalidations() }).toEqual({ first: {}, second: {}, invalidations: 0 });

    const looked = npmRunPublish(['--dry-run', '--', '--region', 'eu-west-2'], folder);
    expect(looked.stdout.at(-1)).toMatch(/^Dry run, nothing changed: 6 to upload/);
    expect(await bucketText(second)).toEqual({});

    const run = npmRunPublish(['--', '--region', 'eu-west-2'], folder);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: [] });
    expect(await bucketText(second)).toEqual(SITE);
    expect(await bucketText(site)).toEqual({});
  }, 120_000);
});
