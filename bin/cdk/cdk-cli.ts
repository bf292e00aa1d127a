import { SYNTH_RUN_VARIABLE } from '../../lib/settings/synth-run.js';

/**
 * The CDK CLI's environment for the owner's commands: it neither looks for a newer version of
 * itself nor sends telemetry, and takes no synth run (lib/settings/synth-run.ts) from the owner's shell (only
 * `npm run synth` sets it, after this).
 */
export function cdkCliEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { [SYNTH_RUN_VARIABLE]: _synthRun, ...rest } = env;
  return { ...rest, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' };
}
