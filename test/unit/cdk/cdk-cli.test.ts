import { describe, expect, it } from '@jest/globals';
import { cdkCliEnvironment } from '../../../bin/cdk/cdk-cli.js';
import { CERTIFICATE_MAY_WAIT_VARIABLE } from '../../../lib/settings/certificate-to-request.js';

describe('the CDK CLI’s environment for the owner’s commands', () => {
  it('keeps the owner’s variables, with neither version check nor telemetry', () => {
    expect(cdkCliEnvironment({ AWS_PROFILE: 'ada', PATH: '/usr/bin' })).toEqual({
      AWS_PROFILE: 'ada',
      PATH: '/usr/bin',
      CDK_DISABLE_VERSION_CHECK: '1',
      CDK_DISABLE_CLI_TELEMETRY: '1',
    });
  });

  it('drops the certificate placeholder’s variable left in the owner’s shell, so that a deploy still stops on a missing certificateArn', () => {
    expect(cdkCliEnvironment({ [CERTIFICATE_MAY_WAIT_VARIABLE]: '1', PATH: '/usr/bin' })).not.toHaveProperty(CERTIFICATE_MAY_WAIT_VARIABLE);
  });
});
