import { siteDocumentsValue, type SiteDocuments } from '../lambdas/config.js';
import { INQUIRY_TABLE_OUTPUT } from '../lambdas/inbox/inquiry-record.js';
import type { FunctionName } from '../lambdas/routes.js';

/**
 * The site stack's outputs that the owner's commands read (`npm run inbox`, `verify`, `publish`), by
 * their output ids: one list for the stack that makes them and the commands that read them,
 * without loading the CDK.
 */
export const SITE_OUTPUTS = {
  /** `{base}`: the origin every published URL starts with. */
  baseUrl: 'BaseUrl',
  /** With redirectDomainName: the other name's origin, which redirects to `{base}`. */
  otherNameUrl: 'OtherNameUrl',
  /** The API's own endpoint, which answers 403 to whatever did not come through the front door. */
  apiUrl: 'ApiUrl',
  /** The inbox's table. */
  inquiryTable: INQUIRY_TABLE_OUTPUT,
  /** The distribution, whose edge cache `npm run publish` invalidates. */
  distributionId: 'DistributionId',
  /** The distribution's own name, where the site's names point, and the hosts file's try looks up its addresses (synth's list). */
  distributionDomainName: 'DistributionDomainName',
  /** With siteDir: the bucket of the site's files, which `npm run publish` updates. */
  siteBucket: 'SiteBucketName',
  /** What the deployment was built from (lib/settings/settings-digest.ts), which `npm run publish` compares with the settings now. */
  settingsDigest: 'SettingsDigest',
  /** The form page the contact function's bundle holds, by its digest, or `none`. */
  formPageDigest: 'FormPageDigest',
  /** The owner's llms.txt the discovery function's bundle holds, by its digest, or `none`. */
  ownLlmsTxtDigest: 'OwnLlmsTxtDigest',
  /** What the site's pages published at the deploy, which llms.txt links (SITE_DOCUMENTS). */
  siteDocuments: 'SiteDocuments',
  /** The site's files the contact function's copies of the contact pages load (formPageLoadsOutput), or `none`. */
  formPageLoads: 'FormPageLoads',
} as const;

/** The formPageLoads output of contact pages that load nothing of the site: CloudFormation takes no empty output. */
export const NO_FORM_PAGE_LOADS = 'none';

/**
 * The most bytes of a formPageLoads output: the CloudFormation quotas name none for an output's
 * value, so a bound of our own, of a few dozen files, far past what a contact page loads.
 */
export const MAX_FORM_PAGE_LOADS_BYTES = 2048;

/**
 * The formPageLoads output: the keys of the site's files (style sheets, scripts, images; not what
 * a style sheet loads by `url()`) that the form page and other contact pages the contact function
 * holds load, as a JSON array. A refused post is answered in that deployed copy, so `npm run
 * publish` keeps them in the bucket until the next deploy bundles the pages anew: else a build
 * that renamed them (a hashed style sheet) would take the answer's look away. Past
 * MAX_FORM_PAGE_LOADS_BYTES, the first that fit, and `left` says how many did not.
 */
export function formPageLoadsOutput(pages: readonly { readonly subresources: readonly string[] }[]): { readonly value: string; readonly left: number } {
  const all = [...new Set(pages.flatMap((page) => page.subresources.map(siteKey)))];
  const keys: string[] = [];
  for (const key of all) {
    if (Buffer.byteLength(JSON.stringify([...keys, key])) > MAX_FORM_PAGE_LOADS_BYTES) break;
    keys.push(key);
  }
  return { value: keys.length === 0 ? NO_FORM_PAGE_LOADS : JSON.stringify(keys), left: all.length - keys.length };
}

/** The keys a formPageLoads output names; none of NO_FORM_PAGE_LOADS, of a deployment made before it, or of anything else. */
export function readFormPageLoads(output: string | undefined): ReadonlySet<string> {
  if (output === undefined || output === NO_FORM_PAGE_LOADS) return new Set();
  try {
    const keys: unknown = JSON.parse(output);
    return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The bucket key of a path of the site (`/_astro/index.C3x.css`): the file's name, percent-escapes decoded. */
function siteKey(path: string): string {
  try {
    return decodeURIComponent(path.slice(1));
  } catch {
    return path.slice(1);
  }
}

/** The siteDocuments output of pages that publish nothing llms.txt links: CloudFormation takes no empty output. */
export const NO_SITE_DOCUMENTS_OUTPUT = 'none';

/** The siteDocuments output: SITE_DOCUMENTS's value, or NO_SITE_DOCUMENTS_OUTPUT. */
export function siteDocumentsOutput(documents: SiteDocuments): string {
  return siteDocumentsValue(documents) || NO_SITE_DOCUMENTS_OUTPUT;
}

/** The output naming a function's log group: `LogsContact`, `LogsDelivery`, … */
export function logGroupOutput(name: FunctionName): string {
  return `Logs${pascalCase(name)}`;
}

export function pascalCase(name: string): string {
  return name.replace(/(?:^|[-_])([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
