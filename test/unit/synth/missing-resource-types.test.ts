import { describe, expect, it } from '@jest/globals';
import { MissingResourceTypes } from '../../../bin/synth/missing-resource-types.js';

/*
 * `npm run synth`'s one line for aws-cdk-lib's blocks of resource types the region lacks
 * (bin/synth/missing-resource-types.ts), from the lines `cdk synth` prints.
 */

const BLOCKS = [
  'lib/mail/site-mail.ts:47:29',
  "ERROR Type: Resource type 'AWS::SES::ConfigurationSet' does not exist in 'eu-south-2' (CloudFormation Validate)",
  '   PersonalSite/Mail/ConfigurationSet/Resource (MailConfigurationSet2AA84368) aws-cdk-lib.aws_ses.CfnConfigurationSet',
  "   Acknowledge with 'CloudFormation-Validate::F3006'",
  '',
  'lib/mail/site-mail.ts:48:27',
  "ERROR Type: Resource type 'AWS::SES::ConfigurationSetEventDestination' does not exist in 'eu-south-2' (CloudFormation Validate)",
  '   PersonalSite/Mail/ConfigurationSet/CloudWatch/Resource (MailConfigurationSetCloudWatchF85831BF) aws-cdk-lib.aws_ses.CfnConfigurationSetEventDestination',
  "   Acknowledge with 'CloudFormation-Validate::F3006'",
  'Synthesis finished with errors',
];

function printed(lines: readonly string[]): { lines: string[]; summary: string | undefined } {
  const filter = new MissingResourceTypes<string>();
  return { lines: [...lines.flatMap((line) => filter.take(line, line)), ...filter.end()], summary: filter.summary() };
}

describe('the resource types a region lacks', () => {
  it('keeps back every line of their blocks, and names the region and each type once', () => {
    expect(printed(BLOCKS)).toEqual({
      lines: [],
      summary: expect.stringMatching(/^eu-south-2 has no AWS::SES::ConfigurationSet, AWS::SES::ConfigurationSetEventDestination in CloudFormation .*: pick a region near you/),
    });
  });

  it('ends a block at its last indented line, whatever that says, and keeps the next finding with all its source lines', () => {
    const nag = ['lib/a.ts:1:1', '  or lib/b.ts:2:2', '[Error at /PersonalSite/Dist] AwsSolutions-CFR4: …'];
    const unsuppressable = [...BLOCKS.slice(0, 3), "   Rule 'F3006' cannot be acknowledged"];
    expect(printed([...unsuppressable, ...nag]).lines).toEqual(nag);
    expect(printed(['lib/x.ts:1:1', '  or lib/y.ts:2:2', ...BLOCKS.slice(1, 4)]).lines).toEqual([]);
  });

  it('passes on every other line, a source line of another finding and the last line too', () => {
    const other = ['lib/edge/front-door.ts:12:3', '[Error at /PersonalSite/Dist] AwsSolutions-CFR4: …', 'Synthesis finished with errors', 'lib/x.ts:1:1'];
    expect(printed(other)).toEqual({ lines: other, summary: undefined });
    expect(printed([...BLOCKS.slice(0, 5), ...other]).lines).toEqual(other.filter((line) => line !== 'Synthesis finished with errors'));
  });
});
