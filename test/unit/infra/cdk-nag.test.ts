import { describe, expect, it } from '@jest/globals';
import { Stack, Validations } from 'aws-cdk-lib';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_CONTEXT, EXAMPLE_ENV, MINIMAL_CONTEXT, synthesizeSite } from './site-app.js';
import { siteFolder } from '../../support/site-folder.js';

interface ValidationReport {
  readonly pluginReports: ReadonlyArray<{ readonly violations: ReadonlyArray<{ readonly ruleName: string; readonly severity: string }> }>;
}

/**
 * Synthesizes with cdk-nag's AWS Solutions pack and aws-cdk-lib's check against CloudFormation's
 * rules, as bin/app.ts does; the findings nobody acknowledged.
 */
function unacknowledgedFindings(
  addToStack?: (stack: Stack) => void,
  context: Readonly<Record<string, unknown>> = EXAMPLE_CONTEXT,
  env?: { account: string; region: string },
): string[] {
  const { app, stack } = synthesizeSite(context, { validate: true, ...(env === undefined ? {} : { env }) });
  addToStack?.(stack);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let directory: string;
  try {
    directory = app.synth().directory;
  } catch (error) {
    // Error-level findings stop synthesis; the message lists them.
    return [(error as Error).message];
  }
  // Warning-level findings do not: they are in the report.
  const report = JSON.parse(readFileSync(join(directory, 'validation-report.json'), 'utf8')) as ValidationReport;
  return report.pluginReports.flatMap((plugin) => plugin.violations.map((violation) => `${violation.severity} ${violation.ruleName}`));
}

describe("cdk-nag's AWS Solutions pack and aws-cdk-lib's CloudFormation rules", () => {
  it('finds nothing unacknowledged in the stack', () => {
    expect(unacknowledgedFindings()).toEqual([]);
  }, 60_000);

  it.each([
    ['the minimal configuration (no domain, no pages, the sender’s address made or confirmed at deploy)', MINIMAL_CONTEXT, undefined],
    ['a sender outside the domain, and a known account and region', { ...EXAMPLE_CONTEXT, senderEmail: 'ada@mail.example.net' }, EXAMPLE_ENV],
    ['a site folder uploaded at deploy', { ...MINIMAL_CONTEXT, siteDir: siteFolder() }, undefined],
    ['an existing site', { ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' }, undefined],
    ['the domain’s other name redirected, and a site folder', { ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com', siteDir: siteFolder() }, EXAMPLE_ENV],
    ['the web ACL, a site folder, and a known account and region', { ...EXAMPLE_CONTEXT, waf: true, siteDir: siteFolder() }, EXAMPLE_ENV],
    ['the Free plan, a site folder, and a known account and region', { ...EXAMPLE_CONTEXT, pricingPlan: 'free', siteDir: siteFolder() }, EXAMPLE_ENV],
    [
      'the records switched by the owner, a sender SES knows, the owner’s time zone, language and field, and every rotation',
      { ...EXAMPLE_CONTEXT, siteRecords: false, createSesIdentity: false, timeZone: 'Europe/Berlin', mailLanguage: 'de', extraFields: { budget: 'Budget' }, originVerifyRotation: '2026-12-01', counterKeyRotation: '2', formTokenKeyRotation: 'b', apiHostRotation: '2' },
      EXAMPLE_ENV,
    ],
  ])('finds nothing unacknowledged with %s', (_title, context, env) => {
    expect(unacknowledgedFindings(undefined, context, env)).toEqual([]);
  }, 60_000);

  it('would stop synthesis on a finding (the check above can fail)', () => {
    const findings = unacknowledgedFindings((stack) => new Topic(stack, 'PlainTopic'));
    expect(findings.join('\n')).toContain('AwsSolutions-SNS3');
  }, 60_000);

  it('would stop synthesis on a resource type the region lacks (the CloudFormation rules run too)', () => {
    const findings = unacknowledgedFindings(undefined, MINIMAL_CONTEXT, { ...EXAMPLE_ENV, region: 'eu-south-2' });
    expect(findings.join('\n')).toContain('AWS::SES::ConfigurationSet');
  }, 60_000);
});
