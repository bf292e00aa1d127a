/*
 * The app's notes on the owner's site (an own robots.txt that lacks what the scanners look for,
 * files left out of the upload) are info annotations, which aws-cdk-lib prints as a block: the
 * note, `INFO <note> (Construct Annotations)`, then, indented, the construct's path and how to
 * acknowledge it, which an info needs not, and a blank line. The owner gets the note alone, as
 * `npm start` prints it.
 */

const INFO_NOTE = /^INFO (.*) \(Construct Annotations\)$/;
/** A block's own lines after its first are indented; a blank line ends it. */
const BLOCK_DETAIL = /^\s+\S/;

/** Takes `cdk synth`'s lines as they come, each info annotation's block made its note's one line. */
export class InfoNotes {
  private inBlock = false;

  /** The lines to print for one line of output (its colours removed): undefined for a line of no such block. */
  take(words: string): string[] | undefined {
    if (this.inBlock && BLOCK_DETAIL.test(words)) return [];
    if (this.inBlock && words.trim() === '') {
      this.inBlock = false;
      return [];
    }
    const note = INFO_NOTE.exec(words);
    this.inBlock = note !== null;
    return note === null ? undefined : [note[1]!];
  }
}
