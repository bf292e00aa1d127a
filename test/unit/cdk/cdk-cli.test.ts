import { describe, expect, it } from '@jest/globals';
import { cdkCliEnvironment } from '../../../bin/cdk/cdk-cli.js';
import { CDK_COMMAND_VARIABLE, isDeployRun, isSynthRun, SYNTH_RUN_VARIABLE } from '../../../lib/settings/cdk-run.js';

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
    const environment = cdkCliEnvironment({ [SYNTH_RUN_VARIABLE]: '1', [CDK_COMMAND_VARIABLE]: 'diff', PATH: '/usr/bin' });
    expect(environment).not.toHaveProperty(SYNTH_RUN_VARIABLE);
    expect(environment).not.toHaveProperty(CDK_COMMAND_VARIABLE);
  });
});

describe('which run of the app this is', () => {
  it('is a deploy for npm run cdk -- deploy or watch, and for a CDK CLI started directly, which names no subcommand; not for synth, diff, destroy, bootstrap', () => {
    expect([undefined, 'deploy', 'watch'].map((command) => isDeployRun(command === undefined ? {} : { [CDK_COMMAND_VARIABLE]: command }))).toEqual([true, true, true]);
    expect(['diff', 'destroy', 'bootstrap', 'synth', 'ls', ''].map((command) => isDeployRun({ [CDK_COMMAND_VARIABLE]: command }))).toEqual([false, false, false, false, false, false]);
    expect({ deploy: isDeployRun({ [SYNTH_RUN_VARIABLE]: '1' }), synth: isSynthRun({ [SYNTH_RUN_VARIABLE]: '1' }), other: isSynthRun({}) }).toEqual({ deploy: false, synth: true, other: false });
  });
});
