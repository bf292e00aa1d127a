/**
 * The CDK's progress lines of a synth that went well, which `npm run synth` leaves out since its
 * own summary says the same: each asset it bundles (aws-cdk-lib's AssetStaging), where it wrote
 * the cloud assembly and how to print a template (the CLI's `synth` without a stack).
 */
const PROGRESS_LINES = [/^Bundling asset \S+\.\.\.$/, /^Successfully synthesized to /, /^Supply a stack id \(.*\) to display its template\.$/];

/** Whether a line of `cdk synth`'s output (its colours removed) is only the CDK's progress. */
export function isCdkProgressLine(line: string): boolean {
  return PROGRESS_LINES.some((pattern) => pattern.test(line));
}
