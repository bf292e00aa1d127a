/**
 * `npm run synth`: `cdk synth` without the template scrolling by (`-q`; cdk-nag's findings still
 * fail it), then the region and account it synthesized for and where they came from, and what the
 * owner must do next, read from the cloud assembly it wrote. Arguments after `--` go to
 * `cdk synth` (`-c key=value`, `--output`, `--profile`). The CDK's progress lines are left out
 * (bin/synth/cli-progress.ts), its warnings and cdk-nag's kept, the app's notes on the site printed
 * as `npm start` prints them (bin/synth/info-notes.ts). A failure is the app's one line (a region
 * without a resource type the stack needs, one line for aws-cdk-lib's blocks: bin/synth/missing-resource-types.ts): the CDK
 * CLI's own line after it, `npx tsx bin/app.ts: Subprocess exited with error 1`, which says only
 * that the app failed, is left out. On a terminal, a line says it is at work while the CDK bundles,
 * erased once it is done (bin/synth/waiting-line.ts). A domainName without certificateArn is
 * synthesized, its request the first step (lib/settings/certificate-to-request.ts).
 */
import { loadSharedConfigFiles } from '@smithy/core/config';
import { spawn } from 'node:child_process';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { SYNTH_RUN_VARIABLE } from '../lib/settings/cdk-run.js';
import { STACK_NAMES } from '../lib/stack-names.js';
import { credentialsSetUp } from './aws-sign-in.js';
import { cdkCliEnvironment } from './cdk/cdk-cli.js';
import { isCdkProgressLine } from './synth/cli-progress.js';
import { InfoNotes } from './synth/info-notes.js';
import { MissingResourceTypes } from './synth/missing-resource-types.js';
import { waitingLine } from './synth/waiting-line.js';
import { cdkRegionChoice, deployTargetLines, sdkRegion } from './synth/deploy-target.js';
import { exampleAddressLine, nextSteps, readAssembly } from './synth/next-steps.js';

/** The CDK CLI's line after an app that exited with an error (aws-cdk's execInChildProcess), whose own line said why. */
const APP_EXITED = /^(.+): Subprocess exited with error (\d+)$/;

const args = process.argv.slice(2);
const { values } = parseArgs({
  args,
  options: { output: { type: 'string', short: 'o' }, profile: { type: 'string' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } },
  strict: false,
});
const status = await cdkSynth(args);
if (status !== 0) process.exit(status);
// cdk's own help or version: it synthesized nothing, so there are no next steps to read.
if (values.help === true || values.version === true) process.exit(0);
const folder = typeof values.output === 'string' ? values.output : 'cdk.out';
try {
  const stacks = readAssembly(folder);
  const files = await loadSharedConfigFiles({ ignoreCache: true });
  const choice = cdkRegionChoice(process.env, files, typeof values.profile === 'string' ? values.profile : undefined);
  // The MAIL FROM's MX names the region: one nothing named is no record to create yet.
  const [summary = '', ...steps] = nextSteps(stacks, folder, { regionGuessed: choice.source.kind === 'fallback' });
  const target = deployTargetLines(
    stacks.find((stack) => stack.name === STACK_NAMES.site),
    choice,
    sdkRegion(process.env, files),
    credentialsSetUp(),
  );
  const examples = exampleAddressLine(stacks);
  console.log([summary, ...target, ...(examples === undefined ? [] : [examples]), ...steps].join('\n'));
} catch (error) {
  stop(`Synthesized, but the next steps could not be read from ${folder} (${(error as Error).message.split('\n')[0]})`);
}

/**
 * Runs `cdk synth -q`, its output passed on as it comes, but for the CDK's progress lines and the
 * CLI's line after an app that failed; resolves to its exit status. An app that failed without a word is said so, in one line.
 */
function cdkSynth(cdkArgs: readonly string[]): Promise<number> {
  const cdk = spawn('cdk', ['synth', '-q', ...cdkArgs], {
    stdio: ['inherit', 'inherit', 'pipe'],
    // A domain's steps are listed before its certificate exists, the request first.
    env: { ...cdkCliEnvironment(), [SYNTH_RUN_VARIABLE]: '1' },
  });
  const waiting = waitingLine(process.stderr, 'Synthesizing: bundling the functions, half a minute…');
  let said = false;
  let appExited: RegExpExecArray | null = null;
  let partial = '';
  const missingTypes = new MissingResourceTypes<string>();
  const infoNotes = new InfoNotes();
  const say = (line: string) => {
    said ||= line.trim() !== '';
    waiting.say(line);
  };
  const pass = (line: string) => {
    const words = stripVTControlCharacters(line);
    appExited = APP_EXITED.exec(words);
    if (appExited !== null || isCdkProgressLine(words)) return;
    (infoNotes.take(words) ?? missingTypes.take(words, line)).forEach(say);
  };
  cdk.stderr.setEncoding('utf8');
  cdk.stderr.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    lines.forEach(pass);
  });
  return new Promise((resolve) => {
    cdk.once('error', (error) => {
      waiting.end();
      stop(`Cannot synthesize: the CDK CLI did not run (${error.message}): run it through npm (npm run synth), after npm ci`);
    });
    cdk.once('close', (code) => {
      if (partial !== '') pass(partial);
      missingTypes.end().forEach(say);
      waiting.end();
      const [, app, status] = appExited ?? [];
      const missing = missingTypes.summary();
      if (missing !== undefined) console.error(`Cannot synthesize: ${missing}`);
      else if (!said && app !== undefined) console.error(`Cannot synthesize: the CDK app (${app}) exited with status ${status} without saying why`);
      resolve(code ?? 1);
    });
  });
}

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}
