import { describe, expect, it } from '@jest/globals';
import { cdkCliEnvironment } from '../../../bin/cdk/cdk-cli.js';
import { SYNTH_RUN_VARIABLE } from '../../../lib/settings/synth-run.js';

describe('the CDK CLI’s environment for the owner’s commands', () => {
  it('keeps the owner’s variables, with neither version check nor telemetry', () => {
    expect(cdkCliEnvironment({ AWS_PROFILE: 'ada', PATH: '/usr/bin' })).toEqual({
      AWS_PROFILE: 'ada',
      PATH: '/usr/bin',
      CDK_DISABLE_VERSION_CHECK: '1',
      CDK_DISABLE_CLI_TELEMETRY: '1',
    });
  });

  it('drops synth’s own variable left in the owner’s shell, so that a deploy still stops on a missing certificateArn and a build for the preview', () => {
    expect(cdkCliEnvironment({ [SYNTH_RUN_VARIABLE]: '1', PATH: '/usr/bin' })).not.toHaveProperty(SYNTH_RUN_VARIABLE);
  });
});
