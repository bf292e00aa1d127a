import { afterEach, beforeEach, jest } from '@jest/globals';

/*
 * The code under test writes its log lines on stdout (lambdas/http/request-log.ts), where they
 * would crowd the runner's results (which jest writes on stderr). Each test starts with stdout
 * quiet; a test that reads the lines takes them with captureOutput.
 */
beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
  jest.restoreAllMocks();
});
