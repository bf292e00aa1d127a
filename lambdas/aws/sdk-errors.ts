/**
 * How far an AWS SDK call got before it failed, read from the error the SDK threw. Only two
 * answers are sure: the request never left (no connection was ever opened) or the service
 * answered with an error. Anything else (a timeout after the request was written, a connection
 * reset mid-answer) may have been acted on.
 */
interface SdkErrorShape {
  readonly name?: string;
  readonly message?: string;
  readonly code?: string;
  readonly syscall?: string;
  readonly $fault?: 'client' | 'server';
  readonly $metadata?: { readonly httpStatusCode?: number };
  readonly $retryable?: { readonly throttling?: boolean };
  readonly cause?: unknown;
}

const shape = (error: unknown): SdkErrorShape => (typeof error === 'object' && error !== null ? error : {});

/** Socket calls that fail before a single byte of the request is sent. */
const BEFORE_CONNECTION_SYSCALLS = new Set(['connect', 'getaddrinfo']);
const BEFORE_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** @smithy/node-http-handler's connectionTimeout: the socket never connected. */
const CONNECTION_TIMEOUT = /did not establish a connection/;

/** True when the request cannot have reached the service: no connection was ever opened. */
export function neverConnected(error: unknown): boolean {
  const { code, syscall, name, message, cause } = shape(error);
  if (syscall !== undefined && BEFORE_CONNECTION_SYSCALLS.has(syscall)) return true;
  if (code !== undefined && BEFORE_CONNECTION_CODES.has(code)) return true;
  if (name === 'TimeoutError' && code === undefined && CONNECTION_TIMEOUT.test(message ?? '')) return true;
  return cause !== undefined && cause !== error && neverConnected(cause);
}

/** The HTTP status of the service's own error answer, when it gave one (a 2xx is no error answer). */
export function errorAnswerStatus(error: unknown): number | undefined {
  const { $fault, $metadata } = shape(error);
  const status = $metadata?.httpStatusCode;
  return $fault !== undefined && status !== undefined && status >= 400 ? status : undefined;
}

/** The error codes AWS services throttle with (the SDK's own list, as far as these services use it). */
const THROTTLING_NAMES = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

/** An error answer that asks the caller to slow down: the request was refused, not processed. */
function isThrottling(error: unknown): boolean {
  const { name, $retryable } = shape(error);
  return errorAnswerStatus(error) === 429 || (name !== undefined && THROTTLING_NAMES.has(name)) || $retryable?.throttling === true;
}

/**
 * Whether a failed call surely did nothing, so that repeating it cannot do a thing twice: no
 * connection was ever opened, or the service answered that it is throttling or failing.
 */
export function requestNotTaken(error: unknown): boolean {
  const status = errorAnswerStatus(error);
  return neverConnected(error) || isThrottling(error) || (status !== undefined && status >= 500);
}

/**
 * Whether an idempotent call may be repeated: after anything but a refusal of the request itself
 * (a 4xx answer other than throttling, such as a failed condition, which would only come again).
 */
export function mayRepeatIdempotentCall(error: unknown): boolean {
  const status = errorAnswerStatus(error);
  return status === undefined || status >= 500 || isThrottling(error);
}

/** True when DynamoDB refused a write because its condition did not hold: an answer, not a failure. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
