import { afterEach, beforeEach, jest } from '@jest/globals';

/*
 * The code under test writes its JSON log lines on stdout (lambdas/http/request-log.ts), where they
 * would crowd the runner's results. Each test starts with those lines kept back, and anything else
 * printed (jest's own console, in a run of one file) passing; a test that reads the lines takes
 * them with capturedOutput.
 */
beforeEach(() => {
  const write = process.stdout.write.bind(process.stdout);
  jest
    .spyOn(process.stdout, 'write')
    .mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) =>
      String(chunk).startsWith('{"') ? true : write(chunk, ...rest)) as typeof process.stdout.write);
});
afterEach(() => {
  jest.restoreAllMocks();
});
