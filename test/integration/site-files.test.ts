import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { sendTarget } from '../support/http-client.js';
import { METHODS_BY_PATH } from '../../lambdas/routes.js';
import { matchesPathPattern, serviceRouting } from '../../lib/front-door-paths.js';
import { AT_A_SERVICE_PATH, hostileSite, OUTSIDE_TEXT } from '../support/hostile-site.js';
import { startLocalServer, type LocalServer } from '../support/local-server.js';
import { folderPages, siteFolder } from '../support/site-folder.js';
import { OFF_SITE_FOLDER_PATHS } from '../support/site-path-cases.js';
import { MINIMAL_CONTEXT, resourcesOfType, synthesizeSite } from '../unit/infra/site-app.js';

/*
 * Publish what the preview shows, nothing more (docs/api.md §10): a folder with dotfiles, links
 * out of it, loops and links inside, uploaded by synth and served by local mode, file by file; and
 * a site of many folders, whose redirects never leave it.
 */

const site = hostileSite();
let server: LocalServer;
let many: LocalServer;

/** The folder's own files alone, on both sides: what the service adds for agents is agent-readiness.test.ts's. */
const NO_AGENT_FILES = { ROBOTS_TXT: 'false', SITEMAP: 'false', MARKDOWN_PAGES: 'false' } as const;

beforeAll(async () => {
  [server, many] = await Promise.all([startLocalServer({ SITE_DIR: site.folder, ...NO_AGENT_FILES }), startLocalServer({ SITE_DIR: siteFolder(folderPages(400)) })]);
}, 60_000);
afterAll(() => Promise.all([server?.stop(), many?.stop()]));

/** Each file of the asset synth stages for the upload, by its key, with its text. */
function uploadedFiles(): Record<string, string> {
  const synthesized = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: site.folder, robotsTxt: false, sitemap: false, markdownPages: false });
  const [upload] = Object.values(resourcesOfType(synthesized.template, 'Custom::CDKBucketDeployment'));
  const [key] = upload!.Properties.SourceObjectKeys as string[];
  const asset = join(synthesized.app.outdir, `asset.${key!.replace(/\.zip$/, '')}`);
  const files = readdirSync(asset, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry) => [relative(asset, join(entry.parentPath, entry.name)).split(sep).join(posix.sep), readFileSync(join(entry.parentPath, entry.name), 'utf8')]),
  );
}

/** Every path a visitor could try in the folder: each name, following every link, loops cut at a depth. */
function everyPath(folder: string, depth = 2): string[] {
  const paths: string[] = [];
  const walk = (directory: string, prefix: string, left: number) => {
    for (const name of readdirSync(directory)) {
      const path = `${prefix}${name}`;
      paths.push(path);
      const target = join(directory, name);
      const isFolder = (() => {
        try {
          return statSync(target).isDirectory();
        } catch {
          return false;
        }
      })();
      if (isFolder && left > 0) walk(target, `${path}/`, left - 1);
    }
  };
  walk(folder, '', depth);
  return paths;
}

const urlPath = (key: string) => `/${key.split('/').map(encodeURIComponent).join('/')}`;

/** Whether the front door sends a path to the service, by the route table: its answer there is no file of the site. */
const answeredByService = (path: string) =>
  METHODS_BY_PATH.has(path) || serviceRouting().uncachedPatterns.some((pattern) => matchesPathPattern(pattern, path));

describe('a folder with dotfiles and links of every kind', () => {
  it('is served by local mode file by file as synth uploads it, and neither holds a byte from outside', async () => {
    const uploaded = uploadedFiles();
    expect(uploaded).toEqual(site.published);
    const served: Record<string, string> = {};
    for (const path of new Set([...everyPath(site.folder), ...Object.keys(uploaded)])) {
      const response = await sendTarget(server.apiUrl, urlPath(path));
      expect(response.text).not.toContain(OUTSIDE_TEXT);
      if (!answeredByService(urlPath(path))) {
        if (response.status === 200) served[path] = response.text;
      } else {
        expect({ path, text: response.text }).not.toEqual({ path, text: AT_A_SERVICE_PATH });
      }
    }
    expect(served).toEqual(uploaded);
  }, 120_000);

  it.each([['/llms%2Etxt'], ['/.well-known/api%2Dcatalog'], ['/ap%69/contact'], ['/o%61uth/token.json']])(
    'never serves the site’s own file at a path the service answers, reached by its encoding %s',
    async (target) => {
      const first = await sendTarget(server.apiUrl, target);
      // Without an extension, a path the site does not hold is taken for a folder (docs/api.md §10): its slash is missing too.
      const response = first.status === 301 && first.headers.location === `${target}/` ? await sendTarget(server.apiUrl, `${target}/`) : first;
      expect({ status: response.status, text: response.text }).toEqual({ status: 404, text: site.published['404.html'] });
    },
  );

  it('prints at start-up what it does not serve, as synth does', () => {
    expect(server.output()).toMatch(/^SITE_DIR: not published, nor served by local mode: .*\.env.*links out of the folder/m);
  });
});

describe('a site of 400 folders', () => {
  it('still redirects a folder to its slash', async () => {
    const response = await sendTarget(many.apiUrl, '/posts/post-number-7');
    expect({ status: response.status, location: response.headers.location }).toEqual({ status: 301, location: '/posts/post-number-7/' });
  });

  it.each(OFF_SITE_FOLDER_PATHS.map(([path, why]) => [path, why]))('answers %s (%s) 404, never a redirect', async (target) => {
    const response = await sendTarget(many.apiUrl, target);
    expect({ status: response.status, location: response.headers.location }).toEqual({ status: 404, location: undefined });
  });
});
