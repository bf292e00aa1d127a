import { describe, expect, it } from '@jest/globals';
import { isCdkProgressLine } from '../../../bin/synth/cli-progress.js';

/* What `npm run synth` leaves out of the CDK's output: its progress, never a warning or an error. */

describe('isCdkProgressLine', () => {
  it.each([
    'Bundling asset PersonalSite/ContactFunction/Code/Stage...',
    'Successfully synthesized to /home/ada/personal-site-api/cdk.out',
    'Supply a stack id (PersonalSiteBudget, PersonalSite) to display its template.',
  ])('leaves out %j', (line) => {
    expect(isCdkProgressLine(line)).toBe(true);
  });

  it.each([
    '[Warning at /PersonalSite/ContactFunction] AwsSolutions-L1: The non-container Lambda function is not configured to use the latest runtime version.',
    '✘ [ERROR] Could not resolve "./missing.js"',
    'Cannot synthesize: Unknown setting "ratelimitIp": did you mean "rateLimitIp"?',
    'Bundling asset PersonalSite/ContactFunction/Code/Stage... failed',
    'Supply a stack id',
    '',
  ])('keeps %j', (line) => {
    expect(isCdkProgressLine(line)).toBe(false);
  });
});
