/** Back to the line's start, then erase the line (ECMA-48 CR and EL 2). */
const ERASE = '\r\u001b[2K';

/** The last line of a terminal while a command works, with the lines it writes meanwhile above it. */
export interface WaitingLine {
  /** Writes a line, then the waiting line below it again. */
  say(line: string): void;
  /** Erases the waiting line, for good. */
  end(): void;
}

/**
 * On a terminal, `text` as the last line while synth works (the CDK bundles each function for half
 * a minute or so, in which `cdk synth -q` says nothing), each line synth writes meanwhile going
 * above it, and none of it left once it ends. Elsewhere (a pipe, a CI log) only those lines: a log
 * keeps every line written, and a failure stays one line.
 */
export function waitingLine(stream: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>, text: string): WaitingLine {
  let shown = stream.isTTY === true;
  if (shown) stream.write(text);
  return {
    say: (line) => {
      stream.write(shown ? `${ERASE}${line}\n${text}` : `${line}\n`);
    },
    end: () => {
      if (!shown) return;
      shown = false;
      stream.write(ERASE);
    },
  };
}
