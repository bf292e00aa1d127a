/**
 * Which run of the CDK app this is, as the owner's commands tell it: `npm run synth` sets
 * SYNTH_RUN_VARIABLE (bin/synth.ts), `npm run cdk` names its subcommand in CDK_COMMAND_VARIABLE
 * (bin/cdk.ts), and bin/cdk/cdk-cli.ts keeps both from the owner's shell. What a deploy stops on
 * but synth lists as a step of its `Next:` list then lets synth go on: a domainName whose
 * certificate is not requested yet (CERTIFICATE_TO_REQUEST_ARN in its place); a site folder built
 * for the preview stops a deploy alone, not a diff, a destroy or a bootstrap.
 */
export const SYNTH_RUN_VARIABLE = 'SYNTH_BEFORE_DEPLOY';
export const CDK_COMMAND_VARIABLE = 'SITE_CDK_COMMAND';

/** The subcommands of the CDK CLI that upload the site's folder. */
const DEPLOYING_COMMANDS = ['deploy', 'watch'];

/** Whether the app runs for `npm run synth`, not for a deploy. */
export function isSynthRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[SYNTH_RUN_VARIABLE] === '1';
}

/** Whether the app runs for a deploy: `npm run cdk -- deploy`, or a CDK CLI started without `npm run cdk`, whose subcommand it cannot know. */
export function isDeployRun(env: NodeJS.ProcessEnv = process.env): boolean {
  if (isSynthRun(env)) return false;
  const command = env[CDK_COMMAND_VARIABLE];
  return command === undefined || DEPLOYING_COMMANDS.includes(command);
}
