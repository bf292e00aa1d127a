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
} as const;

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
