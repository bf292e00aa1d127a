import { errorAnswerStatus } from '../lambdas/aws/sdk-errors.js';

/**
 * What went wrong with a call to AWS, as the owner's commands (`npm run verify`, `npm run publish`,
 * `npm run inbox`) tell it in one line: read from the error's name and message, by shape, since the
 * SDK's errors and fetch's may come from another realm than this module's Error.
 */
export type AwsFailure = 'no region' | 'unreachable' | 'no credentials' | 'refused credentials' | 'access denied' | 'throttled';

/** The socket errors of a connection that could not be made or was lost: the code is the owner's clue. */
const NETWORK_CODES = /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;

export function awsFailure(error: unknown): AwsFailure | undefined {
  const { name, message } = errorParts(error);
  if (/Region is missing/i.test(message)) return 'no region';
  if (NETWORK_CODES.test(message) || name === 'TimeoutError') return 'unreachable';
  if (name === 'CredentialsProviderError') return 'no credentials';
  if (/Expired|InvalidClientTokenId|UnrecognizedClient|SignatureDoesNotMatch|InvalidAccessKeyId/.test(name)) return 'refused credentials';
  if (/AccessDenied|Unauthorized|Forbidden/.test(name)) return 'access denied';
  if (/Throttl|TooManyRequests|SlowDown/.test(name)) return 'throttled';
  return undefined;
}

/**
 * What happened, in the owner's words, never an error's class name (`CredentialsProviderError`,
 * `TimeoutError`, `TypeError`) nor an `Error:` prefix: an AWS service's answer is quoted as what
 * AWS answered, by its code (`AccessDenied`, `NoSuchBucket`), which AWS's documentation and the
 * troubleshooting tables name; a connection that failed, by the socket's code; anything else by its
 * message's first line alone. `service` names who was asked, when it may be other than AWS (local
 * mode's outside DynamoDB).
 */
export function failureInWords(error: unknown, service = 'AWS'): string {
  const { name, message } = errorParts(error);
  const failure = awsFailure(error);
  if (failure === 'no region') return 'no AWS region is set';
  if (failure === 'no credentials') return 'no AWS credentials found';
  const first = message.split('\n')[0]?.trim() ?? '';
  if (errorAnswerStatus(error) !== undefined) return `${service} answered ${name}${first === '' || first === name ? '' : ` (${first})`}`;
  if (failure === 'unreachable') return `no answer from ${service} (${connectionFailure(error)})`;
  return first === '' ? 'it stopped without saying why' : first;
}

/**
 * How a connection failed, in a few characters: the socket's code (`ECONNREFUSED`, `ENOTFOUND`),
 * read from the error or the error it wraps, or `timed out`.
 */
export function connectionFailure(error: unknown): string {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.test(code)) return code;
    const inMessage = typeof message === 'string' ? NETWORK_CODES.exec(message)?.[0] : undefined;
    if (inMessage !== undefined) return inMessage;
  }
  return errorParts(error).name === 'TimeoutError' ? 'timed out' : 'the connection failed';
}

/** CloudFormation's answer for a stack that is not there (nor ever was, under this name, in that region and account). */
export function isMissingStack(error: unknown): boolean {
  const { name, message } = errorParts(error);
  return name === 'ValidationError' && /does not exist/.test(message);
}

export function errorParts(error: unknown): { name: string; message: string } {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) };
  const { name, message } = error as { name?: unknown; message?: unknown };
  return { name: typeof name === 'string' ? name : 'Error', message: typeof message === 'string' ? message : '' };
}
