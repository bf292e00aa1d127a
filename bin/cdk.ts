/**
 * `npm run cdk`: the CDK CLI, given every argument unchanged, its output and prompts on the
 * terminal as they come ("Do you wish to deploy these changes (y/n)?"), its exit status the
 * command's. A subcommand that needs an AWS account (bootstrap, deploy, diff, destroy, …;
 * bin/cdk/cdk-arguments.ts) first checks that AWS credentials resolve, as the CLI would look for
 * them: without any, one line says so and what to do, and the CLI is not started, where it would
 * bundle the functions for 20 seconds and then say only `Unable to resolve AWS account to use`.
 * Its help, its version and the offline subcommands (synth, ls, doctor, …) are not checked.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { accountWork, readCdkArguments } from './cdk/cdk-arguments.js';
import { cdkCliEnvironment } from './cdk/cdk-cli.js';
import { CDK_COMMAND_VARIABLE } from '../lib/settings/cdk-run.js';
import { cdkReachesAws, signInCheck } from './cdk/sign-in-check.js';

const args = process.argv.slice(2);
const cdkArguments = readCdkArguments(args);
const work = accountWork(cdkArguments);
if (work !== undefined) {
  const signIn = await signInCheck(cdkArguments.profile, cdkArguments.region);
  const offline = work.beforeDeploy ? '; npm run synth checks the settings offline' : '';
  if (signIn.kind === 'not signed in') stop(`Cannot ${work.doing}: ${signIn.why}${offline}`);
  if (signIn.kind === 'no answer') {
    if (!cdkReachesAws(cdkArguments.options)) stop(`Cannot ${work.doing}: ${signIn.why}: check this machine's network; behind a proxy, name it (HTTPS_PROXY, or --proxy)${offline}`);
    console.error(`Note: ${signIn.why} when asked whether it takes your credentials; the CDK CLI goes on through your proxy`);
  }
}
runCdk(args, cdkArguments.command ?? '');

/**
 * Starts the CLI on this terminal and ends as it ends. A terminal's Ctrl-C reaches the CLI itself
 * (the whole process group gets SIGINT), so this waits for it rather than die first; a SIGTERM
 * sent to this process alone is passed on. A CLI ended by a signal ends this by the same signal.
 */
function runCdk(cdkArgs: readonly string[], command: string): void {
  // The app reads which subcommand runs it: a deploy alone stops on a folder built for the preview.
  const cdk = spawn('cdk', cdkArgs, { stdio: 'inherit', env: { ...cdkCliEnvironment(), [CDK_COMMAND_VARIABLE]: command } });
  const waitForCdk = () => {};
  const passOn = (signal: NodeJS.Signals) => cdk.kill(signal);
  process.on('SIGINT', waitForCdk);
  process.on('SIGTERM', passOn);
  cdk.once('error', (error) => stop(`Cannot run the CDK CLI (${error.message}): run it through npm (npm run cdk), after npm ci`));
  cdk.once('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    process.off('SIGINT', waitForCdk);
    process.off('SIGTERM', passOn);
    process.kill(process.pid, signal);
    // A signal this process does not end by: the shell's status for one that did.
    process.exit(128 + (constants.signals[signal] ?? 0));
  });
}

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}
