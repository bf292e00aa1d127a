/*
 * aws-cdk-lib checks each template against CloudFormation's resource types of its region (its
 * CloudFormation Validate plugin, rule F3006), and reports a type the region lacks as a block per
 * resource: the construct's source line, the finding, the resource, how to acknowledge it, a
 * blank line; then `Synthesis finished with errors`. For the owner it is one fact, the region.
 */

const SOURCE_LINE = /^\S+:\d+:\d+$/;
/** A finding's further source lines, after its first. */
const MORE_SOURCE_LINES = /^\s*(or \S+:\d+:\d+|\(and \d+ more.*\))$/;
const MISSING_TYPE = /^ERROR Type: Resource type '([^']+)' does not exist in '([^']+)' \(CloudFormation Validate\)$/;
/** A finding's own lines after it (the resource, how to acknowledge it) are indented. */
const FINDING_DETAIL = /^\s+\S/;
const FINISHED = 'Synthesis finished with errors';

/** Takes `cdk synth`'s lines as they come, keeping back the blocks of resource types the region lacks, which it sums up in one line. */
export class MissingResourceTypes<Line> {
  private readonly types = new Set<string>();
  private region: string | undefined;
  private inBlock = false;
  /** A finding's source lines, kept until the next line says whether it is such a finding. */
  private held: Line[] = [];

  /** The lines to print for one line of output (`words`, its colours removed). */
  take(words: string, line: Line): Line[] {
    if (this.inBlock && FINDING_DETAIL.test(words)) return [];
    this.inBlock = false;
    if (this.held.length > 0 && MORE_SOURCE_LINES.test(words)) {
      this.held.push(line);
      return [];
    }
    const missing = MISSING_TYPE.exec(words);
    if (missing !== null) {
      this.types.add(missing[1]!);
      this.region = missing[2];
      this.held = [];
      this.inBlock = true;
      return [];
    }
    const before = this.end();
    if (SOURCE_LINE.test(words)) {
      this.held = [line];
      return before;
    }
    if (this.types.size > 0 && (words.trim() === '' || words === FINISHED)) return before;
    return [...before, line];
  }

  /** The lines kept back, at the end of the output. */
  end(): Line[] {
    const held = this.held;
    this.held = [];
    return held;
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
