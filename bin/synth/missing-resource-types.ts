/*
 * aws-cdk-lib checks each template against CloudFormation's resource types of its region (its
 * CloudFormation Validate plugin, rule F3006), and reports a type the region lacks as a block per
 * resource: the construct's source line, the finding, the resource, how to acknowledge it, a
 * blank line; then `Synthesis finished with errors`. For the owner it is one fact, the region.
 */

const SOURCE_LINE = /^\S+:\d+:\d+$/;
const MISSING_TYPE = /^ERROR Type: Resource type '([^']+)' does not exist in '([^']+)' \(CloudFormation Validate\)$/;
const ACKNOWLEDGE = /^\s+Acknowledge with 'CloudFormation-Validate::F3006'$/;
const FINISHED = 'Synthesis finished with errors';

/** Takes `cdk synth`'s lines as they come, keeping back the blocks of resource types the region lacks, which it sums up in one line. */
export class MissingResourceTypes<Line> {
  private readonly types = new Set<string>();
  private region: string | undefined;
  private inBlock = false;
  /** A source line, kept until the next line says whether it opens such a block. */
  private held: Line | undefined;

  /** The lines to print for one line of output (`words`, its colours removed). */
  take(words: string, line: Line): Line[] {
    if (this.inBlock) {
      this.inBlock = !ACKNOWLEDGE.test(words);
      return [];
    }
    const missing = MISSING_TYPE.exec(words);
    if (missing !== null) {
      this.types.add(missing[1]!);
      this.region = missing[2];
      this.held = undefined;
      this.inBlock = true;
      return [];
    }
    const before = this.end();
    if (SOURCE_LINE.test(words)) {
      this.held = line;
      return before;
    }
    if (this.types.size > 0 && (words.trim() === '' || words === FINISHED)) return before;
    return [...before, line];
  }

  /** The line kept back, at the end of the output. */
  end(): Line[] {
    const held = this.held;
    this.held = undefined;
    return held === undefined ? [] : [held];
  }

  /** The owner's one line for what was kept back, if anything was. */
  summary(): string | undefined {
    if (this.types.size === 0) return undefined;
    return (
      `${this.region} has no ${[...this.types].join(', ')} in CloudFormation (aws-cdk-lib's check of each region's resource types), which the stack needs: ` +
      `pick a region near you that has them, as most regions with SES do (README "A region"), and export AWS_REGION=<region> before synth and deploy`
    );
  }
}
