import { describe, expect, it } from '@jest/globals';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { LOG_RETENTION } from '../../../../lib/log-retention.js';
import { KEPT_VERSION_DAYS } from '../../../../lib/pages/kept-versions.js';
import { stagedContent, uploadResources } from '../../../../lib/pages/upload-resources.js';
import { hostileSite } from '../../../support/hostile-site.js';
import { siteFolder } from '../../../support/site-folder.js';
import { EXAMPLE_CONTEXT, EXAMPLE_ENV, MINIMAL_CONTEXT, resourcesOfType, synthesizeSite, type SiteApp } from '../site-app.js';

/*
 * What a deploy uploads from siteDir (docs/api.md §10): the synthesized asset of the upload holds
 * exactly the files the folder publishes (lib/pages/site-files.ts), synth says what it left out, and the
 * upload function's logs expire like every other function's.
 */

const site = hostileSite();
// The folder's own files alone: what the service adds for agents is agent-upload.test.ts's.
const synthesized = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: site.folder, robotsTxt: false, sitemap: false, markdownPages: false });
const template = synthesized.template;

/** The folder the upload's asset was staged from, in the cloud assembly, as the CLI zips and publishes it. */
function uploadAsset(of: SiteApp = synthesized): string {
  const [upload] = Object.values(resourcesOfType(of.template, 'Custom::CDKBucketDeployment'));
  const [key] = upload!.Properties.SourceObjectKeys as string[];
  return join(of.app.outdir, `asset.${key!.replace(/\.zip$/, '')}`);
}

/** aws-cdk-lib's upload function: the one with the AWS CLI's layer. */
function uploader(of: SiteApp = synthesized) {
  return Object.values(resourcesOfType(of.template, 'AWS::Lambda::Function')).find((fn) => JSON.stringify(fn.Properties.Layers ?? '').includes('AwsCliLayer'));
}

describe('the upload of siteDir', () => {
  it('holds exactly the files the folder publishes, each with its bytes, and no link', () => {
    const asset = uploadAsset();
    const entries = readdirSync(asset, { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => entry.isSymbolicLink())).toEqual([]);
    const keys = entries.filter((entry) => entry.isFile()).map((entry) => relative(asset, join(entry.parentPath, entry.name)).split(sep).join(posix.sep));
    expect(Object.fromEntries(keys.map((key) => [key, readFileSync(join(asset, key), 'utf8')]))).toEqual(site.published);
  });

  it('is said at synth, in one line naming what is left out and why', () => {
    const infos = Annotations.fromStack(synthesized.stack).findInfo('*', Match.stringLikeRegexp('^siteDir: not published'));
    expect(infos).toHaveLength(1);
    const line = String(infos[0]!.entry.data);
    expect(line.split('\n')).toHaveLength(1);
    for (const path of ['.env', '.drafts', '.DS_Store', 'leak.txt', 'downloads', 'shadow', 'self']) expect(line).toContain(path);
  });

  it.each<[string, () => SiteApp]>([
    ['the default deployment', () => synthesized],
    ['the Free plan', () => synthesizeSite({ ...EXAMPLE_CONTEXT, pricingPlan: 'free', siteDir: siteFolder() }, { env: EXAMPLE_ENV })],
  ])('runs, with %s, in a function given the /tmp and memory its staged files need (lib/pages/upload-resources.ts)', (_title, synthesize) => {
    const site = synthesize();
    const resources = uploadResources(stagedContent(uploadAsset(site)));
    expect(uploader(site)!.Properties).toMatchObject({ EphemeralStorage: { Size: resources.ephemeralStorageMiB }, MemorySize: resources.memoryMiB });
  });

  it('runs in a function whose logs expire like every other function’s, not in a log group of two years', () => {
    const functions = Object.values(resourcesOfType(template, 'AWS::Lambda::Function'));
    expect(uploader()).toBeDefined();
    const logGroups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    for (const fn of functions) {
      const logGroup = (fn.Properties.LoggingConfig as { LogGroup?: { Ref: string } } | undefined)?.LogGroup;
      expect({ function: fn.Properties.Description, retention: logGroups[logGroup?.Ref ?? '']?.Properties.RetentionInDays }).toEqual({
        function: fn.Properties.Description,
        retention: LOG_RETENTION,
      });
    }
    for (const [id, group] of Object.entries(logGroups)) expect({ id, retention: group.Properties.RetentionInDays }).toEqual({ id, retention: LOG_RETENTION });
  });
});

describe('the bucket of siteDir', () => {
  const [bucketId, bucket] = Object.entries(resourcesOfType(template, 'AWS::S3::Bucket'))[0]!;

  it(`keeps what a publish or a deploy replaced or deleted ${KEPT_VERSION_DAYS} days, then nothing of it`, () => {
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [{ NoncurrentVersionExpiration: { NoncurrentDays: KEPT_VERSION_DAYS }, ExpiredObjectDeleteMarker: true, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }],
    });
  });

  it('is emptied of every version when the stack is deleted, by a function whose logs are deleted after it', () => {
    const [emptying] = Object.values(resourcesOfType(template, 'Custom::S3AutoDeleteObjects'));
    expect(emptying?.Properties.BucketName).toEqual({ Ref: bucketId });
    const serviceToken = (emptying!.Properties.ServiceToken as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const handler = template.toJSON().Resources[serviceToken] as { DependsOn: string[]; Properties: { LoggingConfig: { LogGroup: { Ref: string } } } };
    expect(handler.DependsOn).toContain(handler.Properties.LoggingConfig.LogGroup.Ref);
  });
});
