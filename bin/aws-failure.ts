/**
 * What went wrong with a call to AWS, as the owner's commands (`npm run verify`, `npm run publish`)
 * tell it in one line: read from the error's name and message, by shape, since the SDK's errors
 * and fetch's may come from another realm than this module's Error.
 */
export type AwsFailure = 'no region' | 'unreachable' | 'no credentials' | 'refused credentials' | 'access denied' | 'throttled';

export function awsFailure(error: unknown): AwsFailure | undefined {
  const { name, message } = errorParts(error);
  if (/Region is missing/i.test(message)) return 'no region';
  if (/ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN/.test(message) || name === 'TimeoutError') return 'unreachable';
  if (name === 'CredentialsProviderError') return 'no credentials';
  if (/Expired|InvalidClientTokenId|UnrecognizedClient|SignatureDoesNotMatch|InvalidAccessKeyId/.test(name)) return 'refused credentials';
  if (/AccessDenied|Unauthorized|Forbidden/.test(name)) return 'access denied';
  if (/Throttl|TooManyRequests|SlowDown/.test(name)) return 'throttled';
  return undefined;
}

/** `CredentialsProviderError: Could not load credentials from any providers`: an error in a few words. */
export function describeError(error: unknown): string {
  const { name, message } = errorParts(error);
  const first = message.split('\n')[0] ?? '';
  return first === '' || first === name ? name : `${name}: ${first}`;
}

export function errorParts(error: unknown): { name: string; message: string } {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) };
  const { name, message } = error as { name?: unknown; message?: unknown };
  return { name: typeof name === 'string' ? name : 'Error', message: typeof message === 'string' ? message : '' };
}
