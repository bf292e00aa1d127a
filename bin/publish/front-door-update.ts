import { DescribeFunctionCommand, PublishFunctionCommand, UpdateFunctionCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { frontDoorFunctionCode, FORM_FOLDER, siteIndexFor, type SiteIndex, type SiteRouting } from '../../lib/edge/front-door-function.js';
import { few } from '../../lib/pages/site-files.js';
import { ConfigError } from '../../lambdas/config.js';
import { droppedPagesNote } from './deploy-notes.js';
import type { DeployedSite } from './deployed-site.js';

/**
 * What the front door's function should be told of the site for its files now (`keys`, the
 * folder's, as the deploy tells it), when publish may tell it so itself (docs/api.md §10):
 * undefined when it knows it already, or when only a deploy may, as the function runs another
 * version's code (a deploy changes both together), the site's files no longer fit it, or a page it
 * lists would lose its place to make room (droppedPagesNote, said at the next deploy).
 */
export function frontDoorUpdate(deployed: DeployedSite, keys: readonly string[]): SiteRouting | undefined {
  const { frontDoor, frontDoorFunction } = deployed;
  if (frontDoor === undefined || frontDoorFunction === undefined || droppedPagesNote(deployed, keys) !== undefined) return undefined;
  const { site, ...service } = frontDoor;
  let next: SiteIndex;
  try {
    next = siteIndexFor(keys, service);
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
  return JSON.stringify(next) === JSON.stringify(site) ? undefined : { ...service, site: next };
}

/** What the update changes for visitors, a line each (each after the publish's `  front door  `). */
export function frontDoorChanges(before: SiteIndex, after: SiteIndex): string[] {
  const added = (now: readonly string[] = [], then: readonly string[] = []) => now.filter((name) => !then.includes(name));
  const withHtml = (names: readonly string[]) => few(names.map((name) => `/${name}.html`));
  const paths = (names: readonly string[]) => few(names.map((name) => `/${name}`));
  const newPages = added(after.pages, before.pages);
  const goneListings = added(before.pages, after.pages);
  const newFiles = added(after.files, before.files);
  const goneFiles = added(before.files, after.files);
  return [
    ...(newPages.length === 0 ? [] : [`reached without .html: ${withHtml(newPages)}`]),
    ...(goneListings.length === 0 ? [] : [`no longer reached without .html: ${withHtml(goneListings)}`]),
    ...(newFiles.length === 0 ? [] : [`files without an extension, no longer taken for folders: ${paths(newFiles)}`]),
    ...(goneFiles.length === 0 ? [] : [`taken for folders again: ${paths(goneFiles)}`]),
    ...(before.formPath === after.formPath ? [] : [after.formPath === undefined ? `${FORM_FOLDER} is your page there` : `${FORM_FOLDER} leads to the service's form`]),
  ];
}

/**
 * Tells the function `routing`, as a deploy would: its code updated from the version CloudFront
 * holds (DescribeFunction's ETag, which UpdateFunction requires, so that an update made meanwhile,
 * a deploy's, is never overwritten unseen), then published, which has every behaviour that uses it
 * run it (AWS, "Update functions" and PublishFunction in the CloudFront API Reference). Its
 * configuration is kept as it is, since UpdateFunction replaces the whole of it. CloudFront's model
 * names UpdateFunction's version header `ETtag`: without one read, the version is described again.
 */
export async function updateFrontDoor(cloudFront: CloudFrontClient, name: string, routing: SiteRouting): Promise<void> {
  const describe = () => cloudFront.send(new DescribeFunctionCommand({ Name: name, Stage: 'DEVELOPMENT' }));
  const described = await describe();
  const config = described.FunctionSummary?.FunctionConfig;
  if (config === undefined || described.ETag === undefined) throw new Error(`CloudFront described the function ${name} without its configuration or ETag`);
  const updated = await cloudFront.send(
    new UpdateFunctionCommand({ Name: name, IfMatch: described.ETag, FunctionConfig: config, FunctionCode: new TextEncoder().encode(frontDoorFunctionCode(routing)) }),
  );
  await cloudFront.send(new PublishFunctionCommand({ Name: name, IfMatch: updated.ETag ?? (await describe()).ETag }));
}
