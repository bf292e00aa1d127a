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
if (synth.status !== 0) process.exit(synth.status ?? 1);
const outdir = parseArgs({ args, options: { output: { type: 'string', short: 'o' } }, strict: false }).values.output;
const folder = typeof outdir === 'string' ? outdir : 'cdk.out';
console.log(nextSteps(readAssembly(folder), folder).join('\n'));
