/** The CDK CLI's environment for the owner's commands: it neither looks for a newer version of itself nor sends telemetry. */
export function cdkCliEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' };
}
