/** A line of one of synth's next steps: a sentence, or what the owner types or creates as it stands (a command, a DNS record), set apart to copy. */
export type StepLine = string | { readonly verbatim: string };

/** One of synth's next steps: what to do in its first line, then how, each line short enough to read at a glance. */
export type Step = readonly StepLine[];

export function verbatim(text: string): StepLine {
  return { verbatim: text };
}

/** A step numbered for the terminal: its sentences under its first line, what to copy indented further. */
export function renderStep(step: Step, number: number): string {
  const numbered = `  ${number}. `;
  const under = ' '.repeat(numbered.length);
  return step.map((line, index) => (index === 0 ? numbered : typeof line === 'string' ? under : `${under}  `) + (typeof line === 'string' ? line : line.verbatim)).join('\n');
}
