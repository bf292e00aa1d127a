import { describe, expect, it } from '@jest/globals';
import { waitingLine } from '../../../bin/synth/waiting-line.js';

/* The line npm run synth keeps at the bottom of a terminal while the CDK bundles (bin/synth.ts). */

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, write: (chunk: string) => written.push(chunk) > 0 };
}

describe('waitingLine', () => {
  it('on a terminal, shows its text at once, writes each line above it, and erases it once at the end', () => {
    const terminal = stream(true);
    const waiting = waitingLine(terminal, 'Synthesizing…');
    expect(terminal.written.join('')).toBe('Synthesizing…');

    waiting.say('Form page  /contact/');
    waiting.end();
    waiting.end();

    expect(terminal.written.join('')).toBe('Synthesizing…\r\u001b[2KForm page  /contact/\nSynthesizing…\r\u001b[2K');
  });

  it('elsewhere (a pipe, a CI log), writes only the lines, as they come: a failure stays one line', () => {
    const pipe = stream(false);
    const waiting = waitingLine(pipe, 'Synthesizing…');

    waiting.say('Cannot synthesize: Missing setting "senderEmail"');
    waiting.end();

    expect(pipe.written.join('')).toBe('Cannot synthesize: Missing setting "senderEmail"\n');
  });

  it('after the end, writes a line as a pipe would', () => {
    const terminal = stream(true);
    const waiting = waitingLine(terminal, 'Synthesizing…');
    waiting.end();
    terminal.written.length = 0;

    waiting.say('a late line');

    expect(terminal.written.join('')).toBe('a late line\n');
  });
});
