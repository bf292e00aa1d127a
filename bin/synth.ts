/**
 * `npm run synth`: `cdk synth` without the template scrolling by (`-q`; cdk-nag's findings still
 * fail it), then what the owner must do next, read from the cloud assembly it wrote. Arguments
 * after `--` go to `cdk synth` (`-c key=value`, `--output`).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { nextSteps, readAssembly } from './synth/next-steps.js';

const args = process.argv.slice(2);
const synth = spawnSync('cdk', ['synth', '-q', ...args], {
  stdio: 'inherit',
  env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: '1' },
});
if (synth.error !== undefined) stop(`Cannot synthesize: the CDK CLI did not run (${synth.error.message}): run it through npm (npm run synth), after npm ci`);
if (synth.status !== 0) process.exit(synth.status ?? 1);
const { values } = parseArgs({ args, options: { output: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } }, strict: false });
// cdk's own help or version: it synthesized nothing, so there are no next steps to read.
if (values.help === true || values.version === true) process.exit(0);
const folder = typeof values.output === 'string' ? values.output : 'cdk.out';
try {
  console.log(nextSteps(readAssembly(folder), folder).join('\n'));
} catch (error) {
  stop(`Synthesized, but the next steps could not be read from ${folder} (${(error as Error).message.split('\n')[0]})`);
}

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}
