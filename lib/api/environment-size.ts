import { Token } from 'aws-cdk-lib';
import { ConfigError } from '../../lambdas/config.js';
import { KEY_VALUE_LENGTH } from '../../lambdas/deployment-keys/keys.js';
import { formatAcceptedOriginValues } from '../../lambdas/http/origin-verify.js';
import type { SettingKey } from './function-profiles.js';

/**
 * The most a function's environment variables may take, all of them together: 4 KB (AWS Lambda
 * Developer Guide, "Lambda quotas"). Past it, Lambda refuses the function and the deploy rolls back.
 */
export const LAMBDA_ENVIRONMENT_BYTES = 4096;

const DIGEST = '0'.repeat(64);

/** The site's address when it is the distribution's own domain (`https://d111111abcdef8.cloudfront.net`), with room to spare. */
const DISTRIBUTION_ADDRESS_BYTES = 'https://'.length + 64;

/**
 * The longest each value the template leaves to CloudFormation can come to once resolved, by the
 * variable it is given as: the site's address when it is the distribution's own domain (and so the
 * allowed origins, which are then that address alone), the front door's digests (the current
 * value's, the next one's, and a retired one's with its time), the deployment's keys, and the names
 * CloudFormation makes (DynamoDB takes table names of up to 255 characters, SES configuration set
 * names of up to 64).
 */
const RESOLVED_BYTES: Partial<Record<SettingKey, number>> = {
  BASE_URL: DISTRIBUTION_ADDRESS_BYTES,
  ALLOWED_ORIGINS: DISTRIBUTION_ADDRESS_BYTES,
  ORIGIN_VERIFY_DIGESTS: formatAcceptedOriginValues([{ digestHex: DIGEST }, { digestHex: DIGEST }, { digestHex: DIGEST, until: new Date(0) }]).length,
  COUNTER_KEY_SECRET: KEY_VALUE_LENGTH,
  FORM_TOKEN_SECRET: KEY_VALUE_LENGTH,
  COUNTER_TABLE: 255,
  INQUIRY_TABLE: 255,
  SES_CONFIGURATION_SET: 64,
};

/** The owner's settings whose values take room of their own, by the variable each is given as: what to shorten. */
const OWNER_SETTINGS: Partial<Record<SettingKey, string>> = {
  BASE_URL: 'domainName',
  SITE_NAME: 'siteName',
  ALLOWED_ORIGINS: 'allowedOrigins',
  PAGE_STYLESHEET: 'pageStylesheet',
  FORM_SUCCESS_PATH: 'formSuccessPath',
  FORM_PAGE: 'formPage',
  FORM_PAGE_ORIGIN: 'siteOrigin',
  OTHER_FORM_PAGES: "the other contact pages' paths",
  CONTACT_TO: 'ownerEmail',
  CONTACT_FROM: 'senderEmail',
  MAIL_SUBJECT: 'mailSubject',
};

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** A value as Lambda will hold it, at its longest: a value CloudFormation resolves stands for as many bytes as it can come to. */
function longestValue(key: string, value: string): string {
  if (!Token.isUnresolved(value)) return value;
  const bytes = RESOLVED_BYTES[key as SettingKey];
  if (bytes === undefined) throw new Error(`${key} is resolved at deploy, and lib/api/environment-size.ts knows no longest value for it`);
  return 'x'.repeat(bytes);
}

/**
 * The bytes a function's environment takes at most: the JSON of its names and values in UTF-8 (a
 * measure no smaller than the names and values alone), each value resolved at deploy at its
 * longest, by its key, whole (the site's address, `https://` and a token, counts as one value).
 */
export function environmentBytes(environment: Readonly<Record<string, string>>): number {
  return utf8Bytes(JSON.stringify(Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, longestValue(key, value)]))));
}

/** An owner's setting worth naming beside the largest: one that takes a tenth of the room. */
const NOTABLE_BYTES = LAMBDA_ENVIRONMENT_BYTES / 10;

/**
 * Stops synth with one line when a function's environment could pass LAMBDA_ENVIRONMENT_BYTES,
 * naming the owner's settings that take the most of it (the largest, and up to two more that take
 * a tenth of the room each), largest first: else the deploy would stop at Lambda's refusal, and
 * roll back.
 */
export function checkEnvironmentSize(functionName: string, environment: Readonly<Record<string, string>>): void {
  const bytes = environmentBytes(environment);
  if (bytes <= LAMBDA_ENVIRONMENT_BYTES) return;
  const largest = Object.entries(environment)
    .flatMap(([key, value]) => {
      const setting = OWNER_SETTINGS[key as SettingKey];
      return setting === undefined || Token.isUnresolved(value) ? [] : [{ setting, bytes: utf8Bytes(value) }];
    })
    .sort((a, b) => b.bytes - a.bytes)
    .filter((setting, index) => index === 0 || setting.bytes >= NOTABLE_BYTES)
    .slice(0, 3)
    .map(({ setting, bytes: taken }) => `${setting} (${taken.toLocaleString('en')} bytes)`);
  // Without an owner's setting in it, the service's own settings passed the room: a bug to report, not a setting to change.
  const remedy = largest.length === 0 ? 'the service itself is at fault: please report it' : `shorten ${largest.join(', ')}`;
  throw new ConfigError(
    `the ${functionName} function's settings could take ${bytes.toLocaleString('en')} bytes, past the ${LAMBDA_ENVIRONMENT_BYTES.toLocaleString('en')} Lambda allows a function's environment: ${remedy}`,
  );
}
