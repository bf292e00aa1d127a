import { describe, expect, it } from '@jest/globals';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { MARKDOWN_CONTENT_TYPE } from '../../../../lib/pages/site-pages.js';
import { siteFolder } from '../../../support/site-folder.js';
import { EXAMPLE_CERTIFICATE_ARN, MINIMAL_CONTEXT, resourcesOfType, synthesizeSite } from '../site-app.js';

/*
 * What a deploy adds to siteDir for agents (docs/api.md §16): each page's Markdown, uploaded apart
 * with its charset and pruned apart; robots.txt and sitemap.xml written at deploy with {base}
 * substituted; the owner's own robots.txt uploaded as written, with synth's one line of what it lacks.
 */

const folder = siteFolder({
  'index.html': '<title>Home</title><main><p>Hello</p></main>',
  'about/index.html': '<main><h1>About</h1></main>',
  'work.html': '<main><h1>Work</h1></main>',
  'css/site.css': 'main {}',
});
const synthesized = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: folder });
const uploads = resourcesOfType(synthesized.template, 'Custom::CDKBucketDeployment');

/** The files of an upload's assets in the cloud assembly, by key; a deploy-time value as aws-cdk-lib's marker. */
function assetFiles(upload: { Properties: Record<string, unknown> }, outdir = synthesized.app.outdir): Record<string, string> {
  const files: Record<string, string> = {};
  for (const key of upload.Properties.SourceObjectKeys as string[]) {
    const asset = join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
    for (const entry of readdirSync(asset, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files[relative(asset, join(entry.parentPath, entry.name)).split(sep).join(posix.sep)] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    }
  }
  return files;
}

describe('the Markdown upload', () => {
  const [markdown] = Object.values(uploads).filter((upload) => JSON.stringify(upload.Properties).includes(MARKDOWN_CONTENT_TYPE));

  it("holds each page's Markdown, typed with its charset, writing and pruning only such keys", () => {
    expect(markdown).toBeDefined();
    expect(markdown!.Properties).toMatchObject({ Exclude: ['*'], Include: ['*.html.md'], Prune: true });
    expect(assetFiles(markdown!)).toEqual({ 'index.html.md': '# Home\n\nHello\n', 'about/index.html.md': '# About\n', 'work.html.md': '# Work\n' });
  });

  it("leaves those keys to it: the site's upload excludes them, and invalidates the edge cache once the Markdown is in", () => {
    const [site] = Object.entries(uploads).filter(([, upload]) => upload !== markdown);
    expect(site![1].Properties).toMatchObject({ Exclude: ['*.html.md'], DistributionPaths: ['/*'] });
    expect(JSON.stringify((site![1] as { DependsOn?: unknown }).DependsOn ?? [])).toContain(Object.entries(uploads).find(([, upload]) => upload === markdown)![0]);
  });
});

describe("the site's upload", () => {
  const [, site] = Object.entries(uploads).find(([, upload]) => !JSON.stringify(upload.Properties).includes(MARKDOWN_CONTENT_TYPE))!;

  it('writes robots.txt and sitemap.xml at deploy, the distribution’s domain substituted for {base}', () => {
    const markers = JSON.stringify(site.Properties.SourceMarkers);
    expect(markers).toContain('DomainName');
    const files = assetFiles(site);
    expect(files['robots.txt']).toMatch(/^Sitemap: https:\/\/<<marker:0xbaba:\d+>>\/sitemap\.xml$/m);
    expect(files['robots.txt']).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
    expect(files['sitemap.xml']).toMatch(/<loc>https:\/\/<<marker:0xbaba:\d+>>\/about\/<\/loc>/);
    // A flat page at the path the front door's function serves it at, without .html.
    expect(files['sitemap.xml']).toMatch(/<loc>https:\/\/<<marker:0xbaba:\d+>>\/work<\/loc>/);
    expect(files['css/site.css']).toBe('main {}');
  });

  it("uploads the owner's own robots.txt as written, and says in one line what it lacks", () => {
    const own = siteFolder({ 'index.html': '<p>x</p>', 'robots.txt': 'User-agent: *\nDisallow:\n' });
    const withOwn = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: own });
    const [ownUpload] = Object.values(resourcesOfType(withOwn.template, 'Custom::CDKBucketDeployment')).filter((upload) => !JSON.stringify(upload.Properties).includes(MARKDOWN_CONTENT_TYPE));
    expect(assetFiles(ownUpload!, withOwn.app.outdir)['robots.txt']).toBe('User-agent: *\nDisallow:\n');
    const infos = Annotations.fromStack(withOwn.stack).findInfo('*', Match.stringLikeRegexp('^siteDir: robots.txt is your own'));
    expect(infos.map((info) => String(info.entry.data))).toEqual([
      'siteDir: robots.txt is your own, served as written, which search engines read as before; for the agent-readiness scanners\' top level it lacks rules for AI crawlers (a User-agent line naming one, such as GPTBot), a Content-Signal line (contentsignals.org), a Sitemap line (docs/examples/robots.txt is the service\'s, under the default contentSignals, as a Zola template: copy it to templates/robots.txt, or its lines into yours; docs/api.md §16 says what they mean). Or, if it holds no rules of your own, delete it from your site\'s source (Hugo: enableRobotsTXT off), and the service writes its own; or keep it as it is, with "robotsTxt": false to have this line no more',
    ]);
  });

  it('says in one line when the folder’s own sitemap names its pages at another address than the site’s, known at synth with a domain', () => {
    const moved = siteFolder({ 'index.html': '<p>x</p>', 'sitemap.xml': '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>' });
    const notes = (context: Record<string, unknown>) =>
      Annotations.fromStack(synthesizeSite(context).stack)
        .findInfo('*', Match.stringLikeRegexp('^siteDir: sitemap.xml names your pages at'))
        .map((info) => String(info.entry.data));

    expect(notes({ ...MINIMAL_CONTEXT, siteDir: moved, domainName: 'www.example.com', certificateArn: EXAMPLE_CERTIFICATE_ARN })).toEqual([
      "siteDir: sitemap.xml names your pages at https://example.com, where the site is https://www.example.com: set your generator's base URL to https://www.example.com (Hugo's baseURL, Jekyll's url, Astro's site, MkDocs' site_url, Zola's base_url) and build again, so that its canonical links and feeds name it too, not an address that redirects or is gone",
    ]);
    // The distribution's own domain is known at deploy only: nothing to compare with at synth.
    expect(notes({ ...MINIMAL_CONTEXT, siteDir: moved })).toEqual([]);
  });
});
