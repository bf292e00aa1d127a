import { describe, expect, it } from '@jest/globals';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { connectionFailure, failureInWords } from '../../../bin/aws-failure.js';
import { ERROR_CLASS_NAME } from '../../support/error-class-names.js';

/*
 * What the owner's commands say of an error (bin/aws-failure.ts): what happened in their words,
 * AWS's own code as what AWS answered, never an error's class name or an `Error:` prefix.
 */

const socketError = (code: string, message: string) => Object.assign(new Error(message), { code, syscall: code === 'ENOTFOUND' ? 'getaddrinfo' : 'connect' });

describe('failureInWords', () => {
  it.each<[string, unknown, string]>([
    ['the SDK finding no credentials', Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }), 'no AWS credentials found'],
    ['the SDK finding no region', new Error('Region is missing'), 'no AWS region is set'],
    ['a refused connection', socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'), 'no answer from AWS (ECONNREFUSED)'],
    ['a name that does not resolve', socketError('ENOTFOUND', 'getaddrinfo ENOTFOUND s3.eu-west-1.amazonaws.com'), 'no answer from AWS (ENOTFOUND)'],
    ['the SDK giving up waiting', Object.assign(new Error('Connection timed out after 1000 ms'), { name: 'TimeoutError' }), 'no answer from AWS (timed out)'],
    [
      'an answer of AWS, by its code',
      new S3ServiceException({ name: 'NoSuchBucket', $fault: 'client', $metadata: { httpStatusCode: 404, requestId: 'a1' }, message: 'The specified bucket does not exist' }),
      'AWS answered NoSuchBucket (The specified bucket does not exist)',
    ],
    ['an answer whose message is only its code', new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'AccessDenied' }), 'AWS answered AccessDenied'],
    ['a program error, by its message alone', new TypeError("Cannot read properties of undefined (reading 'Stacks')"), "Cannot read properties of undefined (reading 'Stacks')"],
    ['a message of several lines, by its first', new Error('first line\n    at secret (/home/ada/x.js:1:1)'), 'first line'],
    ['an error with no message', new RangeError(''), 'it stopped without saying why'],
    ['what is not an error at all', 'a string thrown', 'a string thrown'],
  ])('says %s', (_what, error, words) => {
    expect(failureInWords(error)).toBe(words);
    expect(failureInWords(error)).not.toMatch(ERROR_CLASS_NAME);
  });
});

describe('connectionFailure', () => {
  it('is the socket code of the error, or of the error it wraps, as fetch wraps it', () => {
    expect(connectionFailure(socketError('ECONNRESET', 'read ECONNRESET'))).toBe('ECONNRESET');
    expect(connectionFailure(Object.assign(new TypeError('fetch failed'), { cause: socketError('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.1:443') }))).toBe('EHOSTUNREACH');
  });

  it('is "timed out" for the SDK’s time-out, which carries no socket code', () => {
    expect(connectionFailure(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }))).toBe('timed out');
  });
});
