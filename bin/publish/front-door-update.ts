import { DescribeFunctionCommand, PublishFunctionCommand, UpdateFunctionCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { frontDoorFunctionCode, FORM_FOLDER, MAX_FUNCTION_CODE_BYTES, siteIndexFor, type SiteIndex, type SiteRouting } from '../../lib/edge/front-door-function.js';
import { few } from '../../lib/pages/site-files.js';
import { ConfigError } from '../../lambdas/config.js';
import { awsFailure, errorParts, failureInWords } from '../aws-failure.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { droppedPagesNote } from './deploy-notes.js';
import type { DeployedSite, UpdatableFunction } from './deployed-site.js';
import { PublishError } from './publish-error.js';

/** What publish tells the front door's function: the function as read, what it knows of the site, and what it is to be told. */
export interface FrontDoorUpdate {
  readonly function: UpdatableFunction;
  readonly before: SiteIndex;
  readonly routing: SiteRouting;
}

/**
 * What the front door's function should be told of the site for its files now (`keys`, the
 * folder's, as the deploy tells it), when publish may tell it so itself (docs/api.md §10):
 * undefined when it knows it already, or when only a deploy may, as the function runs another
 * version's code (a deploy changes both together), the site's files no longer fit it, or a page it
 * lists would lose its place to make room (droppedPagesNote, said at the next deploy).
 */
export function frontDoorUpdate(deployed: DeployedSite, keys: readonly string[]): FrontDoorUpdate | undefined {
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
  const routing = { ...service, site: next };
  // The deployed function's own service paths may be longer than this version's, which listedPages made room for.
  if (JSON.stringify(next) === JSON.stringify(site) || Buffer.byteLength(frontDoorFunctionCode(routing)) > MAX_FUNCTION_CODE_BYTES) return undefined;
  return { function: frontDoorFunction, before: site, routing };
}

/** What the update changes for visitors, a line each, as publish and restore print them. */
export function frontDoorChangeLines({ before, routing: { site: after } }: FrontDoorUpdate): string[] {
  const added = (now: readonly string[] = [], then: readonly string[] = []) => now.filter((name) => !then.includes(name));
  const withHtml = (names: readonly string[]) => few(names.map((name) => `/${name}.html`));
  const paths = (names: readonly string[]) => few(names.map((name) => `/${name}`));
  const newPages = added(after.pages, before.pages);
  const goneListings = added(before.pages, after.pages);
  const newFiles = added(after.files, before.files);
  const goneFiles = added(before.files, after.files);
  const folders = (names: readonly string[]) => few(names.map((name) => (name === '' ? '/' : `/${name}/`)));
  const newFlat = added(after.flat, before.flat);
  const goneFlat = added(before.flat, after.flat);
  return [
    ...(newFlat.length === 0 ? [] : [`every path without an extension below ${folders(newFlat)} is taken for its .html page`]),
    ...(goneFlat.length === 0 ? [] : [`paths without an extension below ${folders(goneFlat)} are no longer taken for pages`]),
    ...(newPages.length === 0 ? [] : [`reached without .html: ${withHtml(newPages)}`]),
    ...(goneListings.length === 0 ? [] : [`no longer reached without .html: ${withHtml(goneListings)}`]),
    ...(newFiles.length === 0 ? [] : [`files without an extension, no longer taken for folders: ${paths(newFiles)}`]),
    ...(goneFiles.length === 0 ? [] : [`taken for folders again: ${paths(goneFiles)}`]),
    ...(before.formPath === after.formPath ? [] : [after.formPath === undefined ? `${FORM_FOLDER} is your page there` : `${FORM_FOLDER} leads to the service's form`]),
  ].map((change) => `  front door  ${change}`);
}

/**
 * The function told of the site (updateFrontDoor), after the files, so that a page it sends a
 * path to is in the bucket by then; resolves to the line that says so. A refusal (AccessDenied, a
 * deploy's update meanwhile: PreconditionFailed) leaves it as it was and the files `made`
 * (published, restored), in a PublishError: `again` (the command run) finds those files as they
 * are, and tells it again.
 */
export async function tellFrontDoor(cloudFront: CloudFrontClient, update: FrontDoorUpdate, { made, again }: { made: string; again: string }): Promise<string> {
  try {
    await updateFrontDoor(cloudFront, update.function, update.routing);
  } catch (error) {
    const fix =
      awsFailure(error) === 'access denied'
        ? `once your AWS identity may call cloudfront:UpdateFunction and PublishFunction, run ${again} again`
        : errorParts(error).name === 'PreconditionFailed'
          ? `it changed since this run read it (a deploy, meanwhile?): run ${again} again, which reads it anew`
          : `run ${again} again`;
    throw new PublishError(
      `the files are ${made}, but the front door's function could not be updated (${failureInWords(error)}), so it routes paths as before, ` +
        `the new pages the sitemap lists included: ${fix}, or ${DEPLOY_COMMAND}`,
    );
  }
  return "Front door: its function is updated for the site's files, and runs so at every edge location within minutes.";
}

/**
 * Tells the function `routing`, as a deploy would: its code updated on the version publish read
 * before any change (If-Match, which UpdateFunction requires, so that a change made since, a
 * deploy's, fails it rather than being overwritten unseen), with its configuration as it was, since
 * UpdateFunction replaces the whole of it; then published, which has every behaviour that uses it
 * run it (AWS, "Update functions" and PublishFunction in the CloudFront API Reference). CloudFront's
 * model names UpdateFunction's version header `ETtag`: without one read, the version is described again.
 */
export async function updateFrontDoor(cloudFront: CloudFrontClient, { name, etag, config }: UpdatableFunction, routing: SiteRouting): Promise<void> {
  const updated = await cloudFront.send(
    new UpdateFunctionCommand({ Name: name, IfMatch: etag, FunctionConfig: config, FunctionCode: new TextEncoder().encode(frontDoorFunctionCode(routing)) }),
  );
  const version = updated.ETag ?? (await cloudFront.send(new DescribeFunctionCommand({ Name: name, Stage: 'DEVELOPMENT' }))).ETag;
  await cloudFront.send(new PublishFunctionCommand({ Name: name, IfMatch: version }));
}
