/**
 * `npm run synth`'s own run of the app: bin/synth.ts sets this variable, and bin/cdk/cdk-cli.ts
 * keeps it from the CDK CLI of every other command. What a deploy stops on but synth lists as a
 * step of its `Next:` list then lets synth go on: a domainName whose certificate is not requested yet
 * (CERTIFICATE_TO_REQUEST_ARN in its place), a site folder built for the preview.
 */
export const SYNTH_RUN_VARIABLE = 'SYNTH_BEFORE_DEPLOY';

/** Whether the app runs for `npm run synth`, not for a deploy. */
export function isSynthRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[SYNTH_RUN_VARIABLE] === '1';
}
