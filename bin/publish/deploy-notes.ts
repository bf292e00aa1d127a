import { FORM_FOLDER, FORM_FOLDER_PAGE, formPageAtForm, indexedFolders, isExtensionless, pagesReached, takenNames, underFlatFolder, unpagedSiteIndex, withListedPages, type SiteIndex, type SiteRouting } from '../../lib/edge/front-door-function.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { few, printable } from '../../lib/pages/site-files.js';
import { NO_FILE } from '../../lib/settings/settings-digest.js';
import { NO_SITE_DOCUMENTS_OUTPUT } from '../../lib/site-outputs.js';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import type { DeployedSite } from './deployed-site.js';

/** The site and its settings now, as `npm run publish` compares them with the deployment. */
export interface SiteNow {
  /** lib/settings/settings-digest.ts's, of the settings the deployment reads. */
  readonly settingsDigest: string;
  readonly formPageDigest: string;
  /** The form page's path of the site, when there is one. */
  readonly formPagePath?: string;
  /** The other contact pages the contact function's bundle holds beside it (lib/settings/contact-pages.ts). */
  readonly answeringPaths?: readonly string[];
  /** The keys the folder publishes. */
  readonly keys: readonly string[];
  /** What the folder publishes that llms.txt links, as the siteDocuments output words it. */
  readonly siteDocuments: string;
  /** The folder's own llms.txt the service takes in, by its digest (lib/settings/settings-digest.ts). */
  readonly ownLlmsTxtDigest: string;
}

/** Why publish and restore keep a file the bucket would lose (FormPageLoads, lib/site-outputs.ts). */
export const KEPT_FOR_CONTACT_PAGES = `the deployed contact pages load it: ${DEPLOY_COMMAND} deletes it`;

/**
 * What publishing files cannot change, and a deploy must (docs/api.md §10): a setting, the form
 * page (the contact function's bundle holds its copy), a file without an extension the front
 * door's function does not know (it takes such a path for a folder), the owner's llms.txt (the
 * discovery function's bundle holds its copy), what llms.txt links of the pages (a home page, a
 * sitemap, Markdown) that came or went, a page the function reaches without `.html` that came or
 * went, a new page in the service form's folder (the function sends that folder to the form while it has none), or a 404.html that
 * came or went (the distribution's error page). One line each; none when the deployment is up to date.
 */
export function deployNotes(deployed: DeployedSite, now: SiteNow): string[] {
  const notes: string[] = [];
  if (deployed.settingsDigest === undefined || deployed.formPageDigest === undefined) {
    notes.push(`the deployment predates these checks: deploy once (${DEPLOY_COMMAND}) so that npm run publish can tell when a setting or the form page changed`);
  } else {
    if (deployed.settingsDigest !== now.settingsDigest) {
      notes.push(`your settings differ from those deployed (a -c option of the deploy counts too): a setting takes effect at the next ${DEPLOY_COMMAND}`);
    }
    // A flat site's contact.html the form page now, which the deployed function does not show at /contact.
    const shownAtForm = formPageAtForm(now.formPagePath);
    if (deployed.formPageDigest !== now.formPageDigest && shownAtForm !== undefined && deployed.frontDoor !== undefined && deployed.frontDoor.formPage === undefined) {
      notes.push(`${shownAtForm.page} is your form page now: ${shownAtForm.path} shows the service's form, not it, until ${DEPLOY_COMMAND}`);
    } else if (deployed.formPageDigest !== now.formPageDigest) {
      notes.push(
        now.formPagePath === undefined
          ? `the deployed form page is gone from siteDir: /contact keeps leading visitors to it until ${DEPLOY_COMMAND}`
          : now.answeringPaths === undefined || now.answeringPaths.length === 0
            ? `the form page ${now.formPagePath} changed since the deploy: visitors see it as published, but a refused post to /contact is answered in the deployed one until ${DEPLOY_COMMAND}`
            : `the form page ${now.formPagePath} or another contact page (${few(now.answeringPaths)}) changed since the deploy: visitors see them as published, but a refused post to /contact is answered in the deployed ones until ${DEPLOY_COMMAND}`,
      );
    }
  }
  // A deployment made before these outputs served neither an owner's llms.txt nor a Site section.
  const deployedLlmsTxt = deployed.ownLlmsTxtDigest ?? NO_FILE;
  const deployedDocuments = deployed.siteDocuments ?? NO_SITE_DOCUMENTS_OUTPUT;
  if (deployedLlmsTxt !== now.ownLlmsTxtDigest) {
    notes.push(
      now.ownLlmsTxtDigest === NO_FILE
        ? `your llms.txt is gone from siteDir: /llms.txt keeps serving it until ${DEPLOY_COMMAND}`
        : deployedLlmsTxt === NO_FILE
          ? `your llms.txt is new: /llms.txt serves the service's alone until ${DEPLOY_COMMAND}`
          : `your llms.txt changed since the deploy: /llms.txt serves the deployed one until ${DEPLOY_COMMAND}`,
    );
  }
  if (deployedDocuments !== now.siteDocuments) {
    notes.push(`llms.txt links what the pages published at the deploy (${deployedDocuments}), not what siteDir publishes now (${now.siteDocuments}), until ${DEPLOY_COMMAND}`);
  }
  const files = now.keys.filter(isExtensionless);
  if (deployed.frontDoor === undefined) {
    notes.push(`the front door's function is not this project's (or could not be read): ${DEPLOY_COMMAND} puts it back`);
  } else {
    const { site } = deployed.frontDoor;
    // A listed page's name is the page's, whatever file of that name came since: pageNotes says so.
    const known = new Set([...site.files, ...(site.pages ?? [])]);
    const unknown = files.filter((key) => !known.has(key));
    if (unknown.length > 0) {
      const first = printable(unknown[0]!);
      // Below a flat folder the function takes it for a page, else for a folder.
      const taken = underFlatFolder(unknown[0]!, new Set(site.flat ?? [])) ? `a page (/${first} leads to ${first}.html)` : `a folder (/${first} redirects to /${first}/)`;
      notes.push(`${few(unknown)}: new file${unknown.length === 1 ? '' : 's'} without an extension, which the front door takes for ${taken} until ${DEPLOY_COMMAND}`);
    }
    const nowFolders = site.files.filter((key) => now.keys.some((published) => published.startsWith(`${key}/`)));
    if (nowFolders.length > 0) {
      notes.push(`${few(nowFolders)}: a file without an extension when deployed, a folder now: /${printable(nowFolders[0]!)} without its slash answers 404 until ${DEPLOY_COMMAND}`);
    }
    notes.push(...pageNotes(deployed.frontDoor, now.keys));
    if (site.formPath !== undefined && now.keys.includes(FORM_FOLDER_PAGE)) {
      notes.push(`${FORM_FOLDER_PAGE} is new: ${FORM_FOLDER} leads to the service's form, not to it, until ${DEPLOY_COMMAND}`);
    }
  }
  const notFoundPage = now.keys.includes(NOT_FOUND_PAGE);
  if (notFoundPage && !deployed.notFoundPage) notes.push(`${NOT_FOUND_PAGE} is new: a missing page answers S3's own 404 until ${DEPLOY_COMMAND}`);
  if (!notFoundPage && deployed.notFoundPage) notes.push(`${NOT_FOUND_PAGE} is gone: a missing page answers CloudFront's error until ${DEPLOY_COMMAND}`);
  return notes;
}

/**
 * What the function's pages reached without `.html` (docs/api.md §10) no longer tells right: a page
 * the next deploy's reaches that it does not, a listed name that is now a folder or a file, and a
 * folder with an index.html in one of its flat folders, whose path without its slash it takes for a page.
 */
function pageNotes(frontDoor: SiteRouting, keys: readonly string[]): string[] {
  const reached = new Set(pagesReached(keys, frontDoor.site));
  const unlisted = pagesReached(keys, nextSiteIndex(keys)).filter((name) => !reached.has(name));
  const names = takenNames(keys);
  const taken = (frontDoor.site.pages ?? []).filter((name) => names.has(name));
  const flat = new Set(frontDoor.site.flat ?? []);
  const indexed = indexedFolders(keys).filter((folder) => underFlatFolder(folder, flat));
  const first = (names: readonly string[]) => printable(names[0]!);
  return [
    ...(unlisted.length === 0
      ? []
      : [`${few(unlisted.map((name) => `${name}.html`))}: reached by the .html name alone (/${first(unlisted)} ends in a 404) until ${DEPLOY_COMMAND}`]),
    ...(taken.length === 0 ? [] : [`${few(taken)}: a folder or a file now, which /${first(taken)} does not reach (it leads to ${first(taken)}.html) until ${DEPLOY_COMMAND}`]),
    ...(indexed.length === 0 ? [] : [`${few(indexed)}: a folder with its index.html now, which /${first(indexed)} does not reach (it leads to ${first(indexed)}.html) until ${DEPLOY_COMMAND}`]),
  ];
}

/**
 * The line on the pages the deployed function reaches without `.html` that the next deploy's
 * function will not, having no room left to list them (docs/api.md §10); none when there are none.
 * A page that is gone, or whose name is now a folder or a file (pageNotes), is no such page.
 */
export function droppedPagesNote(deployed: DeployedSite, keys: readonly string[]): string | undefined {
  if (deployed.frontDoor === undefined) return undefined;
  const next = new Set(pagesReached(keys, nextSiteIndex(keys)));
  const taken = takenNames(keys);
  const dropped = pagesReached(keys, deployed.frontDoor.site).filter((name) => !next.has(name) && !taken.has(name));
  if (dropped.length === 0) return undefined;
  return (
    `${few(dropped.map((name) => `${name}.html`))}: reached by the .html name alone after it (/${printable(dropped[0]!)} will end in a 404), ` +
    `as its front door function has no room left to list ${dropped.length === 1 ? 'it' : 'them'}; synth names the pages past the limit`
  );
}

/** What the next deploy's function is told of the site, by the files it will be told of: today's. */
function nextSiteIndex(keys: readonly string[]): SiteIndex {
  return withListedPages(keys, unpagedSiteIndex(keys));
}
