import { describe, expect, it } from '@jest/globals';
import { Lazy } from 'aws-cdk-lib';
import { ConfigError } from '../../../../lambdas/config.js';
import { checkEnvironmentSize, environmentBytes, LAMBDA_ENVIRONMENT_BYTES } from '../../../../lib/api/environment-size.js';
import { EXAMPLE_CONTEXT, synthesizeSite } from '../site-app.js';

/* Lambda's 4 KB for a function's environment (AWS Lambda Developer Guide, "Lambda quotas"), checked at synth. */

/** A value CloudFormation resolves at deploy. */
const resolvedAtDeploy = () => Lazy.string({ produce: () => 'resolved' });
/** An environment of `bytes` as environmentBytes measures it: one variable, its value filling the rest. */
const environmentOf = (bytes: number, key = 'ALLOWED_ORIGINS') => ({ [key]: 'a'.repeat(bytes - JSON.stringify({ [key]: '' }).length) });

describe('environmentBytes', () => {
  it('is the JSON of the names and values, in UTF-8 bytes', () => {
    expect(environmentBytes({})).toBe(2);
    expect(environmentBytes({ SITE_NAME: 'Ada' })).toBe('{"SITE_NAME":"Ada"}'.length);
    expect(environmentBytes({ SITE_NAME: 'Zoë 😀' })).toBe('{"SITE_NAME":"Zoë 😀"}'.length + 1 + 2);
  });

  it('counts a value resolved at deploy at the longest it can be', () => {
    const measured = (key: string) => environmentBytes({ [key]: resolvedAtDeploy() }) - JSON.stringify({ [key]: '' }).length;
    expect(measured('COUNTER_TABLE')).toBe(255);
    expect(measured('SES_CONFIGURATION_SET')).toBe(64);
    expect(measured('COUNTER_KEY_SECRET')).toBe(43);
    // Three digests, the last with the time it is refused from.
    expect(measured('ORIGIN_VERIFY_DIGESTS')).toBe(3 * 64 + 2 + '@1970-01-01T00:00:00.000Z'.length);
  });

  it('refuses to guess at a value resolved at deploy whose longest it does not know', () => {
    expect(() => environmentBytes({ SITE_NAME: resolvedAtDeploy() })).toThrow('SITE_NAME is resolved at deploy, and lib/api/environment-size.ts knows no longest value for it');
  });
});

describe('checkEnvironmentSize', () => {
  it(`takes an environment of ${LAMBDA_ENVIRONMENT_BYTES} bytes, and refuses one more with one line`, () => {
    expect(() => checkEnvironmentSize('contact', environmentOf(LAMBDA_ENVIRONMENT_BYTES))).not.toThrow();
    expect(() => checkEnvironmentSize('contact', environmentOf(LAMBDA_ENVIRONMENT_BYTES + 1))).toThrow(ConfigError);
    expect(() => checkEnvironmentSize('contact', environmentOf(LAMBDA_ENVIRONMENT_BYTES + 1))).toThrow(
      /^the contact function's settings could take 4,097 bytes, past the 4,096 Lambda allows a function's environment: shorten allowedOrigins \(4,0\d\d bytes\)$/,
    );
  });

  it('names the owner’s settings that take the most, largest first, three at most and none that takes little, never a value of its own', () => {
    const environment = {
      ALLOWED_ORIGINS: 'a'.repeat(2500),
      FORM_SUCCESS_PATH: 'b'.repeat(450),
      FORM_PAGE: 'c'.repeat(420),
      SITE_NAME: 'd'.repeat(100),
      PAGE_STYLESHEET: 'e'.repeat(500),
      COUNTER_TABLE: resolvedAtDeploy(),
      RATE_LIMIT_IP: '5'.repeat(600),
    };
    expect(() => checkEnvironmentSize('page', environment)).toThrow(/: shorten allowedOrigins \(2,500 bytes\), pageStylesheet \(500 bytes\), formSuccessPath \(450 bytes\)$/);
    expect(() => checkEnvironmentSize('page', { ...environment, ALLOWED_ORIGINS: 'a'.repeat(3900) })).toThrow(/: shorten allowedOrigins \(3,900 bytes\), pageStylesheet/);
    expect(() => checkEnvironmentSize('page', { ALLOWED_ORIGINS: 'a'.repeat(4000), SITE_NAME: 'd'.repeat(100) })).toThrow(/: shorten allowedOrigins \(4,000 bytes\)$/);
  });

  it('says a service’s own environment past the room is the service’s fault, not a setting to shorten', () => {
    expect(() => checkEnvironmentSize('contact', environmentOf(LAMBDA_ENVIRONMENT_BYTES + 1, 'RATE_LIMIT_IP'))).toThrow(/Lambda allows a function's environment: the service itself is at fault: please report it$/);
  });
});

describe('the stack', () => {
  it('stops synth with the line when a function’s settings would pass 4 KB', () => {
    const origins = Array.from({ length: 60 }, (_, index) => `https://a-long-name-for-a-partner-site-${index}.example.org`);
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, allowedOrigins: origins.join(',') })).toThrow(/^the contact function's settings could take [\d,]+ bytes, past the 4,096 Lambda allows a function's environment: shorten allowedOrigins \([\d,]+ bytes\)$/);
  });
});
