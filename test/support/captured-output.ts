import { jest } from '@jest/globals';

/**
 * What the code under test prints (its JSON log lines, metrics included, on stdout; anything a
 * library warns on stderr), kept for the test to read instead of printed among the runner's
 * results. Call it in a beforeEach, after test/support/quiet-stdout.ts has; jest.restoreAllMocks()
 * in an afterEach lets the streams print again.
 */
export function captureOutput(): { readonly text: () => string } {
  let text = '';
  for (const stream of [process.stdout, process.stderr]) {
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      text += chunk.toString();
      return true;
    });
  }
  return { text: () => text };
}
