import { describe, expect, it } from '@jest/globals';
import { couldNotCheck, exitStatus, fail, formatResult, ok, skip, summary, warn } from '../../../bin/verify/check.js';
import { ProbeError, type ProbeFailure } from '../../../bin/verify/http-probe.js';

/* The lines of npm run verify (docs/verify.md): one per check, a failure with what to do, exit 1 on any failure. */

describe('formatResult', () => {
  it('prints the status, the check, what was found and what to do, on one line', () => {
    expect(formatResult(ok('GET /llms.txt', '200 text/plain'))).toBe('ok    GET /llms.txt: 200 text/plain');
    expect(formatResult(fail('inbox', '1 inquiry needs you', 'npm run inbox'))).toBe('FAIL  inbox: 1 inquiry needs you -> npm run inbox');
  });

  it('never lets a line break, an escape or a bidirectional override through', () => {
    expect(formatResult(fail('x', 'a\nFAIL  y\r\u001b[2K\u202eb', 'c\u2028d'))).toBe('FAIL  x: a\\u000AFAIL  y\\u000D\\u001B[2K\\u202Eb -> c\\u2028d');
  });
});

describe('exitStatus and summary', () => {
  it('is 1 when any check failed, 0 when the worst is a warning', () => {
    expect(exitStatus([ok('a', ''), warn('b', '', ''), skip('c', '')])).toBe(0);
    expect(exitStatus([ok('a', ''), fail('b', '', '')])).toBe(1);
    expect(summary([ok('a', ''), warn('b', '', ''), skip('c', '')])).toBe('3 checks, 0 failed, 1 warned, 1 skipped: your site works.');
    expect(summary([fail('b', '', '')])).toBe('1 check, 1 failed, 0 warned: see each FAIL line for what to do.');
  });
});

describe('couldNotCheck', () => {
  /** An error answer as the SDK throws it: AWS's code as its name, with the answer's status. */
  const awsAnswer = (name: string, message: string, httpStatusCode: number) =>
    Object.assign(new Error(message), { name, $fault: 'client', $metadata: { httpStatusCode, requestId: 'f3a1' } });

  it.each([
    ['no credentials', Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }), 'no AWS credentials found', /^sign in: aws configure, or aws sso login/],
    ['refused credentials', awsAnswer('ExpiredTokenException', 'The security token included in the request is expired', 403), 'AWS answered ExpiredTokenException (The security token included in the request is expired)', /refused or expired/],
    ['an action refused', awsAnswer('AccessDeniedException', 'User is not authorized', 403), 'AWS answered AccessDeniedException (User is not authorized)', /docs\/verify\.md lists the actions/],
    ['no region', new Error('Region is missing'), 'no AWS region is set', /^give the stack's region: npm run verify -- --region <region>/],
    ['no DNS', Object.assign(new Error('getaddrinfo ENOTFOUND cloudformation.eu-west-1.amazonaws.com'), { code: 'ENOTFOUND' }), 'no answer from AWS (ENOTFOUND)', /^check this machine's network/],
    ['no answer in time', Object.assign(new Error('Connection timed out after 1000 ms'), { name: 'TimeoutError' }), 'no answer from AWS (timed out)', /^check this machine's network/],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'Stacks')"), "Cannot read properties of undefined (reading 'Stacks')", /^run npm run verify again/],
  ])('says what happened and what to do, without an error class: %s', (_what, error, words, fix) => {
    expect(couldNotCheck('x', error)).toEqual({ status: 'FAIL', name: 'x', detail: `could not check (${words})`, fix: expect.stringMatching(fix) });
  });

  it.each<[ProbeFailure, string, RegExp]>([
    ['unreachable', 'could not connect (ECONNREFUSED)', /is the site reachable/],
    ['too slow', 'no whole answer within 10 s', /longer than any visitor waits/],
    ['not http', 'answered with what is not well-formed HTTP (Expected HTTP/)', /no web server, or a broken one between: check that BaseUrl \(or --url\) is your site/],
    ['unreadable', 'answered more than 1024 KiB', /the line says what came instead/],
    ['out of time', "the 60 s a run gives the site's checks are up", /too slowly for the run to finish its checks/],
  ])('says what to do about a request that got no usable answer: %s', (failure, message, fix) => {
    expect(couldNotCheck('x', new ProbeError(message, failure))).toEqual({ status: 'FAIL', name: 'x', detail: `could not check (${message})`, fix: expect.stringMatching(fix) });
  });

  it('keeps the first line of a message only', () => {
    expect(couldNotCheck('x', new Error('first\n    at secret (/home/x.js:1:1)')).detail).toBe('could not check (first)');
  });
});
