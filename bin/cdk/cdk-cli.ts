import { CDK_COMMAND_VARIABLE, SYNTH_RUN_VARIABLE } from '../../lib/settings/cdk-run.js';

/**
 * The CDK CLI's environment for the owner's commands: it neither looks for a newer version of
 * itself nor sends telemetry, and takes no word of which run it is (lib/settings/cdk-run.ts) from the owner's shell (`npm run
 * synth` and `npm run cdk` set them, after this).
 */
export function cdkCliEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { [SYNTH_RUN_VARIABLE]: _synthRun, [CDK_COMMAND_VARIABLE]: _command, ...rest } = env;
  return { ...rest, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' };
}
