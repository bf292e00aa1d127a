import { beforeEach, jest } from '@jest/globals';

/**
 * What the code under test prints (its JSON log lines, metrics included, on stdout; anything a
 * library warns on stderr), kept for the tests of a file or describe block to read instead of
 * printed among the runner's results. Captured afresh before each test; test/support/quiet-stdout.ts
 * lets the streams print again after it.
 */
export function capturedOutput(): { readonly text: () => string } {
  let text = '';
  beforeEach(() => {
    text = '';
    for (const stream of [process.stdout, process.stderr]) {
      jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        text += chunk.toString();
        return true;
      });
    }
  });
  return { text: () => text };
}
