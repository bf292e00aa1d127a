import { CERTIFICATE_MAY_WAIT_VARIABLE } from '../../lib/settings/certificate-to-request.js';

/**
 * The CDK CLI's environment for the owner's commands: it neither looks for a newer version of
 * itself nor sends telemetry, and takes no certificate placeholder from the owner's shell (only
 * `npm run synth` sets it, after this).
 */
export function cdkCliEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { [CERTIFICATE_MAY_WAIT_VARIABLE]: _placeholderAllowed, ...rest } = env;
  return { ...rest, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' };
}
